import { Word } from '@vocab/api';
import type { Direction, LanguageCode } from '@vocab/core';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { JsonText } from '../../lib/json-text.js';
import { type CardFields, DECK_COLUMNS, type DeckCache, tail } from './deck-cache.js';
import { toWord } from '../cards/word-row.js';

/**
 * A learner's whole list of a language (`GET /api/{language}`, a record's `wordsLearned`): the deck, in frequency
 * order, then the learner's own words, each with the learner's card in one direction. The deck comes from memory
 * (deck-cache.ts); a request reads only the learner's cards of the language (one range of the progress_due index)
 * and their own words, and merges them in.
 */
export class WordLists {
  // Built on first use (prepared compiles lazily), when the constructor has set `db`.
  private readonly queries = (() => {
    const db = () => this.db.kysely;
    return {
      own: prepared(['learnerId', 'language'], (p: { learnerId: string; language: string }) =>
        db()
          .selectFrom('words')
          .select(DECK_COLUMNS)
          .where('owner_id', '=', p.learnerId)
          .where('language', '=', p.language)
          .where('active', '=', 1)
          .orderBy('id'),
      ),
      cards: prepared(
        ['learnerId', 'language', 'direction'],
        (p: { learnerId: string; language: string; direction: Direction }) =>
          db()
            .selectFrom('progress')
            .select(['word_id', 'answered_correctly', 'due'])
            .where('learner_id', '=', p.learnerId)
            .where('language', '=', p.language)
            .where('direction', '=', p.direction),
      ),
    };
  })();

  constructor(
    private readonly db: Db,
    private readonly decks: DeckCache,
  ) {}

  private async learnerParts(learnerId: string, language: LanguageCode, direction: Direction) {
    const [deck, own, rows] = await Promise.all([
      this.decks.deck(language),
      this.queries.own.execute(this.db.kysely, { learnerId, language }),
      this.queries.cards.execute(this.db.kysely, { learnerId, language, direction }),
    ]);
    const cards = new Map<number, CardFields>(rows.map((c) => [Number(c.word_id), c]));
    const ownWords = own.map((row) => {
      const card = cards.get(row.id);
      return Word.parse(
        toWord({ ...row, answered_correctly: card?.answered_correctly ?? null, due: card?.due ?? null }),
      );
    });
    return { deck, cards, ownWords };
  }

  /** The whole list of a language for a learner (null: a visitor, who has no cards and no words of their own). */
  async list(learnerId: string | null, language: LanguageCode, direction: Direction): Promise<Word[]> {
    if (learnerId === null) return (await this.decks.deck(language)).lists().words;
    const { deck, cards, ownWords } = await this.learnerParts(learnerId, language, direction);
    const words = deck.lists().words.map((word, i) => {
      const card = cards.get(deck.ids[i] ?? 0);
      return card ? { ...word, answeredCorrectly: card.answered_correctly === 1, due: card.due } : word;
    });
    return [...words, ...ownWords];
  }

  /**
   * The same list as JSON, built from the deck's JSON and the learner's cards without serialising the deck again:
   * the largest answer of the API, asked for on every visit of the original client's quizzes.
   */
  async listJson(learnerId: string | null, language: LanguageCode, direction: Direction): Promise<JsonText<Word[]>> {
    if (learnerId === null) return new JsonText((await this.decks.deck(language)).lists().json);
    const { deck, cards, ownWords } = await this.learnerParts(learnerId, language, direction);
    const parts = deck.lists().heads.map((head, i) => head + tail(cards.get(deck.ids[i] ?? 0)));
    for (const word of ownWords) parts.push(JSON.stringify(word));
    return new JsonText(`[${parts.join(',')}]`);
  }
}
