/**
 * The service worker's cache of the last session, settings, language list and lexicon reads (apps/web/pwa.config.ts).
 */
export const API_READS_CACHE = 'api-reads';
