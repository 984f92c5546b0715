import { Word, WordList } from '@vocab/api';
import type { Direction } from '@vocab/core';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { deckGeneration } from '../content/deck-loader.js';
import { toWord } from './word-row.js';

const WORD_COLUMNS = ['id', 'word', 'translation', 'pos', 'article', 'note', 'hint', 'example', 'example_translation', 'rank', 'owner_id'] as const;

interface Deck {
  generation: number;
  /** Word ids, in the order of `words`. */
  ids: number[];
  /** The deck as a visitor sees it: no word studied. Shared: never modified. */
  words: Word[];
  /** Each word as JSON without its closing brace and its progress fields, which each list appends. */
  heads: string[];
  /** The visitor's list as JSON. */
  json: string;
}

interface Card {
  answered_correctly: number;
  due: number;
}

/** The progress fields that end each word of a list's JSON. */
function tail(card: Card | undefined): string {
  if (!card) return ',"answeredCorrectly":false,"due":null}';
  const due = Number(card.due);
  return `,"answeredCorrectly":${card.answered_correctly === 1},"due":${Number.isFinite(due) ? due : null}}`;
}

/**
 * A learner's whole list of a language (SPEC.md §7 `GET /api/{language}`, a record's `wordsLearned`): the deck, in
 * frequency order, then the learner's own words, each with the learner's progress on one card.
 *
 * The deck is the same for everyone, so it is read once per language and kept in memory, as words and as JSON
 * (validated against the Word schema once, when read); a deck loaded again by this process (deck-loader's
 * generation) is read anew. A request then reads only the learner's cards of the language (one range of the
 * progress_due index) and their own words, and merges them in. Another instance loading a changed deck (a rolling
 * release) is seen here at this instance's next start, with its own release's deck.
 */
export class WordLists {
  private readonly decks = new Map<string, Promise<Deck>>();

  // Built on first use (prepared compiles lazily), when the constructor has set `db`.
  private readonly queries = (() => {
    const db = () => this.db.kysely;
    return {
      deck: prepared((p: { language: string }) =>
        db().selectFrom('words').select(WORD_COLUMNS).where('language', '=', p.language).where('owner_id', 'is', null).where('active', '=', 1).orderBy('rank').orderBy('id'),
      ),
      own: prepared((p: { learnerId: string; language: string }) =>
        db().selectFrom('words').select(WORD_COLUMNS).where('owner_id', '=', p.learnerId).where('language', '=', p.language).where('active', '=', 1).orderBy('id'),
      ),
      cards: prepared((p: { learnerId: string; language: string; direction: Direction }) =>
        db()
          .selectFrom('progress')
          .select(['word_id', 'answered_correctly', 'due'])
          .where('learner_id', '=', p.learnerId)
          .where('language', '=', p.language)
          .where('direction', '=', p.direction),
      ),
    };
  })();

  constructor(private readonly db: Db) {}

  /** The deck of a language as a visitor sees it. */
  private async deck(language: string): Promise<Deck> {
    const generation = deckGeneration(this.db);
    const cached = this.decks.get(language);
    if (cached) {
      const deck = await cached;
      if (deck.generation === generation) return deck;
    }
    const loading = this.queries.deck.execute(this.db.kysely, { language }).then((rows): Deck => {
      const words = WordList.parse(rows.map((r) => toWord({ ...r, answered_correctly: null, due: null })));
      const heads = words.map(({ answeredCorrectly: _a, due: _d, ...rest }) => JSON.stringify(rest).slice(0, -1));
      return { generation, ids: rows.map((r) => r.id), words, heads, json: `[${heads.map((h) => h + tail(undefined)).join(',')}]` };
    });
    this.decks.set(language, loading);
    // A failed read is not kept: the next request tries again.
    loading.catch(() => {
      if (this.decks.get(language) === loading) this.decks.delete(language);
    });
    return loading;
  }

  private async learnerParts(learnerId: string, language: string, direction: Direction) {
    const [deck, own, cards] = await Promise.all([
      this.deck(language),
      this.queries.own.execute(this.db.kysely, { learnerId, language }),
      this.queries.cards.execute(this.db.kysely, { learnerId, language, direction }),
    ]);
    const progress = new Map<number, Card>(cards.map((c) => [Number(c.word_id), c]));
    const ownWords = own.map((row) => {
      const card = progress.get(row.id);
      return Word.parse(toWord({ ...row, answered_correctly: card?.answered_correctly ?? null, due: card?.due ?? null }));
    });
    return { deck, progress, ownWords };
  }

  /** The whole list of a language for a learner (null: a visitor, who has no cards and no words of their own). */
  async list(learnerId: string | null, language: string, direction: Direction): Promise<Word[]> {
    if (learnerId === null) return (await this.deck(language)).words;
    const { deck, progress, ownWords } = await this.learnerParts(learnerId, language, direction);
    const words = deck.words.map((word, i) => {
      const card = progress.get(deck.ids[i] ?? 0);
      return card ? { ...word, answeredCorrectly: card.answered_correctly === 1, due: card.due } : word;
    });
    return [...words, ...ownWords];
  }

  /**
   * The same list as JSON, built from the deck's JSON and the learner's cards without serialising the deck again:
   * the largest answer of the API, asked for on every visit of the original client's quizzes.
   */
  async listJson(learnerId: string | null, language: string, direction: Direction): Promise<string> {
    if (learnerId === null) return (await this.deck(language)).json;
    const { deck, progress, ownWords } = await this.learnerParts(learnerId, language, direction);
    const parts = deck.heads.map((head, i) => head + tail(progress.get(deck.ids[i] ?? 0)));
    for (const word of ownWords) parts.push(JSON.stringify(word));
    return `[${parts.join(',')}]`;
  }
}
