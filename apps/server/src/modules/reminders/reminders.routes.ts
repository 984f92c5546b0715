import { emailEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import { requireAccount } from '../auth/session-manager.js';
import { type RemindersService, UNSUBSCRIBE_PAGE } from './reminders.service.js';

/** Bodies a one-click unsubscribe may come with (RFC 8058: `List-Unsubscribe=One-Click`); read and ignored. */
const ONE_CLICK_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/** /api/reminders: the account's reminder settings, and unsubscribing by a signed link without a session. */
export function remindersRoutes(reminders: RemindersService): FastifyPluginAsync {
  return async (app) => {
    // Only inside this plugin: a mail provider's one-click POST is a form, which no other route takes.
    app.addContentTypeParser(ONE_CLICK_TYPES, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );

    serve(app, emailEndpoints.getReminders, async (request) => reminders.state(requireAccount(request)));

    serve(app, emailEndpoints.setReminders, async (request) => reminders.update(requireAccount(request), request.body));

    // Mail clients and people open the List-Unsubscribe link: they get the page with the one button. Opening it
    // changes nothing, since mail scanners open links too.
    serve(app, emailEndpoints.unsubscribePage, async (request, reply) => {
      const { u = '', s = '' } = request.query;
      return reply.redirect(`${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ u, s }).toString()}`, 303);
    });

    // The signature is the authorisation: no session, and a mail provider's POST carries no Origin.
    serve(app, emailEndpoints.unsubscribe, async (request) => {
      await reminders.unsubscribe(request.query.u, request.query.s);
      return { ok: true as const };
    });
  };
}
