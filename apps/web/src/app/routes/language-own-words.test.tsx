import type { Word } from '@vocab/api';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeWord, renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, fake } from '@/test/api-fakes';
import { Component as AddWords } from './language-add-words';
import { Component as OwnWordsPage } from './language-own-words';

const ROUTES = [
  { path: '/own-words/:language', Component: OwnWordsPage },
  { path: '/spanish-add-words', Component: AddWords },
];

/** A learner's own Spanish words kept as the server would, changed by the page's PATCH and DELETE. */
function ownWords(initial: Word[]) {
  let words = initial;
  const sent: unknown[] = [];
  server.use(
    fake('GET', '/api/{language}/own-words', { language: 'spanish' }, () => HttpResponse.json(words)),
    fake('PATCH', '/api/{language}/own-words/{id}', async ({ request, params }) => {
      const body = (await request.json()) as { word: string; translation: string };
      sent.push({ patch: String(params.id), ...body });
      if (body.word === 'que') return apiError(409, 'word_exists', 'word already exists in your list!');
      words = words.map((w) => (w._id === String(params.id) ? { ...w, ...body } : w));
      return HttpResponse.json(words.find((w) => w._id === String(params.id)));
    }),
    fake('DELETE', '/api/{language}/own-words/{id}', ({ params }) => {
      sent.push({ delete: String(params.id) });
      words = words.filter((w) => w._id !== String(params.id));
      return HttpResponse.json({ ok: true as const });
    }),
  );
  return sent;
}

const zarza = makeWord({
  _id: '9001',
  word: 'zarzamora',
  translation: 'blackberry',
  own: true,
  answeredCorrectly: true,
});
const arandano = makeWord({ _id: '9002', word: 'arándano', translation: 'blueberry', own: true });

describe('your own words', () => {
  it('is linked from the add-words page', () => {
    renderRoute('/spanish-add-words', ROUTES);
    expect(screen.getByRole('link', { name: 'See, edit or delete your Spanish words' })).toHaveAttribute(
      'href',
      '/own-words/spanish',
    );
  });

  it('lists the words, edits one in place and says a word the list has already', async () => {
    const sent = ownWords([arandano, zarza]);
    const { user } = renderRoute('/own-words/spanish', ROUTES);
    const list = await screen.findByRole('list', { name: 'Your Spanish words' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.own-word-text')?.textContent),
    ).toEqual(['arándano — blueberry', 'zarzamora — blackberry']);

    await user.click(screen.getByRole('button', { name: 'Edit “zarzamora”' }));
    const form = screen.getByRole('form', { name: 'Edit “zarzamora”' });
    await user.clear(within(form).getByLabelText('Spanish word'));
    await user.type(within(form).getByLabelText('Spanish word'), 'que');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('“que” is already in your Spanish words.');

    await user.clear(within(form).getByLabelText('Spanish word'));
    await user.type(within(form).getByLabelText('Spanish word'), 'zarzamoras');
    await user.clear(within(form).getByLabelText('English translation'));
    await user.type(within(form).getByLabelText('English translation'), 'blackberries{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('✔ “zarzamoras” saved.');
    expect(await screen.findByText('zarzamoras')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ patch: '9001', word: 'zarzamoras', translation: 'blackberries' });
  });

  it('asks before deleting a word, keeps it on "Keep it", and deletes it on confirming', async () => {
    const sent = ownWords([arandano, zarza]);
    const { user } = renderRoute('/own-words/spanish', ROUTES);
    await user.click(await screen.findByRole('button', { name: 'Delete “arándano”' }));
    const ask = screen.getByRole('group', { name: 'Delete “arándano”?' });
    expect(ask).toHaveTextContent('Delete “arándano” and its review history?');
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete “arándano”' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Delete “arándano”?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('✔ “arándano” deleted.');
    expect(sent).toEqual([{ delete: '9002' }]);
    const list = screen.getByRole('list', { name: 'Your Spanish words' });
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1);
  });

  it('says when there are no own words yet', async () => {
    ownWords([]);
    renderRoute('/own-words/spanish', ROUTES);
    expect(await screen.findByText('You have not added any Spanish words of your own yet.')).toBeInTheDocument();
  });
  it('leads back to the home the learner came from, through the pages in between', async () => {
    ownWords([zarza]);
    const { user } = renderRoute({ pathname: '/own-words/spanish', state: { home: '/generic/spanish' } }, ROUTES);
    expect(await screen.findByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/generic/spanish');
    await user.click(screen.getByRole('link', { name: 'Add words' }));
    expect(await screen.findByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/generic/spanish');
    await user.click(screen.getByRole('link', { name: /See, edit or delete/ }));
    expect(await screen.findByRole('link', { name: 'Back to Spanish' })).toHaveAttribute('href', '/generic/spanish');
  });

  it("leads back to the page's own language without a home to return to", async () => {
    server.use(fake('GET', '/api/{language}/own-words', { language: 'french' }, () => HttpResponse.json([])));
    renderRoute('/own-words/french', ROUTES);
    expect(await screen.findByRole('link', { name: 'Back to French' })).toHaveAttribute('href', '/french');
  });
});
