import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { IMPORT_MAX_BYTES, ImportPreview, ImportResult, ReviewExportQuery, WordExportQuery } from '../transfer.js';
import { LanguagePath } from './language-path.js';

/** A file's bytes as the server reads them (a Node Buffer is a Uint8Array). */
export const FileBytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'the body must be a file');

export const transferEndpoints = {
  exportWords: endpoint({
    method: 'GET',
    path: '/api/{language}/export/words',
    summary: "The caller's words and progress as CSV, TSV or Anki's text import",
    tag: 'transfer',
    params: LanguagePath,
    query: WordExportQuery,
    responses: {},
    download: ['text/csv', 'text/tab-separated-values', 'text/plain'],
  }),
  exportReviews: endpoint({
    method: 'GET',
    path: '/api/{language}/export/reviews',
    summary: "The caller's review log as CSV or TSV (for FSRS optimisers)",
    tag: 'transfer',
    params: LanguagePath,
    query: ReviewExportQuery,
    responses: {},
    download: ['text/csv', 'text/tab-separated-values'],
  }),
  previewImport: endpoint({
    method: 'POST',
    path: '/api/{language}/import/preview',
    summary: 'Reads a CSV, TSV or pasted list and says per line whether it would be added; saves nothing',
    tag: 'transfer',
    params: LanguagePath,
    body: FileBytes,
    upload: true,
    maxBytes: IMPORT_MAX_BYTES,
    responses: { 200: ImportPreview },
  }),
  confirmImport: endpoint({
    method: 'POST',
    path: '/api/{language}/import',
    summary: "Adds a file's valid lines to the caller's own words; a visitor becomes a guest",
    tag: 'transfer',
    params: LanguagePath,
    body: FileBytes,
    upload: true,
    maxBytes: IMPORT_MAX_BYTES,
    responses: { 200: ImportResult },
  }),
};
