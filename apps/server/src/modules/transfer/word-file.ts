import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { IMPORT_MAX_BYTES, IMPORT_MAX_LINES } from '@vocab/api';
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
/** Characters parsed between two yields to the event loop: a 5 MB file is parsed in about 80 slices. */
const CHUNK_CHARS = 64 * 1024;
/** First cells that name columns rather than hold a word: ours, Quizlet's, Anki's and a spreadsheet's. */
const WORD_HEADERS = new Set(['word', 'words', 'term', 'front', 'foreign', 'vocabulary']);
const TRANSLATION_HEADERS = new Set(['translation', 'translations', 'definition', 'back', 'english', 'meaning']);

export const fileTooLarge = () =>
  new AppError(413, 'file_too_large', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`);
const tooManyLines = () =>
  badRequest('too_many_lines', `The file has more than ${IMPORT_MAX_LINES.toLocaleString('en')} lines. Split it into smaller files.`);

/**
 * Text from a file's bytes. A byte-order mark says UTF-8 or UTF-16; otherwise the bytes are UTF-8 if they are valid
 * UTF-8, and Windows-1252 if not (what Excel writes on Western-European Windows; it is a superset of Latin-1 in
 * every printable character). A wrongly guessed file shows its mistakes in the preview before anything is saved.
 */
export function decodeFile(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/**
 * The separator, as Anki guesses it, from the first line that is not a comment: a tab if there is one (Quizlet's
 * "term<TAB>definition"), else a semicolon if there are more of them than commas (spreadsheets in locales whose
 * decimal mark is a comma), else a comma. Separators inside quotes do not count.
 */
export function detectSeparator(text: string): Separator {
  const first = text.split('\n').find((l) => l.trim() !== '' && !l.startsWith('#')) ?? '';
  const unquoted = first.replace(/"[^"]*"/g, '');
  if (unquoted.includes('\t')) return 'tab';
  const count = (c: string) => unquoted.split(c).length - 1;
  return count(';') > count(',') ? 'semicolon' : 'comma';
}

/**
 * Reads a word file: comma-, semicolon- or tab-separated, quoted fields (holding separators, quotes and line
 * breaks) as RFC 4180 and Anki write them, CRLF or LF, lines starting with "#" (Anki's headers) ignored. Parsing
 * yields to the event loop every 64 K characters, so a large file never holds up other requests for long.
 */
export async function readWordFile(bytes: Uint8Array): Promise<WordFile> {
  if (bytes.length > IMPORT_MAX_BYTES) throw fileTooLarge();
  if (bytes.includes(0) && bytes[0] !== 0xff) throw badRequest('not_text', 'This file is not a text file. Save it as CSV or as tab-separated text and try again.');
  const { text, encoding } = decodeFile(bytes);
  const separator = detectSeparator(text);
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
  });
  let failure: unknown = null;
  parser.on('error', (err) => { failure = err; });
  parser.on('data', ({ record, info }: { record: string[]; info: { lines: number } }) => {
    records.push({ line: info.lines, fields: record.map(fromSpreadsheetSafe) });
  });
  for (let start = 0; start < text.length && !failure; ) {
    let end = Math.min(start + CHUNK_CHARS, text.length);
    // Never split a surrogate pair between two writes.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
    parser.write(text.slice(start, end));
    start = end;
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
  const headerSkipped = first !== undefined && WORD_HEADERS.has(first[0] ?? '') && TRANSLATION_HEADERS.has(first[1] ?? '');
  if (headerSkipped) records.shift();
  if (records.length > IMPORT_MAX_LINES) throw tooManyLines();
  return { encoding, separator, headerSkipped, header: headerSkipped ? (first ?? null) : null, records };
}

function unreadable(err: unknown): AppError {
  if (err instanceof CsvError) {
    const line = (err as CsvError & { lines?: number }).lines;
    const where = typeof line === 'number' ? ` (line ${line})` : '';
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') return badRequest('bad_file', `A quoted field is never closed${where}: check the quotation marks.`);
    return badRequest('bad_file', `The file could not be read as CSV or tab-separated text${where}.`);
  }
  return badRequest('bad_file', 'The file could not be read as CSV or tab-separated text.');
}
