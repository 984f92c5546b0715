import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { type Learner, type LearnerClaim, writeAs } from '../../lib/learner.js';
import { CardStore } from './card-store.js';

/** What the work of a unit gets: the learner's cards, the learner, and the transaction for the caller's own tables. */
export interface CardWork {
  cards: CardStore;
  learner: Learner;
  /**
   * The unit's transaction, for the caller's own tables (a placement's result, an account's other rows). The card
   * tables are written only through `cards` (lint holds every other module to it).
   */
  trx: Transaction<Database>;
}

/**
 * The card's whole life goes through here: answering and undoing, marking known (placement), own words and
 * imports, a chosen start, a guest's merge into an account, an account's deletion. Each is one unit of work
 * (`run`): one write transaction, shared with other answers' commit on SQLite (db/group-commit.ts), holding the
 * request's new guest when a visitor's write makes one (lib/learner.ts), so that a request that fails writes nothing.
 *
 * The work gets a CardStore bound to the transaction and never the database handle: a query outside the
 * transaction would, on SQLite, wait for the lock its own commit holds (db/write-guard.ts makes it throw as well).
 */
export class Cards {
  constructor(private readonly db: Db) {}

  run<T>(claim: LearnerClaim, work: (unit: CardWork) => Promise<T>): Promise<T> {
    return writeAs(this.db, claim, (trx, learner) =>
      work({ cards: new CardStore(trx, this.db.dialect), learner, trx }),
    );
  }

  /** The unit of work of a job outside any request (the memory fit's new card states): the same, without a claim. */
  runJob<T>(work: (cards: CardStore) => Promise<T>): Promise<T> {
    return this.db.writeTransaction((trx) => work(new CardStore(trx, this.db.dialect)));
  }
}
