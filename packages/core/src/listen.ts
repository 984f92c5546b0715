/**
 * "Listen and type" (docs/decisions/0016-listen-and-type.md): a word is said aloud in its language, with its
 * article as the recognise card shows it, and the learner types it. The answer is judged as the recall card
 * judges one, and reviews that card: the server needs nothing of its own for it.
 */
import type { Direction } from './direction.js';
import type { Language } from './languages.js';
import type { LexiconEntry } from './lexicon.js';
import type { QuizItem } from './quiz-engine.js';
import { answerKey, cardPrompt } from './word-card.js';

/** The card a "listen and type" answer reviews: the foreign word is produced, as the recall card asks. */
export const LISTEN_DIRECTION: Direction = 'recall';

/**
 * A word asked by ear, for the quiz engine's `listen` mode: the prompt is what is said (and shown once answered),
 * "la casa", "der Hund", "l'eau"; the hint its English, shown once answered; the key the recall card's, so the
 * article is accepted, or asked for where the language asks for it, as in the other directions.
 */
export function listenQuizItem(
  id: string,
  entry: LexiconEntry,
  language: Pick<Language, 'locale' | 'articles' | 'articleRequired'>,
): QuizItem {
  return {
    id,
    prompt: cardPrompt(entry, language, 'recognise').text,
    hint: entry.translations.join('; '),
    key: answerKey(entry, language, LISTEN_DIRECTION),
  };
}
