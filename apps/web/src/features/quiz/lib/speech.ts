import { useEffect, useState } from 'react';

/** Locales the app reads aloud: the deck languages, never English prompts or the invented secret language. */
const SPOKEN = /^(es|fr|de|it|pt|sv)\b/;

/**
 * How long a page waits for the browser's list of voices before it takes "none" for an answer: browsers fill it
 * asynchronously (an empty list, then `voiceschanged`), and one with no voice at all may never send the event.
 */
export const VOICES_WAIT_MS = 1500;

/** The rate words and sentences are read at, and the slower one of a word asked again ("listen and type"). */
export const SPEECH_RATE = { normal: 0.9, slow: 0.6 } as const;

/** The best installed voice for a locale: the exact one, else one of the same language (pt-BR for pt-PT). */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], locale: string): SpeechSynthesisVoice | null {
  const wanted = locale.toLowerCase();
  const language = wanted.split('-')[0] ?? wanted;
  const norm = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  return voices.find((v) => norm(v) === wanted) ?? voices.find((v) => norm(v).split('-')[0] === language) ?? null;
}

const synthesis = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;

/** The voice for a locale (null where the browser has none), and whether the browser's list of voices is in. */
export interface VoiceState {
  voice: SpeechSynthesisVoice | null;
  /** False while a voice may still arrive: a page that depends on one waits before saying there is none. */
  settled: boolean;
}

/** The voice for a locale, and whether that is final: listens for `voiceschanged`, and waits VOICES_WAIT_MS at most. */
export function useVoiceState(locale: string): VoiceState {
  const synth = synthesis();
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener('voiceschanged', update);
    const timer = setTimeout(() => setWaited(true), VOICES_WAIT_MS);
    return () => {
      synth.removeEventListener('voiceschanged', update);
      clearTimeout(timer);
    };
  }, [synth]);
  const voice = SPOKEN.test(locale) ? pickVoice(voices, locale) : null;
  // A list without the language is not final at once: Chrome lists its local voices first, its online ones later.
  return { voice, settled: voice !== null || !synth || waited };
}

/** What a page says where the browser has no voice for a language, wherever listening is offered. */
export const noVoiceText = (languageName: string): string =>
  `Your browser has no ${languageName} voice, so it cannot say the words.`;

/** The voice for a locale, or null where the browser has none (the speaker button is then hidden). */
export function useVoice(locale: string): SpeechSynthesisVoice | null {
  return useVoiceState(locale).voice;
}

export interface SpeakOptions {
  /** SPEECH_RATE.normal unless said. */
  rate?: number;
  /**
   * Called when the browser does not say it: `not-allowed` before the page had a click or a key (browsers refuse to
   * speak first), else another SpeechSynthesisErrorEvent code. Not for speech cut off by the next one.
   */
  onError?: (error: string) => void;
}

/** Says `text` with `voice`, cutting off whatever was being said. */
export function speak(
  text: string,
  voice: SpeechSynthesisVoice,
  { rate = SPEECH_RATE.normal, onError }: SpeakOptions = {},
): void {
  try {
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.rate = rate;
    utterance.onerror = (event) => {
      if (event.error !== 'interrupted' && event.error !== 'canceled') onError?.(event.error);
    };
    synth.speak(utterance);
  } catch {
    onError?.('synthesis-failed');
  }
}
