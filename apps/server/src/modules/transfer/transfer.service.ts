import { Readable } from 'node:stream';
import {
  IMPORT_MAX_TRANSLATION,
  IMPORT_MAX_WORD,
  type ImportLine,
  type ImportPreview,
  type ImportResult,
  lineTextProblem,
  type WordExportFormat,
} from '@vocab/api';
import {
  LANGUAGES,
  type LanguageCode,
  exampleSentence,
  getLanguage,
  ownExample,
  primaryDirection,
  sentenceText,
} from '@vocab/core';
import { stringify } from 'csv-stringify/sync';
import { badRequest } from '../../lib/errors.js';
import { wordKey } from '../../lib/word-key.js';
import type { Learner, LearnerClaim } from '../../lib/learner.js';
import type { Cards } from '../cards/cards.js';
import { spreadsheetSafe } from './formula-cells.js';
import { EXPORT_PAGE, type ExportWordRow, type TransferRepository } from './transfer.repository.js';
import { readWordFile } from './word-file.js';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  anki: 'text/plain; charset=utf-8',
};
const EXTENSIONS = { csv: 'csv', tsv: 'tsv', anki: 'txt' };
const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
/**
 * Fields quoted when they hold the separator, a quote or a line break (RFC 4180, and what Anki reads); text a
 * spreadsheet would run as a formula gets a quote in front (formula-cells.ts), and one starting with "#" is quoted so
 * that no reader (ours, Anki) takes its line for a comment. Numbers are written as they are.
 */
const rows = (records: Array<Array<string | number>>, delimiter: string) =>
  stringify(records, { delimiter, record_delimiter: 'unix', quoted_match: /^#/, cast: { string: spreadsheetSafe } });

/** Exports of a learner's words and review log, and imports of own words, for one language at a time. */
export class TransferService {
  constructor(
    private readonly repo: TransferRepository,
    private readonly cards: Cards,
  ) {}

  /**
   * The words of a language with the caller's progress: CSV or TSV with a header, or Anki's text import with its
   * file headers (one Basic note per word, the foreign word on the front). Read and sent a page at a time.
   */
  exportWords(learner: Learner | null, language: LanguageCode, format: WordExportFormat): ExportFile {
    const repo = this.repo;
    const direction = primaryDirection(language);
    const name = LANGUAGES.find((l) => l.code === language)?.name ?? language;
    const delimiter = format === 'csv' ? ',' : '\t';
    async function* lines(): AsyncGenerator<string> {
      yield format === 'anki'
        ? [
            '#separator:tab',
            '#html:false',
            '#notetype:Basic',
            `#deck:Vocab::${name}`,
            `#tags:vocab ${language}`,
            '#columns:Front\tBack',
            '',
          ].join('\n')
        : rows(
            [
              [
                'word',
                'translations',
                'article',
                'note',
                'source',
                'learned',
                'due',
                'reviews',
                'example',
                'example_translation',
              ],
            ],
            delimiter,
          );
      for (let after = 0; ;) {
        const page = await repo.wordPage({ learnerId: learner?.id ?? null, language, direction, afterId: after });
        if (page.length === 0) return;
        yield format === 'anki'
          ? rows(
              page.map((w) => [w.article ? `${w.article} ${w.word}` : w.word, ankiBack(w)]),
              delimiter,
            )
          : rows(
              page.map((w) => [
                w.word,
                w.translation,
                w.article,
                w.note,
                w.owner_id === null ? 'deck' : 'own',
                w.answered_correctly === 1 ? 'yes' : 'no',
                w.reps ? iso(w.due) : '',
                Number(w.reviews ?? 0),
                w.example,
                w.example_translation,
              ]),
              delimiter,
            );
        if (page.length < EXPORT_PAGE) return;
        after = page[page.length - 1]?.id ?? after;
      }
    }
    const kind = format === 'anki' ? 'anki' : 'words';
    return {
      filename: `vocab-${language}-${kind}.${EXTENSIONS[format]}`,
      contentType: CONTENT_TYPES[format],
      body: Readable.from(lines()),
    };
  }

  /**
   * The review log of a language for FSRS optimisers: one row per answer, oldest first. The card id is the word's
   * id times two plus the card (0 recognise, 1 recall); review_time is epoch milliseconds (UTC); `scheduled` is 0 for
   * practice answers that did not reschedule the card, which an optimiser should leave out.
   */
  exportReviews(learner: Learner | null, language: LanguageCode, format: 'csv' | 'tsv'): ExportFile {
    const repo = this.repo;
    const delimiter = format === 'csv' ? ',' : '\t';
    async function* lines(): AsyncGenerator<string> {
      yield rows(
        [
          [
            'card_id',
            'word',
            'direction',
            'review_time',
            'review_rating',
            'verdict',
            'elapsed_days',
            'review_state',
            'scheduled',
          ],
        ],
        delimiter,
      );
      if (!learner) return;
      for (let after = 0; ;) {
        const page = await repo.reviewPage(learner.id, language, after);
        if (page.length === 0) return;
        yield rows(
          page.map((r) => [
            r.word_id * 2 + (r.direction === 'recall' ? 1 : 0),
            r.word,
            r.direction,
            Number(r.reviewed_at),
            r.rating,
            r.verdict,
            r.elapsed_days,
            r.state,
            r.scheduled,
          ]),
          delimiter,
        );
        if (page.length < EXPORT_PAGE) return;
        after = page[page.length - 1]?.id ?? after;
      }
    }
    return {
      filename: `vocab-${language}-reviews.${EXTENSIONS[format]}`,
      contentType: CONTENT_TYPES[format],
      body: Readable.from(lines()),
    };
  }

  /** What an import of the file would add, line by line; nothing is written. */
  async previewImport(learner: Learner | null, language: LanguageCode, bytes: Uint8Array): Promise<ImportPreview> {
    const file = await readWordFile(bytes);
    const keys = await this.repo.wordKeys(learner?.id ?? null, language);
    const seen = new Map<string, number>();
    const { locale } = getLanguage(language);
    const columns = exampleColumns(file.header);
    const lines = file.records.map((record): ImportLine => {
      const word = (record.fields[0] ?? '').trim().normalize('NFC');
      const translation = (record.fields[1] ?? '').trim().normalize('NFC');
      const key = wordKey(word);
      // A line refused for its word or translation is not checked further: its sentence is looked for by a pattern
      // built from the word, and a word of any length would make one too large to compile.
      const wordError = lineError(word, translation);
      const sentence = wordError
        ? null
        : ownExample({
            word,
            example: field(record.fields, columns.example),
            translation: field(record.fields, columns.translation),
            locale,
          });
      const error = wordError ?? sentenceError(sentence) ?? duplicateError(key, keys, seen);
      if (!error && !seen.has(key)) seen.set(key, record.line);
      const example = sentence && !('error' in sentence) ? sentence : null;
      return {
        line: record.line,
        word: word.slice(0, IMPORT_MAX_WORD + 20),
        translation: translation.slice(0, IMPORT_MAX_TRANSLATION + 20),
        error,
        ...(example ? { example: example.example, exampleTranslation: example.translation } : {}),
      };
    });
    const valid = lines.filter((l) => l.error === null).length;
    return {
      encoding: file.encoding,
      separator: file.separator,
      headerSkipped: file.headerSkipped,
      lines,
      valid,
      invalid: lines.length - valid,
    };
  }

  /**
   * Adds the file's valid lines as own words in one unit of work; lines with an error are skipped, as previewed. A
   * visitor becomes a guest only by adding something: an import that would add nothing is refused (400), and the
   * guest it would have made is never written.
   */
  async confirmImport(claim: LearnerClaim, language: LanguageCode, bytes: Uint8Array): Promise<ImportResult> {
    const preview = await this.previewImport(claim.learner, language, bytes);
    const words = preview.lines
      .filter((l) => l.error === null)
      .map(({ word, translation, example, exampleTranslation }) => ({
        word,
        translation,
        example: example ?? '',
        exampleTranslation: exampleTranslation ?? '',
      }));
    if (words.length === 0 && claim.create) throw nothingToImport();
    const added = await this.cards.run(
      claim,
      async ({ cards, learner }) => (await cards.addOwnWords(learner.id, language, words)).length,
    );
    return { added, skipped: preview.lines.length - added };
  }
}

export const nothingToImport = () =>
  badRequest('nothing_to_import', 'No line of this file can be added: see the errors in the preview.');

/**
 * The Anki card's back: the translations, the note, and the word's sentence with its English on lines of their own
 * (a quoted field may hold line breaks; Anki keeps them).
 */
function ankiBack(w: ExportWordRow): string {
  const back = w.note ? `${w.translation} (${w.note})` : w.translation;
  const sentence = exampleSentence(w.example, w.example_translation);
  return sentence ? `${back}\n\n${sentenceText(sentence)}\n${sentence.translation}` : back;
}

/**
 * Where a line's sentence and its translation are: the columns so named in a first line of column names (our own
 * export's `example`, `example_translation`), else the third and fourth columns.
 */
function exampleColumns(header: string[] | null): { example: number; translation: number } {
  if (!header) return { example: 2, translation: 3 };
  const example = header.findIndex((h) => h === 'example' || h === 'sentence');
  const translation = header.findIndex((h) => h === 'example_translation' || h === 'sentence_translation');
  return { example, translation };
}

const field = (fields: string[], index: number): string => (index < 0 ? '' : (fields[index] ?? ''));

function sentenceError(sentence: ReturnType<typeof ownExample>): string | null {
  if (!sentence) return null;
  if ('error' in sentence) return sentence.error;
  const problem = lineTextProblem(sentence.example) ?? lineTextProblem(sentence.translation);
  if (problem) return `The sentence or its translation ${problem}.`;
  if (Math.max(sentence.example.length, sentence.translation.length) > IMPORT_MAX_TRANSLATION) {
    return `The sentence or its translation is too long (at most ${IMPORT_MAX_TRANSLATION} characters).`;
  }
  return null;
}

function lineError(word: string, translation: string): string | null {
  if (word === '') return 'The word is missing.';
  if (translation === '') return 'The translation is missing.';
  const problem = lineTextProblem(word) ?? lineTextProblem(translation);
  if (problem) return `The word or its translation ${problem}.`;
  if (word.length > IMPORT_MAX_WORD) return `The word is too long (at most ${IMPORT_MAX_WORD} characters).`;
  if (translation.length > IMPORT_MAX_TRANSLATION)
    return `The translation is too long (at most ${IMPORT_MAX_TRANSLATION} characters).`;
  return null;
}

function duplicateError(
  key: string,
  keys: { deck: Set<string>; own: Set<string> },
  seen: Map<string, number>,
): string | null {
  if (keys.deck.has(key)) return 'This word is in the deck already.';
  if (keys.own.has(key)) return 'You have added this word already.';
  const line = seen.get(key);
  return line === undefined ? null : `This word is on line ${line} already.`;
}
