/**
 * Renders the installable app's icons (apps/web/public/icons/*.png) from their SVG sources in apps/web/icons, with
 * the system Chromium: `npx tsx scripts/render-icons.ts`. Run it after changing an SVG and commit the PNGs; the
 * build only copies them. A maskable icon keeps its mark inside the middle 60 %, the safe zone every mask leaves.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/chromium';

const WEB = path.resolve(import.meta.dirname, '../apps/web');
const ICONS = [
  { source: 'icon.svg', size: 192, out: 'icon-192.png' },
  { source: 'icon.svg', size: 512, out: 'icon-512.png' },
  { source: 'maskable.svg', size: 512, out: 'maskable-512.png' },
  { source: 'icon.svg', size: 180, out: 'apple-touch-icon.png' },
] as const;

const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  for (const { source, size, out } of ICONS) {
    const svg = fs.readFileSync(path.join(WEB, 'icons', source), 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}` +
        `svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: path.join(WEB, 'public/icons', out), omitBackground: true });
    await page.close();
    console.log(`${out} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
