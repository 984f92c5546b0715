import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';

/** A small server tree, written to a temporary folder, that `npm run lint:layers` would see. */
const FILES: Record<string, string> = {
  // Down: learning may use cards.
  'modules/learning/learning.service.ts': `import { card } from '../cards/card.js';\nexport const use = card;\n`,
  // Up: cards sits below learning.
  'modules/cards/card.ts':
    `import type { use } from '../learning/learning.service.js';\n` +
    `export const card = 1 as unknown as typeof use;\n`,
  // Across: account sits beside learning.
  'modules/account/account.service.ts':
    `import { use } from '../learning/learning.service.js';\n` + `export const account = use;\n`,
  // Up from the bottom: db may not import lib.
  'db/database.ts': `import { clock } from '../lib/clock.js';\nexport const db = clock;\n`,
  'lib/clock.ts': `export const clock = 1;\n`,
  // A test reaches anywhere.
  'modules/cards/card.test.ts': `import { account } from '../account/account.service.js';\nexport const t = account;\n`,
  // A folder the drawing does not place (the rule sees a file by its imports).
  'widgets/widget.ts': `import { clock } from '../lib/clock.js';\nexport const widget = clock;\n`,
};

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the server layers rule (.dependency-cruiser.mjs)', () => {
  it('reports imports up or across the layers and files outside them; passes imports down and tests', async () => {
    for (const [name, text] of Object.entries(FILES)) {
      const file = path.join(root, 'apps/server/src', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
    const result = await cruise(['apps/server/src'], {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      ...config.options,
    });
    const output = result.output as {
      summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> };
    };
    const found = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      'layer:db: apps/server/src/db/database.ts -> apps/server/src/lib/clock.ts',
      'layer:modules/account: apps/server/src/modules/account/account.service.ts -> ' +
        'apps/server/src/modules/learning/learning.service.ts',
      'layer:modules/cards: apps/server/src/modules/cards/card.ts ' +
        '-> apps/server/src/modules/learning/learning.service.ts',
      'layer:unplaced: apps/server/src/widgets/widget.ts -> apps/server/src/lib/clock.ts',
    ]);
  });
});
