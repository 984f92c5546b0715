import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute, server } from '@/test/test-utils';
import '@/test/page-test-hooks';
import { apiError, fake, type Reply } from '@/test/api-fakes';
import { Component as Contact } from './contact';

const ROUTES = [{ path: '/contact', Component: Contact }];

/** Records what POST /api/contact receives, and answers with `respond` once `gate` (if any) settles. */
function fakeContact(respond: () => Reply<'POST', '/api/contact'>, gate?: Promise<void>) {
  const received: unknown[] = [];
  server.use(
    fake('POST', '/api/contact', async ({ request }) => {
      received.push(await request.json());
      await gate;
      return respond();
    }),
  );
  return received;
}

async function fillIn(
  user: ReturnType<typeof renderRoute>['user'],
  fields: { name: string; email: string; message: string },
) {
  await user.type(screen.getByLabelText('Name'), fields.name);
  await user.type(screen.getByLabelText('Email'), fields.email);
  await user.type(screen.getByLabelText('Message'), fields.message);
}

describe('the contact form', () => {
  it('waits for all three fields, shows "Submitting..." while sending, then "Message submitted"', async () => {
    let release = () => {};
    const received = fakeContact(
      () => HttpResponse.json({ ok: true }, { status: 201 }),
      new Promise((resolve) => (release = resolve)),
    );
    const { user } = renderRoute('/contact', ROUTES);

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.type(screen.getByLabelText('Email'), 'ana@example.org');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Message'), 'Hola!');
    await user.click(submit);

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(screen.getByLabelText('Message')).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Message submitted');
    expect(received).toEqual([{ name: 'Ana', email: 'ana@example.org', message: 'Hola!' }]);
  });

  it('offers an empty form again for another message', async () => {
    fakeContact(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderRoute('/contact', ROUTES);

    await fillIn(user, { name: 'Ana', email: 'ana@example.org', message: 'Hola!' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('shows the server\'s message beside the field it names, in an "Error" box, keeping what was typed', async () => {
    fakeContact(() =>
      apiError(400, 'invalid_input', 'body message: message is too long', [
        { path: 'message', message: 'message is too long' },
      ]),
    );
    const { user } = renderRoute('/contact', ROUTES);

    await fillIn(user, { name: 'Ana', email: 'ana@example.org', message: 'Hola!' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Your message was not sent: please check the Message field.');
    const message = screen.getByLabelText('Message');
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription('Message is too long');
    expect(message).toHaveValue('Hola!');
    expect(screen.getByLabelText('Name')).toHaveValue('Ana');
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.org');
  });

  it('marks every field the server names in its issues, each with its own message', async () => {
    fakeContact(() =>
      apiError(400, 'invalid_input', 'body name: name must be one line without control characters', [
        { path: 'name', message: 'name must be one line without control characters' },
        { path: 'email', message: 'email must be an e-mail address' },
      ]),
    );
    const { user } = renderRoute('/contact', ROUTES);

    await fillIn(user, { name: 'Ana', email: 'ana@example.org', message: 'Hola!' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your message was not sent: please check the Name and Email fields.',
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      'Name must be one line without control characters',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be an e-mail address');
    expect(screen.getByLabelText('Message')).not.toHaveAttribute('aria-invalid');
  });

  it('shows an "Error" box when the server cannot be reached, and sends what was kept on the next try', async () => {
    let fail = true;
    const received = fakeContact(() =>
      fail ? HttpResponse.error() : HttpResponse.json({ ok: true }, { status: 201 }),
    );
    const { user } = renderRoute('/contact', ROUTES);

    await fillIn(user, { name: 'Ana', email: 'ana@example.org', message: 'Hola!' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Could not reach the server.');
    await waitFor(() => expect(screen.getByLabelText('Message')).toBeEnabled());
    expect(screen.getByLabelText('Message')).toHaveValue('Hola!');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Message submitted')).toBeInTheDocument();
    expect(received).toHaveLength(2);
  });

  it('asks for an e-mail address before sending anything that is not one', async () => {
    const received = fakeContact(() => HttpResponse.json({ ok: true }, { status: 201 }));
    const { user } = renderRoute('/contact', ROUTES);

    await fillIn(user, { name: 'Ana', email: 'not-an-address', message: 'Hola!' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter an e-mail address, like ana@example.org.');
    expect(email).toHaveFocus();
    expect(received).toEqual([]);

    await user.clear(email);
    await user.type(email, 'ana@example.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Message submitted')).toBeInTheDocument();
  });
});
