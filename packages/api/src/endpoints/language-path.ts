import { LANGUAGES, type LanguageCode } from '@vocab/core';
import { z } from 'zod';

const ACTIVE: LanguageCode[] = LANGUAGES.filter((l) => l.active).map((l) => l.code);

/** `{language}` of a per-language path: the server has a route for each active language, and none for the rest. */
export const LanguagePath = z.object({ language: z.enum(ACTIVE) });
