import type { PlacementAnswer, PlacementResult, PlacementWord } from '@vocab/api';
import { type Language, PLACEMENT_MIN_PROMPTS, primaryDirection, showsForeign } from '@vocab/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { KeyHint } from '@/components/ui/key-hint';
import { AnswerField, ProgressCounter, QuestionPrompt, TranslatePrompt } from '@/components/ui/question';
import { Loading } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { nextPlacementWords, useFinishPlacement } from '../api/placement';
import { aboutCount } from '../lib/about';
import '../placement.css';

interface Progress {
  words: PlacementWord[];
  index: number;
  asked: number;
  /** The server's estimate of the words the test will ask in all. */
  expected: number;
}

/**
 * The placement test (docs/decisions/0012-placement-test.md): a few words at a time from the server, each typed or
 * "I don't know", until the server says it knows the level; then the result, and the quiz starting after it.
 * The answers are kept here and sent whole with each call: the server keeps no test.
 */
export function PlacementTest({ language }: { language: Language }) {
  const [answers, setAnswers] = useState<PlacementAnswer[]>([]);
  const [progress, setProgress] = useState<Progress>({
    words: [],
    index: 0,
    asked: 0,
    expected: PLACEMENT_MIN_PROMPTS,
  });
  const finish = useFinishPlacement(language.code);
  const step = useMutation({
    mutationFn: (sent: PlacementAnswer[]) => nextPlacementWords(language.code, sent),
    onSuccess: (next, sent) => {
      setProgress({
        words: next.done ? [] : next.words,
        index: 0,
        asked: next.asked,
        expected: next.done ? next.asked : next.expectedPrompts,
      });
      if (next.done && next.maxPrompts > 0) finish.mutate(sent);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's second effect run.
    if (started.current) return;
    started.current = true;
    step.mutate([]);
  }, [step]);

  if (finish.isSuccess) return <PlacementDone language={language} result={finish.data} />;
  if (finish.isError) {
    return (
      <ErrorBox title="Error saving your result" onRetry={() => finish.mutate(answers)}>
        {finish.error.message}
      </ErrorBox>
    );
  }
  if (step.isError) {
    return (
      <ErrorBox title="Error loading the next words" onRetry={() => step.mutate(answers)}>
        {step.error.message} Your answers so far are kept.
      </ErrorBox>
    );
  }
  if (step.data?.done && step.data.maxPrompts === 0) {
    return (
      <p>
        There are no {language.name} words to test yet.{' '}
        <Link to={paths.language(language.code)}>Back to {language.name}</Link>
      </p>
    );
  }
  const current = progress.words[progress.index];
  if (!current || step.isPending || finish.isPending)
    return <Loading label={finish.isPending ? 'Working out your level...' : 'Loading...'} />;

  const answer = (typed: string | null) => {
    const sent = [...answers, { wordId: current.id, typed }];
    setAnswers(sent);
    if (progress.index + 1 < progress.words.length)
      setProgress({ ...progress, index: progress.index + 1, asked: progress.asked + 1 });
    else step.mutate(sent);
  };
  return (
    <PlacementQuestion
      key={current.id}
      language={language}
      word={current}
      asked={progress.asked}
      expected={progress.expected}
      onAnswer={answer}
    />
  );
}

/** One word: type it and press Enter, or "I don't know" (Escape, or Enter on an empty field). */
function PlacementQuestion({
  language,
  word,
  asked,
  expected,
  onAnswer,
}: {
  language: Language;
  word: PlacementWord;
  asked: number;
  expected: number;
  onAnswer: (typed: string | null) => void;
}) {
  const [input, setInput] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const promptId = useId();
  useEffect(() => inputRef.current?.focus(), []);
  const foreignShown = showsForeign(primaryDirection(language.code));
  const promptLang = foreignShown ? language.locale : 'en';
  const answerLang = foreignShown ? 'en' : language.locale;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onAnswer(input.trim() === '' ? null : input);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    onAnswer(null);
  };
  // The test ends when the level is clear, after 16 to 36 words: the bar follows the server's estimate, and the
  // counter names the word, never a total the test may not reach.
  const percent = Math.round((asked / Math.max(expected, asked + 1)) * 100);

  return (
    <div className="quiz placement">
      {asked === 0 ? (
        <p className="hint">
          Type what each word means, or say you don&apos;t know it. About 3 minutes; the words you know are marked so
          that you do not learn them again.
        </p>
      ) : null}
      <div className="quiz-status">
        <ProgressCounter
          value={percent}
          max={100}
          percent={percent}
          valueText={`Word ${asked + 1}, of about ${expected}`}
        >
          Word {asked + 1}
        </ProgressCounter>
      </div>
      <form className="quiz-form" onSubmit={onSubmit} noValidate>
        <QuestionPrompt id={promptId}>
          <TranslatePrompt prompt={word.prompt} hint={word.hint} lang={promptLang} />
        </QuestionPrompt>
        <AnswerField
          label={foreignShown ? 'In English' : `In ${language.name}`}
          submitLabel="Next"
          inputRef={inputRef}
          lang={answerLang}
          value={input}
          aria-describedby={promptId}
          enterKeyHint="next"
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="actions">
          <button type="button" className="btn btn-secondary" aria-keyshortcuts="Escape" onClick={() => onAnswer(null)}>
            I don&apos;t know
            <KeyHint keys="Esc" />
          </button>
        </div>
      </form>
      <p className="hint">
        Typos and missing accents are fine. Nothing is marked wrong here: the test only finds where to start.{' '}
        <Link to={paths.language(language.code)}>Leave the test</Link>
      </p>
    </div>
  );
}

function PlacementDone({ language, result }: { language: Language; result: PlacementResult }) {
  const about = aboutCount(result.level);
  return (
    <section className="card placement-result" aria-labelledby="placement-result">
      <h2 id="placement-result">
        {about === 0
          ? `You are starting from the first ${language.name} word`
          : `About ${about.toLocaleString('en')} of the ` +
            `${result.deckSize.toLocaleString('en')} most common ${language.name} words`}
      </h2>
      {result.marked > 0 ? (
        <p>
          {result.marked.toLocaleString('en')} words are marked as known. New words now start after them, and the known
          ones come back for review now and then over the next months, the ones nearest your level first.
        </p>
      ) : about === 0 ? (
        <p>That is what the quiz is for: it starts with the most common words.</p>
      ) : (
        <p>The words you know had been marked already: nothing new to mark.</p>
      )}
      <div className="actions">
        <Link to={paths.languageQuiz(language.code)} className="btn btn-primary">
          Start learning
        </Link>
        <Link to={paths.language(language.code)} className="btn btn-secondary">
          Back to {language.name}
        </Link>
      </div>
    </section>
  );
}
