import { type Transaction, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Moves a guest's learning into an account at login, inside the account's unit of work. Nothing of either side is
 * lost (decision 0002): an own word the account has under the same key (lib/word-key.ts, as an import decides) is
 * one word, so the guest's cards and reviews of it move onto the account's copy first; then per card (word and
 * direction) the more advanced one wins: more repetitions, then the later review. Every review of both sides is
 * kept, and so are languages, placement results, a chosen start and taken-back answers; then the guest is deleted.
 */
export async function mergeGuest(trx: Transaction<Database>, guestId: string, accountId: string): Promise<void> {
  // The account's copy of a guest's own word `theirs`: the same language and key.
  const copy = sql`join words mine on mine.owner_id = ${accountId}
    and mine.language = theirs.language and mine.word_key = theirs.word_key`;
  for (const table of ['progress', 'reviews'] as const) {
    const t = sql.table(table);
    await sql`update ${t} set word_id = (select mine.id from words theirs ${copy} where theirs.id = ${t}.word_id)
      where learner_id = ${guestId}
      and word_id in (select theirs.id from words theirs ${copy} where theirs.owner_id = ${guestId})`.execute(trx);
  }
  // Nothing refers to the guest's copies any more: dropping them takes nothing with them.
  await sql`delete from words where owner_id = ${guestId} and exists (select 1 from words mine
    where mine.owner_id = ${accountId} and mine.language = words.language
    and mine.word_key = words.word_key)`.execute(trx);
  // Inside each subquery the outer table is `progress`: the account's cards the guest's beat, then the guest's
  // cards the account still has.
  await sql`delete from progress where learner_id = ${accountId} and exists (
    select 1 from progress g where g.learner_id = ${guestId} and g.word_id = progress.word_id and g.direction
    = progress.direction
    and (g.reps > progress.reps or (g.reps = progress.reps and coalesce(g.last_review, 0) >
    coalesce(progress.last_review, 0))))`.execute(trx);
  await sql`delete from progress where learner_id = ${guestId} and exists (
    select 1 from progress a where a.learner_id = ${accountId} and a.word_id = progress.word_id and
    a.direction = progress.direction)`.execute(trx);
  await trx.updateTable('progress').set({ learner_id: accountId }).where('learner_id', '=', guestId).execute();
  await trx.updateTable('words').set({ owner_id: accountId }).where('owner_id', '=', guestId).execute();
  // An answer the account has logged under the same id is the same answer, sent once as each (decision 0011).
  await sql`delete from reviews where learner_id = ${guestId} and answer_id in (
    select a.answer_id from reviews a where a.learner_id = ${accountId} and a.answer_id is not null)`.execute(trx);
  await trx.updateTable('reviews').set({ learner_id: accountId }).where('learner_id', '=', guestId).execute();
  await sql`insert into user_languages (user_id, language, added_at)
    select ${accountId}, language, added_at from user_languages where user_id = ${guestId}
    on conflict (user_id, language) do nothing`.execute(trx);
  // The account's frontiers stand: the guest's cards only add to its cards, and a frontier may lag behind.
  await trx.deleteFrom('frontiers').where('learner_id', '=', guestId).execute();
  // The later placement result of a language is the one to show.
  await sql`insert into placements (learner_id, language, level, deck_size, marked, taken_at)
    select ${accountId}, language, level, deck_size, marked, taken_at from placements where learner_id = ${guestId}
    on conflict (learner_id, language) do update set level = excluded.level, deck_size = excluded.deck_size,
      marked = excluded.marked, taken_at = excluded.taken_at where excluded.taken_at > placements.taken_at`.execute(
    trx,
  );
  await trx.deleteFrom('placements').where('learner_id', '=', guestId).execute();
  // A start the guest chose moves to the account, unless the account chose one of its own.
  await sql`insert into learning_starts (learner_id, language, rank)
    select ${accountId}, language, rank from learning_starts where learner_id = ${guestId}
    on conflict (learner_id, language) do nothing`.execute(trx);
  await trx.deleteFrom('learning_starts').where('learner_id', '=', guestId).execute();
  // An answer the guest took back stays taken back: a retry of its request, now the account's, records nothing.
  await sql`insert into taken_back_answers (learner_id, answer_id, taken_back_at)
    select ${accountId}, answer_id, taken_back_at from taken_back_answers where learner_id = ${guestId}
    on conflict (learner_id, answer_id) do nothing`.execute(trx);
  await trx.deleteFrom('taken_back_answers').where('learner_id', '=', guestId).execute();
  await trx.deleteFrom('users').where('id', '=', guestId).execute();
}
