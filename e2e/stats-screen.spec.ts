import type { Word } from '@vocab/api';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { wordsOf } from './support/learner';

/** How far a card's inner bottom edge lies below its last line of content, in CSS pixels. */
function emptyBelow(card: Locator): Promise<number> {
  return card.evaluate((section) => {
    const style = getComputedStyle(section);
    const inner = section.getBoundingClientRect().bottom - parseFloat(style.borderBottomWidth);
    const last = section.lastElementChild?.getBoundingClientRect().bottom ?? inner;
    return inner - parseFloat(style.paddingBottom) - last;
  });
}

/** The stroke each day of the calendar is drawn with, and the today mark's. */
function strokes(calendar: Locator): Promise<string[]> {
  return calendar.locator('rect, circle').evaluateAll((shapes) => shapes.map((s) => getComputedStyle(s).stroke));
}

test.describe('a language’s stats screen at 1280×900', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test.beforeEach(async ({ page, app }) => {
    // Three words learned, reviewed when due five days later: a calendar with two days and a retention figure.
    await page.goto('/');
    const learned = await wordsOf(page, 'spanish');
    for (const word of learned.slice(0, 3))
      expect((await page.request.patch(`/api/spanish/${word._id}`)).ok()).toBe(true);
    await app.moveClock(5 * 86_400_000);
    const due = (await (await page.request.get('/api/spanish/for-review')).json()) as Word[];
    for (const word of due) expect((await page.request.patch(`/api/spanish/${word._id}`)).ok()).toBe(true);
    await page.goto('/stats/spanish');
  });

  test('the Retention and Coming up cards leave no empty band under their content', async ({ page }) => {
    const retention = page.getByRole('region', { name: 'Retention' });
    const comingUp = page.getByRole('region', { name: 'Coming up' });
    await expect(retention.getByText(/^You remembered \d+% of \d+ reviews/)).toBeVisible();
    await comingUp.locator('canvas').waitFor();
    expect(await emptyBelow(retention)).toBeLessThan(24);
    expect(await emptyBelow(comingUp)).toBeLessThan(24);
  });

  test('the answers calendar marks today with a dot of its own, apart from the keyboard’s focus ring', async ({
    page,
  }) => {
    const calendar = page.getByRole('img', { name: /^Answers per day over the last 90 days/ });
    const label = page.locator('.heatmap-day');
    await expect(label).toHaveText(/^Today: \d+ answers?$/);
    await expect(page.locator('.heatmap-legend')).toContainText('Today');
    // Today's cell is the last; its dot sits inside it.
    const [cell, dot] = await Promise.all([
      calendar.locator('rect').last().boundingBox(),
      calendar.locator('circle').boundingBox(),
    ]);
    expect(cell && dot && dot.x > cell.x && dot.x + dot.width < cell.x + cell.width).toBe(true);
    expect(cell && dot && dot.y > cell.y && dot.y + dot.height < cell.y + cell.height).toBe(true);

    // The calendar takes the keyboard: its focus ring is the app's, and the arrows pick a day a week back.
    await calendar.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(label).not.toHaveText(/^Today/);
    const ring = await calendar.evaluate((svg) => {
      const style = getComputedStyle(svg);
      return {
        visible: svg.matches(':focus-visible'),
        color: style.outlineColor,
        width: parseFloat(style.outlineWidth),
      };
    });
    expect(ring.visible).toBe(true);
    expect(ring.width).toBeGreaterThanOrEqual(2);
    // No day, today and the picked one included, is drawn in the focus ring's colour.
    expect(await strokes(calendar)).not.toContain(ring.color);
    await calendar.blur();
    expect(await strokes(calendar)).not.toContain(ring.color);
  });
});
