import { LANGUAGE_CODES } from '@vocab/core';

const CODES = new Set<string>(LANGUAGE_CODES);
const LANGUAGE_SEGMENT = /^\/api\/([A-Za-z]+)(?=[/?]|$)/;

/**
 * `/api/Spanish/…` reaches the routes of `/api/spanish/…`: the original client names languages as they are
 * written ("Spanish"), and our routes are lower case. Only a segment that is a language name in another letter case
 * is rewritten; every other URL is left as it came. Language names in bodies, queries and deeper path segments are
 * lower-cased by their schema (packages/api LanguageParam).
 */
export function lowerCaseLanguagePath(url: string): string {
  const match = LANGUAGE_SEGMENT.exec(url);
  const segment = match?.[1];
  if (segment === undefined || !/[A-Z]/.test(segment)) return url;
  const code = segment.toLowerCase();
  return CODES.has(code) ? `/api/${code}${url.slice(5 + segment.length)}` : url;
}
