import fs from 'node:fs';

/** Linux's USER_HZ: /proc reports CPU time in ticks of 10 ms. */
const TICK_MS = 10;

/**
 * CPU time (user and system) spent so far by each process, in ms, from /proc/<pid>/stat; a gone process is left out.
 */
export function cpuMsOf(pids: number[]): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // exited
    }
  }
  return times;
}

/** The processes of a PostgreSQL server on this machine (its backends and its own workers), when it runs here. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // exited
    }
  }
  return pids;
}
