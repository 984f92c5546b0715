import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FitCandidate } from './fit-protocol.js';

/** A log smaller than this is not worth a fit yet (the optimizer needs about 30 items to move off its defaults). */
export const REVIEWS_FOR_FIRST_FIT = 40;
/**
 * A fitted model is fitted again once the log has grown by this share, or by `REFIT_REVIEWS`, whichever comes first.
 */
export const REFIT_GROWTH = 0.25;
export const REFIT_REVIEWS = 2_000;
/** A model still on the defaults (too few usable reviews) is tried again after this many more reviews. */
export const RETRY_REVIEWS = 25;

/** Whether a log of `reviews` reviews should be fitted, given the model's last attempt. */
export function fitDue(
  reviews: number,
  model: { status: string; review_count: number; next_fit_at: number } | undefined,
  now: number,
): boolean {
  if (reviews < REVIEWS_FOR_FIRST_FIT) return false;
  if (!model) return true;
  if (model.next_fit_at > now) return false;
  if (model.status === 'defaults') return reviews >= model.review_count + RETRY_REVIEWS;
  return reviews >= model.review_count * (1 + REFIT_GROWTH) || reviews >= model.review_count + REFIT_REVIEWS;
}

/** How many reviews a learner's log in a language holds (the answers to its words, practice included). */
export async function logSize(db: Kysely<Database>, learnerId: string, language: string): Promise<number> {
  const row = await db
    .selectFrom('reviews as r')
    .innerJoin('words as w', 'w.id', 'r.word_id')
    .select(sql<number>`count(*)`.as('n'))
    .where('r.learner_id', '=', learnerId)
    .where('w.language', '=', language)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Reviews one discovery reads at most: after a restart or a long pause the fitter moves through the log in steps. */
export const DISCOVERY_STEP = 50_000;

/**
 * The learners and languages whose model is due a fit, among the next DISCOVERY_STEP reviews logged after `afterId`
 * (the reviews' primary key), then one count per learner and language seen there. `lastId`: the last review read.
 */
export async function findCandidates(
  db: Kysely<Database>,
  afterId: number,
  now: number,
): Promise<{ candidates: FitCandidate[]; lastId: number }> {
  const step = db.selectFrom('reviews').select('id').where('id', '>', afterId).orderBy('id').limit(DISCOVERY_STEP);
  const end = await db
    .selectFrom(step.as('step'))
    .select(sql<number | null>`max(step.id)`.as('last_id'))
    .executeTakeFirstOrThrow();
  if (end.last_id === null) return { candidates: [], lastId: afterId };
  const lastId = Number(end.last_id);
  const touched = await db
    .selectFrom('reviews as r')
    .innerJoin('words as w', 'w.id', 'r.word_id')
    .select(['r.learner_id', 'w.language', sql<number>`min(r.id)`.as('first_id')])
    .where('r.id', '>', afterId)
    .where('r.id', '<=', lastId)
    .groupBy(['r.learner_id', 'w.language'])
    .execute();
  const candidates: FitCandidate[] = [];
  for (const t of touched) {
    const [reviews, model] = await Promise.all([
      logSize(db, t.learner_id, t.language),
      db
        .selectFrom('memory_models')
        .select(['status', 'review_count', 'next_fit_at'])
        .where('learner_id', '=', t.learner_id)
        .where('language', '=', t.language)
        .executeTakeFirst(),
    ]);
    if (fitDue(reviews, model && { ...model, next_fit_at: Number(model.next_fit_at) }, now)) {
      candidates.push({ learnerId: t.learner_id, language: t.language, reviews, firstId: Number(t.first_id) });
    }
  }
  return { candidates, lastId };
}
