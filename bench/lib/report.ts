import fs from 'node:fs';

export interface Row {
  figure: string;
  value: number | null;
  unit: string;
  baseline?: number | null;
  baselineLabel?: string;
  ratio?: number | null;
  /** Human-readable target, e.g. "≥ 0.35 × hello" or "≤ 10 ms". */
  target: string;
  /** null when there is no target, or the figure could not be measured. */
  pass: boolean | null;
  note?: string;
}

/** A load's p99 latency beside a baseline's (no target: figures only), then its errors (none wanted). */
export function latencyAndErrorRows(
  load: { p99: number; errors: number; requests: number },
  figure: string,
  baseline: { p99: number; label: string },
): Row[] {
  return [
    {
      figure,
      value: load.p99,
      unit: 'ms',
      baseline: baseline.p99,
      baselineLabel: baseline.label,
      ratio: baseline.p99 ? load.p99 / baseline.p99 : null,
      target: '(none)',
      pass: null,
    },
    errorRow(load),
  ];
}

/** A load's failed requests, of all it sent: none wanted. */
export const errorRow = (load: { errors: number; requests: number }): Row => ({
  figure: `  errors (of ${load.requests})`,
  value: load.errors,
  unit: '',
  target: '0',
  pass: load.errors === 0,
});

const fmt = (v: number | null | undefined, unit = ''): string => {
  if (v === null || v === undefined || Number.isNaN(v)) return '—';
  const n = Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
  return unit ? `${n} ${unit}` : n;
};

const status = (r: Row) => (r.pass === null ? (r.value === null ? 'N/A' : '—') : r.pass ? 'PASS' : 'MISS');

function cells(r: Row): string[] {
  return [
    r.figure,
    fmt(r.value, r.unit),
    r.baseline === undefined ? '' : `${fmt(r.baseline)}${r.baselineLabel ? ` ${r.baselineLabel}` : ''}`,
    r.ratio === undefined ? '' : fmt(r.ratio),
    r.target,
    status(r),
  ];
}

const HEAD = ['figure', 'value', 'baseline', 'ratio', 'target', 'result'];

export function printTable(title: string, rows: Row[]): string {
  const all = [HEAD, ...rows.map(cells)];
  const widths = HEAD.map((_, i) => Math.max(...all.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) => c.map((x, i) => x.padEnd(widths[i] ?? 0)).join('  ');
  const out = [
    `\n${title}`,
    line(HEAD),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(cells(r))),
  ];
  const notes = rows.filter((r) => r.note).map((r) => `  * ${r.figure}: ${r.note}`);
  const text = [...out, ...(notes.length ? ['', ...notes] : [])].join('\n');
  console.log(text);
  return text;
}

export function markdownTable(rows: Row[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|');
  return [
    `| ${HEAD.join(' | ')} |`,
    `| ${HEAD.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${cells(r).map(esc).join(' | ')} |`),
    '',
    ...rows.filter((r) => r.note).map((r) => `- ${esc(r.figure)}: ${r.note}`),
  ].join('\n');
}

/** Replaces (or appends) the marked section of docs/performance.md, leaving the hand-written parts alone. */
export function writeSection(file: string, key: string, body: string): void {
  const start = `<!-- bench:${key} -->`;
  const end = `<!-- /bench:${key} -->`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${body.trim()}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next =
    i >= 0 && j > i ? text.slice(0, i) + block + text.slice(j + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}
