import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../../test/harness.js';

type Word = {
  _id: string;
  word: string;
  translation: string;
  own: boolean;
  answeredCorrectly: boolean;
  due: number | null;
};

const as = (app: FastifyInstance, cookie: string) => ({
  get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
  add: (word: string, translation: string) =>
    app.inject({ method: 'POST', url: '/api/spanish', headers: { cookie }, payload: { word, translation } }),
  edit: (id: string, payload: object) =>
    app.inject({ method: 'PATCH', url: `/api/spanish/own-words/${id}`, headers: { cookie }, payload }),
  remove: (id: string) => app.inject({ method: 'DELETE', url: `/api/spanish/own-words/${id}`, headers: { cookie } }),
});

describeEachDatabase('own words', (ctx) => {
  it(
    "lists a learner's own words, edits one with its history following it, " + 'and deletes one with its history',
    async () => {
      const { app, db } = ctx();
      const { cookie, userId } = await loginAs(app);
      const ana = as(app, cookie);
      const zarza = (await ana.add('zarzamora', 'blackberry')).json<Word>();
      await ana.add('arándano', 'blueberry');
      const answered = await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${zarza._id}`,
        headers: { cookie },
        payload: { verdict: 'correct' },
      });
      expect(answered.statusCode).toBe(200);

      const list = (await ana.get('/api/spanish/own-words')).json<Word[]>();
      expect(list.map((w) => [w.word, w.translation, w.own])).toEqual([
        ['arándano', 'blueberry', true],
        ['zarzamora', 'blackberry', true],
      ]);
      expect(list[1]?.answeredCorrectly).toBe(true);

      const edited = await ana.edit(zarza._id, { word: 'zarzamoras', translation: 'blackberries' });
      expect(edited.statusCode).toBe(200);
      // Same word, same card: the answer given before the edit is still its history.
      expect(edited.json<Word>()).toMatchObject({
        _id: zarza._id,
        word: 'zarzamoras',
        translation: 'blackberries',
        answeredCorrectly: true,
      });
      const reviews = await db.kysely
        .selectFrom('reviews')
        .select('word_id')
        .where('learner_id', '=', userId)
        .execute();
      expect(reviews.map((r) => String(r.word_id))).toEqual([zarza._id]);

      expect((await ana.remove(zarza._id)).json()).toEqual({ ok: true });
      expect((await ana.get('/api/spanish/own-words')).json<Word[]>().map((w) => w.word)).toEqual(['arándano']);
      expect(
        await db.kysely.selectFrom('reviews').select('word_id').where('learner_id', '=', userId).execute(),
      ).toEqual([]);
      expect(
        await db.kysely.selectFrom('progress').select('word_id').where('learner_id', '=', userId).execute(),
      ).toEqual([]);
    },
  );

  it(
    'refuses an edit into a word the deck or the learner has, ' + "and another learner's, a deck word or a bad id",
    async () => {
      const { app } = ctx();
      const ana = as(app, (await loginAs(app, 'ana')).cookie);
      const ben = as(app, (await loginAs(app, 'ben')).cookie);
      const zarza = (await ana.add('zarzamora', 'blackberry')).json<Word>();
      await ana.add('arándano', 'blueberry');
      const deckWord = (await ana.get('/api/spanish?limit=1')).json<Word[]>()[0];

      expect((await ana.edit(zarza._id, { word: 'que', translation: 'that' })).statusCode).toBe(409);
      expect((await ana.edit(zarza._id, { word: 'Arándano', translation: 'x' })).statusCode).toBe(409);
      expect((await ana.edit(zarza._id, { word: '', translation: 'x' })).statusCode).toBe(400);
      expect((await ana.edit(zarza._id, { word: 'x'.repeat(101), translation: 'x' })).statusCode).toBe(400);
      expect((await ben.edit(zarza._id, { word: 'mora', translation: 'x' })).statusCode).toBe(404);
      expect((await ben.remove(zarza._id)).statusCode).toBe(404);
      expect((await ana.edit(String(deckWord?._id), { word: 'mora', translation: 'x' })).statusCode).toBe(404);
      expect((await ana.remove(String(deckWord?._id))).statusCode).toBe(404);
      for (const id of ['999999999999', '0', 'abc']) expect((await ana.remove(id)).statusCode, id).toBeLessThan(500);
      expect((await app.inject({ method: 'DELETE', url: `/api/spanish/own-words/${zarza._id}` })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/spanish/own-words' })).json()).toEqual([]);
      expect((await ana.get('/api/spanish/own-words')).json<Word[]>().map((w) => w.word)).toEqual([
        'arándano',
        'zarzamora',
      ]);
    },
  );
});
