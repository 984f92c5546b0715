import { verify } from '@node-rs/argon2';

export interface LoginRun {
  perSecond: number;
  ok: number;
  failed: number;
  statuses: Record<string, number>;
}

/** Logins per address stay under the per-address limit (50 per 15 min): each address is used this often. */
const PER_ADDRESS = 40;
let loginCounter = 0;

/**
 * `concurrency` clients logging in back to back for `seconds`, each login a different seeded account and, behind
 * the proxy the server is told to trust (TRUST_PROXY=true), spread over client addresses as real users would be.
 */
export async function runLogins(opts: {
  url: string;
  usernames: string[];
  password: string;
  concurrency: number;
  seconds: number;
}): Promise<LoginRun> {
  const deadline = performance.now() + opts.seconds * 1000;
  const statuses: Record<string, number> = {};
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  const client = async () => {
    while (performance.now() < deadline) {
      const n = loginCounter++;
      const address = Math.floor(n / PER_ADDRESS);
      const username = opts.usernames[n % opts.usernames.length] ?? '';
      try {
        const res = await fetch(`${opts.url}/api/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify({ username, password: opts.password }),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) ok++;
        else failed++;
      } catch (err) {
        statuses[String((err as Error).name)] = (statuses[String((err as Error).name)] ?? 0) + 1;
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, client));
  return { perSecond: ok / ((performance.now() - started) / 1000), ok, failed, statuses };
}

/**
 * The baseline for logins: argon2id verifications per second of the same hash with the same concurrency, straight
 * through @node-rs/argon2 (what a login cannot beat), measured in this process while the server is idle.
 */
export async function rawVerifyRate(
  hash: string,
  password: string,
  concurrency: number,
  seconds: number,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await verify(hash, password);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
