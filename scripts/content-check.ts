/**
 * Validates every deck and the secret language: format, required fields, duplicates, sizes, and a hint wherever
 * two entries share an English translation (an English prompt must say which word it wants).
 * The example sentences: every entry of an active deck has one (an error otherwise), and the dictionary
 * checks of scripts/sentence-check.ts (span a form of the entry, spelling, readable share) are printed per deck.
 * The content rules of scripts/content-rules.ts (German separable particles, shared sentences and their English) are
 * errors too, except the violations scripts/content-allowlist.txt still lists.
 * Runs in CI (`npm run content:check`); see docs/content.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, parseDeck, parseSecretLanguage, sharedMeaningProblems } from '@vocab/core';
import { type RuleProblem, applyAllowList, contentRuleProblems, parseAllowList } from './content-rules.js';
import { SENTENCE_ENTRIES, type SentenceReport, checkSentences } from './sentence-check.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** An active language needs this many words; Swedish is staged as inactive until it has them. */
const ACTIVE_MINIMUM = 1000;
const STAGED_MINIMUM = 500;

const allowListFile = path.join(root, 'scripts/content-allowlist.txt');
const allowList = parseAllowList(fs.existsSync(allowListFile) ? fs.readFileSync(allowListFile, 'utf8') : '');
const ruleProblems: Array<RuleProblem & { language: string }> = [];

let failures = 0;
const sentenceReports: Array<{ file: string; report: SentenceReport }> = [];
for (const language of LANGUAGES) {
  const file = path.join(root, 'content/decks', `${language.code}.tsv`);
  const text = fs.readFileSync(file, 'utf8');
  const { entries, problems } = parseDeck(text, language.articles);
  problems.push(...sharedMeaningProblems(text, entries));
  const rules = contentRuleProblems(language.code, text, entries);
  ruleProblems.push(...rules.map((p) => ({ ...p, language: language.code })));
  const minimum = language.active ? ACTIVE_MINIMUM : STAGED_MINIMUM;
  if (entries.length < minimum)
    problems.push({ line: 0, message: `${entries.length} words; needs at least ${minimum}` });
  if (language.active) {
    const report = checkSentences(language, entries, file);
    sentenceReports.push({ file: path.relative(root, file), report });
    // Every entry of an active deck has its sentence: one missing is an error, as a missing translation is.
    for (const m of report.missing) problems.push({ line: m.line, message: `"${m.word}" has no example sentence` });
  }
  for (const p of problems) console.error(`${path.relative(root, file)}:${p.line}: ${p.message}`);
  failures += problems.length;
  console.log(
    `${language.name.padEnd(11)} ${String(entries.length).padStart(5)} ` +
      `words  ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`}`,
  );
}

const rules = applyAllowList(
  ruleProblems,
  allowList.allowed,
  LANGUAGES.map((l) => l.code),
);
const allowListName = path.relative(root, allowListFile);
for (const p of rules.problems) console.error(`content/decks/${p.language}.tsv:${p.line}: [${p.rule}] ${p.message}`);
for (const p of allowList.problems) console.error(`${allowListName}: ${p}`);
for (const a of rules.stale) {
  console.error(
    `${allowListName}:${a.line}: ${a.rule} ${a.language} ${a.word} is no longer a violation: remove the line`,
  );
}
failures += rules.problems.length + allowList.problems.length + rules.stale.length;
console.log(`Content rules: ${rules.problems.length} problem(s), ${rules.allowedCount} allowed by ${allowListName}`);

console.log(`\nSentences (the first ${SENTENCE_ENTRIES} entries of each deck)`);
for (const { file, report } of sentenceReports) printSentences(file, report);

function printSentences(file: string, r: SentenceReport): void {
  const share = r.known
    ? `${((100 * r.known.readable) / Math.max(1, r.known.total)).toFixed(1)}% ` +
      `readable (${r.known.readable}/${r.known.total})`
    : 'readable share not measured';
  const count = (list: unknown[] | null) => (list ? String(list.length) : 'not checked');
  console.log(
    `${r.language.padEnd(11)} ${r.withSentence}/${r.considered} sentences  span not a form of the entry: ` +
      `${count(r.notInflection)}  misspelt: ${count(r.misspelt)}  ${share}`,
  );
  for (const s of r.skipped) console.log(`  skipped: ${s}`);
  if (r.blockers.length > 0)
    console.log(`  most often not yet known: ${r.blockers.map(([w, n]) => `${w} (${n})`).join(', ')}`);
  for (const n of r.notInflection ?? [])
    console.log(`  ${file}:${n.line}: "${n.word}": the span [${n.form}] is not read as a form of it`);
  for (const m of r.misspelt ?? [])
    console.log(`  ${file}:${m.line}: "${m.word}": "${m.token}" is not in the dictionary`);
}

const secretFile = path.join(root, 'content/secret-language.tsv');
const secret = parseSecretLanguage(fs.readFileSync(secretFile, 'utf8'));
if (secret.pairs.length < 75)
  secret.problems.push({ line: 0, message: `${secret.pairs.length} pairs; needs about 80` });
for (const p of secret.problems) console.error(`content/secret-language.tsv:${p.line}: ${p.message}`);
failures += secret.problems.length;
console.log(
  `${'Secret'.padEnd(11)} ${String(secret.pairs.length).padStart(5)} ` +
    `pairs  ${secret.problems.length === 0 ? 'ok' : 'problems'}`,
);

if (failures > 0) {
  console.error(`content check failed: ${failures} problem(s)`);
  process.exit(1);
}
