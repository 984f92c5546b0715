import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { LanguageCard, SecretEntry } from '../learning.js';

export const contentEndpoints = {
  languages: endpoint({
    method: 'GET',
    path: '/api/languages',
    summary: 'The landing cards, with the size of each deck',
    tag: 'content',
    responses: { 200: z.array(LanguageCard) },
  }),
  secretWords: endpoint({
    method: 'GET',
    path: '/api/secret/words',
    summary: "The secret language's list",
    tag: 'content',
    responses: { 200: z.array(SecretEntry) },
  }),
};
