import type { LanguageCode } from '@vocab/core';

/** The export downloads: plain links, so the browser streams the file to disk itself. */
export const exportUrls = (language: LanguageCode) => ({
  wordsCsv: `/api/${language}/export/words?format=csv`,
  wordsTsv: `/api/${language}/export/words?format=tsv`,
  anki: `/api/${language}/export/words?format=anki`,
  reviewsCsv: `/api/${language}/export/reviews?format=csv`,
});
