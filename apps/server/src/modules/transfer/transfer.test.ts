import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { TEST_DECK_SIZE, describeEachDatabase, loginAs } from '../../test/harness.js';
import { IMPORT_FILES_PER_HOUR } from './transfer.routes.js';
import { FIELD_MAX_CHARS } from './word-file.js';

type Preview = {
  encoding: string;
  separator: string;
  headerSkipped: boolean;
  lines: Array<{ line: number; word: string; translation: string; error: string | null }>;
  valid: number;
  invalid: number;
};

const upload = (app: FastifyInstance, url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/plain', ...headers } });

/** Adds an own Spanish word to the learner's list. */
async function addOwnWord(app: FastifyInstance, cookie: string, word: string, translation: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/spanish',
    headers: { cookie },
    payload: { word, translation },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const ownWords = (app: FastifyInstance, cookie: string) =>
  app
    .inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })
    .then((r) => r.json<Array<{ word: string; own: boolean }>>().filter((w) => w.own));

describeEachDatabase('import and export', (ctx) => {
  it("exports the learner's words with progress as CSV, quoted where needed, as an attachment", async () => {
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    const [first] = (await app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
      Array<{ _id: string; word: string }>
    >();
    expect(
      (await app.inject({ method: 'PATCH', url: `/api/spanish/${first?._id}`, payload: {}, headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    await addOwnWord(app, cookie, 'la casa, grande', 'the "big" house');

    const res = await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=csv', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vocab-spanish-words.csv"');
    expect(res.body).toContain('"la casa, grande","the ""big"" house"');
    const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    // The columns, as the TSV file's first line spells them.
    const header = 'word\ttranslations\tarticle\tnote\tsource\tlearned\tdue\treviews\texample\texample_translation';
    expect(Object.keys(rows[0] ?? {})).toEqual(header.split('\t'));
    expect(rows).toHaveLength(TEST_DECK_SIZE + 1);
    expect(rows[0]).toMatchObject({ word: first?.word, source: 'deck', learned: 'yes', reviews: '1' });
    expect(rows[0]?.due).toMatch(/^2026-01-\d\dT/);
    // The own word: not learned, never due, no review.
    expect(res.body.trimEnd().split('\n').at(-1)).toBe('"la casa, grande","the ""big"" house",,,own,no,,0,,');

    const tsv = await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=tsv', headers: { cookie } });
    expect(tsv.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
    expect(tsv.body.split('\n')[0]).toBe(header);
  });

  it('exports the review log for FSRS optimisers and a file Anki imports as Basic notes', async () => {
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    const words = (await app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
      Array<{ _id: string; word: string }>
    >();
    for (const w of words.slice(0, 2))
      await app.inject({
        method: 'PATCH',
        url: `/api/spanish/${w._id}`,
        payload: { verdict: 'wrong' },
        headers: { cookie },
      });
    const log = await app.inject({ method: 'GET', url: '/api/spanish/export/reviews', headers: { cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.headers['content-disposition']).toBe('attachment; filename="vocab-spanish-reviews.csv"');
    const rows = parse(log.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      card_id: String(Number(words[0]?._id) * 2),
      word: words[0]?.word,
      direction: 'recognise',
      review_time: String(ctx().clock()),
      review_rating: '1',
      verdict: 'wrong',
      elapsed_days: '0',
      review_state: '0',
      scheduled: '1',
    });

    const anki = await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=anki', headers: { cookie } });
    expect(anki.headers['content-disposition']).toBe('attachment; filename="vocab-spanish-anki.txt"');
    const lines = anki.body.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      '#separator:tab',
      '#html:false',
      '#notetype:Basic',
      '#deck:Vocab::Spanish',
      '#tags:vocab spanish',
      '#columns:Front\tBack',
    ]);
    // A back holding a sentence spans lines, quoted: read the notes as Anki does.
    const notes = parse(lines.filter((l) => !l.startsWith('#')).join('\n'), { delimiter: '\t' }) as string[][];
    expect(notes).toHaveLength(TEST_DECK_SIZE);
    expect(notes[0]?.[0]).toBe('que');
    expect(notes[0]?.[1]?.split('\n')[0]).toBe('that; than; which');
  });

  it("gives a visitor the deck without progress and an empty log, and never another learner's data", async () => {
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    await addOwnWord(app, cookie, 'secretito', 'little secret');
    const words = await app.inject({ method: 'GET', url: '/api/spanish/export/words' });
    expect(words.statusCode).toBe(200);
    expect(words.body).not.toContain('secretito');
    expect(parse(words.body, { columns: true })).toHaveLength(TEST_DECK_SIZE);
    const log = await app.inject({ method: 'GET', url: '/api/spanish/export/reviews?format=tsv' });
    expect(log.body).toBe(
      'card_id\tword\tdirection\treview_time\treview_rating\tverdict\telapsed_days\treview_state\tscheduled\n',
    );
    const other = await loginAs(app, 'other');
    expect(
      (await app.inject({ method: 'GET', url: '/api/spanish/export/words', headers: { cookie: other.cookie } })).body,
    ).not.toContain('secretito');
    expect(words.cookies).toHaveLength(0);
  });

  it(
    'writes text a spreadsheet would run as a formula with a quote in front, ' + 'and imports it back unchanged',
    async () => {
      const { app } = ctx();
      const { cookie } = await loginAs(app);
      const risky: Array<[string, string]> = [
        ['=HYPERLINK("https://evil.example","click")', '+1 cmd|/c calc'],
        ['@SUM(A1)', '-ish, a suffix'],
        ["'=ya citado", "''+two quotes"],
        ['#etiqueta', 'a hashtag'],
        ["l'=eau", 'not at the start'],
      ];
      for (const [word, translation] of risky) {
        expect(
          (
            await app.inject({
              method: 'POST',
              url: '/api/spanish',
              headers: { cookie },
              payload: { word, translation },
            })
          ).statusCode,
          word,
        ).toBe(201);
      }
      const own = (await app.inject({ method: 'GET', url: '/api/spanish', headers: { cookie } })).json<
        Array<{ _id: string; word: string }>
      >();
      const hyperlink = own.find((w) => w.word.startsWith('='));
      expect(
        (await app.inject({ method: 'PATCH', url: `/api/spanish/${hyperlink?._id}`, payload: {}, headers: { cookie } }))
          .statusCode,
      ).toBe(200);

      // No cell of any export starts with a character a spreadsheet runs.
      const formulaStart = /^[=+\-@\t\r]/;
      const cells = (body: string, delimiter: string) =>
        (
          parse(
            body
              .split('\n')
              .filter((l) => !/^#[a-z]+:/.test(l))
              .join('\n'),
            { delimiter },
          ) as string[][]
        ).flat();
      const exports: Array<[string, string, string]> = [
        ['/api/spanish/export/words?format=csv', ',', "'+1 cmd|/c calc"],
        ['/api/spanish/export/words?format=tsv', '\t', "'-ish, a suffix"],
        ['/api/spanish/export/words?format=anki', '\t', "'@SUM(A1)"],
        ['/api/spanish/export/reviews?format=csv', ',', '\'=HYPERLINK("https://evil.example","click")'],
        ['/api/spanish/export/reviews?format=tsv', '\t', '\'=HYPERLINK("https://evil.example","click")'],
      ];
      for (const [url, delimiter, quoted] of exports) {
        const all = cells((await app.inject({ method: 'GET', url, headers: { cookie } })).body, delimiter);
        expect(
          all.filter((c) => formulaStart.test(c)),
          url,
        ).toEqual([]);
        expect(all, url).toContain(quoted);
      }
      const csv = (
        await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=csv', headers: { cookie } })
      ).body;
      expect(csv).toContain("''=ya citado,'''+two quotes");
      expect(csv).toContain("l'=eau,not at the start");
      // A word starting with "#" is quoted, so no reader takes its line for a comment.
      expect(csv).toContain('"#etiqueta",a hashtag');

      // Our own export, imported by another learner, gives the same words and translations, character for character.
      const other = await loginAs(app, 'other');
      const tsv = (
        await app.inject({ method: 'GET', url: '/api/spanish/export/words?format=tsv', headers: { cookie } })
      ).body;
      for (const [format, file] of [
        ['csv', csv],
        ['tsv', tsv],
      ]) {
        const preview = (
          await upload(app, '/api/spanish/import/preview', file ?? '', { cookie: other.cookie })
        ).json<Preview>();
        expect(
          preview.lines.filter((l) => l.error === null).map((l) => [l.word, l.translation]),
          format,
        ).toEqual(risky);
      }
      expect((await upload(app, '/api/spanish/import', csv, { cookie: other.cookie })).json()).toEqual({
        added: risky.length,
        skipped: TEST_DECK_SIZE,
      });
      expect((await ownWords(app, other.cookie)).map((w) => w.word).sort()).toEqual(risky.map(([w]) => w).sort());
    },
  );

  it('refuses an unknown format or language with 400 and 404', async () => {
    const { app } = ctx();
    for (const url of ['/api/spanish/export/words?format=xlsx', '/api/spanish/export/reviews?format=anki']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('invalid_input');
    }
    expect((await app.inject({ method: 'GET', url: '/api/klingon/export/words' })).statusCode).toBe(404);
  });

  it('previews a Quizlet list line by line with every kind of error, and saves nothing', async () => {
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    await addOwnWord(app, cookie, 'perro', 'dog');
    const list = [
      'gato\tcat',
      'PERRO\tdog',
      'que\tthat',
      'sin traducción',
      '\tghost',
      'Gato\tcat again',
      `${'x'.repeat(101)}\tlong`,
      'mal\u0007o\tbad',
      'ratón\tmouse',
    ].join('\n');
    const res = await upload(app, '/api/spanish/import/preview', list, { cookie });
    expect(res.statusCode).toBe(200);
    const preview = res.json<Preview>();
    expect(preview).toMatchObject({ encoding: 'utf-8', separator: 'tab', headerSkipped: false, valid: 2, invalid: 7 });
    expect(preview.lines.map((l) => [l.line, l.error])).toEqual([
      [1, null],
      [2, 'You have added this word already.'],
      [3, 'This word is in the deck already.'],
      [4, 'The translation is missing.'],
      [5, 'The word is missing.'],
      [6, 'This word is on line 1 already.'],
      [7, 'The word is too long (at most 100 characters).'],
      [8, 'The word or its translation must be one line without control characters.'],
      [9, null],
    ]);
    expect(await ownWords(app, cookie)).toHaveLength(1);
  });

  it('reads a BOM, CRLF, quoted fields with tabs and line breaks, semicolons and a header', async () => {
    const { app } = ctx();
    const cases: Array<[string, string | Buffer, Partial<Preview>, Array<[string, string]>]> = [
      [
        'BOM and CRLF, comma',
        '\uFEFFword,translation\r\nárbol,tree\r\n"mesa, la","table; desk"\r\n',
        { separator: 'comma', headerSkipped: true },
        [
          ['árbol', 'tree'],
          ['mesa, la', 'table; desk'],
        ],
      ],
      [
        'quoted tab and line break',
        'term\tdefinition\n"ca\tsa"\t"house\nhome"\nluz\tlight\n',
        { separator: 'tab', headerSkipped: true },
        [
          ['ca\tsa', 'house\nhome'],
          ['luz', 'light'],
        ],
      ],
      [
        'semicolons',
        'manzana;apple\nnaranja;orange, the fruit\n',
        { separator: 'semicolon' },
        [
          ['manzana', 'apple'],
          ['naranja', 'orange, the fruit'],
        ],
      ],
      [
        'Windows-1252',
        Buffer.from([
          0x6e, 0x69, 0xf1, 0x6f, 0x09, 0x63, 0x68, 0x69, 0x6c, 0x64, 0x0d, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x09, 0x63,
          0x6f, 0x66, 0x66, 0x65, 0x65,
        ]),
        { encoding: 'windows-1252' },
        [
          ['niño', 'child'],
          ['café', 'coffee'],
        ],
      ],
      [
        'UTF-16 with BOM',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sol\tsun\n', 'utf16le')]),
        { encoding: 'utf-16le' },
        [['sol', 'sun']],
      ],
      ['Anki headers', '#separator:tab\n#html:false\nflor\tflower\n', {}, [['flor', 'flower']]],
    ];
    for (const [name, body, expected, pairs] of cases) {
      const res = await upload(app, '/api/spanish/import/preview', body, {
        'content-type': 'application/octet-stream',
      });
      expect(res.statusCode, name).toBe(200);
      const preview = res.json<Preview>();
      expect(preview, name).toMatchObject(expected);
      expect(
        preview.lines.map((l) => [l.word, l.translation]),
        name,
      ).toEqual(pairs);
    }
    const tab = (await upload(app, '/api/spanish/import/preview', '"ca\tsa"\thouse\n')).json<Preview>();
    expect(tab.lines[0]?.error).toMatch(/control characters/);
  });

  it('adds the valid lines in one go on confirming, for an account and for a visitor who becomes a guest', async () => {
    const { app, db } = ctx();
    const { cookie } = await loginAs(app);
    const file = 'word,translation\nárbol,tree\nque,that\nÁRBOL,tree again\nluz,light\n';
    const res = await upload(app, '/api/spanish/import', file, { cookie, 'content-type': 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 2, skipped: 2 });
    expect((await ownWords(app, cookie)).map((w) => w.word).sort()).toEqual(['luz', 'árbol']);
    expect((await upload(app, '/api/spanish/import', file, { cookie })).json()).toEqual({ added: 0, skipped: 4 });

    const visitor = await upload(app, '/api/french/import', 'chien\tdog\n');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ added: 1, skipped: 0 });
    expect(visitor.cookies.find((c) => c.name === 'sid')).toBeDefined();
    const refused = await upload(app, '/api/french/import', 'le\tthe\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('nothing_to_import');
    expect(refused.cookies).toHaveLength(0);
    expect(await db.kysely.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('imports 10,000 lines and refuses more lines, a file over 5 MB, and files that are not text', async () => {
    const { app } = ctx();
    const { cookie } = await loginAs(app);
    const many = Array.from({ length: 10_000 }, (_, i) => `palabra${i}\tword ${i}`).join('\n');
    const big = await upload(app, '/api/spanish/import', many, { cookie });
    expect(big.statusCode).toBe(200);
    expect(big.json()).toEqual({ added: 10_000, skipped: 0 });
    const exported = await app.inject({ method: 'GET', url: '/api/spanish/export/words', headers: { cookie } });
    expect(exported.body.trimEnd().split('\n')).toHaveLength(1 + TEST_DECK_SIZE + 10_000);

    const tooMany = await upload(app, '/api/spanish/import/preview', `${many}\nmás\tmore`, { cookie });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'too_many_lines',
      message: expect.stringContaining('10,000 lines'),
    });
    const huge = await upload(app, '/api/spanish/import/preview', 'a\tb\n'.repeat(1_400_000), { cookie });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'file_too_large',
      message: expect.stringContaining('5 MB'),
    });
    const binary = await upload(app, '/api/spanish/import/preview', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), {
      'content-type': 'application/octet-stream',
    });
    expect(binary.json<{ error: { code: string } }>().error.code).toBe('not_text');
    const unclosed = await upload(app, '/api/spanish/import/preview', 'uno,one\n"dos,two\ntres,three\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'bad_file',
      message: expect.stringContaining('never closed'),
    });
    expect(await ownWords(app, cookie)).toHaveLength(10_000);
  });

  it('answers other requests while it parses a large file', async () => {
    const { app } = ctx();
    const file = Array.from({ length: 9_000 }, (_, i) => `palabra${i}\t${'a long translation '.repeat(26)}`).join('\n');
    expect(file.length).toBeGreaterThan(4_000_000);
    const finished: string[] = [];
    const preview = upload(app, '/api/spanish/import/preview', file).then((res) => {
      finished.push('preview');
      return res;
    });
    const other = app.inject({ method: 'GET', url: '/api/spanish/stats' }).then(() => finished.push('stats'));
    const [res] = await Promise.all([preview, other]);
    expect(res.json<Preview>()).toMatchObject({ valid: 0, invalid: 9_000 });
    expect(finished).toEqual(['stats', 'preview']);
  });

  it('says a word is too long up to the longest column read, with a sentence beside it', async () => {
    const { app } = ctx();
    // A word is looked for in its sentence by a pattern built from the word: one of 100,000 characters made that
    // pattern too large to compile, and the preview answered 500. Longer than a column can be, the file is refused.
    const long = 'a'.repeat(FIELD_MAX_CHARS);
    for (const url of ['/api/spanish/import/preview', '/api/spanish/import']) {
      const res = await upload(app, url, `${long},long,El ${long.slice(0, 980)} es,The long one is long here\n`);
      expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (url.endsWith('/preview'))
        expect(res.json<Preview>().lines.map((l) => l.error)).toEqual([
          'The word is too long (at most 100 characters).',
        ]);
    }
  });

  it('refuses a field longer than any value as soon as it is seen, while reads go on', async () => {
    const { app } = ctx();
    // One line "casa," and a 5 MB field, as a stranger may send it; four at once, and a plain read beside them.
    const field = `casa,${'a'.repeat(5 * 1024 * 1024 - 16)}`;
    const [reads, ...previews] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/languages' }),
      ...[1, 2, 3, 4].map(() => upload(app, '/api/spanish/import/preview', field)),
      upload(app, '/api/spanish/import/preview', `uno,one\n"dos,${'b'.repeat(10_000)}\ntres,three\n`),
    ]);
    expect(reads?.statusCode).toBe(200);
    for (const res of previews) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'line_too_long',
        message: expect.stringMatching(/^Line [12] is longer than a line of words can be .*quotation marks\.$/),
      });
    }
  });

  it('reads at most 60 files an hour for one visitor address, or one learner', async () => {
    const { app, clock } = ctx();
    const { cookie } = await loginAs(app);
    for (let i = 0; i < IMPORT_FILES_PER_HOUR.max; i++) {
      expect((await upload(app, '/api/spanish/import/preview', 'uno,one\n')).statusCode).toBe(200);
    }
    const refused = await upload(app, '/api/spanish/import/preview', 'uno,one\n');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await upload(app, '/api/spanish/import', 'uno,one\n')).statusCode).toBe(429);
    // A learner counts apart from the address they share with visitors.
    expect((await upload(app, '/api/spanish/import/preview', 'uno,one\n', { cookie })).statusCode).toBe(200);
    clock.advance(IMPORT_FILES_PER_HOUR.windowMs);
    expect((await upload(app, '/api/spanish/import/preview', 'uno,one\n')).statusCode).toBe(200);
  });

  it('answers 400 or 415, never 500, to empty and odd bodies', async () => {
    const { app } = ctx();
    const bodies: Array<[string | Buffer, string, number]> = [
      ['', 'text/plain', 400],
      ['{"word":"x"}', 'application/json', 415],
      ['\n\n\n', 'text/plain', 200],
      [',,,\n;;;\n', 'text/csv', 200],
      ['"', 'text/plain', 400],
      ['\u0000\u0001', 'text/plain', 400],
      [Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), 'application/octet-stream', 200],
      ['\uD83D\uDE00\t😀\n', 'text/plain', 200],
    ];
    for (const [body, type, status] of bodies) {
      for (const url of ['/api/spanish/import/preview', '/api/spanish/import']) {
        const res = await upload(app, url, body, { 'content-type': type });
        const expected = url.endsWith('/import') && status === 200 ? [200, 400] : [status];
        expect(expected, `${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      }
    }
  });
});
