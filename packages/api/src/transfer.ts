import { z } from 'zod';

/** Import and export of a learner's words. The limits are the server's; the web app shows them. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_LINES = 10_000;
/** The longest word and translation an import takes: those of the add-word form (AddWordBody). */
export const IMPORT_MAX_WORD = 100;
export const IMPORT_MAX_TRANSLATION = 300;

/** `GET /api/{language}/export/words`: the words and the caller's cards for them. */
export const WordExportQuery = z.object({ format: z.enum(['csv', 'tsv', 'anki']).default('csv') });
export type WordExportFormat = z.infer<typeof WordExportQuery>['format'];

/** `GET /api/{language}/export/reviews`: the caller's review log of the language. */
export const ReviewExportQuery = z.object({ format: z.enum(['csv', 'tsv']).default('csv') });

/** One line of an import file as the server read it, with why it would not be added (null when it would). */
export const ImportLine = z.object({
  /** The file's line the record ends on (1-based). */
  line: z.number(),
  word: z.string(),
  translation: z.string(),
  error: z.string().nullable(),
  /**
   * The line's sentence (third and fourth columns, or those named `example`, `example_translation`), its form
   * bracketed.
   */
  example: z.string().optional(),
  exampleTranslation: z.string().optional(),
});
export type ImportLine = z.infer<typeof ImportLine>;

export const ImportPreview = z.object({
  encoding: z.enum(['utf-8', 'utf-16le', 'windows-1252']),
  separator: z.enum(['tab', 'comma', 'semicolon']),
  /** A first line naming the columns ("word", "term", …) is not a word. */
  headerSkipped: z.boolean(),
  lines: z.array(ImportLine),
  valid: z.number(),
  invalid: z.number(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  added: z.number(),
  /** Lines with an error, and words someone added in between (the unique key decided). */
  skipped: z.number(),
});
export type ImportResult = z.infer<typeof ImportResult>;
