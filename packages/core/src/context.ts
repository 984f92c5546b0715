/**
 * Words in context (docs/decisions/0014-words-in-context.md): a word's example sentence, shown after every answer,
 * and the "in context" way of asking it: the sentence with the word's form left blank, its English beneath, the
 * form typed as it stands in the sentence. The browser's quiz and the server's check of a typed answer both build
 * the answer key here, so they agree.
 */
import type { AnswerKey } from './answer-checker.js';
import { normalizeAnswer } from './answer-checker.js';
import { EXAMPLE_WORDS, exampleParts, exampleWords } from './deck.js';
import type { Direction } from './direction.js';
import type { Language } from './languages.js';
import type { QuizItem } from './quiz-engine.js';

/** A word's example split around its form, with its English: what the screens show. */
export interface ExampleSentence {
  before: string;
  /** The word's form as it stands in the sentence ("hablan", "Häuser"). */
  form: string;
  after: string;
  translation: string;
}

/**
 * The card an "in context" answer reviews: the learner produces the foreign form from its meaning, as the recall
 * card asks (the decision record says why it is not a card of its own).
 */
export const CONTEXT_DIRECTION: Direction = 'recall';

/** What stands for the blank in a sentence read aloud or as text ("Mi ___ es pequeña."). */
export const CONTEXT_BLANK = '___';

/** A word's sentence as the screens show it, or null when it has none (or a malformed one). */
export function exampleSentence(
  example: string | null | undefined,
  translation: string | null | undefined,
): ExampleSentence | null {
  if (!example || !translation) return null;
  const parts = exampleParts(example);
  return parts ? { ...parts, translation } : null;
}

/** The sentence as plain text, brackets left out: what is read aloud. */
export const sentenceText = (s: ExampleSentence): string => `${s.before}${s.form}${s.after}`;

/** The sentence with the form blanked: the "in context" prompt as text. */
export const clozeText = (s: ExampleSentence): string => `${s.before}${CONTEXT_BLANK}${s.after}`;

/**
 * What judges an "in context" answer: the form as it stands in the sentence, in the language's locale, with the
 * checker's usual forgiveness (case, a missing accent, one typo). No article (the sentence has its own) and no
 * meanings: another word with the same English does not fit the sentence's blank, and the entry's dictionary form
 * ("hablar" for "hablan") is named as that word, with the form wanted.
 */
export function contextAnswerKey(sentence: ExampleSentence, language: Pick<Language, 'locale'>): AnswerKey {
  return { accepted: [sentence.form], locale: language.locale };
}

/**
 * A word asked in context, for the quiz engine's `context` mode: the prompt is the sentence with the form blanked,
 * the hint its English, the key the form. `id` is the word's, as in the other quizzes.
 */
export function contextQuizItem(id: string, sentence: ExampleSentence, language: Pick<Language, 'locale'>): QuizItem {
  return { id, prompt: clozeText(sentence), hint: sentence.translation, key: contextAnswerKey(sentence, language) };
}

/** Why an own word's sentence is refused, or the sentence as stored (its form bracketed). */
export type OwnExample = { example: string; translation: string } | { error: string };

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A learner's own sentence for a word of theirs (an import's extra columns), checked as the decks' are: a sentence
 * and its translation, 4 to 12 words, one [bracketed] span. A sentence without brackets is taken when the word
 * stands in it as a whole word (in any letter case): it is bracketed there. Both empty: no sentence.
 */
export function ownExample(own: {
  word: string;
  example: string;
  translation: string;
  locale: string;
}): OwnExample | null {
  const { word, example, translation, locale } = own;
  const sentence = example.trim().normalize('NFC');
  const english = translation.trim().normalize('NFC');
  if (!sentence && !english) return null;
  if (!sentence || !english) return { error: 'A sentence needs its translation, and a translation its sentence.' };
  if (/[[\]]/.test(english)) return { error: "The sentence's translation takes no brackets." };
  let marked = sentence;
  if (!/[[\]]/.test(sentence)) {
    // A word longer than its sentence cannot stand in it; the pattern below is built from the word.
    const found =
      word.length > sentence.length
        ? null
        : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu').exec(sentence);
    if (!found || normalizeAnswer(found[0], locale) !== normalizeAnswer(word, locale)) {
      return { error: `The sentence must contain “${word}”, or mark the word's form in it with [brackets].` };
    }
    marked = `${sentence.slice(0, found.index)}[${found[0]}]${sentence.slice(found.index + found[0].length)}`;
  }
  if (!exampleParts(marked)) return { error: 'The sentence must mark the word with exactly one [bracketed] span.' };
  const count = exampleWords(marked).length;
  if (count < EXAMPLE_WORDS.min || count > EXAMPLE_WORDS.max) {
    return { error: `The sentence has ${count} words; it needs ${EXAMPLE_WORDS.min} to ${EXAMPLE_WORDS.max}.` };
  }
  return { example: marked, translation: english };
}
