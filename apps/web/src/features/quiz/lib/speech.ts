import { useEffect, useState } from 'react';

/** Locales the app reads aloud: the deck languages, never English prompts or the invented secret language. */
const SPOKEN = /^(es|fr|de|it|pt|sv)\b/;

/** The best installed voice for a locale: the exact one, else one of the same language (pt-BR for pt-PT). */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], locale: string): SpeechSynthesisVoice | null {
  const wanted = locale.toLowerCase();
  const language = wanted.split('-')[0] ?? wanted;
  const norm = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  return voices.find((v) => norm(v) === wanted) ?? voices.find((v) => norm(v).split('-')[0] === language) ?? null;
}

/**
 * The voice for a locale, or null where the browser has none (the speaker button is then hidden).
 * Browsers load voices asynchronously, so this listens for `voiceschanged`.
 */
export function useVoice(locale: string): SpeechSynthesisVoice | null {
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth]);
  return SPOKEN.test(locale) ? pickVoice(voices, locale) : null;
}

/** Says `text` with `voice`, cutting off whatever was being said. */
export function speak(text: string, voice: SpeechSynthesisVoice): void {
  const synth = window.speechSynthesis;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  utterance.rate = 0.9;
  synth.speak(utterance);
}
