import fs from 'node:fs';
import path from 'node:path';
import { type DeckEntry, LANGUAGES, type Language, parseDeck, promptHint, sharedMeanings } from '@vocab/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { refreshStatistics } from '../../db/statistics.js';
import { sha256 } from '../../lib/tokens.js';
import { wordKey } from '../../lib/word-key.js';
import { lowerFrontiers } from '../cards/frontier.js';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

export interface DeckLoadResult {
  language: string;
  words: number;
  skipped: boolean;
}

/**
 * Puts the decks into the database at start. Idempotent: an unchanged deck (same hash) is skipped; a changed one
 * updates its words in place by (language, word), so learners keep their cards of every word that stayed.
 * A word that left the deck is deactivated, never deleted: its cards and review history survive.
 */
export async function loadDecks(db: Db, contentDir: string, now: number): Promise<DeckLoadResult[]> {
  const results: DeckLoadResult[] = [];
  for (const language of LANGUAGES) {
    const file = path.join(contentDir, 'decks', `${language.code}.tsv`);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    results.push(await loadDeck(db, { language, text }, now));
  }
  return results;
}

/** How many times decks were (re)loaded into each database by this process: the in-memory deck lists follow it. */
const generations = new WeakMap<Db, number>();

/** Changes whenever this process loads a changed deck into `db` (learning/word-list.ts rebuilds its copy then). */
export const deckGeneration = (db: Db): number => generations.get(db) ?? 0;

/** Part of a deck's stored hash: raise it when the loader stores more of each entry, so unchanged decks reload. */
const ROW_FORMAT = 3;

export async function loadDeck(
  db: Db,
  { language, text }: { language: Language; text: string },
  now: number,
): Promise<DeckLoadResult> {
  const hash = sha256(`${ROW_FORMAT}\n${text}`);
  const current = await db.kysely
    .selectFrom('deck_versions')
    .select('content_hash')
    .where('language', '=', language.code)
    .executeTakeFirst();
  const { entries, problems } = parseDeck(text, language.articles);
  if (current?.content_hash === hash) return { language: language.code, words: entries.length, skipped: true };
  if (problems.length > 0) {
    const first = problems[0];
    throw new Error(
      `deck ${language.code} is invalid (${problems.length} problems; line ${first?.line}: ${first?.message})`,
    );
  }
  const shared = sharedMeanings(entries);
  await db.writeTransaction(async (trx) => {
    const before = await trx
      .selectFrom('words')
      .select(['id', 'word', 'rank'])
      .where('language', '=', language.code)
      .where('owner_id', 'is', null)
      .where('active', '=', 1)
      .execute();
    for (let i = 0; i < entries.length; i += CHUNK) {
      const rows = entries.slice(i, i + CHUNK).map((e) => toRow(language.code, e, promptHint(e, shared)));
      await trx
        .insertInto('words')
        .values(rows)
        .onConflict((oc) =>
          oc
            .columns(['language', 'word'])
            .where('owner_id', 'is', null)
            .doUpdateSet({
              translation: (eb) => eb.ref('excluded.translation'),
              pos: (eb) => eb.ref('excluded.pos'),
              article: (eb) => eb.ref('excluded.article'),
              note: (eb) => eb.ref('excluded.note'),
              hint: (eb) => eb.ref('excluded.hint'),
              example: (eb) => eb.ref('excluded.example'),
              example_translation: (eb) => eb.ref('excluded.example_translation'),
              rank: (eb) => eb.ref('excluded.rank'),
              active: 1,
            }),
        )
        .execute();
    }
    const kept = new Set(entries.map((e) => e.word));
    const gone = before.filter((w) => !kept.has(w.word)).map((w) => w.id);
    for (let i = 0; i < gone.length; i += CHUNK) {
      await trx
        .updateTable('words')
        .set({ active: 0 })
        .where('id', 'in', gone.slice(i, i + CHUNK))
        .execute();
    }
    // A word new to the deck (or back in it, or moved to a lower rank) has no card of anyone who passed its rank.
    const rankBefore = new Map(before.map((w) => [w.word, w.rank]));
    const placed = entries.filter((e) => (rankBefore.get(e.word) ?? Infinity) > e.rank).map((e) => e.rank);
    if (placed.length > 0) await lowerFrontiers(trx, language.code, Math.min(...placed));
    await trx
      .insertInto('deck_versions')
      .values({ language: language.code, content_hash: hash, loaded_at: now })
      .onConflict((oc) => oc.column('language').doUpdateSet({ content_hash: hash, loaded_at: sql`${now}` }))
      .execute();
  });
  // The answer's and the batch's plans walk the words by rank: give the planner the deck as it is now.
  await refreshStatistics(db, ['words', 'frontiers']);
  generations.set(db, deckGeneration(db) + 1);
  return { language: language.code, words: entries.length, skipped: false };
}

function toRow(language: string, e: DeckEntry, hint: string) {
  return {
    language,
    word: e.word,
    word_key: wordKey(e.word),
    translation: e.translations.join('; '),
    pos: e.pos,
    article: e.article,
    note: e.note,
    hint,
    example: e.example,
    example_translation: e.exampleTranslation,
    rank: e.rank,
    owner_id: null,
    active: 1,
  };
}
