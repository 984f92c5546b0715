import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';

/**
 * Who a request acts for: an account or a guest, as the session gives it. Every module that names a user takes
 * this; only the auth module makes one (from a session or a login).
 */
export interface Learner {
  id: string;
  /** Null for a guest. */
  username: string | null;
  /** FSRS desired retention: every answer's scheduling needs it, so the session lookup brings it along. */
  desiredRetention: number;
  /** The learner's setting: the server judges typed answers as the learner's quiz does. */
  strictAccents: boolean;
}

/**
 * Who a write acts for. A visitor's first write makes them a guest, and the guest and its session are written in
 * the same unit of work as what the request writes (`writeAs`): a request that fails leaves no guest behind, so no
 * route checks a visitor's request beforehand. The guest's cookie is set once that unit has committed.
 */
export interface LearnerClaim {
  learner: Learner;
  /** A new guest's rows (the user and its session), written first in the unit of work. */
  create?: (trx: Transaction<Database>) => Promise<void>;
  /** The new guest's session starts on the request (its cookie), after the commit. */
  started?: () => void;
}

/**
 * The unit of work of every write a learner's request makes: the claim's guest (if any) and `work`, in one write
 * transaction (`Db.writeTransaction`), then the guest's session on the request.
 */
export async function writeAs<T>(
  db: Db,
  claim: LearnerClaim,
  work: (trx: Transaction<Database>, learner: Learner) => Promise<T>,
): Promise<T> {
  const value = await db.writeTransaction(async (trx) => {
    await claim.create?.(trx);
    return work(trx, claim.learner);
  });
  claim.started?.();
  return value;
}
