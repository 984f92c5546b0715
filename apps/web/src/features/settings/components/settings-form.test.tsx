import { DEFAULT_DESIRED_RETENTION } from '@vocab/core';
import type { Settings } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { settingsQueryOptions } from '@/lib/settings';
import { SettingsForm } from './settings-form';
import { fake } from '@/test/api-fakes';

const initial: Settings = {
  strictAccents: false,
  desiredRetention: DEFAULT_DESIRED_RETENTION,
  dailyGoal: 20,
  autoSpeak: false,
  theme: 'system',
};
const received: unknown[] = [];
const server = setupServer(
  fake('PATCH', '/api/settings', async ({ request }) => {
    const body = (await request.json()) as Partial<Settings>;
    received.push(body);
    return HttpResponse.json({ ...initial, ...body });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  received.length = 0;
});
afterAll(() => server.close());

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <SettingsForm initial={initial} />
    </QueryClientProvider>,
  );
  return Object.assign(userEvent.setup(), { view, client });
}

describe('SettingsForm', () => {
  it('saves the changed settings and says so', async () => {
    const user = renderForm();
    await user.click(screen.getByLabelText(/Strict accents/));
    await user.click(screen.getByLabelText('Dark'));
    await user.clear(screen.getByLabelText('Daily goal (answers a day)'));
    await user.type(screen.getByLabelText('Daily goal (answers a day)'), '35');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(received).toEqual([{ ...initial, strictAccents: true, theme: 'dark', dailyGoal: 35 }]);
  });

  it('shows a theme as soon as it is chosen, before Save, and puts the saved one back when left unsaved', async () => {
    const user = renderForm();
    user.client.setQueryData(settingsQueryOptions().queryKey, initial);
    await user.click(screen.getByLabelText('Dark'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(screen.getByLabelText('Light'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(received).toEqual([]);
    user.view.unmount();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('refuses a daily goal out of range with a message, sending nothing', async () => {
    const user = renderForm();
    await user.clear(screen.getByLabelText('Daily goal (answers a day)'));
    await user.type(screen.getByLabelText('Daily goal (answers a day)'), '0');
    expect(screen.getByText('Choose a whole number from 1 to 500.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(received).toEqual([]);
  });

  it('keeps what was chosen when saving fails', async () => {
    server.use(
      fake('PATCH', '/api/settings', () =>
        HttpResponse.json(
          { error: { code: 'internal', message: 'Something went wrong on our side.' } },
          { status: 500 },
        ),
      ),
    );
    const user = renderForm();
    await user.click(screen.getByLabelText(/Read words aloud/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    expect(screen.getByLabelText(/Read words aloud/)).toBeChecked();
  });
});
