import type { QuizItem } from '@vocab/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { SPEECH_RATE, speak, useVoice } from '../lib/speech';
import { useCoarsePointer } from '@/lib/use-coarse-pointer';
import { SpeakerIcon } from './speak-button';

/** The key that says the word again: it types nothing, so it takes nothing from the answer field. */
const isReplayKey = (e: KeyboardEvent): boolean => e.ctrlKey && !e.metaKey && !e.altKey && e.code === 'Space';

/** What the page says when the browser did not say the word. */
function problemText(error: string, touch: boolean): string {
  const how = touch ? 'tap “Hear it again”' : 'press “Hear it again” or Ctrl+Space';
  // Browsers refuse to speak before the page had a click or a key: a page opened from a link or a bookmark.
  if (error === 'not-allowed') return `Your browser speaks only after a click or a key: ${how} to hear the word.`;
  return `Your browser could not say the word. ${how[0]?.toUpperCase()}${how.slice(1)} to try again.`;
}

/**
 * The "listen and type" prompt (docs/decisions/0016-listen-and-type.md): the word is said when it appears, in the
 * browser's voice of its language, and never shown; a button and Ctrl+Space say it again, slower from the second
 * press on. Keyed by the word asked, so each word starts at the normal rate. Renders phrasing content only: it
 * stands in the quiz's prompt paragraph.
 */
export function ListenPrompt({ item, locale }: { item: QuizItem; locale: string }) {
  const voice = useVoice(locale);
  const touch = useCoarsePointer();
  const [presses, setPresses] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);

  const say = (rate: number) => {
    if (voice) speak(item.prompt, voice, { rate, onError: setProblem });
  };
  const again = () => {
    setProblem(null);
    say(presses === 0 ? SPEECH_RATE.normal : SPEECH_RATE.slow);
    setPresses((n) => n + 1);
  };
  const sayFirst = useEffectEvent(() => say(SPEECH_RATE.normal));
  const onReplayKey = useEffectEvent(again);

  // Keyed by the voice's URI: browsers may hand out new voice objects for the same voice, which must not make the
  // word be said twice.
  const voiceKey = voice?.voiceURI ?? null;
  useEffect(() => {
    if (voiceKey) sayFirst();
  }, [voiceKey]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isReplayKey(e)) return;
      e.preventDefault();
      onReplayKey();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <span className="listen-prompt">
      <span className="listen-instruction">Type the word you hear.</span>
      <button
        type="button"
        className="btn btn-secondary listen-again"
        aria-keyshortcuts="Control+Space"
        // The answer field keeps the focus: a click here must not take it away (the keyboard of a phone stays open).
        onMouseDown={(e) => e.preventDefault()}
        onClick={again}
        disabled={!voice}
      >
        <SpeakerIcon />
        {presses === 0 ? 'Hear it again' : 'Hear it slower'}
        {touch ? null : <kbd>Ctrl+Space</kbd>}
      </button>
      {problem ? (
        <span className="listen-problem" role="status">
          {problemText(problem, touch)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The word last answered, right or wrong, written as it was said and with its English: shown from its verdict until
 * the next answer, above its sentence.
 */
export function ListenReveal({ item }: { item: QuizItem }) {
  return (
    <p className="listen-reveal">
      <strong lang={item.key.locale}>{item.prompt}</strong>
      {item.hint ? <span lang="en"> — {item.hint}</span> : null}
    </p>
  );
}
