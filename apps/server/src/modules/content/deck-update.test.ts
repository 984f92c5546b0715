import { getLanguage } from '@vocab/core';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';
import { takePlacementTest } from '../../test/placement.js';
import { loadDeck } from './deck-loader.js';

type Word = { _id: string; word: string; rank: number };
type Band = { first: number; last: number; words: number; learned: number };
type Bands = { deckSize: number; startRank: number; bands: Band[] };

const header = '# test deck\nword\ttranslation\tpos\tarticle\tnote\thint\texample\texample_translation\n';
/** Made-up Spanish entries with unique spellings and meanings (the deck's rules hold), by their number. */
const name = (i: number): string =>
  Array.from(i.toString(26).padStart(3, '0'), (c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
const row = (i: number): string => `pal${name(i)}\tmeaning ${name(i)}\tverb\t\t\t\t\t\n`;
const deckOf = (numbers: readonly number[]): string => header + numbers.map(row).join('');
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);
const learned = (b: Bands): number => b.bands.reduce((sum, band) => sum + band.learned, 0);

describeEachDatabase('a deck grown from 3,000 to 5,000 words', (ctx) => {
  it('keeps the cards, the place in the deck and the chosen band of learners near its end', async () => {
    const spanish = getLanguage('spanish');
    const { app, db } = ctx();
    await loadDeck(db, { language: spanish, text: deckOf(range(0, 3000)) }, 1);
    const send = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie } });
    const newWords = async (cookie: string, limit: number) =>
      (await send('GET', `/api/spanish?unlearned=true&limit=${limit}`, cookie)).json<Word[]>();
    const batch = async (cookie: string) => (await newWords(cookie, 15)).map((w) => w.word);
    const bands = async (cookie: string) => (await send('GET', '/api/spanish/bands', cookie)).json<Bands>();
    const answerFirstThree = async (cookie: string) => {
      for (const w of await newWords(cookie, 3)) await send('PATCH', `/api/spanish/${w._id}`, cookie);
    };

    // Placed: a learner who knows the words up to rank 2,900, then answers the batch's first three new words.
    const placed = (await loginAs(app, 'placed')).cookie;
    const { answers } = await takePlacementTest(app, placed, 2900);
    const placement = await send('POST', '/api/spanish/placement', placed, { answers });
    const result = placement.json<{ level: number; marked: number }>();
    expect(result.level).toBeGreaterThan(2700);
    await answerFirstThree(placed);
    // Banded: a learner who chose the band 2,501–3,000 and answered its first three words.
    const banded = (await loginAs(app, 'banded')).cookie;
    await send('POST', '/api/spanish/bands/start', banded, { first: 2501 });
    await answerFirstThree(banded);

    const cardsOf = () =>
      db.kysely
        .selectFrom('progress')
        .innerJoin('words', 'words.id', 'progress.word_id')
        .select(['progress.learner_id', 'words.id', 'words.word', 'progress.direction', 'progress.reps'])
        .select(['progress.due', 'progress.stability', 'progress.answered_correctly'])
        .orderBy('progress.learner_id')
        .orderBy('words.id')
        .orderBy('progress.direction')
        .execute();
    const reviewsOf = () =>
      db.kysely
        .selectFrom('reviews')
        .select(['learner_id', 'word_id', 'rating', 'reviewed_at'])
        .orderBy('id')
        .execute();
    const before = { cards: await cardsOf(), reviews: await reviewsOf() };
    const batchBefore = { placed: await batch(placed), banded: await batch(banded) };
    const bandsBefore = { placed: await bands(placed), banded: await bands(banded) };
    expect(bandsBefore.banded.startRank).toBe(2501);
    const learnedBefore = { placed: learned(bandsBefore.placed), banded: learned(bandsBefore.banded) };
    expect(learnedBefore).toEqual({ placed: result.marked + 3, banded: 3 });

    // The update: the deck's last word, new to both, moves to the top (every other word one rank down), and 2,000
    // words are appended.
    const update = await loadDeck(
      db,
      { language: spanish, text: deckOf([2999, ...range(0, 2999), ...range(3000, 5000)]) },
      2,
    );
    expect(update).toMatchObject({ skipped: false, words: 5000 });

    expect(await cardsOf()).toEqual(before.cards);
    expect(await reviewsOf()).toEqual(before.reviews);
    // The placed learner meets the word moved up first, then goes on where they were; none of the words they know
    // comes back as new.
    expect(await batch(placed)).toEqual([`pal${name(2999)}`, ...batchBefore.placed.slice(0, 14)]);
    // The banded learner keeps their band: new words from rank 2,501 on, now the word that was 2,500th and then
    // where they were.
    expect(await batch(banded)).toEqual([`pal${name(2499)}`, ...batchBefore.banded.slice(0, 14)]);

    for (const [who, cookie] of [
      ['placed', placed],
      ['banded', banded],
    ] as const) {
      const after = await bands(cookie);
      expect(after.deckSize).toBe(5000);
      expect(after.startRank).toBe(bandsBefore[who].startRank);
      expect(after.bands.map((b) => [b.first, b.last])).toEqual(range(0, 10).map((b) => [500 * b + 1, 500 * b + 500]));
      // Every learned word is still counted, each in the band it now sits in; the appended bands are new.
      expect(learned(after)).toBe(learnedBefore[who]);
      expect(after.bands.slice(6).map((b) => b.learned)).toEqual([0, 0, 0, 0]);
    }
    // Two deck loads and a placement of 2,900 cards on PostgreSQL take longer than the suite's 20 s on a busy machine.
  }, 120_000);
});
