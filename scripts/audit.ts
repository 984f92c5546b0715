/**
 * CI's dependency check (`.ci/run`, before `npm test`; `npm run audit` by hand): known vulnerabilities of production
 * dependencies, from `npm audit --omit=dev --json`. High and critical ones fail the run unless audit-allowlist.json
 * accepts them with a reason and an expiry date (see SECURITY.md). When the registry's audit endpoint cannot be
 * reached the run goes on with a warning: an outage elsewhere must not stop every build.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditCoverage, evaluateAudit, parseAllowlist } from './audit-policy.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowlistFile = path.join(root, 'audit-allowlist.json');
const { entries, errors } = fs.existsSync(allowlistFile)
  ? parseAllowlist(fs.readFileSync(allowlistFile, 'utf8'))
  : { entries: [], errors: [] };

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const audit = spawnSync(npm, ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
  maxBuffer: 64 * 1024 * 1024,
});
const output = audit.error ? '' : audit.stdout;
const outcome = evaluateAudit(output, entries, new Date().toISOString().slice(0, 10));
outcome.allowlistErrors.unshift(...errors);

if (outcome.unavailable) {
  console.warn(`WARNING: dependencies not audited: ${audit.error ? audit.error.message : outcome.unavailable}`);
  console.warn('The build goes on; run `npm run audit` again once the registry answers.');
}
for (const a of outcome.advisories) {
  console.log(`${a.severity.padEnd(8)} ${a.package}@${a.range}  ${a.id}  ${a.title}  ${a.url}`);
}
for (const { advisory, entry } of outcome.accepted) {
  console.log(`accepted until ${entry.expires}: ${advisory.id} (${advisory.package}): ${entry.reason}`);
}
for (const e of outcome.stale)
  console.warn(`audit-allowlist.json: ${e.advisory} (${e.package}) matches nothing any more; remove it.`);
for (const message of outcome.allowlistErrors) console.error(`audit-allowlist.json: ${message}`);
for (const a of outcome.failing)
  console.error(
    `FAIL: ${a.severity} ${a.id} in ${a.package}: ${a.title}. Update the dependency, ` +
      `or accept it in audit-allowlist.json with a reason and an expiry.`,
  );
if (!outcome.unavailable) {
  console.log(
    `npm audit (production dependencies): ${outcome.advisories.length} known vulnerabilities, ` +
      `${outcome.failing.length} failing, ${outcome.accepted.length} accepted.`,
  );
}
// What the run could and could not check, so that a green run is not read as more than it is.
const lockfile = path.join(root, 'package-lock.json');
if (fs.existsSync(lockfile)) {
  const c = auditCoverage(fs.readFileSync(lockfile, 'utf8'));
  console.log(
    outcome.unavailable
      ? `Not checked: all ${c.production} production packages (the audit endpoint did not answer).`
      : `Checked: ${c.production} production packages, against the advisories the registry publishes.`,
  );
  console.log(
    `Not checked: ${c.devOnly} packages used only to build and test (not shipped; ` +
      `\`npm audit\` without --omit=dev lists them).`,
  );
  console.log(
    `Not checked: our own workspace packages (${c.workspaces.join(', ')}): ` +
      `no advisory database knows them; lint, tests and review cover them.`,
  );
  if (c.notFromRegistry.length > 0)
    console.log(
      `Not checked: ${c.notFromRegistry.join(', ')}: ` +
        `installed from elsewhere than the registry, which has no advisories for them.`,
    );
  console.log(
    'Not checked by any audit: vulnerabilities without a published advisory, ' +
      'and what install scripts do (package.json `allowScripts` limits which may run).',
  );
} else {
  console.log('Not checked: package-lock.json is missing, so which packages are installed is unknown.');
}
process.exit(outcome.failing.length > 0 || outcome.allowlistErrors.length > 0 ? 1 : 0);
