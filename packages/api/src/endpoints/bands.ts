import { BandStartBody, DeckBands } from '../bands.js';
import { endpoint } from '../endpoint.js';
import { LanguagePath } from './language-path.js';

/** A language's deck in bands of 500 words, and the band new words come from. */
export const bandEndpoints = {
  deckBands: endpoint({
    method: 'GET',
    path: '/api/{language}/bands',
    summary:
      "The deck's bands of 500 words by frequency, " +
      'the share of each the caller has learned, and where new words come from',
    tag: 'learning',
    params: LanguagePath,
    responses: { 200: DeckBands },
  }),
  startBand: endpoint({
    method: 'POST',
    path: '/api/{language}/bands/start',
    summary:
      "Takes the quiz's new words from a band's first word on (1: from the deck's start); a visitor becomes a guest",
    tag: 'learning',
    params: LanguagePath,
    body: BandStartBody,
    responses: { 200: DeckBands },
  }),
};
