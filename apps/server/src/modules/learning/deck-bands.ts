import type { DeckBands } from '@vocab/api';
import { type LanguageCode, primaryDirection } from '@vocab/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import type { Learner, LearnerClaim } from '../../lib/learner.js';
import type { Cards } from '../cards/cards.js';
import { storedStart } from '../cards/learning-start.js';

/** Words per band: about a month of daily quizzes, so that a deck of 3,000 is a year in six steps. */
export const BAND_SIZE = 500;

/**
 * A language's deck in bands of BAND_SIZE words by rank, with the learner's learned words in each (the language's
 * own card, as the stats count "learned"), and the start of new words the learner chose ("Start words
 * 1,001–1,500"). The bands come from the deck as loaded, so a deck grown to 3,000 words has six.
 *
 * A chosen start does not move the frontier (docs/decisions/0013): the frontier is where every deck word below has a
 * card, a fact; the start is a wish. The batch walks from the greater of the two, and once the words from the start
 * on run out, takes the words before it that still have no card. A placement result above the start simply wins.
 */
export class DeckBandsService {
  constructor(
    private readonly kysely: Kysely<Database>,
    private readonly cards: Cards,
  ) {}

  async bands(learner: Learner | null, language: LanguageCode): Promise<DeckBands> {
    const direction = primaryDirection(language);
    const band = sql<number>`(w.rank - 1) / ${sql.lit(BAND_SIZE)}`;
    const rows = await this.kysely
      .selectFrom('words as w')
      .leftJoin('progress as p', (join) =>
        join
          .onRef('p.word_id', '=', 'w.id')
          .on('p.learner_id', '=', learner?.id ?? '')
          .on('p.direction', '=', direction),
      )
      .where('w.language', '=', language)
      .where('w.owner_id', 'is', null)
      .where('w.active', '=', 1)
      .select([
        band.as('band'),
        sql<number>`count(*)`.as('words'),
        sql<number>`sum(case when p.answered_correctly = 1 then 1 else 0 end)`.as('learned'),
        sql<number>`max(w.rank)`.as('last'),
      ])
      .groupBy(band)
      .orderBy(band)
      .execute();
    const bands = rows.map((r) => ({
      first: Number(r.band) * BAND_SIZE + 1,
      last: Number(r.last),
      words: Number(r.words),
      learned: Number(r.learned),
    }));
    const start = learner ? await storedStart(this.kysely, learner.id, language) : 0;
    return {
      deckSize: bands.reduce((sum, b) => sum + b.words, 0),
      bandSize: BAND_SIZE,
      bands,
      startRank: Math.max(1, start),
    };
  }

  /** Takes new words from the band starting at `first` on; 1 goes back to the deck's start (the row is removed). */
  async start(claim: LearnerClaim, language: LanguageCode, first: number): Promise<DeckBands> {
    const { bands } = await this.bands(null, language);
    if (!bands.some((b) => b.first === first)) {
      throw badRequest(
        'unknown_band',
        `No band of the ${language} deck starts at word ${first}: bands start at 1, ` +
          `${BAND_SIZE + 1}, ${2 * BAND_SIZE + 1}, … up to the deck's size.`,
      );
    }
    await this.cards.run(claim, ({ cards, learner }) => cards.chooseStart(learner.id, language, first));
    return this.bands(claim.learner, language);
  }
}
