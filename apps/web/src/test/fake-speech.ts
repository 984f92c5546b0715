import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** An utterance as the fake hands it to a test: what the app set on it, and its error handler. */
export interface FakeUtterance {
  text: string;
  lang: string;
  rate: number;
  voice: SpeechSynthesisVoice | null;
  onerror: ((e: { error: string }) => void) | null;
}

/** A voice as a browser lists it. */
export const voice = (lang: string, name = lang) =>
  ({ lang, name, default: false, localService: true, voiceURI: name }) as SpeechSynthesisVoice;

/**
 * The browser's speech synthesis is outside the project: a fake with the voices a test names (a locale, or a voice
 * with its own name), handing each utterance to `speak`. Undone by `vi.unstubAllGlobals()`.
 */
export function fakeSpeech(voices: ReadonlyArray<string | SpeechSynthesisVoice>, speak?: (u: FakeUtterance) => void) {
  let list = voices.map((v) => (typeof v === 'string' ? voice(v) : v));
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      voice: SpeechSynthesisVoice | null = null;
      lang = '';
      rate = 1;
      onerror = null;
      constructor(public text: string) {}
    },
  );
  vi.stubGlobal('speechSynthesis', {
    getVoices: () => list,
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    cancel: () => {},
    speak: (u: FakeUtterance) => speak?.(u),
  });
  return {
    /** The browser's list of voices arrives late, as `voiceschanged` says. */
    arrive: (...later: string[]) =>
      act(async () => {
        list = later.map((lang) => voice(lang));
        for (const f of listeners) f();
        await Promise.resolve();
      }),
  };
}
