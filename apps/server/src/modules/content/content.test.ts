import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT_DIR } from '../../config.js';
import { describeEachDatabase } from '../../test/harness.js';

describeEachDatabase('content', (ctx) => {
  it('gives every language card an image the web app ships (public/images), so no card points at nothing', async () => {
    const res = await ctx().app.inject({ method: 'GET', url: '/api/languages' });
    expect(res.statusCode).toBe(200);
    const cards = res.json<Array<{ languageLowerCase: string; source: string }>>();
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      expect(card.source).toBe(`/images/${card.languageLowerCase}.svg`);
      const file = path.join(ROOT_DIR, 'apps/web/public', card.source);
      expect(fs.existsSync(file), `${card.source} is missing from apps/web/public`).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });
});
