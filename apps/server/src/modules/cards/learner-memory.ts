import { validParameters } from '@vocab/core';
import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

const parametersQuery = prepared(['learnerId', 'language'], (p: { learnerId: string; language: string }, db) =>
  db
    .selectFrom('memory_models')
    .select(['parameters', 'retention_offset'])
    .where('learner_id', '=', p.learnerId)
    .where('language', '=', p.language),
);

// Parsed parameters by their stored text: an answer reads the text and gets the same array without parsing it again.
const parsed = new Map<string, readonly number[] | null>();

/** Stored parameters as numbers: null for none, or for a text that is not valid parameters. */
export function parseParameters(text: string | null | undefined): readonly number[] | null {
  if (!text) return null;
  let value = parsed.get(text);
  if (value === undefined) {
    try {
      value = validParameters(JSON.parse(text));
    } catch {
      value = null;
    }
    if (parsed.size >= 5_000) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, value);
  }
  return value;
}

/** What a learner's answers in a language are scheduled with: their memory model (memory.repository.ts). */
export interface LearnerMemory {
  /** Their fitted FSRS parameters, or null for FSRS's defaults. */
  parameters: readonly number[] | null;
  /** Added to their desired retention (core `retentionCorrection`). */
  retentionOffset: number;
}

export async function learnerMemory(
  db: Kysely<Database> | Transaction<Database>,
  learnerId: string,
  language: string,
): Promise<LearnerMemory> {
  return memoryOf(await parametersQuery.executeTakeFirst(db, { learnerId, language }));
}

/** A memory model's stored columns (none: the defaults), as answers are scheduled with them. */
export function memoryOf(
  row: { parameters: string | null; retention_offset: number | string | null } | undefined,
): LearnerMemory {
  const parameters = parseParameters(row?.parameters);
  return { parameters, retentionOffset: parameters ? Number(row?.retention_offset ?? 0) : 0 };
}
