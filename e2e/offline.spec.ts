import type { Word } from '@vocab/api';
import { API_READS_CACHE } from '../apps/web/src/features/quiz/offline/cache-names';
import { expect, expectAccessible, seriousViolations, test } from './support/fixtures';
import { addLanguage, answerTo, quizOf, signUpAndLogIn, typeAnswer } from './support/learner';
import { controlledByServiceWorker } from './support/service-worker';

// The installed app: this file lets the service worker run (the rest of the suite blocks it).
test.use({ serviceWorkers: 'allow' });

test.describe('offline practice', () => {
  test('installs: a valid manifest with its icons, a service worker that controls the page after a reload', async ({
    page,
    app,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      short_name: 'Vocab',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0d6b5a',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect(res.headers()['content-type'], icon.src).toBe('image/png');
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    const sw = await page.request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);

    expect(await controlledByServiceWorker(page)).toBe(`${app.url}/sw.js`);
    // Offline, the installed app still opens, on any of its pages.
    await page.context().setOffline(true);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Offline');
    await page.context().setOffline(false);
  });

  test(
    'keeps 10 answers given offline through a reload and sends each once, ' +
      'in order, with its time, when back online',
    async ({ page, app }) => {
      await signUpAndLogIn(page, 'offline-learner');
      await page.goto('/spanish-quiz');
      await controlledByServiceWorker(page);
      await page.goto('/spanish-quiz');
      const quiz = quizOf(page);
      let prompt = await quiz.prompt();
      // The words of the first three batches, which the quiz keeps for the day (it asked for them just now).
      const words = (await (await page.request.get('/api/spanish?limit=45&unlearned=true')).json()) as Word[];

      await page.context().setOffline(true);
      const offlineFrom = Date.now();
      const banner = page.getByRole('main').getByRole('status').first();
      await expect(banner).toHaveText('You’re offline — your answers will be kept and sent when you’re back online.');
      const answered: string[] = [];
      for (let i = 0; i < 10; i++) {
        answered.push(prompt);
        await typeAnswer(quiz.input, answerTo(prompt, words, 'spanish'));
        await expect(quiz.feedback).toHaveText('Correct!');
        await expect(banner).toHaveText(
          `You’re offline — ${i + 1 === 1 ? '1 answer' : `${i + 1} answers`} will be sent when you’re back online.`,
        );
        prompt = await quiz.nextPrompt(prompt);
      }
      await expect(page.getByRole('banner').getByRole('status')).toHaveText('Offline · 10 waiting');
      expect(await app.rows('select id from reviews')).toEqual([]);

      // A reload offline: the app opens from the service worker, the 10 answers are still waiting, and the quiz starts
      // a batch from the words kept, without the ones answered.
      await page.reload();
      await expect(banner).toHaveText('You’re offline — 10 answers will be sent when you’re back online.');
      const afterReload = await quiz.prompt();
      expect(answered).not.toContain(afterReload);
      // The banner and the header's indicator read well in both themes.
      await expectAccessible(page, 'the quiz offline (light)');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousViolations(page, 'the quiz offline (dark)', ['color-contrast'])).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
      for (const [width, height] of [
        [375, 812],
        [375, 430],
        [1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(banner, `the banner at ${width}×${height}`).toBeInViewport();
        await expect(quiz.input, `the answer field at ${width}×${height}`).toBeInViewport();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `no sideways scroll at ${width}×${height}`,
        ).toBe(true);
        if (process.env.OFFLINE_SCREENSHOTS)
          await page.screenshot({ path: `${process.env.OFFLINE_SCREENSHOTS}/offline-${width}x${height}.png` });
      }

      const onlineAt = Date.now();
      await page.context().setOffline(false);
      await expect(banner).toHaveText('10 answers saved — you’re all caught up.');
      await expect(page.getByRole('banner').getByRole('status')).toHaveCount(0);

      const rows = await app.rows<{
        word_id: number | string;
        answer_id: string;
        reviewed_at: number | string;
        verdict: string;
      }>('select word_id, answer_id, reviewed_at, verdict from reviews order by id');
      const idOf = (shown: string) =>
        words.find((w) => {
          try {
            return answerTo(shown, [w], 'spanish') !== '';
          } catch {
            return false;
          }
        })?._id;
      expect(rows.map((r) => String(r.word_id))).toEqual(answered.map(idOf));
      expect(new Set(rows.map((r) => r.answer_id)).size).toBe(10);
      expect(rows.every((r) => r.verdict === 'correct')).toBe(true);
      // Each recorded at the time it was given, offline, in the order given; none at the time it arrived.
      const times = rows.map((r) => Number(r.reviewed_at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      for (const t of times) expect(t >= offlineFrom - 1000 && t < onlineAt).toBe(true);
    },
  );

  test('the user home opened offline, seen online once, shows the languages it knew and leads to practice', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'home-once');
    await addLanguage(page, 'french');
    // One visit online, the first: the service worker takes control while the page reads its languages.
    await page.goto('/user-home');
    await page.getByRole('link', { name: /^French/ }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForLoadState('networkidle');
    // The worker stores a response after handing it to the page: a loaded machine can still be writing it here.
    await page.waitForFunction(async (cacheName) => {
      const kept = await (await caches.open(cacheName)).keys();
      return kept.some((request) => /\/api\/users\/languages\/[^/]+$/.test(new URL(request.url).pathname));
    }, API_READS_CACHE);

    await page.context().setOffline(true);
    await page.reload();
    const card = page.getByRole('link', { name: /^French/ });
    await expect(card.getByText(/words · \d+ up for review/)).toBeVisible();
    await expect(page.getByText('Error loading')).toHaveCount(0);
    await card.click();
    await page.waitForURL('**/generic/french');
    await expect(page.getByRole('link', { name: 'Learn new words' })).toBeVisible();
    await expect(page.getByText('Error loading')).toHaveCount(0);
    await page.context().setOffline(false);
  });

  test(
    'offline, the user home and the language homes show what they last knew, ' + 'and their Practise links open a quiz',
    async ({ page }) => {
      // Five pages online, then three offline through the service worker: more than the usual minute on two cores.
      test.slow();
      await signUpAndLogIn(page, 'offline-walker');
      await addLanguage(page, 'spanish');
      await page.goto('/user-home');
      await controlledByServiceWorker(page);
      // Online once: the homes, and the quizzes they lead to (which keep their words for the day).
      for (const url of ['/user-home', '/spanish', '/generic/spanish', '/spanish-quiz', '/quiz/generic/spanish']) {
        await page.goto(url);
        await page.locator('main h1').first().waitFor();
        await page.waitForFunction(() => document.querySelector('.loading') === null);
        if (url.includes('quiz')) await quizOf(page).prompt();
      }
      const loadingFailed = page.getByText('Error loading');

      await page.context().setOffline(true);
      // A reload offline, then clicks only: the user home, the language's generic page, its quiz.
      await page.goto('/user-home');
      await page
        .getByRole('link', { name: /^Spanish/ })
        .getByText(/words · \d+ up for review/)
        .waitFor();
      await page.getByRole('link', { name: /^Spanish/ }).click();
      await page.waitForURL('**/generic/spanish');
      await page.getByRole('link', { name: 'Learn new words' }).click();
      await page.waitForURL('**/quiz/generic/spanish');
      await quizOf(page).prompt();
      expect(await loadingFailed.count()).toBe(0);

      // The language home, opened offline, and its Practise link.
      await page.goto('/spanish');
      await page.getByRole('link', { name: 'Practice vocab' }).click();
      await page.waitForURL('**/spanish-quiz');
      await quizOf(page).prompt();
      expect(await loadingFailed.count()).toBe(0);
      await page.context().setOffline(false);
    },
  );

  test('forgets the words and reads kept for offline use when the learner logs out', async ({ page }) => {
    await signUpAndLogIn(page, 'shared-device');
    await page.goto('/spanish-quiz');
    await controlledByServiceWorker(page);
    await page.goto('/spanish-quiz');
    await quizOf(page).prompt();
    const kept = () =>
      page.evaluate(async () => ({
        lists: await new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('vocab-day-words');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('entries').objectStore('entries').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
        // The session read the service worker kept for offline use: whose it is.
        session: (await (await caches.match('/api/auth/session'))?.text()) ?? '',
      }));
    await expect.poll(kept).toMatchObject({ lists: 1, session: expect.stringContaining('shared-device') });

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'My account' }).click();
    await nav.getByRole('button', { name: 'Logout' }).click();
    await nav.getByRole('link', { name: 'Login' }).waitFor();
    await expect.poll(kept).toMatchObject({ lists: 0, session: expect.not.stringContaining('shared-device') });
  });
});
