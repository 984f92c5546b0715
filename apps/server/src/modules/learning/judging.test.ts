import { getLanguage, parseDeck, sharedMeanings } from '@vocab/core';
import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, deckHead, describeEachDatabase, visitorClient } from '../../test/harness.js';

type Word = { _id: string; word: string; translations: string[]; hint: string };
type Answer = { word: Word; scheduled: boolean };

describeEachDatabase('the server judges typed answers', (ctx) => {
  const verdicts = () => ctx().db.kysely.selectFrom('reviews').select(['typed', 'verdict']).orderBy('id').execute();

  it('stores the verdict of the text typed, whatever the client said', async () => {
    const call = visitorClient(ctx().app);
    const [first, second, third] = await call<Word[]>('GET', '/api/spanish?unlearned=true&limit=3');
    await call<Answer>('PATCH', `/api/spanish/${first?._id}`, { verdict: 'correct', typed: 'zzzz' });
    await call<Answer>('PATCH', `/api/spanish/${second?._id}`, { verdict: 'wrong', typed: second?.translations[0] });
    // Without a typed text (the original client's calls), the call says what happened.
    await call<Answer>('PATCH', `/api/spanish/${third?._id}`, { verdict: 'wrong' });
    expect(await verdicts()).toEqual([
      { typed: 'zzzz', verdict: 'wrong' },
      { typed: second?.translations[0], verdict: 'correct' },
      { typed: '', verdict: 'wrong' },
    ]);
  });

  it(
    'judges a recall card in the foreign language, ' + 'with its article, and names the hint of a shared meaning',
    async () => {
      const call = visitorClient(ctx().app);
      const words = await call<Word[]>('GET', '/api/german?unlearned=true&limit=40&direction=recall');
      const noun = words.find((w) => w.word === 'Zeit');
      if (noun) {
        await call<Answer>('PATCH', `/api/german/${noun._id}`, {
          verdict: 'wrong',
          typed: 'die Zeit',
          direction: 'recall',
        });
        expect((await verdicts()).at(-1)).toEqual({ typed: 'die Zeit', verdict: 'correct' });
      }
      // Every word that shares an English meaning with another of the same part of speech comes with its hint.
      const { entries } = parseDeck(deckHead('german', TEST_DECK_SIZE), getLanguage('german').articles);
      const hinted = [...sharedMeanings(entries).values()].flat().filter((e) => e.hint !== '');
      for (const entry of hinted) expect(words.find((w) => w.word === entry.word)?.hint).toBe(entry.hint);
    },
  );

  it('takes another deck word with the asked meaning as no mistake (Hard), never as wrong', async () => {
    for (const language of ['spanish', 'german', 'italian', 'portuguese', 'french'] as const) {
      const { entries } = parseDeck(deckHead(language, TEST_DECK_SIZE), getLanguage(language).articles);
      const pair = [...sharedMeanings(entries).values()].find((sharing) => sharing.length >= 2);
      if (!pair) continue;
      const [asked, other] = pair;
      const call = visitorClient(ctx().app);
      const list = await call<Word[]>('GET', `/api/${language}?direction=recall`);
      const word = list.find((w) => w.word === asked?.word);
      const answer = await call<Answer>('PATCH', `/api/${language}/${word?._id}`, {
        verdict: 'wrong',
        typed: other?.word,
        direction: 'recall',
      });
      expect(answer.scheduled).toBe(true);
      expect((await verdicts()).at(-1)).toEqual({ typed: other?.word, verdict: 'almost' });
      return;
    }
    throw new Error('no deck shares a meaning among its first words');
  });
});
