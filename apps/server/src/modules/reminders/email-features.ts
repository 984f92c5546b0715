import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { Mailer } from '../../lib/mail-queue.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AccountService } from '../account/account.service.js';
import { EmailRepository } from '../account/email.repository.js';
import { emailRoutes } from './email.routes.js';
import { EmailService } from '../account/email.service.js';
import type { ConfirmAtSignup } from '../auth/auth.routes.js';
import { type KnownDevice, PasswordReset } from '../account/password-reset.js';
import { passwordResetRoutes } from '../account/password-reset.routes.js';
import { LinkSigner } from './link-signer.js';
import { ReminderJob } from './reminder-job.js';
import { RemindersRepository } from './reminders.repository.js';
import { remindersRoutes } from './reminders.routes.js';
import { RemindersService } from './reminders.service.js';

/** What tests (and the app's own close) reach of the mail features. */
export interface EmailFeatures {
  /** Null without SMTP: no reminders are sent. Tests run passes with runOnce(). */
  reminders: ReminderJob | null;
  /** Runs a delivery pass of the learners' mail outbox now. */
  deliverMail(): Promise<void>;
  /** Waits for forgot-password requests still being handled after their answer. */
  settle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    email: EmailFeatures;
  }
}

export interface EmailDeps {
  db: Kysely<Database>;
  /** The one way the app writes several statements at once (Db.writeTransaction). */
  write: Db['writeTransaction'];
  config: Config;
  clock: Clock;
  limiter: RateLimiter;
  /** Whether a browser has logged in to an account (LoginGuard.knows): its reset requests count apart. */
  knownDevice: KnownDevice;
  outboxPollMs?: number;
}

/**
 * The account's email address, password reset by email and daily reminders built in one place:
 * every mail goes through one outbox (lib/mail-queue.ts), which exists only when SMTP_URL is set.
 */
export function emailFeatures(
  app: FastifyInstance,
  deps: EmailDeps,
): { confirmAtSignup: ConfirmAtSignup; register(accounts: AccountService): Promise<void> } {
  const { db, write, config, clock, limiter } = deps;
  const mailOptions = { from: config.contactFrom, publicUrl: config.publicUrl, pollMs: deps.outboxPollMs };
  const mailer = config.smtpUrl
    ? new Mailer({ db, clock, options: { smtpUrl: config.smtpUrl, ...mailOptions }, log: app.log })
    : null;
  const emailRepository = new EmailRepository(db, write);
  const emails = new EmailService({ emails: emailRepository, mailer, limiter, clock });
  const reset = new PasswordReset({
    emails: emailRepository,
    mailer,
    limiter,
    clock,
    log: app.log,
    knownDevice: deps.knownDevice,
  });
  const remindersRepository = new RemindersRepository(db, write);
  const reminders = new RemindersService({
    reminders: remindersRepository,
    emails: emailRepository,
    signer: new LinkSigner(db),
    clock,
    available: mailer !== null && config.reminderIntervalMs > 0,
  });
  const job = mailer
    ? new ReminderJob({
        reminders: remindersRepository,
        emails: emailRepository,
        service: reminders,
        mailer,
        clock,
        log: app.log,
      })
    : null;

  mailer?.start();
  if (job && config.reminderIntervalMs > 0) job.start(config.reminderIntervalMs);
  app.addHook('onClose', async () => {
    await reset.settle();
    await job?.stop();
    await mailer?.stop();
  });
  app.decorate('email', {
    reminders: job,
    deliverMail: () => mailer?.kick() ?? Promise.resolve(),
    settle: () => reset.settle(),
  });

  return {
    // Without a mail server an address given at signup cannot be confirmed: the profile says email is unavailable.
    confirmAtSignup: (learner, address) => (mailer ? emails.requestConfirmation(learner, address) : Promise.resolve()),
    async register(accounts) {
      await app.register(emailRoutes(emails, accounts, reminders));
      await app.register(passwordResetRoutes(reset));
      await app.register(remindersRoutes(reminders));
    },
  };
}
