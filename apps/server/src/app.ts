import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, ROOT_DIR } from './config.js';
import type { Db } from './db/database.js';
import { type Clock, systemClock } from './lib/clock.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { UserRepository } from './modules/auth/user.repository.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { readSecretLanguage } from './modules/content/secret-language.js';
import { ContactOutbox } from './modules/contact/contact-outbox.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { ContactRepository } from './modules/contact/contact.repository.js';
import { LearningRepository } from './modules/learning/learning.repository.js';
import { learningRoutes } from './modules/learning/learning.routes.js';
import { LearningService } from './modules/learning/learning.service.js';
import { userLanguagesRoutes } from './modules/learning/user-languages.routes.js';
import { WordLists } from './modules/learning/word-list.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { StatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { StatsService } from './modules/stats/stats.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { statusRoutes } from './modules/status/status.routes.js';
import { registerEmptyBodyAnyType } from './plugins/empty-body.js';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { lowerCaseLanguagePath } from './plugins/language-case.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { SessionManager } from './plugins/session.js';
import { createMovableClock } from './plugins/test-clock.js';

export interface AppOptions {
  config: Config;
  db: Db;
  clock?: Clock;
  /** The built SPA to serve; defaults to apps/web/dist when it exists. */
  webDir?: string | null;
  logger?: boolean;
  /** Where the decks and the secret language live; defaults to the repository's content/. */
  contentDir?: string;
  /** How often the contact outbox polls for retries. */
  outboxPollMs?: number;
}

/** JSON bodies above this are refused with 413: the largest legitimate body is a contact message. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Smaller answers are sent as they are: they fit in the first round trip of a fresh connection (the initial TCP
 * congestion window is ten segments, about 14 KB) compressed or not, so compressing them costs CPU and saves no
 * time. A quiz batch is 3–4 KB; the review list, the lexicon and the scripts are larger and still compressed.
 */
const COMPRESS_THRESHOLD_BYTES = 10 * 1024;

const SECURITY_HEADERS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // HSTS only means something over HTTPS; on plain http://localhost it would be ignored or harmful (set in onSend).
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
};

/** Builds the whole application. server.ts listens with it; tests drive it through inject() or a real port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const movable = config.testClock ? createMovableClock(options.clock ?? systemClock) : null;
  const clock = movable?.clock ?? options.clock ?? systemClock;
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // During a graceful shutdown, a new request on a kept-alive connection gets 503, which a proxy retries elsewhere.
    return503OnClosing: true,
    frameworkErrors,
    rewriteUrl: (request) => lowerCaseLanguagePath(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, spaIndex(options.webDir));

  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(fastifyCookie);
  // One helmet middleware for the app's life: @fastify/helmet builds a new one, parsing the policy, on every request.
  const securityHeaders = helmet(SECURITY_HEADERS);
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });
  registerOriginCheck(app, config.allowedOrigins);
  registerNulGuard(app);
  registerEmptyBodyAnyType(app);

  const users = new UserRepository(db.kysely);
  const sessions = new SessionManager(new SessionRepository(db.kysely), users, {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    clock,
  });
  sessions.register(app);
  const limiter = new RateLimiter(db.kysely, clock);
  const learning = new LearningService(new LearningRepository(db), clock, new WordLists(db));
  const auth = new AuthService(users, limiter, clock, learning.mergeGuest);
  const contacts = new ContactRepository(db.kysely);
  const outbox = config.smtpUrl
    ? new ContactOutbox(contacts, clock, { smtpUrl: config.smtpUrl, to: config.contactTo, from: config.contactFrom, pollMs: options.outboxPollMs }, app.log)
    : null;
  if (outbox) {
    outbox.start();
    app.addHook('onClose', () => outbox.stop());
  }

  await app.register(statusRoutes(db));
  await app.register(authRoutes(auth, sessions));
  await app.register(contentRoutes(db, readSecretLanguage(options.contentDir ?? path.join(ROOT_DIR, 'content'))));
  await app.register(learningRoutes(learning, sessions));
  await app.register(userLanguagesRoutes(learning));
  await app.register(contactRoutes(contacts, outbox, limiter, clock));
  const settings = new SettingsRepository(db.kysely);
  await app.register(settingsRoutes(settings, sessions));
  await app.register(statsRoutes(new StatsService(new StatsRepository(db.kysely), settings, clock)));
  if (movable) movable.register(app);

  const webDir = options.webDir === undefined ? defaultWebDir() : options.webDir;
  if (webDir) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
  }
  return app;
}

function defaultWebDir(): string | null {
  const dir = path.join(ROOT_DIR, 'apps/web/dist');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/** The SPA's index.html for client-side routes; null when no build is there (API-only, as in most tests). */
function spaIndex(webDir: string | null | undefined): string | null {
  const dir = webDir === undefined ? defaultWebDir() : webDir;
  if (!dir) return null;
  return fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
}
