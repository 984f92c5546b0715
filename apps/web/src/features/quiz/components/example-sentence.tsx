import { type ExampleSentence, sentenceText } from '@vocab/core';
import type { ShownAnswer } from '../use-quiz';
import { SpeakButton } from './speak-button';

/** A word's sentences in a quiz: by item id, and the language they are in (for speech and screen readers). */
export interface QuizExamples {
  sentences: ReadonlyMap<string, ExampleSentence>;
  locale: string;
}

/** The sentence of the word last answered, shown until the next answer; none when that word has none. */
export const lastAnswerSentence = (
  last: ShownAnswer | null,
  examples: QuizExamples | undefined,
): ExampleSentence | undefined => (last ? examples?.sentences.get(last.item.id) : undefined);

/**
 * A word in its sentence, shown after an answer, right or wrong: the word's form marked, the English under it, and
 * a button that reads the sentence aloud where the browser has a voice of the language (none otherwise: never an
 * English voice reading Spanish).
 */
export function AnswerSentence({ sentence, locale }: { sentence: ExampleSentence; locale: string }) {
  return (
    <figure className="quiz-example" aria-label="Example sentence">
      <p className="quiz-example-sentence" lang={locale}>
        {sentence.before}
        <mark>{sentence.form}</mark>
        {sentence.after}
        <SpeakButton text={sentenceText(sentence)} locale={locale} />
      </p>
      <figcaption className="quiz-example-translation" lang="en">
        {sentence.translation}
      </figcaption>
    </figure>
  );
}

/** The "in context" prompt: the sentence with the word's form blanked, its English beneath. */
export function ClozePrompt({ sentence, locale }: { sentence: ExampleSentence; locale: string }) {
  return (
    <span className="cloze-prompt">
      <span className="cloze-sentence" lang={locale}>
        {sentence.before}
        <span className="cloze-blank">
          <span className="visually-hidden">blank</span>
        </span>
        {sentence.after}
      </span>
      <span className="cloze-translation" lang="en">
        {sentence.translation}
      </span>
    </span>
  );
}
