import { LANGUAGES, getLanguage } from '@vocab/core';
import { expect, it } from 'vitest';
import { deckHead, describeEachDatabase } from '../../test/harness.js';
import { loadDeck, loadDecks } from './deck-loader.js';
import { ROOT_DIR } from '../../config.js';
import path from 'node:path';

const header = '# test deck\nword\ttranslation\tpos\tarticle\tnote\thint\texample\texample_translation\n';

describeEachDatabase('deck loader', (ctx) => {
  it('loads every real deck in full, and skips an unchanged one', async () => {
    const db = ctx().db;
    const first = await loadDecks(db, path.join(ROOT_DIR, 'content'), 1);
    expect(first.map((r) => r.language)).toEqual(LANGUAGES.map((l) => l.code));
    expect(first.every((r) => !r.skipped && r.words >= 500)).toBe(true);
    const again = await loadDecks(db, path.join(ROOT_DIR, 'content'), 2);
    expect(again.every((r) => r.skipped)).toBe(true);
    const cards = (await ctx().app.inject({ method: 'GET', url: '/api/languages' })).json<
      Array<{ languageLowerCase: string; totalWords: number }>
    >();
    for (const r of first) expect(cards.find((c) => c.languageLowerCase === r.language)?.totalWords).toBe(r.words);
  });

  it('updates a changed deck in place, keeping progress on words that stayed', async () => {
    const spanish = getLanguage('spanish');
    await loadDeck(
      ctx().db,
      {
        language: spanish,
        text: `${header}casa\thouse\tnoun\tla\t\t\t\t\nperro\tdog\tnoun\tel\t\t\t\t\ngato\tcat\tnoun\tel\t\t\t\t\n`,
      },
      1,
    );
    const words = (await ctx().app.inject({ method: 'GET', url: '/api/spanish?limit=100' })).json<
      Array<{ _id: string; word: string }>
    >();
    const casa = words.find((w) => w.word === 'casa');
    const perro = words.find((w) => w.word === 'perro');
    const answer = await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${casa?._id}` });
    const cookie = `sid=${answer.cookies.find((c) => c.name === 'sid')?.value}`;
    await ctx().app.inject({ method: 'PATCH', url: `/api/spanish/${perro?._id}`, headers: { cookie } });

    // casa gains a translation, perro leaves the deck, gato moves up, luna arrives.
    const result = await loadDeck(
      ctx().db,
      {
        language: spanish,
        text:
          `${header}gato\tcat\tnoun\tel\t\t\t\t\ncasa\thouse; ` +
          `home\tnoun\tla\t\t\t\t\nluna\tmoon\tnoun\tla\t\t\t\t\n`,
      },
      2,
    );
    expect(result.skipped).toBe(false);
    const after = (
      await ctx().app.inject({ method: 'GET', url: '/api/spanish?limit=100&unlearned=true', headers: { cookie } })
    ).json<Array<{ word: string; rank: number }>>();
    expect(after.map((w) => w.word).sort()).toEqual(['gato', 'luna']);
    // The whole list, whose deck part the server keeps in memory, is the new deck, with the learner's progress.
    const list = (await ctx().app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
      Array<{ word: string; translation: string; answeredCorrectly: boolean }>
    >();
    expect(list.map((w) => [w.word, w.translation, w.answeredCorrectly])).toEqual([
      ['gato', 'cat', false],
      ['casa', 'house; home', true],
      ['luna', 'moon', false],
    ]);
    const stats = (await ctx().app.inject({ method: 'GET', url: '/api/spanish/stats', headers: { cookie } })).json();
    expect(stats).toMatchObject({ totalWords: 3, learnedCount: 1 });
    const row = await ctx()
      .db.kysely.selectFrom('words')
      .select(['id', 'translation', 'rank'])
      .where('word', '=', 'casa')
      .where('language', '=', 'spanish')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: Number(casa?._id), translation: 'house; home', rank: 2 });
    // perro left the deck: it is no longer taught, but its card and its review history are kept.
    const perroId = Number(perro?._id);
    expect(
      await ctx().db.kysely.selectFrom('words').select('active').where('id', '=', perroId).executeTakeFirstOrThrow(),
    ).toEqual({ active: 0 });
    expect(
      await ctx().db.kysely.selectFrom('progress').select('reps').where('word_id', '=', perroId).execute(),
    ).toEqual([{ reps: 1 }]);
    expect(
      await ctx().db.kysely.selectFrom('reviews').select('verdict').where('word_id', '=', perroId).execute(),
    ).toEqual([{ verdict: 'correct' }]);
  });

  it('keeps every card and its history when 2,000 words are appended to a loaded deck', async () => {
    const spanish = getLanguage('spanish');
    // Made-up entries with unique spellings and meanings: the deck's own rules (a hint where English repeats) hold.
    const name = (i: number): string =>
      Array.from(i.toString(26).padStart(3, '0'), (c) => String.fromCharCode(97 + parseInt(c, 26))).join('');
    const lines = (from: number, to: number): string =>
      Array.from(
        { length: to - from },
        (_, k) => `pal${name(from + k)}\tmeaning ` + `${name(from + k)}\tverb\t\t\t\t\t\n`,
      ).join('');
    await loadDeck(ctx().db, { language: spanish, text: `${header}${lines(0, 1000)}` }, 1);
    const { app } = ctx();
    const first = (await app.inject({ method: 'GET', url: '/api/spanish?limit=3&unlearned=true' })).json<
      Array<{ _id: string; word: string }>
    >();
    const answered = await app.inject({ method: 'PATCH', url: `/api/spanish/${first[0]?._id}` });
    const cookie = `sid=${answered.cookies.find((c) => c.name === 'sid')?.value}`;
    for (const w of first.slice(1))
      await app.inject({ method: 'PATCH', url: `/api/spanish/${w._id}`, headers: { cookie } });
    const cardsOf = () =>
      ctx()
        .db.kysely.selectFrom('progress')
        .innerJoin('words', 'words.id', 'progress.word_id')
        .select([
          'words.id',
          'words.word',
          'progress.direction',
          'progress.reps',
          'progress.due',
          'progress.stability',
          'progress.answered_correctly',
        ])
        .orderBy('words.id')
        .orderBy('progress.direction')
        .execute();
    const reviewsOf = () =>
      ctx().db.kysely.selectFrom('reviews').select(['word_id', 'rating', 'reviewed_at']).orderBy('id').execute();
    const cardsBefore = await cardsOf();
    const reviewsBefore = await reviewsOf();
    expect(cardsBefore).toHaveLength(3);

    const result = await loadDeck(ctx().db, { language: spanish, text: `${header}${lines(0, 3000)}` }, 2);
    expect(result).toMatchObject({ skipped: false, words: 3000 });
    // Identity is the spelling: the same word ids, the same cards, the same history.
    expect(await cardsOf()).toEqual(cardsBefore);
    expect(await reviewsOf()).toEqual(reviewsBefore);
    const stats = (await app.inject({ method: 'GET', url: '/api/spanish/stats', headers: { cookie } })).json();
    expect(stats).toMatchObject({ totalWords: 3000, learnedCount: 3 });
    // The quiz goes on where it was, and the appended words come after the first thousand.
    const next = (
      await app.inject({ method: 'GET', url: '/api/spanish?limit=15&unlearned=true', headers: { cookie } })
    ).json<Array<{ word: string; rank: number }>>();
    expect(next[0]).toMatchObject({ word: `pal${name(3)}`, rank: 4 });
    const tail = await ctx()
      .db.kysely.selectFrom('words')
      .select(['word', 'rank'])
      .where('language', '=', 'spanish')
      .where('rank', '=', 3000)
      .executeTakeFirstOrThrow();
    expect(tail).toEqual({ word: `pal${name(2999)}`, rank: 3000 });
  });

  it('refuses an invalid deck and leaves the database as it was', async () => {
    const french = getLanguage('french');
    const before = await ctx().db.kysely.selectFrom('words').select('id').where('language', '=', 'french').execute();
    await expect(
      loadDeck(ctx().db, { language: french, text: `${header}maison\t\tnoun\tla\t\t\t\t\n` }, 5),
    ).rejects.toThrow(/invalid/);
    const after = await ctx().db.kysely.selectFrom('words').select('id').where('language', '=', 'french').execute();
    expect(after).toHaveLength(before.length);
    expect(
      deckHead('french', 3)
        .split('\n')
        .filter((l) => l && !l.startsWith('#')),
    ).toHaveLength(4);
  });
});
