import { expect, it } from 'vitest';
import { describeEachDatabase, loginAs } from '../test/harness.js';
import { snapshotTables } from '../test/reliability.js';

/**
 * Text that passes for other text: look-alike usernames, invisible and direction-changing characters in words and
 * contact messages, a line break in a contact name (it reaches mail headers), a password of spaces. Each is refused
 * with a 400 that says why, and nothing is written.
 */
describeEachDatabase('look-alike and invisible text', (ctx) => {
  const signup = (username: string, password = 'correct horse') =>
    ctx().app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password } });
  const errorOf = (res: { json<T>(): T }) => res.json<{ error: { code: string; message: string } }>().error;

  it('folds compatibility forms and refuses mixed scripts in usernames', async () => {
    expect((await signup('alice')).statusCode).toBe(201);
    const before = await snapshotTables(ctx().db);

    // Full-width letters fold into "alice": taken.
    const fullWidth = await signup('ａｌｉｃｅ');
    expect(fullWidth.statusCode).toBe(409);
    // A Cyrillic а among Latin letters.
    const cyrillic = await signup('\u0430lice');
    expect(cyrillic.statusCode).toBe(400);
    expect(errorOf(cyrillic).message).toContain('one alphabet');
    expect(await snapshotTables(ctx().db)).toEqual(before);

    // One script is fine, in any alphabet, and so is Japanese's mix of three.
    for (const name of ['алиса', 'ελένη', 'やまだ太郎', 'José_1'])
      expect((await signup(name)).statusCode, name).toBe(201);
    // The full-width name logs into the account it folds to.
    const login = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ＡＬＩＣＥ', password: 'correct horse' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json<{ username: string }>().username).toBe('alice');
  });

  it('refuses a password of spaces', async () => {
    const res = await signup('spacey', ' '.repeat(8));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('only spaces');
    expect((await signup('spacey', ' correct horse ')).statusCode).toBe(201);
  });

  it('refuses invisible, direction-changing and control characters in own words', async () => {
    const { cookie } = await loginAs(ctx().app);
    const before = await snapshotTables(ctx().db);
    const cases: Array<[string, string]> = [
      ['gato\u202Eotag', 'right-to-left override'],
      ['ga\u200Bto', 'zero-width space'],
      ['ga\u200Dto', 'zero-width joiner'],
      ['ga\uFEFFto', 'byte-order mark'],
      ['ga\u0007to', 'control character'],
      ['ga\nto', 'line break'],
    ];
    for (const [word, what] of cases) {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/spanish',
        headers: { cookie },
        payload: { word, translation: 'cat' },
      });
      expect(res.statusCode, what).toBe(400);
      expect(errorOf(res).code, what).toBe('invalid_input');
      expect(errorOf(res).message, what).toMatch(/^body word: word must /);
    }
    const translation = await ctx().app.inject({
      method: 'POST',
      url: '/api/spanish',
      headers: { cookie },
      payload: { word: 'zorro', translation: 'fox\u2066' },
    });
    expect(translation.statusCode).toBe(400);
    expect(await snapshotTables(ctx().db)).toEqual(before);
  });

  it('refuses a line break in a contact name and hidden characters in a message, and keeps normal prose', async () => {
    const send = (payload: object) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Eve', email: 'eve@example.com', message: 'hello', ...payload },
      });
    const before = await snapshotTables(ctx().db);
    for (const payload of [
      { name: 'Eve\r\nBcc: victim@example.com' },
      { name: 'Eve\u202E' },
      { message: 'click \u202Egnp.exe' },
      { message: 'hidden\u200Bspace' },
      { message: 'bell\u0007' },
    ]) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(payload)).toMatch(/must (be one line|not contain)/);
    }
    expect(await snapshotTables(ctx().db)).toEqual(before);
    // Several lines, tabs and a family emoji (joined by U+200D) are ordinary prose.
    const prose = await send({ name: 'Zoë Ñúñez', message: 'Hi,\r\n\tthanks! 👨\u200D👩\u200D👧\nZoë' });
    expect(prose.statusCode).toBe(201);
  });
});
