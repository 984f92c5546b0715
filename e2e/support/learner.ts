import type { Word } from '@vocab/api';
import { cardPrompt, getLanguage, isLanguageCode, withArticle } from '@vocab/core';
import type { Locator, Page } from '@playwright/test';

/** What a learner does that is not the subject of a test, done through the API with the page's own cookies. */

export const PASSWORD = 'correct horse battery';

async function post(page: Page, url: string, body: unknown): Promise<void> {
  const res = await page.request.post(url, { data: body });
  if (!res.ok()) throw new Error(`POST ${url} failed: ${res.status()} ${await res.text()}`);
}

/** Signs up and logs in: the context then holds the account's session cookie. */
export async function signUpAndLogIn(page: Page, username: string): Promise<void> {
  await post(page, '/api/auth/signup', { username, password: PASSWORD });
  await post(page, '/api/auth/login', { username, password: PASSWORD });
}

export async function addLanguage(page: Page, language: string): Promise<void> {
  await post(page, '/api/users/languages', { language });
}

/** The words the server gives this learner for a language's next quiz (the quiz screen asks for the same). */
export async function wordsOf(page: Page, language: string): Promise<Word[]> {
  const res = await page.request.get(`/api/${language}?limit=15&unlearned=true`);
  if (!res.ok()) throw new Error(`GET /api/${language} failed: ${res.status()}`);
  return (await res.json()) as Word[];
}

/** How many words the learner has learned on a language's card of one direction, as its stats page counts them. */
export async function learnedCount(page: Page, language: string, direction: 'recall' | 'recognise'): Promise<number> {
  const res = await page.request.get(`/api/${language}/stats?direction=${direction}`);
  if (!res.ok()) throw new Error(`GET /api/${language}/stats failed: ${res.status()}`);
  return ((await res.json()) as { learnedCount: number }).learnedCount;
}

/** The English forms of a word, as a quiz prompting English shows them. */
const englishOf = (word: Word) =>
  word.translations.length > 0 ? word.translations : word.translation.split(';').map((t) => t.trim());

/**
 * The expected answer to a quiz prompt, whichever way the quiz asks: a foreign prompt ("la casa") wants its first
 * English translation; an English prompt ("house; home") wants the foreign word.
 */
export function answerTo(prompt: string, words: readonly Word[], language: string): string {
  const locale = isLanguageCode(language) ? getLanguage(language).locale : 'en';
  const foreign = words.find((w) => withArticle(w.word, w.article || null, locale) === prompt || w.word === prompt);
  if (foreign) return englishOf(foreign)[0] ?? '';
  // An English prompt shared by several words says which it wants: "not (after the verb, with ne)", as the quiz
  // builds it (cardPrompt leaves out a hint that repeats the prompt).
  const shown = (w: Word, text: string) => {
    const { hint } = cardPrompt(
      { word: w.word, article: w.article, translations: text.split(';').map((t) => t.trim()), hint: w.hint },
      { locale },
      'recall',
    );
    return hint ? `${text} (${hint})` : text;
  };
  const english = words.find((w) => [englishOf(w).join('; '), w.translation].some((p) => shown(w, p) === prompt));
  if (english) return english.word;
  throw new Error(`no word of ${language} is prompted as "${prompt}" (words: ${words.map((w) => w.word).join(', ')})`);
}

/** The parts of a quiz screen a learner looks at. */
export function quizOf(page: Page) {
  const promptLocator = page.locator('.quiz-prompt strong');
  /** The prompt as the learner reads it: the word, and what says which word it wants when another shares it. */
  const shown = () =>
    page.locator('.quiz-prompt').evaluate((p) => {
      const word = p.querySelector('strong')?.textContent?.trim() ?? '';
      const hint = p.querySelector('.quiz-prompt-hint')?.textContent?.trim() ?? '';
      return hint ? `${word} ${hint}` : word;
    });
  return {
    /** The answer field ("Answer in English", "Answer in French", …). */
    input: page.getByRole('textbox', { name: /^Answer in/ }),
    feedback: page.locator('.quiz-feedback'),
    score: page.locator('.quiz-score'),
    async prompt(): Promise<string> {
      await promptLocator.waitFor();
      return shown();
    },
    /** Waits until the quiz shows a word other than `previous` (the quiz advances after its 2-second pause). */
    async nextPrompt(previous: string): Promise<string> {
      await page.waitForFunction(
        (p) => {
          const prompt = document.querySelector('.quiz-prompt');
          const word = prompt?.querySelector('strong')?.textContent?.trim();
          const hint = prompt?.querySelector('.quiz-prompt-hint')?.textContent?.trim() ?? '';
          const now = word === undefined ? undefined : hint ? `${word} ${hint}` : word;
          return (now !== undefined && now !== p) || document.querySelector('.quiz-finished') !== null;
        },
        previous,
        { timeout: 10_000 },
      );
      return (await promptLocator.count()) > 0 ? shown() : '';
    },
  };
}

/**
 * Lets the quiz's 2-second pause after an answer pass at once. Needs the page's clock to be Playwright's
 * (`page.clock.install()` before the page loads); the pause itself is checked in the Spanish journey.
 */
export async function skipAnswerPause(page: Page): Promise<void> {
  await page.clock.runFor(2_000);
}

/**
 * Types an answer and presses Enter, unless the quiz took it as it was typed (a correct one): Enter would then end
 * the pause after its verdict at once.
 */
export async function typeAnswer(input: Locator, text: string): Promise<void> {
  await input.fill(text);
  if ((await input.getAttribute('readonly')) === null) await input.press('Enter');
}
