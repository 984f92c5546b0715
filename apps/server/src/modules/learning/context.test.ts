import type { FastifyInstance } from 'fastify';
import { getLanguage } from '@vocab/core';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';
import { loadDeck } from '../content/deck-loader.js';

type Word = { _id: string; word: string; example?: string | null; exampleTranslation?: string | null; own: boolean };

/** A small Spanish deck of our own: two words with a sentence, one without. */
const DECK = [
  '# test deck',
  'word\ttranslation\tpos\tarticle\tnote\thint\texample\texample_translation',
  'hablar\tto speak; to talk\tverb\t\t\t\tEllos [hablan] mucho por teléfono.\tThey talk a lot on the phone.',
  'casa\thouse; home\tnoun\tla\t\t\tMi [casa] es muy pequeña.\tMy house is very small.',
  'perro\tdog\tnoun\tel\t\t\t\t',
].join('\n');

const get = <T>(app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json<T>());
const answer = (app: FastifyInstance, id: string | undefined, cookie: string, payload: object) =>
  app.inject({ method: 'PATCH', url: `/api/spanish/${id}`, headers: { cookie }, payload });

describeEachDatabase('words in context', (ctx) => {
  it(
    "stores each deck word's sentence and serves it with the batch, " +
      'the list and the review; null where a word has none',
    async () => {
      const { app, db, clock } = ctx();
      await loadDeck(db, { language: getLanguage('spanish'), text: DECK }, clock());
      const { cookie } = await loginAs(app);
      const batch = await get<Word[]>(app, '/api/spanish?unlearned=true', cookie);
      expect(batch.map((w) => [w.word, w.example, w.exampleTranslation])).toEqual([
        ['hablar', 'Ellos [hablan] mucho por teléfono.', 'They talk a lot on the phone.'],
        ['casa', 'Mi [casa] es muy pequeña.', 'My house is very small.'],
        ['perro', null, null],
      ]);
      const list = await get<Word[]>(app, '/api/spanish', cookie);
      expect(list.find((w) => w.word === 'casa')?.example).toBe('Mi [casa] es muy pequeña.');
      const casa = batch[1];
      await answer(app, casa?._id, cookie, { verdict: 'wrong' });
      clock.advance(86_400_000);
      const review = await get<Word[]>(app, '/api/spanish/for-review', cookie);
      expect(review.map((w) => [w.word, w.exampleTranslation])).toEqual([['casa', 'My house is very small.']]);

      // A changed sentence reaches the stored word when the deck loads again.
      await loadDeck(
        db,
        {
          language: getLanguage('spanish'),
          text: DECK.replace('Mi [casa] es muy pequeña.', 'Tu [casa] es muy grande.'),
        },
        clock(),
      );
      const row = await db.kysely
        .selectFrom('words')
        .select(['example', 'example_translation'])
        .where('word', '=', 'casa')
        .where('language', '=', 'spanish')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ example: 'Tu [casa] es muy grande.', example_translation: 'My house is very small.' });
    },
  );

  it('judges an in-context answer against the form in the sentence and reviews the recall card', async () => {
    const { app, db, clock } = ctx();
    await loadDeck(db, { language: getLanguage('spanish'), text: DECK }, clock());
    const { cookie } = await loginAs(app);
    const [hablar, casa] = await get<Word[]>(app, '/api/spanish?unlearned=true', cookie);

    // The form as it stands in the sentence is right, in any letter case; the server's verdict is what counts.
    // One typo in the form is forgiven, as everywhere: accepted, graded Hard.
    const right = await answer(app, hablar?._id, cookie, {
      verdict: 'wrong',
      typed: 'hablen',
      context: true,
      sessionId: 'context-session-1',
    });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ scheduled: true, word: { answeredCorrectly: true } });
    await answer(app, casa?._id, cookie, {
      verdict: 'correct',
      typed: 'CASA',
      context: true,
      sessionId: 'context-session-1',
    });
    const cards = await db.kysely
      .selectFrom('progress')
      .select(['word_id', 'direction', 'answered_correctly'])
      .orderBy('word_id')
      .execute();
    // Spanish's own card is recognise: an in-context answer still reviews the recall card, as the decision says.
    expect(cards).toEqual([
      { word_id: Number(hablar?._id), direction: 'recall', answered_correctly: 1 },
      { word_id: Number(casa?._id), direction: 'recall', answered_correctly: 1 },
    ]);
    const log = await db.kysely.selectFrom('reviews').select(['typed', 'verdict', 'direction']).orderBy('id').execute();
    expect(log).toEqual([
      { typed: 'hablen', verdict: 'almost', direction: 'recall' },
      { typed: 'CASA', verdict: 'correct', direction: 'recall' },
    ]);
    // The recall batch no longer offers them; Spanish's own card (recognise) is untouched.
    expect((await get<Word[]>(app, '/api/spanish?unlearned=true&direction=recall', cookie)).map((w) => w.word)).toEqual(
      ['perro'],
    );
    expect((await get<Word[]>(app, '/api/spanish?unlearned=true', cookie)).map((w) => w.word)).toEqual([
      'hablar',
      'casa',
      'perro',
    ]);

    // The dictionary form does not fit the blank: wrong, not a forgiven typo.
    const lemma = await answer(app, hablar?._id, cookie, { verdict: 'correct', typed: 'hablar', context: true });
    expect(lemma.json()).toMatchObject({ word: { answeredCorrectly: false } });
  });

  it('refuses an in-context answer to a word without a sentence, and writes nothing', async () => {
    const { app, db, clock } = ctx();
    await loadDeck(db, { language: getLanguage('spanish'), text: DECK }, clock());
    const { cookie } = await loginAs(app);
    const perro = (await get<Word[]>(app, '/api/spanish?unlearned=true', cookie)).find((w) => w.word === 'perro');
    const res = await answer(app, perro?._id, cookie, { typed: 'perro', verdict: 'correct', context: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'no_example' } });
    expect(await db.kysely.selectFrom('reviews').select('id').execute()).toEqual([]);
  });

  it(
    "imports an own word's sentence (bracketing the word where it stands), " +
      'refuses a bad one, and exports sentences',
    async () => {
      const { app, db, clock } = ctx();
      await loadDeck(db, { language: getLanguage('spanish'), text: DECK }, clock());
      const { cookie } = await loginAs(app);
      const file = [
        'gato\tcat\tEl gato duerme en el sofá.\tThe cat sleeps on the sofa.',
        'luna\tmoon\tLa [luna] brilla esta noche.\tThe moon shines tonight.',
        'sol\tsun',
        'mar\tsea\tEl agua está muy fría.\tThe water is very cold.',
        'río\triver\tEl [río] es largo.\t',
      ].join('\n');
      const preview = await app.inject({
        method: 'POST',
        url: '/api/spanish/import/preview',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: file,
      });
      expect(preview.statusCode).toBe(200);
      const lines = preview.json<{ lines: Array<{ word: string; error: string | null; example?: string }> }>().lines;
      expect(lines.map((l) => [l.word, l.example ?? null, l.error])).toEqual([
        ['gato', 'El [gato] duerme en el sofá.', null],
        ['luna', 'La [luna] brilla esta noche.', null],
        ['sol', null, null],
        ['mar', null, "The sentence must contain “mar”, or mark the word's form in it with [brackets]."],
        ['río', null, 'A sentence needs its translation, and a translation its sentence.'],
      ]);
      const confirm = await app.inject({
        method: 'POST',
        url: '/api/spanish/import',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: file,
      });
      expect(confirm.json()).toEqual({ added: 3, skipped: 2 });
      const own = (await get<Word[]>(app, '/api/spanish', cookie)).filter((w) => w.own);
      expect(own.map((w) => [w.word, w.example, w.exampleTranslation])).toEqual([
        ['gato', 'El [gato] duerme en el sofá.', 'The cat sleeps on the sofa.'],
        ['luna', 'La [luna] brilla esta noche.', 'The moon shines tonight.'],
        ['sol', null, null],
      ]);

      const csv = await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=csv', headers: { cookie } });
      const rows = parse(csv.body, { columns: true }) as Array<Record<string, string>>;
      expect(rows.find((r) => r.word === 'gato')).toMatchObject({
        example: 'El [gato] duerme en el sofá.',
        example_translation: 'The cat sleeps on the sofa.',
      });
      expect(rows.find((r) => r.word === 'perro')).toMatchObject({ example: '', example_translation: '' });
      // Our own export imports back with its sentences: the header names their columns.
      const again = await app.inject({
        method: 'POST',
        url: '/api/spanish/import/preview',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: csv.body.replace('gato', 'gatito').replace('[gato]', '[gatito]'),
      });
      expect(
        again.json<{ lines: Array<{ word: string; example?: string }> }>().lines.find((l) => l.word === 'gatito')
          ?.example,
      ).toBe('El [gatito] duerme en el sofá.');

      const anki = await app.inject({
        method: 'GET',
        url: '/api/spanish/export/words?format=anki',
        headers: { cookie },
      });
      const notes = parse(
        anki.body
          .split('\n')
          .filter((l) => !l.startsWith('#'))
          .join('\n'),
        { delimiter: '\t' },
      ) as string[][];
      expect(notes.find((n) => n[0] === 'la casa')?.[1]).toBe(
        'house; home\n\nMi casa es muy pequeña.\nMy house is very small.',
      );
      expect(notes.find((n) => n[0] === 'el perro')?.[1]).toBe('dog');
    },
  );
});
