import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { ImportPreview } from '@vocab/api';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, asVisitor, fake, type Reply, withCharts } from '@/test/api-fakes';
import { Component as Import } from './language-import';
import { Component as Stats } from './language-stats';
import { Component as AddWords } from './language-add-words';

const ROUTES = [
  { path: '/import/:language', Component: Import },
  { path: '/stats/:language', Component: Stats },
  { path: '/spanish-add-words', Component: AddWords },
];

const PREVIEW: ImportPreview = {
  encoding: 'utf-8',
  separator: 'tab',
  headerSkipped: false,
  lines: [
    { line: 1, word: 'gato', translation: 'cat', error: null },
    { line: 2, word: 'que', translation: 'that', error: 'This word is in the deck already.' },
  ],
  valid: 1,
  invalid: 1,
};

/** Answers the preview and the import, recording each body as text. */
function fakeImport(
  preview: () => Reply<'POST', '/api/{language}/import/preview'>,
  result: () => Reply<'POST', '/api/{language}/import'> = () => HttpResponse.json({ added: 1, skipped: 1 }),
  gate?: Promise<void>,
) {
  const received: Array<[string, string]> = [];
  server.use(
    fake('POST', '/api/{language}/import/preview', { language: 'spanish' }, async ({ request }) => {
      received.push(['preview', await request.text()]);
      await gate;
      return preview();
    }),
    fake('POST', '/api/{language}/import', { language: 'spanish' }, async ({ request }) => {
      received.push(['import', await request.text()]);
      return result();
    }),
  );
  return received;
}

describe('importing words', () => {
  it("previews a pasted Quizlet list with each line's problem, and adds the words only on confirming", async () => {
    const received = fakeImport(() => HttpResponse.json(PREVIEW));
    const { user } = renderRoute('/import/spanish', ROUTES);
    expect(screen.getByRole('heading', { level: 1, name: 'Spanish: import words' })).toBeInTheDocument();
    const preview = screen.getByRole('button', { name: 'Preview' });
    expect(preview).toBeDisabled();
    await user.click(screen.getByLabelText('Or paste a list'));
    await user.paste('gato\tcat\nque\tthat');
    await user.click(preview);

    const table = await screen.findByRole('table', { name: 'Preview: nothing is saved until you confirm' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['1', 'gato', 'cat', '✔ New'],
      ['2', 'que', 'that', 'This word is in the deck already.'],
    ]);
    expect(screen.getByText(/1 word can be added; 1 line has a problem/)).toHaveTextContent(
      'Read as UTF-8, separated by tabs.',
    );
    expect(received).toEqual([['preview', 'gato\tcat\nque\tthat']]);

    await user.click(screen.getByRole('button', { name: 'Add 1 word' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '✔ 1 word added to your Spanish words (1 line left out).',
    );
    expect(received).toEqual([
      ['preview', 'gato\tcat\nque\tthat'],
      ['import', 'gato\tcat\nque\tthat'],
    ]);
  });

  it("reads a chosen file, shows loading, then the server's refusal, and starts over on cancel", async () => {
    let release = () => {};
    const received = fakeImport(
      () => HttpResponse.json(PREVIEW),
      undefined,
      new Promise((resolve) => (release = resolve)),
    );
    const { user } = renderRoute('/import/spanish', ROUTES);
    await user.upload(
      screen.getByLabelText('A CSV or tab-separated file'),
      new File(['word,translation\nárbol,tree\n'], 'words.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText('Reading the file...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(received).toEqual([['preview', 'word,translation\nárbol,tree\n']]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('A CSV or tab-separated file')).toBeInTheDocument();

    fakeImport(() => apiError(400, 'bad_file', 'A quoted field is never closed (line 2): check the quotation marks.'));
    await user.upload(screen.getByLabelText('A CSV or tab-separated file'), new File(['"broken'], 'broken.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error reading the fileA quoted field is never closed (line 2)',
    );
  });

  it('refuses a file over 5 MB without sending it, and says when a file has no words', async () => {
    const received = fakeImport(() => HttpResponse.json({ ...PREVIEW, lines: [], valid: 0, invalid: 0 }));
    const { user } = renderRoute('/import/spanish', ROUTES);
    await user.upload(
      screen.getByLabelText('A CSV or tab-separated file'),
      new File(['x'.repeat(5 * 1024 * 1024 + 1)], 'huge.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is larger than 5 MB. Split it into smaller files.',
    );
    expect(received).toEqual([]);
    await user.upload(screen.getByLabelText('A CSV or tab-separated file'), new File(['\n\n'], 'empty.csv'));
    expect(await screen.findByText('This file has no words in it.')).toBeInTheDocument();
  });

  it("shows the server's error when confirming fails, keeping the preview", async () => {
    fakeImport(
      () => HttpResponse.json(PREVIEW),
      () => apiError(503, 'database_unavailable', 'The service is briefly unavailable. Please try again shortly.'),
    );
    const { user } = renderRoute('/import/spanish', ROUTES);
    await user.click(screen.getByLabelText('Or paste a list'));
    await user.paste('gato\tcat');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await user.click(await screen.findByRole('button', { name: 'Add 1 word' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is briefly unavailable.');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('is linked from the stats page, beside the export downloads, and from the add-words page', async () => {
    // The stats page also asks who is logged in and for the language's memory model.
    server.use(
      withCharts(),
      asVisitor(),
      fake('GET', '/api/{language}/memory-model', () =>
        HttpResponse.json({
          status: 'defaults',
          version: 0,
          fittedAt: null,
          reviewCount: 0,
          reviewsForFirstFit: 40,
          desiredRetention: DEFAULT_DESIRED_RETENTION,
          parameters: null,
          report: null,
          tooFewUsable: null,
        }),
      ),
    );
    const { user } = renderRoute('/stats/spanish', ROUTES);
    const exports = await screen.findByRole('region', { name: 'Export your Spanish words' });
    const links = within(exports)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Words and progress (CSV)', '/api/spanish/export/words?format=csv'],
      ['(TSV)', '/api/spanish/export/words?format=tsv'],
      ['Words for Anki', '/api/spanish/export/words?format=anki'],
      ['Review log (CSV)', '/api/spanish/export/reviews?format=csv'],
    ]);
    await user.click(screen.getByRole('link', { name: 'Import words' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spanish: import words' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add words one by one' }));
    await user.click(await screen.findByRole('link', { name: 'Import a list of words' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Spanish: import words' })).toBeInTheDocument();
  });
});
