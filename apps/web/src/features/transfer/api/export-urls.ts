import type { LanguageCode } from '@vocab/core';
import { apiUrl } from '@/lib/api-client';

/** The export downloads: plain links, so the browser streams the file to disk itself. */
export const exportUrls = (language: LanguageCode) => ({
  wordsCsv: apiUrl('/api/{language}/export/words', { path: { language }, query: { format: 'csv' } }),
  wordsTsv: apiUrl('/api/{language}/export/words', { path: { language }, query: { format: 'tsv' } }),
  anki: apiUrl('/api/{language}/export/words', { path: { language }, query: { format: 'anki' } }),
  reviewsCsv: apiUrl('/api/{language}/export/reviews', { path: { language }, query: { format: 'csv' } }),
});
