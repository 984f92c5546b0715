import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/**
 * The heaviest functions of a V8 .cpuprofile by self time, and the heaviest files: where a server spends its CPU.
 * Shares are of the busy time: the samples taken while the process waited (idle) are left out.
 */
export function summarizeProfile(file: string, top = 15): { functions: string[]; files: string[] } {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
  const busy = profile.nodes.filter((n) => n.callFrame.functionName !== '(idle)');
  const total = busy.reduce((s, n) => s + (n.hitCount ?? 0), 0) || 1;
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of busy) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const url = n.callFrame.url
      .replace(/^file:\/\//, '')
      .replace(/.*node_modules\//, 'nm:')
      .replace(/.*\/apps\//, 'apps/');
    const fnKey = `${n.callFrame.functionName || '(anonymous)'} ${url}:${n.callFrame.lineNumber + 1}`;
    byFn.set(fnKey, (byFn.get(fnKey) ?? 0) + hits);
    const fileKey = url.startsWith('nm:')
      ? url
          .split('/')
          .slice(0, url.startsWith('nm:@') ? 2 : 1)
          .join('/')
      : url || n.callFrame.functionName;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + hits);
  }
  const fmt = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return { functions: fmt(byFn), files: fmt(byFile) };
}
