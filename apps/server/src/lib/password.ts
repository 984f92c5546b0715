import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). @node-rs/argon2 hashes on
 * libuv's thread pool, so logins never block the event loop.
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core but one at a time (and at least one). Without this, a burst of logins fills libuv's four
 * threads
 * and, on a small machine, leaves the event loop no core: every learner's answer waits behind the hashing.
 * Logins queue instead (docs/performance.md measures both).
 */
const hashing = pLimit(Math.max(1, os.availableParallelism() - 1));

export const hashPassword = (password: string): Promise<string> => hashing(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, verified when the username is unknown, so that an unknown user and a wrong
 * password cost the same time and cannot be told apart.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
