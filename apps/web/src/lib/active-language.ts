import { type Language, getLanguage, isLanguageCode } from '@vocab/core';

/** The language a route names, when it is one learners can practise; null for anything else. */
export function activeLanguage(code: string | undefined): Language | null {
  return code !== undefined && isLanguageCode(code) && getLanguage(code).active ? getLanguage(code) : null;
}
