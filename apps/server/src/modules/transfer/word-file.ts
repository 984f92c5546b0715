import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LINES, IMPORT_MAX_TRANSLATION } from '@vocab/api';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../lib/errors.js';
import { fromSpreadsheetSafe } from './formula-cells.js';

export type Encoding = 'utf-8' | 'utf-16le' | 'windows-1252';
export type Separator = 'tab' | 'comma' | 'semicolon';

export interface FileRecord {
  /** The line the record ends on, 1-based (a quoted field may span lines). */
  line: number;
  fields: string[];
}

export interface WordFile {
  encoding: Encoding;
  separator: Separator;
  headerSkipped: boolean;
  /** The skipped first line's column names, lower case: which columns hold a sentence and its translation. */
  header: string[] | null;
  records: FileRecord[];
}

const DELIMITERS: Record<Separator, string> = { tab: '\t', comma: ',', semicolon: ';' };
/**
 * The longest field and line read, in characters. No value an import takes is longer than IMPORT_MAX_TRANSLATION
 * (300: a translation, a sentence or its translation); a field over three times that is no value but a file read
 * wrongly (a quotation mark never closed, a separator not found), and the file is refused as soon as it is seen,
 * before the rest is parsed: a 5 MB field took seconds of the event loop. A line holds four such values and
 * columns the import ignores (Anki's tags).
 */
export const FIELD_MAX_CHARS = IMPORT_MAX_TRANSLATION * 3 + 100;
const LINE_MAX_CHARS = FIELD_MAX_CHARS * 4;
/** Bytes decoded and parsed between two yields to the event loop: a 5 MB file is read in 80 slices. */
const SLICE_BYTES = 64 * 1024;
/** First cells that name columns rather than hold a word: ours, Quizlet's, Anki's and a spreadsheet's. */
const WORD_HEADERS = new Set(['word', 'words', 'term', 'front', 'foreign', 'vocabulary']);
const TRANSLATION_HEADERS = new Set(['translation', 'translations', 'definition', 'back', 'english', 'meaning']);

const notText = () =>
  badRequest('not_text', 'This file is not a text file. Save it as CSV or as tab-separated text and try again.');
export const fileTooLarge = () =>
  new AppError(
    413,
    'file_too_large',
    `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  );
const tooManyLines = () =>
  badRequest(
    'too_many_lines',
    `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en')} lines. Split it into smaller files.`,
  );

/**
 * The encoding of a file's bytes: a byte-order mark says UTF-16; otherwise UTF-8 is tried first, and Windows-1252
 * taken if the bytes are not valid UTF-8 (what Excel writes on Western-European Windows; it is a superset of
 * Latin-1 in every printable character). A wrongly guessed file shows its mistakes in the preview before anything
 * is saved.
 */
const firstGuess = (bytes: Uint8Array): Encoding => (bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : 'utf-8');

/**
 * The separator, as Anki guesses it, from the first line that is not a comment (in the file's first 64 KB): a tab
 * if there is one (Quizlet's "term<TAB>definition"), else a semicolon if there are more of them than commas
 * (spreadsheets in locales whose decimal mark is a comma), else a comma. Separators inside quotes do not count.
 */
export function detectSeparator(text: string): Separator {
  const first = firstLine(text);
  const unquoted = first.replace(/"[^"]*"/g, '');
  if (unquoted.includes('\t')) return 'tab';
  const count = (c: string) => unquoted.split(c).length - 1;
  return count(';') > count(',') ? 'semicolon' : 'comma';
}

/** The first line that is not empty or a comment, cut at the longest line read. */
function firstLine(text: string): string {
  for (let start = 0; start < text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, Math.min(end, start + LINE_MAX_CHARS + 1));
    if (line.trim() !== '' && !line.startsWith('#')) return line;
    start = end + 1;
  }
  return '';
}

/**
 * Reads a word file: comma-, semicolon- or tab-separated, quoted fields (holding separators, quotes and line
 * breaks) as RFC 4180 and Anki write them, CRLF or LF, lines starting with "#" (Anki's headers) ignored. Reading
 * yields to the event loop every 64 KB, so a large file never holds up other requests for long.
 */
export async function readWordFile(bytes: Uint8Array): Promise<WordFile> {
  if (bytes.length > IMPORT_MAX_BYTES) throw fileTooLarge();
  const encoding = firstGuess(bytes);
  try {
    return await parseWords(bytes, encoding);
  } catch (err) {
    // Bytes that are not UTF-8, found wherever they are: the file is read again as Windows-1252.
    if (encoding === 'utf-8' && err instanceof TypeError) return parseWords(bytes, 'windows-1252');
    throw err;
  }
}

/**
 * Decodes and parses a slice at a time, so that a line longer than any line of words is refused as soon as it is
 * read, before the rest of the file is even decoded; the event loop gets a turn between slices.
 */
async function parseWords(bytes: Uint8Array, encoding: Encoding): Promise<WordFile> {
  // fatal: a byte sequence that is not UTF-8 throws (a TypeError), where it would become U+FFFD.
  const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  const decodeSlice = (start: number) => {
    const end = Math.min(start + SLICE_BYTES, bytes.length);
    const text = decoder.decode(bytes.subarray(start, end), { stream: end < bytes.length });
    // No text file holds a NUL character; a spreadsheet, a zip or an image does.
    if (text.includes('\u0000')) throw notText();
    return text;
  };
  const firstSlice = decodeSlice(0);
  const separator = detectSeparator(firstSlice);
  const records: FileRecord[] = [];
  const parser = parse({
    delimiter: DELIMITERS[separator],
    bom: true,
    comment: '#',
    comment_no_infix: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    info: true,
    max_record_size: LINE_MAX_CHARS,
  });
  let failure: unknown = null;
  parser.on('error', (err) => {
    failure = err;
  });
  parser.on('data', ({ record, info }: { record: string[]; info: { lines: number } }) => {
    if (record.some((field) => field.length > FIELD_MAX_CHARS)) {
      parser.destroy(lineTooLong(info.lines));
      return;
    }
    records.push({ line: info.lines, fields: record.map(fromSpreadsheetSafe) });
  });
  // The decoder keeps a character split between two slices until the next one, so no write splits one.
  for (let start = 0; start < bytes.length && !failure; start += SLICE_BYTES) {
    parser.write(start === 0 ? firstSlice : decodeSlice(start));
    if (records.length > IMPORT_MAX_LINES + 1) throw tooManyLines();
    await yieldToEventLoop();
  }
  if (!failure) {
    const ended = new Promise<void>((resolve) => parser.once('end', resolve).once('error', () => resolve()));
    parser.end();
    await ended;
  }
  if (failure) throw unreadable(failure);
  const first = records[0]?.fields.map((f) => f.trim().toLowerCase());
  const headerSkipped =
    first !== undefined && WORD_HEADERS.has(first[0] ?? '') && TRANSLATION_HEADERS.has(first[1] ?? '');
  if (headerSkipped) records.shift();
  if (records.length > IMPORT_MAX_LINES) throw tooManyLines();
  return { encoding, separator, headerSkipped, header: headerSkipped ? (first ?? null) : null, records };
}

const lineTooLong = (line: number | undefined) =>
  badRequest(
    'line_too_long',
    `${line === undefined ? 'A line' : `Line ${line}`} is longer than a line of words can be (more than ` +
      `${FIELD_MAX_CHARS.toLocaleString('en')} characters in a column, or ${LINE_MAX_CHARS.toLocaleString('en')} in ` +
      'all): check the separators and quotation marks.',
  );

function unreadable(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    if (err.code === 'CSV_MAX_RECORD_SIZE') return lineTooLong(line);
    const where = typeof line === 'number' ? ` (line ${line})` : '';
    if (err.code === 'CSV_QUOTE_NOT_CLOSED')
      return badRequest('bad_file', `A quoted field is never closed${where}: check the quotation marks.`);
    return badRequest('bad_file', `The file could not be read as CSV or tab-separated text${where}.`);
  }
  return badRequest('bad_file', 'The file could not be read as CSV or tab-separated text.');
}
