import { useEffect, useEffectEvent } from 'react';
import { speak, useVoice } from '../lib/speech';

/**
 * A speaker button that reads `text` aloud in `locale`; nothing at all where the browser has no voice for it.
 * With `auto`, it also speaks once when the text appears.
 */
export function SpeakButton({ text, locale, auto = false }: { text: string; locale: string; auto?: boolean }) {
  const voice = useVoice(locale);
  const sayNow = useEffectEvent(() => {
    if (voice) speak(text, voice);
  });
  // Keyed by the voice's URI: browsers may hand out new voice objects for the same voice, which must not
  // make the same word be said twice.
  const voiceKey = voice?.voiceURI ?? null;
  useEffect(() => {
    if (auto && voiceKey && text) sayNow();
  }, [auto, voiceKey, text]);
  if (!voice || !text) return null;
  return (
    <button
      type="button"
      className="speak-button"
      aria-label={`Listen: ${text}`}
      title="Listen"
      // The answer field keeps the focus: a click here must not take it away.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => speak(text, voice)}
    >
      <SpeakerIcon />
    </button>
  );
}

/** A loudspeaker, for the buttons that say something aloud; hidden from screen readers (the button has a name). */
export function SpeakerIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
      <path
        fill="currentColor"
        d={
          'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z' +
          'M14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z'
        }
      />
    </svg>
  );
}
