import { Word, WordList } from '@vocab/api';
import {
  DECK_HEADER,
  type LanguageCode,
  type Lexicon,
  buildLexicon,
  getLanguage,
  splitTranslations,
} from '@vocab/core';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { DEVELOPMENT_CHECKS } from '../../development-checks.js';
import { JsonText } from '../../lib/json-text.js';
import { deckGeneration } from '../content/deck-loader.js';
import { type WordRow, toWord } from '../cards/word-row.js';

/** A word's columns, as the words table names them: a deck file's columns (their names are the table's) and where. */
export const DECK_COLUMNS = ['id', ...DECK_HEADER, 'rank', 'owner_id'] as const;

/** A deck word's row: a word as every learner sees it, before their card is joined. */
export type DeckRow = Omit<WordRow, 'answered_correctly' | 'due'>;

/** The fields of a learner's card that a word of a list shows. */
export interface CardFields {
  answered_correctly: number;
  due: number;
}

export interface Deck {
  generation: number;
  /** The rows, in frequency order. */
  rows: DeckRow[];
  /** Word ids, in the order of `rows`. */
  ids: number[];
  /** Each row's place in `rows`, by word id. */
  indexOf: Map<number, number>;
  /** The deck as words and JSON, built on first use: only the whole list needs them (see `lists`). */
  lists(): DeckLists;
  /** The deck as the answer checker needs it (other right answers, the entry of a typed word), built on first use. */
  lexicon(): Lexicon;
}

export interface DeckLists {
  /** The deck as a visitor sees it: no word studied. Shared: never modified. */
  words: Word[];
  /** Each word as JSON without its closing brace and the learner's card fields, which each list appends. */
  heads: string[];
  /** The visitor's list as JSON. */
  json: string;
}

/** The card fields that end each word of a list's JSON. */
export function tail(card: CardFields | undefined): string {
  if (!card) return ',"answeredCorrectly":false,"due":null}';
  const due = Number(card.due);
  return `,"answeredCorrectly":${card.answered_correctly === 1},"due":${Number.isFinite(due) ? due : null}}`;
}

/**
 * Words of a learner as JSON: each deck word is its JSON kept with the deck (deck-cache.ts) with the learner's card
 * appended, so neither the statement nor the response writer handles the deck's text; an own word is serialised. A
 * deck word this process has not loaded (another instance's newer deck, during a rolling release) is left out until
 * this instance restarts: its text is not in memory.
 */
export function wordsJson(deck: Deck, rows: readonly WordRow[]): JsonText<Word[]> {
  const { heads } = deck.lists();
  const words: string[] = [];
  for (const row of rows) {
    if (row.owner_id !== null) {
      words.push(JSON.stringify(Word.parse(toWord(row))));
      continue;
    }
    const i = deck.indexOf.get(row.id);
    const card =
      row.answered_correctly === null
        ? undefined
        : { answered_correctly: row.answered_correctly, due: row.due ?? Number.NaN };
    if (i !== undefined) words.push(heads[i] + tail(card));
  }
  return new JsonText(`[${words.join(',')}]`);
}

const deckQuery = prepared(['language'], (p: { language: string }, db) =>
  db
    .selectFrom('words')
    .select(DECK_COLUMNS)
    .where('language', '=', p.language)
    .where('owner_id', 'is', null)
    .where('active', '=', 1)
    .orderBy('rank')
    .orderBy('id'),
);

/**
 * Each language's deck, read once and kept in memory as rows; as words and JSON once a whole list asks for them, and
 * as the answer checker's lexicon once a typed answer is judged. Decks are the same for everyone and change only when
 * this process loads them (deck-loader's generation), so requests read only a learner's cards and own words from the
 * database. Another instance loading a
 * changed deck (a rolling release) is seen here at this instance's next start, with its own release's deck.
 */
export class DeckCache {
  private readonly decks = new Map<LanguageCode, Promise<Deck>>();

  constructor(private readonly db: Db) {}

  async deck(language: LanguageCode): Promise<Deck> {
    const generation = deckGeneration(this.db);
    const cached = this.decks.get(language);
    if (cached) {
      const deck = await cached;
      if (deck.generation === generation) return deck;
    }
    const loading = deckQuery.execute(this.db.kysely, { language }).then((rows): Deck => {
      const ids = rows.map((r) => r.id);
      let lists: DeckLists | undefined;
      let lexicon: Lexicon | undefined;
      return {
        generation,
        rows,
        ids,
        indexOf: new Map(ids.map((id, i) => [id, i])),
        lists: () => (lists ??= buildLists(rows)),
        lexicon: () =>
          (lexicon ??= buildLexicon(
            rows.map((r) => ({ ...r, translations: splitTranslations(r.translation) })),
            getLanguage(language),
          )),
      };
    });
    this.decks.set(language, loading);
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (this.decks.get(language) === loading) this.decks.delete(language);
    });
    return loading;
  }

  /** A deck word of the language by its id, or undefined (an own word, another language's, or none). */
  async row(language: LanguageCode, wordId: number): Promise<DeckRow | undefined> {
    const deck = await this.deck(language);
    const i = deck.indexOf.get(wordId);
    return i === undefined ? undefined : deck.rows[i];
  }
}

function buildLists(rows: DeckRow[]): DeckLists {
  const built = rows.map((r) => toWord({ ...r, answered_correctly: null, due: null }));
  // Our own rows: checked against the schema where the development checks run (tests), not on every start.
  const words = DEVELOPMENT_CHECKS ? WordList.parse(built) : built;
  const heads = words.map(({ answeredCorrectly: _a, due: _d, ...rest }) => JSON.stringify(rest).slice(0, -1));
  return { words, heads, json: `[${heads.map((h) => h + tail(undefined)).join(',')}]` };
}
