/**
 * Validates every deck and the secret language: format, required fields, duplicates, sizes, and a hint wherever
 * two entries share an English translation (an English prompt must say which word it wants).
 * Runs in CI (`npm run content:check`). The dictionary check stays outside CI: see docs/content.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, parseDeck, parseSecretLanguage, sharedMeaningProblems } from '@vocab/core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** An active language needs this many words; Swedish is staged as inactive until it has them. */
const ACTIVE_MINIMUM = 1000;
const STAGED_MINIMUM = 500;

let failures = 0;
for (const language of LANGUAGES) {
  const file = path.join(root, 'content/decks', `${language.code}.tsv`);
  const text = fs.readFileSync(file, 'utf8');
  const { entries, problems } = parseDeck(text, language.articles);
  problems.push(...sharedMeaningProblems(text, entries));
  const minimum = language.active ? ACTIVE_MINIMUM : STAGED_MINIMUM;
  if (entries.length < minimum) problems.push({ line: 0, message: `${entries.length} words; needs at least ${minimum}` });
  for (const p of problems) console.error(`${path.relative(root, file)}:${p.line}: ${p.message}`);
  failures += problems.length;
  console.log(`${language.name.padEnd(11)} ${String(entries.length).padStart(5)} words  ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`);
}

const secretFile = path.join(root, 'content/secret-language.tsv');
const secret = parseSecretLanguage(fs.readFileSync(secretFile, 'utf8'));
if (secret.pairs.length < 75) secret.problems.push({ line: 0, message: `${secret.pairs.length} pairs; needs about 80` });
for (const p of secret.problems) console.error(`content/secret-language.tsv:${p.line}: ${p.message}`);
failures += secret.problems.length;
console.log(`${'Secret'.padEnd(11)} ${String(secret.pairs.length).padStart(5)} pairs  ${secret.problems.length === 0 ? 'ok' : 'problems'}`);

if (failures > 0) {
  console.error(`content check failed: ${failures} problem(s)`);
  process.exit(1);
}
