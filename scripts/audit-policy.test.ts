import { describe, expect, it } from 'vitest';
import { auditCoverage, evaluateAudit, parseAllowlist } from './audit-policy.js';

/** The shape of `npm audit --json` (npm 7+), cut down to what the policy reads. */
const report = (vulnerabilities: object) => JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: {} });
const advisory = (name: string, severity: string, ghsa: string) => ({
  source: 1,
  name,
  dependency: name,
  title: `${name} is broken`,
  url: `https://github.com/advisories/${ghsa}`,
  severity,
  range: '<2.0.0',
});
const HIGH = report({
  fastify: { name: 'fastify', severity: 'high', via: [advisory('fastify', 'high', 'GHSA-aaaa-bbbb-cccc')] },
  kysely: { name: 'kysely', severity: 'moderate', via: [advisory('kysely', 'moderate', 'GHSA-dddd-eeee-ffff')] },
  '@vocab/server': { name: '@vocab/server', severity: 'high', via: ['fastify'] },
});
const accept = {
  advisory: 'GHSA-aaaa-bbbb-cccc',
  package: 'fastify',
  reason: 'Only the HTTP/2 server is affected; we serve HTTP/1.1.',
  expires: '2026-12-31',
};

describe('audit policy', () => {
  it('fails on a high or critical advisory, reports a moderate one without failing', () => {
    const outcome = evaluateAudit(HIGH, [], '2026-11-23');
    expect(outcome.unavailable).toBeNull();
    expect(outcome.advisories.map((a) => `${a.severity} ${a.package} ${a.id}`)).toEqual([
      'high fastify GHSA-aaaa-bbbb-cccc',
      'moderate kysely GHSA-dddd-eeee-ffff',
    ]);
    expect(outcome.failing.map((a) => a.id)).toEqual(['GHSA-aaaa-bbbb-cccc']);
  });

  it('accepts an allowlisted advisory until its expiry, and fails again after it', () => {
    expect(evaluateAudit(HIGH, [accept], '2026-12-31').failing).toEqual([]);
    expect(evaluateAudit(HIGH, [accept], '2026-12-31').accepted).toHaveLength(1);
    const expired = evaluateAudit(HIGH, [accept], '2027-01-01');
    expect(expired.failing.map((a) => a.id)).toEqual(['GHSA-aaaa-bbbb-cccc']);
    expect(expired.allowlistErrors[0]).toMatch(/accepted until 2026-12-31/);
  });

  it('passes a clean report and flags allowlist entries that match nothing', () => {
    const outcome = evaluateAudit(report({}), [accept], '2026-11-23');
    expect(outcome.failing).toEqual([]);
    expect(outcome.stale).toEqual([accept]);
  });

  it('warns instead of failing when the audit endpoint cannot be reached', () => {
    const unreachable = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(evaluateAudit(unreachable, [], '2026-11-23')).toMatchObject({
      unavailable: expect.stringMatching(/405/),
      failing: [],
    });
    expect(
      evaluateAudit(
        JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND registry.npmjs.org' } }),
        [],
        '2026-11-23',
      ).unavailable,
    ).toMatch(/ENOTFOUND/);
    expect(evaluateAudit('', [], '2026-11-23').unavailable).toMatch(/no report/);
  });

  it('refuses allowlist entries without an advisory id, a reason or a date', () => {
    const { entries, errors } = parseAllowlist(
      JSON.stringify([
        accept,
        { ...accept, reason: '' },
        { ...accept, expires: 'soon' },
        { ...accept, advisory: 'CVE-2026-1' },
      ]),
    );
    expect(entries).toEqual([accept]);
    expect(errors).toHaveLength(3);
    expect(parseAllowlist('{').errors[0]).toMatch(/not JSON/);
  });

  it(
    'says which packages an audit covers: ' + 'production ones from the registry, not dev-only, workspace or git ones',
    () => {
      const lock = JSON.stringify({
        lockfileVersion: 3,
        packages: {
          '': { name: 'vocab' },
          'node_modules/fastify': {
            version: '5.0.0',
            resolved: 'https://registry.npmjs.org/fastify/-/fastify-5.0.0.tgz',
          },
          'node_modules/fastify/node_modules/semver': {
            version: '7.0.0',
            resolved: 'https://registry.npmjs.org/semver/-/semver-7.0.0.tgz',
          },
          'node_modules/vitest': {
            version: '4.0.0',
            resolved: 'https://registry.npmjs.org/vitest/-/vitest-4.0.0.tgz',
            dev: true,
          },
          'node_modules/@vocab/core': { resolved: 'packages/core', link: true },
          'node_modules/forked': { version: '1.0.0', resolved: 'git+ssh://git@github.com/someone/forked.git#abc' },
        },
      });
      expect(auditCoverage(lock)).toEqual({
        production: 2,
        devOnly: 1,
        workspaces: ['@vocab/core'],
        notFromRegistry: ['forked'],
      });
    },
  );
});
