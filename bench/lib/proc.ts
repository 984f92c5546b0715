import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseTarget } from '../../apps/server/src/config.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Child {
  proc: ChildProcess;
  port: number;
  url: string;
  /** Resident set size in KiB, read from /proc/<pid>/status (VmRSS). */
  rssKiB(): number;
  stop(): Promise<void>;
  /** Everything the child wrote to stderr, for failures. */
  stderr(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

export function readRssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) : NaN;
}

/** Starts a Node child on a free port and waits until `readyPath` answers 200. */
export async function startChild(opts: {
  args: string[];
  env?: Record<string, string>;
  readyPath: string;
  timeoutMs?: number;
}): Promise<Child> {
  const port = await freePort();
  let err = '';
  const proc = spawn(process.execPath, opts.args, {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    if (err.length > 20_000) err = err.slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`child ${opts.args.join(' ')} exited ${proc.exitCode}:\n${err}`);
    try {
      const res = await fetch(url + opts.readyPath);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`child ${opts.args.join(' ')} not ready in time:\n${err}`);
    }
    await sleep(100);
  }
  return {
    proc,
    port,
    url,
    rssKiB: () => readRssKiB(proc.pid ?? 0),
    stderr: () => err,
    async stop() {
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export const startHello = () => startChild({ args: ['bench/hello-server.mjs'], readyPath: '/' });

/**
 * The API's floors (bench/floor-server.mjs): the same work as the app, written directly, on a SQLite file or a
 * PostgreSQL schema (its URL, with the search path the app's has).
 */
export const startFloor = (target: DatabaseTarget) =>
  startChild({
    args: ['bench/floor-server.mjs'],
    env: target.kind === 'sqlite' ? { FLOOR_DB: target.file } : { FLOOR_PG_URL: target.url },
    readyPath: '/',
  });

/** The built server (apps/server/dist/server.js), as `npm start` runs it. */
export function startApp(env: Record<string, string>, extraArgs: string[] = []): Promise<Child> {
  return startChild({
    args: [...extraArgs, 'apps/server/dist/server.js'],
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    readyPath: '/api/status',
  });
}
