import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickVoice } from '../lib/speech';
import { SpeakButton } from './speak-button';
import { fakeSpeech, voice } from '@/test/fake-speech';

// The browser's speech synthesis is outside the project: faked, with voices as a browser lists them.
const spoken: Array<{ text: string; lang: string }> = [];

beforeEach(() => {
  spoken.length = 0;
  fakeSpeech(['es-ES', 'pt-BR', 'en-US'], (u) => spoken.push({ text: u.text, lang: u.lang }));
});
afterEach(() => vi.unstubAllGlobals());

describe('SpeakButton', () => {
  it('reads the word aloud in its language', async () => {
    render(<SpeakButton text="la casa" locale="es-ES" />);
    await userEvent.click(screen.getByRole('button', { name: 'Listen: la casa' }));
    expect(spoken).toEqual([{ text: 'la casa', lang: 'es-ES' }]);
  });

  it('falls back to another voice of the same language, and speaks by itself when asked to', () => {
    render(<SpeakButton text="obrigado" locale="pt-PT" auto />);
    expect(spoken).toEqual([{ text: 'obrigado', lang: 'pt-BR' }]);
  });

  it('is hidden where the browser has no voice for the language, and for English', () => {
    const { container } = render(
      <>
        <SpeakButton text="Haus" locale="de-DE" />
        <SpeakButton text="house" locale="en" />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('picks the exact locale over a sibling', () => {
    expect(pickVoice([voice('pt-BR'), voice('pt-PT')], 'pt-PT')?.lang).toBe('pt-PT');
    expect(pickVoice([voice('fr_FR')], 'fr-FR')?.lang).toBe('fr_FR');
    expect(pickVoice([voice('it-IT')], 'sv-SE')).toBeNull();
  });
});
