/**
 * What CI makes of `npm audit --omit=dev --json`: every known vulnerability of a production dependency is reported;
 * a high or critical one fails the run unless audit-allowlist.json accepts it, with a reason, until a date.
 */

export interface AllowlistEntry {
  /** The advisory's id, as in its URL: GHSA-xxxx-xxxx-xxxx. */
  advisory: string;
  /** The package it is about (one advisory may touch several). */
  package: string;
  /** Why it does not affect us, or why it cannot be fixed yet. */
  reason: string;
  /** YYYY-MM-DD: after this day the entry no longer counts, and the run fails until someone looks again. */
  expires: string;
}

export interface Advisory {
  id: string;
  package: string;
  severity: 'info' | 'low' | 'moderate' | 'high' | 'critical';
  title: string;
  url: string;
  range: string;
}

export interface AuditOutcome {
  /** The audit could not be made (the registry's endpoint is unreachable): a warning, never a failure. */
  unavailable: string | null;
  advisories: Advisory[];
  /** High or critical and not accepted: the run fails. */
  failing: Advisory[];
  accepted: Array<{ advisory: Advisory; entry: AllowlistEntry }>;
  /** Problems of the allowlist itself (expired, malformed): the run fails. */
  allowlistErrors: string[];
  /** Entries matching nothing any more: to be removed, not a failure. */
  stale: AllowlistEntry[];
}

const FAILING = new Set(['high', 'critical']);

/** npm audit's JSON (lockfile v2+ format), or its error body when the endpoint failed. */
interface AuditJson {
  vulnerabilities?: Record<
    string,
    {
      severity?: string;
      via?: Array<
        string | { source?: number; name?: string; title?: string; url?: string; severity?: string; range?: string }
      >;
    }
  >;
  error?: { summary?: string; detail?: string } | string;
  message?: string;
  statusCode?: number;
}

export function parseAllowlist(text: string): { entries: AllowlistEntry[]; errors: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { entries: [], errors: [`audit-allowlist.json is not JSON: ${(err as Error).message}`] };
  }
  if (!Array.isArray(data)) return { entries: [], errors: ['audit-allowlist.json must be an array of entries'] };
  const entries: AllowlistEntry[] = [];
  const errors: string[] = [];
  data.forEach((raw: unknown, i) => {
    const e = raw as Partial<AllowlistEntry> | null;
    const where = `audit-allowlist.json entry ${i + 1}`;
    if (!e || typeof e.advisory !== 'string' || !/^GHSA(-[0-9a-z]{4}){3}$/.test(e.advisory))
      errors.push(`${where}: "advisory" must be a GHSA id`);
    else if (typeof e.package !== 'string' || e.package === '') errors.push(`${where}: "package" is missing`);
    else if (typeof e.reason !== 'string' || e.reason.trim().length < 10)
      errors.push(`${where} (${e.advisory}): "reason" must say why it is accepted`);
    else if (
      typeof e.expires !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(e.expires) ||
      Number.isNaN(Date.parse(e.expires))
    ) {
      errors.push(`${where} (${e.advisory}): "expires" must be a date, YYYY-MM-DD`);
    } else entries.push(e as AllowlistEntry);
  });
  return { entries, errors };
}

export function evaluateAudit(output: string, allowlist: AllowlistEntry[], today: string): AuditOutcome {
  const outcome: AuditOutcome = {
    unavailable: null,
    advisories: [],
    failing: [],
    accepted: [],
    allowlistErrors: [],
    stale: [],
  };
  let json: AuditJson;
  try {
    json = JSON.parse(output) as AuditJson;
  } catch {
    outcome.unavailable = `npm audit gave no report${output.trim() ? `: ${output.trim().slice(0, 200)}` : ''}`;
    return outcome;
  }
  if (!json.vulnerabilities) {
    const detail = typeof json.error === 'string' ? json.error : (json.message ?? json.error?.summary ?? 'no report');
    outcome.unavailable = `the registry's audit endpoint did not answer: ${detail}`;
    return outcome;
  }
  const seen = new Set<string>();
  for (const [pkg, entry] of Object.entries(json.vulnerabilities)) {
    for (const via of entry.via ?? []) {
      // A string names the dependency the problem comes through; its own entry lists the advisory.
      if (typeof via === 'string') continue;
      const id = /GHSA(-[0-9a-z]{4}){3}/.exec(via.url ?? '')?.[0] ?? `npm-${via.source ?? 'unknown'}`;
      const key = `${id} ${pkg}`;
      if (seen.has(key)) continue;
      seen.add(key);
      outcome.advisories.push({
        id,
        package: via.name ?? pkg,
        severity: (via.severity ?? entry.severity ?? 'low') as Advisory['severity'],
        title: via.title ?? '',
        url: via.url ?? '',
        range: via.range ?? '',
      });
    }
  }
  const used = new Set<AllowlistEntry>();
  for (const advisory of outcome.advisories) {
    const entry = allowlist.find((e) => e.advisory === advisory.id && e.package === advisory.package);
    if (entry && entry.expires < today) {
      outcome.allowlistErrors.push(
        `${advisory.id} (${advisory.package}) was accepted until ${entry.expires}: ` +
          `fix it, or renew the entry with a new reason and date`,
      );
      used.add(entry);
      if (FAILING.has(advisory.severity)) outcome.failing.push(advisory);
    } else if (entry) {
      used.add(entry);
      outcome.accepted.push({ advisory, entry });
    } else if (FAILING.has(advisory.severity)) {
      outcome.failing.push(advisory);
    }
  }
  outcome.stale = allowlist.filter((e) => !used.has(e));
  return outcome;
}

export interface AuditCoverage {
  /** Packages installed for production: what `npm audit --omit=dev` checks. */
  production: number;
  /** Packages only the build and the tests use: not shipped, and not checked by the CI audit. */
  devOnly: number;
  /** Our own workspace packages: no advisory database knows them. */
  workspaces: string[];
  /** Packages installed from elsewhere than the registry (git, a tarball URL): npm audit cannot look them up. */
  notFromRegistry: string[];
}

/** What an audit covers and what it cannot, read from package-lock.json (lockfile v2+). */
export function auditCoverage(lockfile: string, registry = 'https://registry.npmjs.org/'): AuditCoverage {
  const lock = JSON.parse(lockfile) as {
    packages?: Record<string, { dev?: boolean; link?: boolean; resolved?: string; name?: string }>;
  };
  const coverage: AuditCoverage = { production: 0, devOnly: 0, workspaces: [], notFromRegistry: [] };
  for (const [key, pkg] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/')) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (pkg.link) coverage.workspaces.push(name);
    else if (pkg.resolved !== undefined && !pkg.resolved.startsWith(registry)) coverage.notFromRegistry.push(name);
    else if (pkg.dev) coverage.devOnly += 1;
    else coverage.production += 1;
  }
  return coverage;
}
