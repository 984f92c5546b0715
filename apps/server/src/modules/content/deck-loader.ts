import fs from 'node:fs';
import path from 'node:path';
import { type DeckEntry, LANGUAGES, type Language, parseDeck } from '@vocab/core';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { sha256 } from '../../lib/tokens.js';

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

export interface DeckLoadResult {
  language: string;
  words: number;
  skipped: boolean;
}

/**
 * Puts the decks into the database at start. Idempotent: an unchanged deck (same hash) is skipped; a changed one
 * updates its words in place by (language, word), so learners keep their progress on every word that stayed.
 * A word that left the deck is deactivated, never deleted: its progress and review history survive.
 */
export async function loadDecks(db: Db, contentDir: string, now: number): Promise<DeckLoadResult[]> {
  const results: DeckLoadResult[] = [];
  for (const language of LANGUAGES) {
    const file = path.join(contentDir, 'decks', `${language.code}.tsv`);
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    results.push(await loadDeck(db, language, text, now));
  }
  return results;
}

export async function loadDeck(db: Db, language: Language, text: string, now: number): Promise<DeckLoadResult> {
  const hash = sha256(text);
  const current = await db.kysely.selectFrom('deck_versions').select('content_hash').where('language', '=', language.code).executeTakeFirst();
  const { entries, problems } = parseDeck(text, language.articles);
  if (current?.content_hash === hash) return { language: language.code, words: entries.length, skipped: true };
  if (problems.length > 0) {
    const first = problems[0];
    throw new Error(`deck ${language.code} is invalid (${problems.length} problems; line ${first?.line}: ${first?.message})`);
  }
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < entries.length; i += CHUNK) {
      const rows = entries.slice(i, i + CHUNK).map((e) => toRow(language.code, e));
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
              rank: (eb) => eb.ref('excluded.rank'),
              active: 1,
            }),
        )
        .execute();
    }
    const kept = new Set(entries.map((e) => e.word));
    const existing = await trx.selectFrom('words').select(['id', 'word']).where('language', '=', language.code).where('owner_id', 'is', null).where('active', '=', 1).execute();
    const gone = existing.filter((w) => !kept.has(w.word)).map((w) => w.id);
    for (let i = 0; i < gone.length; i += CHUNK) {
      await trx.updateTable('words').set({ active: 0 }).where('id', 'in', gone.slice(i, i + CHUNK)).execute();
    }
    await trx
      .insertInto('deck_versions')
      .values({ language: language.code, content_hash: hash, loaded_at: now })
      .onConflict((oc) => oc.column('language').doUpdateSet({ content_hash: hash, loaded_at: sql`${now}` }))
      .execute();
  });
  return { language: language.code, words: entries.length, skipped: false };
}

function toRow(language: string, e: DeckEntry) {
  return {
    language,
    word: e.word,
    translation: e.translations.join('; '),
    pos: e.pos,
    article: e.article,
    note: e.note,
    rank: e.rank,
    owner_id: null,
    active: 1,
  };
}
