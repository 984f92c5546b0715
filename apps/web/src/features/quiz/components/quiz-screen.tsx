import { type Feedback, type Lexicon, type QuizItem, type QuizMode, type QuizState, mindTheMark } from '@vocab/core';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { CorrectAnswer, ReportAnswer } from '../lib/answer-report';
import type { QuizRun } from '../offline/quiz-runs';
import { type Quiz, type ShownAnswer, useQuiz } from '../use-quiz';
import { KeyHint } from '@/components/ui/key-hint';
import { AnswerField, ProgressCounter, QuestionPrompt, TranslatePrompt } from '@/components/ui/question';
import { withArticle } from '@vocab/core';
import { typedForNext } from '../lib/typed-ahead';
import { AccentButtons } from './accent-buttons';
import { QuizBreak } from './quiz-break';
import { SpeakButton } from './speak-button';
import { ListenPrompt, ListenReveal } from './listen-prompt';
import { AnswerSentence, ClozePrompt, type QuizExamples, lastAnswerSentence } from './example-sentence';
import '../quiz.css';

/** How the screen counts: a progress bar (index / total), "i / N", or the generic quiz's "word i / N". */
export type QuizCounter = 'progress' | 'count' | 'word-count';

export interface FinishedContext {
  result: { score: number; total: number };
  /** Resolves when the answers sent so far have been saved (or given up on): wait for it before a new batch. */
  settled: () => Promise<void>;
}

export interface QuizScreenProps {
  mode: QuizMode;
  items: readonly QuizItem[];
  /** What the quiz asks, shown above it ("Spanish → English"). */
  caption?: string;
  /** Label of the answer field ("Answer in English"). */
  answerLabel: string;
  /** BCP 47 language of the answer field and of the prompt, for spell-checkers and screen readers. */
  answerLang: string;
  promptLang: string;
  accents?: readonly string[];
  counter: QuizCounter;
  report?: ReportAnswer;
  /** Sends "Undo" and "I was right" for the last answer; without it they are not offered. */
  correct?: CorrectAnswer;
  /** The links and buttons under "Quiz over". */
  finishedActions: (context: FinishedContext) => ReactNode;
  /** A line under them (a visitor's way to keep the progress). */
  finishedNote?: ReactNode;
  /** The language's words: no typo tolerance accepts another word, and a wrong answer that is one is named. */
  lexicon?: Lexicon;
  /** Normalised forms of the other answers, where there is no lexicon (the secret quiz). */
  otherAnswers?: ReadonlySet<string>;
  /** The learner's setting: a missing or wrong accent is wrong, not forgiven. */
  strictAccents?: boolean;
  /** The learner's setting: read foreign prompts and answers aloud without a click. */
  autoSpeak?: boolean;
  /**
   * The words' sentences: each answer is followed by its word's sentence, and the `context` mode asks the sentence
   * with the word blanked.
   */
  examples?: QuizExamples;
  /** Resumes a quiz the page was running before a reload, and keeps this one's progress for the next. */
  run?: QuizRun;
  /** A long quiz's break: every `every` answers, "Keep going" or `stop`. */
  breaks?: { every: number; stop: ReactNode };
}

/** "‘this’, before a noun": the prompt, and what says which word it wants. */
const quoted = (item: QuizItem): string => `‘${item.prompt}’${item.hint ? `, ${item.hint}` : ''}`;

/**
 * Where the answer's article is part of it (a German noun), the prompt says so, "with its article (der, die, das)":
 * leaving it out is a slip, and the learner should know that before answering, not from the verdict.
 */
function ArticleExpected({ item }: { item: QuizItem | null }) {
  const key = item?.key;
  if (!key?.articleRequired || !key.article) return null;
  return <span className="quiz-prompt-hint"> — with its article ({(key.articles ?? []).join(', ')})</span>;
}

/** The right answer, the letters a typo changed marked ("th[e]" for "thw"), forgiven or not. */
function Expected({ feedback }: { feedback: Feedback }) {
  const { expected, misspelt } = feedback;
  if (!misspelt) return <>{expected}</>;
  const [start, end] = misspelt;
  return (
    <>
      {expected.slice(0, start)}
      <mark className="quiz-misspelt">{expected.slice(start, end)}</mark>
      {expected.slice(end)}
    </>
  );
}

/** The text of a verdict, worded per quiz as the original words it; every mistake shows the right answer. */
export function feedbackText(feedback: Feedback, mode: QuizMode, item: QuizItem | null): ReactNode {
  if (feedback.verdict === 'correct') return 'Correct!';
  if (feedback.verdict === 'almost') {
    // Every near miss reads the same way, "Almost — mind the …", and shows the right form: a German article left
    // out or another one typed (the gender shown), a missing accent or a forgiven typo.
    if (feedback.reason === 'article') return `Almost — mind the article: ${feedback.expected}`;
    if (feedback.reason === 'accent')
      return `Almost — ${mindTheMark(feedback.diacritic ?? 'accent', feedback.expected)}`;
    return (
      <>
        Almost — mind the spelling: <Expected feedback={feedback} />
      </>
    );
  }
  const typed = feedback.typedWord;
  const wanted = item ? ` (${quoted(item)})` : '';
  if (feedback.alsoRight && typed) {
    return (
      <>
        {/* One message, not praise and refusal at once: the word typed is a right word, not the one asked. */}
        {`“${typed.word}” means that too, but we were looking for `}
        <em>{feedback.expected}</em>
        {wanted}: type that one.
      </>
    );
  }
  // The original's words per quiz: the classic quizzes' "Incorrect" then "Correct: {answer}", the others'
  // "Incorrect. {answer}".
  // An accent slip that could not be forgiven (strict accents, or "a" for "à") names the mark, as a forgiven one does.
  const mark = feedback.diacritic ? (
    <span className="quiz-mark"> — {mindTheMark(feedback.diacritic, feedback.expected)}</span>
  ) : null;
  const verdict =
    mode === 'classic' ? (
      <>
        Incorrect{mark}{' '}
        <span className="quiz-correction">
          Correct: <Expected feedback={feedback} />
        </span>
      </>
    ) : mark ? (
      <>Incorrect{mark}</>
    ) : (
      <>
        Incorrect. <Expected feedback={feedback} />
      </>
    );
  if (!typed) return verdict;
  // "si" for "sí" is no accent slip but another word: say which, so the learner sees why it was not forgiven.
  return (
    <>
      {verdict}
      <span className="quiz-explanation">
        <em>{typed.word}</em> means ‘{typed.meaning}’ — here you need <em>{feedback.expected}</em>
        {wanted}.
      </span>
    </>
  );
}

function Counter({ state, counter }: { state: QuizState; counter: QuizCounter }) {
  const { index, total } = state;
  if (counter === 'progress') {
    const percent = total === 0 ? 100 : Math.round((index / total) * 100);
    return (
      <ProgressCounter value={index} max={total} percent={percent} valueText={`${index} / ${total}`}>
        {index} / {total}
      </ProgressCounter>
    );
  }
  const position = Math.min(index + 1, total);
  return (
    <p className="quiz-counter">
      {counter === 'word-count' ? 'word ' : ''}
      {position} / {total}
    </p>
  );
}

/**
 * Every quiz of the app: the one engine (via useQuiz) behind one screen. Routes configure it: the mode, the
 * items in their direction, how answers reach the server and what to offer at the end.
 */
export function QuizScreen(props: QuizScreenProps) {
  const { mode, items, report, correct, lexicon, otherAnswers, strictAccents, run } = props;
  const asked = useQuiz({
    mode,
    items,
    report,
    correct,
    run,
    strictAccents,
    ...(lexicon ? { lexicon } : {}),
    ...(otherAnswers ? { otherAnswers } : {}),
  });
  const { state } = asked;
  // The answer count the learner last chose to keep going at: the break shows once at each multiple.
  const [keptGoingAt, setKeptGoingAt] = useState(state.index);
  const { breaks } = props;
  // The word coming back does not say why: "Answer taken back" does, until the next answer.
  const [takenBack, setTakenBack] = useState(false);
  if (takenBack && state.lastAnswer) setTakenBack(false);
  const { undo } = asked;
  const quiz: Quiz = undo
    ? {
        ...asked,
        undo: () => {
          undo();
          setTakenBack(true);
        },
      }
    : asked;

  const atBreak =
    breaks && !state.feedback && state.index > 0 && state.index % breaks.every === 0 && keptGoingAt !== state.index;
  return (
    <>
      {state.finished ? (
        <QuizFinished quiz={quiz} actions={props.finishedActions} note={props.finishedNote} examples={props.examples} />
      ) : atBreak ? (
        <QuizBreak done={state.index} onKeepGoing={() => setKeptGoingAt(state.index)} stop={breaks.stop} />
      ) : (
        <QuizQuestion {...props} quiz={quiz} />
      )}
      {/* Always there, so that screen readers hear it change. */}
      <p role="status" className="quiz-taken-back">
        {takenBack ? 'Answer taken back' : ''}
      </p>
    </>
  );
}

/**
 * The keys of "Undo" (Escape) and "I was right" (Ctrl+Enter, or ⌘+Enter): neither types a character, so neither
 * takes anything from the answer field, on any keyboard layout. Handled on the quiz as a whole.
 */
function onCorrectionKey(e: KeyboardEvent, quiz: Quiz, after: () => void): void {
  const action = e.key === 'Escape' ? quiz.undo : e.key === 'Enter' && (e.ctrlKey || e.metaKey) ? quiz.overrule : null;
  if (!action) return;
  e.preventDefault();
  action();
  after();
}

/** How long a new word is on screen before an empty Enter on it can mean "I don't know" (a double press is faster). */
const SETTLE_MS = 600;

const VERDICT_WORDS = { correct: 'correct', almost: 'accepted', wrong: 'incorrect' } as const;

/**
 * "Undo" and "I was right" for the last answer. They stay while the next word is asked, until it is answered:
 * the 2-second pause of the original runs as before, and the learner still has time to act. "I was right" gives the
 * learner credit, so it stands apart from "Undo", never one slip of the thumb away. Keyboard hints are for
 * keyboards: a touch screen has no Esc key.
 */
function AnswerCorrections({ quiz, after }: { quiz: Quiz; after: () => void }) {
  const { undo, overrule, state } = quiz;
  const last = state.lastAnswer;
  if (!last || (!undo && !overrule)) return null;
  const andAfter = (correct: () => void) => () => {
    correct();
    after();
  };
  return (
    <div className="quiz-corrections" role="group" aria-label="Last answer">
      <div className="quiz-corrections-buttons">
        {undo ? (
          <CorrectionButton className="btn-secondary" shortcut="Escape" keys="Esc" onClick={andAfter(undo)}>
            Undo
          </CorrectionButton>
        ) : null}
        {overrule ? (
          <CorrectionButton
            className="btn-link quiz-overrule"
            shortcut="Control+Enter"
            keys="Ctrl+Enter"
            onClick={andAfter(overrule)}
          >
            I was right
          </CorrectionButton>
        ) : null}
      </div>
    </div>
  );
}

/** A correction's button: small, with its key shown to a keyboard (`keys`) and told to assistive technology. */
function CorrectionButton({
  className,
  shortcut,
  keys,
  onClick,
  children,
}: {
  className: string;
  shortcut: string;
  keys: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={`btn btn-small ${className}`} aria-keyshortcuts={shortcut} onClick={onClick}>
      {children}
      <KeyHint keys={keys} />
    </button>
  );
}

/**
 * What the last answer was, once the quiz has moved on from its verdict: a miss names the right answer again, so
 * the correction stays readable after the 2-second pause, right under the field where the verdict was.
 */
function LastAnswerSummary({ last }: { last: ShownAnswer }) {
  const { key } = last.item;
  const right = withArticle(key.accepted[0] ?? '', key.article, key.locale);
  return (
    <p className={`quiz-last-answer is-${last.verdict}`}>
      Last answer: {last.item.prompt}
      {last.typed ? ` → “${last.typed}”, ${VERDICT_WORDS[last.verdict]}` : ', not known'}
      {last.verdict === 'correct' ? null : (
        <>
          {' '}
          — right answer: <strong lang={key.locale}>{right}</strong>
        </>
      )}
    </p>
  );
}

function QuizQuestion({
  quiz,
  answerLabel,
  answerLang,
  promptLang,
  accents = [],
  counter,
  autoSpeak = false,
  caption,
  examples,
}: QuizScreenProps & { quiz: ReturnType<typeof useQuiz> }) {
  const { state, shownAnswer, setInput, submit, typeAhead, skipPause, dontKnow } = quiz;
  const inputRef = useRef<HTMLInputElement>(null);
  const promptRef = useRef<HTMLParagraphElement>(null);
  const caret = useRef<number | null>(null);
  const feedbackId = useId();
  const promptId = useId();

  // The field keeps the focus for the whole quiz: on every new word, and after a click anywhere in the quiz. A new
  // word brings its prompt into view first (the page may have been scrolled), then the field without scrolling
  // the prompt away.
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
    const prompt = promptRef.current;
    if (prompt && prompt.getBoundingClientRect().top < 0) prompt.scrollIntoView({ block: 'start' });
    inputRef.current?.focus();
  }, [state.index, state.round.number]);

  // Keys typed while a verdict is shown (the quiz took "no" of "not" as it was typed, and the learner typed on)
  // stay in the field for the pause, never reach the page (a space would scroll it, the prompt away), and start the
  // next word's field, less the rest of the word just judged: nothing typed is lost.
  const answerAt = `${state.round.number}:${state.index}`;
  const [typedOn, setTypedOn] = useState({ at: answerAt, text: '' });
  const trailing = typedOn.at === answerAt ? typedOn.text : '';
  const typeOn = (text: string) => {
    setTypedOn({ at: answerAt, text });
    const key = state.current?.key;
    if (!key) return;
    const forms = [...key.accepted, withArticle(key.accepted[0] ?? '', key.article, key.locale)];
    typeAhead(typedForNext(text, { judged: state.input, forms, locale: key.locale }));
  };
  const onLockedKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // A held Enter answers once and ends one pause, never runs through the words behind it.
    if (e.key === 'Enter' && e.repeat) e.preventDefault();
    if (!state.readOnly || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Backspace') {
      e.preventDefault();
      typeOn(trailing.slice(0, -1));
    } else if (e.key.length === 1) {
      e.preventDefault();
      typeOn(trailing + e.key);
    }
  };

  // After an accent is inserted, the caret goes right after it rather than to the end.
  useLayoutEffect(() => {
    const at = caret.current;
    if (at === null || !inputRef.current) return;
    caret.current = null;
    inputRef.current.setSelectionRange(at, at);
  }, [state.input]);

  const insert = (text: string) => {
    const field = inputRef.current;
    if (!field) return;
    field.focus();
    if (state.readOnly) return;
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    caret.current = start + text.length;
    setInput(field.value.slice(0, start) + text + field.value.slice(end));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    inputRef.current?.focus();
    // Enter during the pause ends it at once; after keys typed on, what was typed is the next word's answer.
    if (skipPause) return skipPause();
    // An empty Enter just as a word appears is the second press of a double Enter (or one meant for the pause that
    // had just ended), not "I don't know".
    // (The field's own value: what was typed an instant before may not have reached this render yet.)
    const typed = inputRef.current?.value ?? state.input;
    if (typed.trim() === '' && Date.now() - shownAt.current < SETTLE_MS) return;
    submit();
  };

  const { feedback, current } = state;
  const verdictClass = feedback ? ` is-${feedback.verdict}` : '';
  const feedbackClass = feedback ? ` is-${feedback.alsoRight ? 'also-right' : feedback.verdict}` : '';

  const focusField = () => inputRef.current?.focus();
  // An empty answer is never judged but for "I don't know".
  const notKnown = feedback?.verdict === 'wrong' && state.input === '';
  // The "in context" prompt of the word asked; the sentence of the word last answered, shown from its verdict until
  // the next answer, under the field: the next prompt and the correction stay above it.
  const cloze = state.config.mode === 'context' && current ? examples?.sentences.get(current.id) : undefined;
  const lastSentence = lastAnswerSentence(shownAnswer, examples);

  return (
    <div className="quiz" onKeyDown={(e) => onCorrectionKey(e, quiz, focusField)}>
      <div className="quiz-status">
        <Counter state={state} counter={counter} />
        {caption ? <p className="quiz-caption">{caption}</p> : null}
        <p className="quiz-score">Score: {state.score}</p>
      </div>
      {state.round.number > 1 ? <p className="hint">Round {state.round.number}: the words you missed.</p> : null}

      <form className="quiz-form" onSubmit={onSubmit} noValidate>
        {/* By ear, the word is said, and the same instruction read over it would only drown it: not live. */}
        <QuestionPrompt id={promptId} ref={promptRef} live={state.config.mode === 'listen' ? 'off' : 'polite'}>
          {state.config.mode === 'listen' && current ? (
            // Keyed by the word asked: each word is said when it appears, at the normal rate first.
            <ListenPrompt key={`${state.round.number}:${state.index}`} item={current} locale={promptLang} />
          ) : cloze && examples ? (
            <ClozePrompt sentence={cloze} locale={examples.locale} />
          ) : (
            <TranslatePrompt prompt={current?.prompt} hint={current?.hint} lang={promptLang}>
              <ArticleExpected item={current} />
              <SpeakButton text={current?.prompt ?? ''} locale={promptLang} auto={autoSpeak} />
            </TranslatePrompt>
          )}
        </QuestionPrompt>
        <AnswerField
          label={answerLabel}
          submitLabel="Check"
          inputRef={inputRef}
          stateClass={verdictClass}
          lang={answerLang}
          value={state.input + trailing}
          readOnly={state.readOnly}
          onKeyDown={onLockedKey}
          aria-invalid={feedback?.verdict === 'wrong' && !feedback.alsoRight ? true : undefined}
          aria-describedby={`${promptId} ${feedbackId}`}
          enterKeyHint="done"
          onChange={(e) => setInput(e.target.value)}
        />
        {/* Right under the field: with a phone's keyboard open, the verdict and the answer stay in view. */}
        <div id={feedbackId} className={`quiz-feedback${feedbackClass}`} aria-live="polite" aria-atomic="true">
          {feedback && notKnown ? (
            <>
              The answer: <strong lang={answerLang}>{feedback.expected}</strong>
            </>
          ) : feedback ? (
            feedbackText(feedback, state.config.mode, current)
          ) : null}
          {feedback && feedback.verdict !== 'correct' && !feedback.alsoRight ? (
            <SpeakButton text={feedback.expected} locale={answerLang} auto={autoSpeak} />
          ) : null}
        </div>
        {/* While its verdict is shown, the feedback says what the answer was;
            once the quiz moved on, this line does. */}
        {shownAnswer && !(feedback !== null && current?.id === shownAnswer.item.id) ? (
          <LastAnswerSummary last={shownAnswer} />
        ) : null}
        {state.config.mode === 'listen' && shownAnswer ? <ListenReveal item={shownAnswer.item} /> : null}
        {lastSentence && examples ? <AnswerSentence sentence={lastSentence} locale={examples.locale} /> : null}
        <AccentButtons accents={accents} onInsert={insert} />
        {/* A word never seen cannot be typed: the learner asks for its answer, and the word counts as not known. */}
        <button
          type="button"
          className="btn btn-link btn-small quiz-dont-know"
          disabled={state.readOnly}
          onClick={() => {
            dontKnow();
            focusField();
          }}
        >
          I don&apos;t know
        </button>
      </form>

      <AnswerCorrections quiz={quiz} after={focusField} />
    </div>
  );
}

function QuizFinished({
  quiz,
  actions,
  note,
  examples,
}: {
  quiz: Quiz;
  actions: (context: FinishedContext) => ReactNode;
  note?: ReactNode;
  examples?: QuizExamples | undefined;
}) {
  const { state, shownAnswer, settled } = quiz;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The answer field is gone: move the focus to the news, so a screen reader reads it and Tab goes on from here.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const result = state.result ?? { score: state.score, total: state.total };
  const lastSentence = lastAnswerSentence(shownAnswer, examples);
  // Undoing the last answer brings its word back: the question's own focus handling takes over from there.
  const nothing = () => undefined;
  return (
    <div className="quiz-finished" onKeyDown={(e) => onCorrectionKey(e, quiz, nothing)}>
      <h2 ref={headingRef} tabIndex={-1}>
        Quiz over
      </h2>
      <p className="quiz-result">
        You got {result.score} / {result.total} correct
        {/* Where missed words came back until typed right, the score is of first answers: say so. */}
        {state.config.rules.askMissedAgain && result.score < result.total ? ' the first time' : ''}
      </p>
      {shownAnswer ? <LastAnswerSummary last={shownAnswer} /> : null}
      {/* The last word's sentence stays after the last answer too, until the learner goes on. */}
      {state.config.mode === 'listen' && shownAnswer ? <ListenReveal item={shownAnswer.item} /> : null}
      {lastSentence && examples ? <AnswerSentence sentence={lastSentence} locale={examples.locale} /> : null}
      <div className="actions">{actions({ result, settled })}</div>
      {note}
      <AnswerCorrections quiz={quiz} after={nothing} />
    </div>
  );
}
