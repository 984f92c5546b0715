import fs from 'node:fs';
import { expect, expectAccessible, phone, test } from './support/fixtures';
import { signUpAndLogIn } from './support/learner';

/** A pasted list previewed line by line and imported on confirming; the words exported from the stats page. */
test.describe('importing and exporting words', () => {
  test('imports a pasted Quizlet list after a preview, then downloads the words as CSV and for Anki', async ({
    page,
  }) => {
    await signUpAndLogIn(page, 'importer');
    await page.goto('/spanish-add-words');
    await page.getByRole('link', { name: 'Import a list of words' }).click();
    await page.getByRole('heading', { level: 1, name: 'Spanish: import words' }).waitFor();

    await page
      .getByLabel('Or paste a list')
      .fill('ratoncito\tlittle mouse\nque\tthat\nRATONCITO\tagain\nsin traducción');
    await page.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('table', { name: 'Preview: nothing is saved until you confirm' });
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').nth(2)).toContainText('This word is in the deck already.');
    await expect(table.getByRole('row').nth(3)).toContainText('This word is on line 1 already.');
    await expect(table.getByRole('row').nth(4)).toContainText('The translation is missing.');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Add 1 word' }).click();
    await expect(page.getByRole('status')).toHaveText('✔ 1 word added to your Spanish words (3 lines left out).');

    await page.getByRole('link', { name: 'Export your words' }).click();
    const exports = page.getByRole('region', { name: 'Export your Spanish words' });
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('link', { name: 'Words and progress (CSV)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('vocab-spanish-words.csv');
    const text = fs.readFileSync(await csv.path(), 'utf8');
    expect(text.split('\n')[0]).toBe(
      'word,translations,article,note,source,learned,due,reviews,example,example_translation',
    );
    // An own word imported without a sentence: its example columns are empty.
    expect(text).toContain('ratoncito,little mouse,,,own,no,,0,,');

    const [anki] = await Promise.all([
      page.waitForEvent('download'),
      exports.getByRole('link', { name: 'Words for Anki' }).click(),
    ]);
    expect(anki.suggestedFilename()).toBe('vocab-spanish-anki.txt');
    expect(fs.readFileSync(await anki.path(), 'utf8')).toMatch(
      /^#separator:tab\n#html:false\n#notetype:Basic\n#deck:Vocab::Spanish\n/,
    );
  });

  test('keeps why a line is left out in view beside a word of 120 characters', async ({ page }) => {
    await page.goto('/import/spanish');
    const long = 'palabra'.repeat(17).slice(0, 120);
    await page.getByLabel('Or paste a list').fill(`${long}\t${'word'.repeat(30)}\nque\tthat\nsin traducción`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const table = page.getByRole('table', { name: 'Preview: nothing is saved until you confirm' });
    await expect(table.getByRole('row')).toHaveCount(4);
    const box = await page.locator('.table-scroll').boundingBox();
    for (const name of ['Translation', 'Status']) {
      const header = await table.getByRole('columnheader', { name }).boundingBox();
      expect(header && box && header.x + header.width, name).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    }
    // A word this long is refused; the reason, like every line's, is in view.
    await expect(table.getByRole('row').nth(1).getByRole('cell').last()).toContainText('too long');
    for (const row of (await table.getByRole('row').all()).slice(1)) {
      const cell = await row.getByRole('cell').last().boundingBox();
      if (!cell) throw new Error('a line without its status');
      expect(cell.x + cell.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      expect(cell.x + cell.width).toBeLessThanOrEqual(1280);
    }
    expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  });

  test.describe('on a phone', () => {
    test.use(phone(375, 812));

    test('shows why a line is left out without scrolling sideways', async ({ page }) => {
      await page.goto('/import/spanish');
      await page.getByLabel('Or paste a list').fill('ratoncito\tlittle mouse\nque\tthat\nsin traducción');
      await page.getByRole('button', { name: 'Preview' }).click();
      const table = page.getByRole('table', { name: 'Preview: nothing is saved until you confirm' });
      await expect(table.getByRole('row')).toHaveCount(4);
      for (const reason of ['This word is in the deck already.', 'The translation is missing.']) {
        const box = await table.getByRole('cell', { name: reason }).boundingBox();
        expect(box, reason).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), reason).toBeLessThanOrEqual(375);
      }
      const scroll = await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(scroll).toBe(0);
      await expectAccessible(page);
    });
  });
});
