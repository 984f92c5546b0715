import type { Db } from '../../apps/server/src/db/database.js';
import { DAY_MS, FsrsLearner } from './memory-model.js';

/** A learner's log of about `size` reviews: cards of the Spanish deck, each reviewed at growing intervals. */
export async function writeLog(
  db: Db,
  learnerId: string,
  size: number,
  { start, seed = 7 }: { start: number; seed?: number },
): Promise<{ reviews: number; cards: number }> {
  await db.kysely
    .insertInto('users')
    .values({ id: learnerId, username: null, username_key: null, password_hash: null, created_at: start })
    .execute();
  const words = await db.kysely
    .selectFrom('words')
    .select('id')
    .where('language', '=', 'spanish')
    .where('owner_id', 'is', null)
    .orderBy('rank')
    .execute();
  // About 12 reviews a card up to 3,000 cards, then more reviews a card (a learner years in).
  const cardCount = Math.max(1, Math.min(2 * words.length, Math.ceil(size / 12)));
  const perCard = Math.ceil(size / cardCount);
  const learner = new FsrsLearner(seed, {
    speed: 1,
    easinessSpread: 0.3,
    cognateShare: 0.3,
    cognateFirstRecall: 0.7,
    otherFirstRecall: 0.03,
  });
  const rows: Array<Record<string, unknown>> = [];
  const cards: Array<Record<string, unknown>> = [];
  let written = 0;
  for (let c = 0; c < cardCount && written < size; c++) {
    const wordId = words[c % words.length]?.id ?? 0;
    const direction = c < words.length ? 'recognise' : 'recall';
    let at = start + Math.floor(c / 15) * DAY_MS;
    let interval = 1;
    let last = at;
    let lastRating = 0;
    for (let k = 0; k < perCard && written < size; k++) {
      const right = learner.answer(c, at);
      lastRating = right ? 3 : 1;
      rows.push({
        learner_id: learnerId,
        word_id: wordId,
        direction,
        answer_id: null,
        session_id: null,
        rating: lastRating,
        verdict: right ? 'correct' : 'wrong',
        typed: '',
        scheduled: 1,
        previous: null,
        state: k === 0 ? 0 : 2,
        elapsed_days: k === 0 ? 0 : interval,
        scheduled_days: interval,
        reviewed_at: at,
      });
      written++;
      last = at;
      interval = right ? Math.min(365, Math.ceil(interval * 2.5)) : 1;
      at += interval * DAY_MS;
    }
    cards.push({
      learner_id: learnerId,
      word_id: wordId,
      language: 'spanish',
      direction,
      due: last + interval * DAY_MS,
      stability: interval,
      difficulty: 5,
      elapsed_days: 0,
      scheduled_days: interval,
      learning_steps: 0,
      reps: perCard,
      lapses: 0,
      state: 2,
      last_review: last,
      last_rating: lastRating,
      answered_correctly: lastRating > 1 ? 1 : 0,
      last_failed_at: null,
      updated_at: last,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db.kysely
      .insertInto('reviews')
      .values(rows.slice(i, i + 500) as never)
      .execute();
  for (let i = 0; i < cards.length; i += 500)
    await db.kysely
      .insertInto('progress')
      .values(cards.slice(i, i + 500) as never)
      .execute();
  return { reviews: rows.length, cards: cards.length };
}
