import fs from 'node:fs';
import path from 'node:path';
import { parseSecretLanguage, type SecretPair } from '@vocab/core';

/** The secret language's built-in list: read once at start, served from memory. */
export function readSecretLanguage(contentDir: string): SecretPair[] {
  const { pairs, problems } = parseSecretLanguage(
    fs.readFileSync(path.join(contentDir, 'secret-language.tsv'), 'utf8'),
  );
  if (problems.length > 0)
    throw new Error(`secret-language.tsv is invalid: ` + `line ${problems[0]?.line}: ` + `${problems[0]?.message}`);
  return pairs;
}
