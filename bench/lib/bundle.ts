import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface BundleSizes {
  /** index.html's entry script plus its modulepreloads, gzip bytes. */
  initialGzip: number;
  initialFiles: string[];
  /** Every .js file of the build, gzip bytes. */
  totalGzip: number;
  totalFiles: number;
  gzipOf(file: string): number;
}

/** Sizes of the shipped JavaScript as a browser downloads it (gzip, zlib's default level), read from the build. */
export function measureBundle(distDir: string): BundleSizes {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? '');
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
  const cache = new Map<string, number>();
  const gzipOf = (file: string) => {
    const rel = file.replace(/^\//, '').split('?')[0] ?? '';
    let size = cache.get(rel);
    if (size === undefined) {
      size = zlib.gzipSync(fs.readFileSync(path.join(distDir, rel))).length;
      cache.set(rel, size);
    }
    return size;
  };
  const initialFiles = [...new Set([...entry, ...preloads])];
  const all = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  return {
    initialGzip: initialFiles.reduce((s, f) => s + gzipOf(f), 0),
    initialFiles,
    totalGzip: all.reduce((s, f) => s + gzipOf(`assets/${f}`), 0),
    totalFiles: all.length,
    gzipOf,
  };
}
