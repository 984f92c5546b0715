import type { ReminderState } from '@vocab/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '@/test/api-fakes';
import { ReminderSettings, daysLabel } from './reminder-settings';
import { Unsubscribe } from './unsubscribe';

const off: ReminderState = {
  available: true,
  emailConfirmed: true,
  enabled: false,
  hour: 18,
  timeZone: 'UTC',
  days: [1, 2, 3, 4, 5, 6, 7],
};
let state: ReminderState | 'fail' = off;
const patches: unknown[] = [];
const server = setupServer(
  http.get('*/api/reminders', () =>
    state === 'fail' ? apiError(500, 'internal', 'Something went wrong') : HttpResponse.json(state),
  ),
  http.patch('*/api/reminders', async ({ request }) => {
    const patch = (await request.json()) as Partial<ReminderState>;
    patches.push(patch);
    if (patch.hour === 3) return apiError(409, 'email_unconfirmed', 'Confirm an email address in your profile first.');
    return HttpResponse.json({ ...(state as ReminderState), ...patch });
  }),
  http.post('*/api/reminders/unsubscribe', ({ request }) =>
    new URL(request.url).searchParams.get('s') === 'good'.repeat(6)
      ? HttpResponse.json({ ok: true })
      : apiError(400, 'link_invalid', 'This unsubscribe link is not valid.'),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  patches.length = 0;
  state = off;
});
afterAll(() => server.close());

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the daily reminder in settings', () => {
  it('turns the reminder on at an hour and days, in the browser time zone, and says when it comes', async () => {
    renderWith(<ReminderSettings loggedIn />);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await userEvent.click(await screen.findByLabelText(/Email me when words are waiting/));
    await userEvent.selectOptions(screen.getByLabelText('At'), '7');
    await userEvent.click(screen.getByLabelText('Sunday'));
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Saved. Reminders at 07:00 (${zone}), Mondays, Tuesdays, Wednesdays, Thursdays, Fridays and Saturdays.`,
    );
    expect(patches).toEqual([{ enabled: true, hour: 7, timeZone: zone, days: [1, 2, 3, 4, 5, 6] }]);
  });

  it('names the days the way a learner says them', () => {
    expect(daysLabel([1, 2, 3, 4, 5, 6, 7])).toBe('every day');
    expect(daysLabel([1, 2, 3, 4, 5])).toBe('Monday to Friday');
    expect(daysLabel([6, 7])).toBe('Saturdays and Sundays');
    expect(daysLabel([3])).toBe('Wednesdays');
  });

  it('asks for a day, and shows the server refusing', async () => {
    state = { ...off, enabled: true, days: [1] };
    renderWith(<ReminderSettings loggedIn />);
    await userEvent.click(await screen.findByLabelText('Monday'));
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
    expect(patches).toEqual([]);
    await userEvent.click(screen.getByLabelText('Friday'));
    await userEvent.selectOptions(screen.getByLabelText('At'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm your email address in your profile first.');
  });

  it('says when reminders are unavailable on this server', async () => {
    state = { ...off, available: false };
    renderWith(<ReminderSettings loggedIn />);
    expect(await screen.findByText('Reminders are unavailable: this server cannot send email.')).toBeInTheDocument();
  });

  it('sends a learner without a confirmed address to the profile', async () => {
    state = { ...off, emailConfirmed: false };
    renderWith(<ReminderSettings loggedIn />);
    expect(await screen.findByRole('link', { name: 'Add one in your profile' })).toHaveAttribute(
      'href',
      '/user-profile',
    );
  });

  it('says nothing is sent while reminders are on but the address was removed', async () => {
    state = { ...off, enabled: true, emailConfirmed: false };
    renderWith(<ReminderSettings loggedIn />);
    expect(await screen.findByRole('link', { name: 'confirm one in your profile' })).toHaveAttribute(
      'href',
      '/user-profile',
    );
    expect(screen.getByLabelText(/Email me when words are waiting/)).toBeChecked();
  });

  it('offers Try again when the settings cannot be loaded', async () => {
    state = 'fail';
    renderWith(<ReminderSettings loggedIn />);
    expect(await screen.findByText('Your reminder settings could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks a visitor to log in, without asking the server', () => {
    renderWith(<ReminderSettings loggedIn={false} />);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fsettings');
  });
});

describe('the unsubscribe page', () => {
  it('stops reminders with one button, and explains a bad link', async () => {
    renderWith(<Unsubscribe u="u1" s={'good'.repeat(6)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop daily reminders' }));
    expect(await screen.findByText('You will get no more daily reminders.')).toBeInTheDocument();
  });

  it('explains a link that is not valid', async () => {
    renderWith(<Unsubscribe u="u1" s={'bad'.repeat(8)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop daily reminders' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Turn reminders off in your settings instead.',
    );
  });
});
