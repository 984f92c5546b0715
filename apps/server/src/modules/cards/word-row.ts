import type { Word } from '@vocab/api';
import { splitTranslations } from '@vocab/core';
import type { Selectable } from 'kysely';
import type { WordsTable } from '../../db/schema.js';

/** A word row with the learner's card of it (null columns when never studied). */
export type WordRow = Omit<Selectable<WordsTable>, 'language' | 'active' | 'word_key'> & {
  answered_correctly: number | null;
  due: number | null;
};

/** A word's columns as `WordRow` has them, in queries that name the words table `w`. */
export const WORD_COLUMNS = [
  'w.id',
  'w.word',
  'w.translation',
  'w.pos',
  'w.article',
  'w.note',
  'w.hint',
  'w.example',
  'w.example_translation',
  'w.rank',
  'w.owner_id',
] as const;

export const toWord = (row: WordRow): Word => ({
  _id: String(row.id),
  word: row.word,
  translation: row.translation,
  translations: splitTranslations(row.translation),
  answeredCorrectly: row.answered_correctly === 1,
  article: row.article,
  pos: row.pos,
  note: row.note,
  hint: row.hint,
  example: row.example || null,
  exampleTranslation: row.example_translation || null,
  rank: row.rank,
  own: row.owner_id !== null,
  due: row.due ?? null,
});
