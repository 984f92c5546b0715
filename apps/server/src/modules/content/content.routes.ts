import { contentEndpoints } from '@vocab/api';
import { LANGUAGES, type SecretPair } from '@vocab/core';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import type { ContentRepository } from './content.repository.js';

/** Landing cards with the real size of each deck, and the secret language's list. */
export function contentRoutes(content: ContentRepository, secretPairs: readonly SecretPair[]): FastifyPluginAsync {
  const secret = secretPairs.map((p) => ({ english: p.english, foreign: p.secret }));
  return async (app) => {
    serve(app, contentEndpoints.languages, async () => {
      const byLanguage = await content.deckSizes();
      return LANGUAGES.map((l, i) => ({
        id: i + 1,
        language: l.name,
        languageLowerCase: l.code,
        source: `/images/${l.code}.svg`,
        languageHomePage: `/${l.code}`,
        isActive: l.active,
        bg: l.bg,
        fontColor: l.fontColor,
        totalWords: byLanguage.get(l.code) ?? 0,
      }));
    });

    serve(app, contentEndpoints.secretWords, async () => secret);
  };
}
