import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { statusEndpoints } from '@vocab/api';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, ROOT_DIR, type TrustProxy } from './config.js';
import { DEVELOPMENT_CHECKS } from './development-checks.js';
import { responseSerializer } from './lib/response-serializer.js';
import type { Db } from './db/database.js';
import { refreshStaleStatistics } from './db/statistics.js';
import { type Clock, systemClock } from './lib/clock.js';
import { DEFAULT_MAINTENANCE_INTERVAL_MS, Maintenance } from './lib/maintenance.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { AccountRepository } from './modules/account/account.repository.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { AccountService } from './modules/account/account.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService } from './modules/auth/auth.service.js';
import { LoginGuard } from './modules/auth/login-guard.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { SessionRepository } from './modules/auth/session.repository.js';
import { UserRepository } from './modules/auth/user.repository.js';
import { ContentRepository } from './modules/content/content.repository.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { readSecretLanguage } from './modules/content/secret-language.js';
import { ContactOutbox } from './modules/contact/contact-outbox.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { ContactRepository } from './modules/contact/contact.repository.js';
import { BatchRepository } from './modules/learning/batch.repository.js';
import { Cards } from './modules/cards/cards.js';
import { learningRoutes } from './modules/learning/learning.routes.js';
import { DeckBandsService } from './modules/learning/deck-bands.js';
import { deckBandsRoutes } from './modules/learning/deck-bands.routes.js';
import { LearningService } from './modules/learning/learning.service.js';
import { UserLanguageRepository } from './modules/learning/user-language.repository.js';
import { userLanguagesRoutes } from './modules/learning/user-languages.routes.js';
import { WordLists } from './modules/learning/word-list.js';
import { DeckCache } from './modules/learning/deck-cache.js';
import { WordRepository } from './modules/learning/word.repository.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { StatsRepository } from './modules/stats/stats.repository.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { StatsService } from './modules/stats/stats.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { TransferRepository } from './modules/transfer/transfer.repository.js';
import { transferRoutes } from './modules/transfer/transfer.routes.js';
import { TransferService } from './modules/transfer/transfer.service.js';
import { PlacementRepository } from './modules/placement/placement.repository.js';
import { placementRoutes } from './modules/placement/placement.routes.js';
import { PlacementService } from './modules/placement/placement.service.js';
import { StatusRepository } from './modules/status/status.repository.js';
import { statusRoutes } from './modules/status/status.routes.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { DatabaseHealth } from './plugins/database-health.js';
import { registerEmptyBodyAnyType } from './plugins/empty-body.js';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.js';
import { lowerCaseLanguagePath } from './plugins/language-case.js';
import { registerNulGuard } from './plugins/nul-guard.js';
import { METRICS_PATH, registerMetrics } from './plugins/metrics.js';
import { RequestLatency } from './plugins/request-latency.js';
import { registerOriginCheck } from './plugins/origin-check.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { SessionManager } from './modules/auth/session-manager.js';
import { createMovableClock } from './plugins/test-clock.js';
import { MemoryFitter } from './modules/memory/fitter.js';
import { MemoryRepository } from './modules/memory/memory.repository.js';
import { memoryRoutes } from './modules/memory/memory.routes.js';
import { MemoryService } from './modules/memory/memory.service.js';
import { emailFeatures } from './modules/reminders/email-features.js';

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
  /** The database's readiness and storage state; server.ts passes one that is not ready while PostgreSQL is away. */
  health?: DatabaseHealth;
  /** How often expired sessions, rate limits and abandoned guests are removed; 0 turns the timer off. */
  maintenanceIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Housekeeping (lib/maintenance.ts), run on a timer; tests call runOnce(). */
    maintenance: Maintenance;
    /**
     * Fits learners' memory models (modules/memory/fitter.ts), on a timer; tests and the learning bench call runOnce().
     */
    memoryFitter: MemoryFitter;
  }
}

/** JSON bodies above this are refused with 413: the largest legitimate body is a contact message. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Smaller answers are sent as they are: they fit in the first round trip of a fresh connection (the initial TCP
 * congestion window is ten segments, about 14 KB) compressed or not, so compressing them costs CPU and saves no
 * time. A quiz batch is 3–4 KB; the review list, the lexicon and the scripts are larger and still compressed.
 */
const COMPRESS_THRESHOLD_BYTES = 10 * 1024;

/** Builds the whole application. server.ts listens with it; tests drive it through inject() or a real port. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const movable = config.testClock ? createMovableClock(options.clock ?? systemClock) : null;
  const clock = movable?.clock ?? options.clock ?? systemClock;
  const app = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // During a graceful shutdown, a new request on a kept-alive connection gets 503, which a proxy retries elsewhere.
    return503OnClosing: true,
    frameworkErrors,
    rewriteUrl: (request) => lowerCaseLanguagePath(request.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: DEVELOPMENT_CHECKS }));
  const health = options.health ?? new DatabaseHealth();
  registerErrorHandler(app, spaIndex(options.webDir), health);

  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  registerOriginCheck(app, config.allowedOrigins);
  registerNulGuard(app);
  registerEmptyBodyAnyType(app);
  // Before the session hook, the first to query the database.
  health.register(app);
  // Before the routes, so that their hooks see every one of them.
  const latency = new RequestLatency(clock, new Set([statusEndpoints.status.path, METRICS_PATH]));
  latency.register(app);
  if (config.metricsToken) registerMetrics(app, config.metricsToken, latency);

  const users = new UserRepository(db.kysely, db.writeTransaction);
  const limiter = new RateLimiter(db.kysely, clock);
  const sessionCache = new SessionCache(clock);
  const stopWatching = db.watchWrites(sessionCache.watch);
  app.addHook('onClose', async () => stopWatching());
  const sessionRepository = new SessionRepository(db.kysely, db.writeTransaction, sessionCache);
  const sessions = new SessionManager(sessionRepository, users, {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    clock,
    limiter,
  });
  sessions.register(app);
  const loginGuard = new LoginGuard(db.kysely, limiter, clock);
  const maintenance = new Maintenance(
    {
      sessions: sessionRepository,
      users,
      limiter,
      loginGuard,
      refreshStatistics: () => refreshStaleStatistics(db),
      clock,
      sessionIdleMs: config.sessionIdleMs,
    },
    app.log,
  );
  app.decorate('maintenance', maintenance);
  const maintenanceIntervalMs = options.maintenanceIntervalMs ?? DEFAULT_MAINTENANCE_INTERVAL_MS;
  if (maintenanceIntervalMs > 0) {
    maintenance.start(maintenanceIntervalMs);
    app.addHook('onClose', () => maintenance.stop());
  }
  const words = new WordRepository(db.kysely);
  const cards = new Cards(db);
  const decks = new DeckCache(db);
  const learning = new LearningService({
    decks,
    words,
    batches: new BatchRepository(db.kysely),
    cards,
    languages: new UserLanguageRepository(db.kysely),
    clock,
    lists: new WordLists(db, decks),
  });
  const memoryModels = new MemoryRepository(db, cards);
  const memoryFitter = new MemoryFitter({
    target: db.target,
    models: memoryModels,
    clock,
    log: app.log,
    options: { fitTimeoutMs: config.memoryFitTimeoutMs },
  });
  app.decorate('memoryFitter', memoryFitter);
  if (config.memoryFitIntervalMs > 0) {
    memoryFitter.start(config.memoryFitIntervalMs);
    app.addHook('onClose', () => memoryFitter.stop());
  }
  const auth = new AuthService({ users, limiter, clock, mergeGuest: learning.mergeGuest });
  const contacts = new ContactRepository(db.kysely);
  const contactMail = { to: config.contactTo, from: config.contactFrom, pollMs: options.outboxPollMs };
  const outbox = config.smtpUrl
    ? new ContactOutbox({ repo: contacts, clock, options: { smtpUrl: config.smtpUrl, ...contactMail }, log: app.log })
    : null;
  if (outbox) {
    outbox.start();
    app.addHook('onClose', () => outbox.stop());
  }

  await registerApiDocs(app);
  const statusRepository = new StatusRepository(db.kysely, db.target.kind === 'sqlite' ? db.target.file : null);
  await app.register(statusRoutes(statusRepository, health, latency));
  const knownDevice = (deviceToken: string, userId: string) => loginGuard.knows(deviceToken, userId);
  const email = emailFeatures(app, {
    db: db.kysely,
    write: db.writeTransaction,
    config,
    clock,
    limiter,
    knownDevice,
    outboxPollMs: options.outboxPollMs,
  });
  await app.register(authRoutes({ auth, sessions, guard: loginGuard, confirmAtSignup: email.confirmAtSignup }));
  const accounts = new AccountService({
    accounts: new AccountRepository(db, cards, () => sessionRepository.flushTouches()),
    limiter,
    clock,
    sessionIdleMs: config.sessionIdleMs,
    forgetName: (name) => loginGuard.forgetName(name),
  });
  await app.register(accountRoutes(accounts, sessions));
  await email.register(accounts);
  await app.register(
    contentRoutes(
      new ContentRepository(db.kysely),
      readSecretLanguage(options.contentDir ?? path.join(ROOT_DIR, 'content')),
    ),
  );
  await app.register(learningRoutes(learning, sessions));
  await app.register(deckBandsRoutes(new DeckBandsService(db.kysely, cards), sessions));
  await app.register(userLanguagesRoutes(learning));
  await app.register(transferRoutes(new TransferService(new TransferRepository(db.kysely), cards), sessions, limiter));
  await app.register(
    placementRoutes(new PlacementService({ repo: new PlacementRepository(db.kysely), decks, cards, clock }), sessions),
  );
  await app.register(contactRoutes({ repo: contacts, outbox, limiter, clock }));
  const settings = new SettingsRepository(db);
  await app.register(settingsRoutes(settings, sessions));
  await app.register(statsRoutes(new StatsService({ repo: new StatsRepository(db.kysely), settings, clock })));
  await app.register(memoryRoutes(new MemoryService(memoryModels)));
  if (movable) movable.register(app, memoryFitter);

  const webDir = options.webDir === undefined ? defaultWebDir() : options.webDir;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders: revalidateServiceWorker,
    });
  }
  return app;
}

/**
 * Fastify's form of TRUST_PROXY. A hop count becomes a function of the hop: hop 0 is the connection's own peer, so
 * with N hops the client is the N-th address from the right of X-Forwarded-For, the one our own proxy wrote.
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

function defaultWebDir(): string | null {
  const dir = path.join(ROOT_DIR, 'apps/web/dist');
  return fs.existsSync(path.join(dir, 'index.html')) ? dir : null;
}

/**
 * The service worker and the manifest are asked again on every check (`no-cache`): a cached copy would keep an old
 * app installed after a release. Everything else under assets/ has a content hash in its name.
 */
function revalidateServiceWorker(reply: { header(name: string, value: string): unknown }, file: string): void {
  if (/(?:^|[/\\])(?:sw\.js|registerSW\.js|manifest\.webmanifest)$/.test(file))
    reply.header('cache-control', 'no-cache');
}

/** The SPA's index.html for client-side routes; null when no build is there (API-only, as in most tests). */
function spaIndex(webDir: string | null | undefined): string | null {
  const dir = webDir === undefined ? defaultWebDir() : webDir;
  if (!dir) return null;
  return fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
}

/**
 * One log line per request at `info`: Fastify's "request completed" with the method, the URL, the status and the
 * time. Its "incoming request" line moves to `debug`, where both show when a request arrived (the shutdown test).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply, {});
      return;
    }
    reply.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
  }
}
