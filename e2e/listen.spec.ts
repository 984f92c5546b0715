import type { Word } from '@vocab/api';
import { withArticle } from '@vocab/core';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, phone, test } from './support/fixtures';
import { addLanguage, learnedCount, signUpAndLogIn, skipAnswerPause, typeAnswer } from './support/learner';

/** A phone with its keyboard open: 430 px of the page left in view. */
test.use(phone(375, 430));

interface Said {
  text: string;
  lang: string;
  rate: number;
}

/**
 * The browser's speech synthesis is outside the project (and Chromium here has no voices): the page gets a fake with
 * the voices named, which records what it is asked to say in `window.said`.
 */
async function fakeSpeech(page: Page, voices: string[]): Promise<void> {
  await page.addInitScript((langs: string[]) => {
    const said: Said[] = [];
    Object.assign(window, { said });
    class Utterance {
      voice: unknown = null;
      lang = '';
      rate = 1;
      onerror: unknown = null;
      text: string;
      constructor(text: string) {
        this.text = text;
      }
    }
    const synth = {
      getVoices: () =>
        langs.map((lang) => ({
          lang,
          name: `Fake ${lang}`,
          voiceURI: `fake-${lang}`,
          default: false,
          localService: true,
        })),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      cancel: () => undefined,
      speak: (u: Utterance) => said.push({ text: u.text, lang: u.lang, rate: u.rate }),
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  }, voices);
}

const said = (page: Page): Promise<Said[]> => page.evaluate(() => (window as unknown as { said: Said[] }).said);

/** The recall card's next Spanish word that is said as `spoken` ("la casa"). */
async function wordSaid(page: Page, spoken: string): Promise<Word> {
  const res = await page.request.get('/api/spanish?limit=45&unlearned=true&direction=recall');
  const word = ((await res.json()) as Word[]).find((w) => withArticle(w.word, w.article || null, 'es-ES') === spoken);
  if (!word) throw new Error(`no word of the recall batch is said "${spoken}"`);
  return word;
}

test(
  'listens and types on a phone with its keyboard open: ' + 'the word is said, heard again slower, judged, then shown',
  async ({ page }, testInfo) => {
    await fakeSpeech(page, ['en-US', 'es-ES']);
    await page.clock.install();
    await page.goto('/spanish');
    await page.getByRole('link', { name: 'Practice listening' }).click();
    await expect(page).toHaveURL(/\/listen\/spanish$/);
    await expect(page.getByRole('heading', { name: 'Spanish: listen and type' })).toBeVisible();
    const input = page.getByRole('textbox', { name: 'The Spanish word you hear' });
    const again = page.getByRole('button', { name: /^Hear it/ });
    const feedback = page.locator('.quiz-feedback');
    const reveal = page.locator('.listen-reveal');

    // Said when it appears, by the Spanish voice; the button to hear it again and the field are in view.
    await expect(input).toBeFocused({ timeout: 15_000 });
    await expect.poll(async () => (await said(page)).length).toBe(1);
    const first = (await said(page))[0];
    expect(first?.lang).toBe('es-ES');
    expect(first?.rate).toBe(0.9);
    const word = await wordSaid(page, first?.text ?? '');
    await expect(page.locator('.quiz-prompt')).not.toContainText(word.word);
    await expect(again).toBeInViewport({ ratio: 1 });
    await expect(input).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('listen-375x430.png') });
    await expectAccessible(page);

    // Heard again, then again slower; the field keeps the focus, so the phone's keyboard stays open.
    await again.click();
    await expect(again).toHaveText('Hear it slower');
    await again.click();
    expect((await said(page)).map((s) => s.rate)).toEqual([0.9, 0.9, 0.6]);
    await expect(input).toBeFocused();

    // Typed as heard, without the article: judged right; the word is written, with its English and its sentence.
    await input.fill(word.word);
    await expect(feedback).toHaveText('Correct!');
    await expect(reveal).toHaveText(`${first?.text} — ${word.translations.join('; ')}`);
    await expect(feedback).toBeInViewport({ ratio: 1 });
    await expect(reveal).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: testInfo.outputPath('listen-answered-375x430.png') });

    // The next word is said at the normal rate; a miss shows it written.
    await skipAnswerPause(page);
    await expect.poll(async () => (await said(page)).length).toBe(4);
    const next = (await said(page))[3];
    expect(next?.rate).toBe(0.9);
    await typeAnswer(input, 'zzzz');
    await expect(feedback).toHaveText(`Incorrect. ${next?.text}`);
    await expect(reveal).toContainText(`${next?.text} — `);

    // The answer counts on the recall card (decision 0016): English → Spanish has the first word learned.
    await expect.poll(() => learnedCount(page, 'spanish', 'recall')).toBe(1);

    for (const [width, height] of [
      [375, 812],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: testInfo.outputPath(`listen-${width}x${height}.png`) });
    }
  },
);

test(
  'says plainly that the browser has no Spanish voice and offers the other ways; ' + 'no other voice reads Spanish',
  async ({ page }, testInfo) => {
    await fakeSpeech(page, ['en-US', 'de-DE']);
    await page.goto('/listen/spanish');
    const status = page.getByRole('status');
    await expect(status).toContainText('Your browser has no Spanish voice, so it cannot say the words.');
    await expect(page.getByRole('link', { name: 'Spanish quiz' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Practice in context' })).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    expect(await said(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('listen-no-voice-375x430.png') });
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Practice in context' }).click();
    await expect(page).toHaveURL(/\/context\/spanish$/);
  },
);

test('a language home without a voice for its language says so where it offers listening, on both homes', async ({
  page,
}) => {
  await fakeSpeech(page, ['en-US', 'de-DE']);
  await signUpAndLogIn(page, 'no-voice');
  await addLanguage(page, 'spanish');
  for (const url of ['/spanish', '/generic/spanish']) {
    await page.goto(url);
    const step = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Listen and type' }) });
    await expect(step, url).toContainText('Your browser has no Spanish voice, so it cannot say the words.');
    await expect(step.getByRole('link'), url).toHaveCount(0);
    await expectAccessible(page);
  }
  // German has a voice here: its home offers listening.
  await page.goto('/german');
  await expect(page.getByRole('link', { name: 'Practice listening' })).toHaveAttribute('href', '/listen/german');
});

test.describe('on a computer', () => {
  test.use({ viewport: { width: 1280, height: 900 }, hasTouch: false, isMobile: false });

  test('Ctrl+Space in the answer field says the word again and types nothing; the button shows the key', async ({
    page,
  }, testInfo) => {
    await fakeSpeech(page, ['es-MX']);
    await page.goto('/listen/spanish');
    const input = page.getByRole('textbox', { name: 'The Spanish word you hear' });
    // A first load of the quiz (the deck's lexicon with it) can take a while on a busy machine.
    await expect(input).toBeFocused({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Hear it again Ctrl+Space' })).toBeVisible();
    await expect.poll(async () => (await said(page)).length).toBe(1);
    await input.press('Control+Space');
    await input.press('Control+Space');
    expect((await said(page)).map((s) => [s.lang, s.rate])).toEqual([
      ['es-MX', 0.9],
      ['es-MX', 0.9],
      ['es-MX', 0.6],
    ]);
    await expect(input).toHaveValue('');
    await page.screenshot({ path: testInfo.outputPath('listen-keyboard-1280x900.png') });
  });
});
