import { emailEndpoints } from '@vocab/api';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint.js';
import { requireAccount } from '../auth/session-manager.js';
import type { RemindersService } from './reminders.service.js';
import type { AccountService } from '../account/account.service.js';
import type { EmailService } from '../account/email.service.js';

/**
 * /api/account/email: the logged-in account's own address; confirming needs only the link's token. And the
 * account's export: what it holds besides its words (those are exported per language, modules/transfer).
 */
export function emailRoutes(
  emails: EmailService,
  accounts: AccountService,
  reminders: RemindersService,
): FastifyPluginAsync {
  return async (app) => {
    serve(app, emailEndpoints.exportAccount, async (request, reply) => {
      const learner = requireAccount(request);
      const { address, pending } = await emails.state(learner);
      const { enabled, hour, timeZone, days } = await reminders.state(learner);
      const data = {
        username: learner.username,
        createdAt: new Date((await accounts.createdAt(learner)) ?? 0).toISOString(),
        email: { address, waitingForConfirmation: pending },
        reminder: { enabled, hour, timeZone, days },
      };
      return reply
        .type('application/json')
        .header('content-disposition', 'attachment; filename="vocab-account.json"')
        .send(JSON.stringify(data, null, 2));
    });

    serve(app, emailEndpoints.getEmail, async (request) => emails.state(requireAccount(request)));

    serve(app, emailEndpoints.setEmail, async (request, reply) => {
      const learner = requireAccount(request);
      await emails.requestConfirmation(learner, request.body.address);
      return reply.status(202).send(await emails.state(learner));
    });

    serve(app, emailEndpoints.removeEmail, async (request) => {
      const learner = requireAccount(request);
      await emails.remove(learner);
      return emails.state(learner);
    });

    // The link may be opened on another device, logged out: the token is the proof.
    serve(app, emailEndpoints.confirmEmail, async (request) => ({ address: await emails.confirm(request.body.token) }));
  };
}
