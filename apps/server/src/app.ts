/** buildApp: plugins and modules, nothing else. Tests build the app the same way. */
import { APP_VERSION, BODY_MAX_BYTES, E, market as marketApi, UPLOAD_MAX_BYTES } from '@beurs/contracts';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createLedger } from './ledger/ledger.js';
import { createSimulatedProvider } from './market/index.js';
import { allInstruments } from './market/instruments/index.js';
import { articleRoutes } from './modules/articles/index.js';
import { auctionRoutes } from './modules/auction/index.js';
import { authRoutes } from './modules/auth/index.js';
import { blockTradeRoutes } from './modules/blocktrade/index.js';
import { bondRoutes } from './modules/bonds/index.js';
import { consoleBooksRoutes } from './modules/books/index.js';
import { consoleRoutes } from './modules/console/index.js';
import { consoleDepositRoutes, depositRoutes } from './modules/deposits/index.js';
import { fileRoutes } from './modules/files/index.js';
import { fundRoutes } from './modules/funds/index.js';
import { ACCOUNT_EVENTS, inboxRoutes } from './modules/inbox/index.js';
import { loanRoutes } from './modules/loans/index.js';
import { marketRoutes } from './modules/market/index.js';
import { loadBrandName, metaRoutes } from './modules/meta/index.js';
import { placingRoutes } from './modules/placing/index.js';
import { consolePrimaryRoutes, primaryRoutes, saleRoutes } from './modules/primary/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { robotBookPass, robotRoutes } from './modules/robots/index.js';
import { followRoutes, quantRoutes } from './modules/strategies/index.js';
import { SUPPORT_EVENTS, supportRoutes } from './modules/support/index.js';
import { consoleTradingRoutes, createTradingService, tradingRoutes } from './modules/trading/index.js';
import { userRoutes } from './modules/users/index.js';
import { consoleWalletRoutes, walletRoutes } from './modules/wallet/index.js';
import { withdrawalRoutes } from './modules/withdrawals/index.js';
import { createSessions } from './platform/auth.js';
import { createPgBus } from './platform/bus-pg.js';
import { type Clock, systemClock } from './platform/clock.js';
import type { Db } from './platform/db/client.js';
import type { Deps } from './platform/deps.js';
import { installCompression, installSecurityHeaders, lockedDown, serveClients } from './platform/edge.js';
import { createEmailCodes } from './platform/email-codes.js';
import { AppError } from './platform/errors.js';
import { createFileStore } from './platform/files.js';
import { installHostileInputGuard } from './platform/hostile-input.js';
import { installEnvelope, sendError } from './platform/http.js';
import { purgeExpiredKeys } from './platform/idempotency.js';
import { loggerOptions } from './platform/log.js';
import { createMailer } from './platform/mail.js';
import { createThrottle } from './platform/throttle.js';
import { installTimeline } from './platform/timeline.js';

export interface BuildOptions {
  db: Db;
  config: Config;
  clock?: Clock;
  /** false: silent; an object adds to the server's logger options (tests pass a stream); redaction always holds. */
  logger?: boolean | object;
  /** Per-IP limits; tests that fire many requests from one address turn them off. */
  rateLimits?: boolean;
  serveClients?: boolean;
}

export async function buildApp(
  opts: BuildOptions,
): Promise<{ app: FastifyInstance; deps: Deps; routes: ReadonlyArray<{ method: string; url: string }> }> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(opts.config.logLevel), ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    trustProxy: opts.config.trustProxy,
    // One line per request drowns the start-up banner and the MAIL lines; errors are still logged.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    bodyLimit: BODY_MAX_BYTES,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // Malformed URLs and over-long path parameters get an envelope too.
    frameworkErrors: (error, req, reply) =>
      sendError(
        req,
        lockedDown(reply),
        new AppError(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400, E.urlNotFound),
      ),
  });
  // Every route, so the fuzz test can prove it covers all of them.
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method, url: r.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installEnvelope(app);
  // First, so its onRequest hook marks a request's arrival before any other hook runs (off unless TIMELINE_FILE).
  installTimeline(app);
  installHostileInputGuard(app);
  await installSecurityHeaders(app);
  await installCompression(app);

  const clock = opts.clock ?? systemClock;
  const { db, config } = opts;
  const mailer = createMailer(config, app.log);
  const base = { db, config, clock, log: app.log, mailer };
  const brandName = () => loadBrandName(base);
  const deps: Deps = {
    ...base,
    sessions: createSessions(db, config, clock),
    codes: createEmailCodes(db, clock, mailer, brandName),
    throttle: createThrottle(db, clock),
    files: await createFileStore(db, config, clock),
    brandName,
    // One provider per process: the same seed on every node gives the same prices.
    market: createSimulatedProvider({ seed: config.marketSeed, instruments: allInstruments, clock }),
    // Account and support events cross processes on the database (WORKERS > 1); quote ticks stay in each process.
    bus: await createPgBus({
      db,
      shared: [ACCOUNT_EVENTS, SUPPORT_EVENTS],
      onError: (err, channel) => app.log.error({ err, channel }, 'bus handler failed'),
    }),
    ledger: createLedger({ walletCurrency: config.walletCurrency }),
  };
  await deps.ledger.ensureSystemAccounts(db);
  // route() picks each endpoint's session guard from its contract and dates idempotent requests with these.
  app.decorate('sessions', deps.sessions);
  app.decorate('clock', clock);
  // Housekeeping: idempotency keys are kept 7 days (docs/money.md); uploads nothing refers to, a day.
  const purge = () => {
    purgeExpiredKeys(db, clock.now()).catch((err: unknown) => app.log.warn({ err }, 'idempotency purge failed'));
    deps.files.purgeOrphans(clock.now()).catch((err: unknown) => app.log.warn({ err }, 'orphan file purge failed'));
    // Sign-in counters whose window has passed (one row per attacking source would otherwise stay).
    deps.throttle.prune().catch((err: unknown) => app.log.warn({ err }, 'sign-in counter purge failed'));
  };
  const housekeeping = setInterval(purge, 3600_000);
  housekeeping.unref();
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    await deps.bus.close();
  });

  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip ?? req.socket?.remoteAddress ?? 'unknown',
    ...(opts.rateLimits === false ? { max: Number.MAX_SAFE_INTEGER, allowList: () => true } : {}),
  });
  // Form-encoded bodies (SPEC §7: /quantization/order/save), for the routes whose contract says `form` only; every
  // other route answers 415 to them as before. Values arrive as text; the contract's schema reads numbers from text.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (req, body, done) => {
      if ((req.routeOptions.config as { form?: boolean } | undefined)?.form !== true) {
        done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kade Markets API',
        version: APP_VERSION,
        description:
          'Every answer is an envelope {code, msg, data}. code 200 is success; 401/403 mean the session is gone; 400 invalid input (field names the field), 404 not found, 409 conflict, 422 a business rule (reason says which), 429 too many requests, 500 unexpected (requestId). msg is translated from accept-language / languages (en, nl, zh-Hans).',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/web/docs' });
  // A larger client message closes the socket (1009); clients only send sub, unsub and ping.
  await app.register(websocket, { options: { maxPayload: marketApi.WS_MAX_MESSAGE_BYTES } });

  await app.register(
    async (web) => {
      authRoutes(web, deps);
      userRoutes(web, deps);
      fileRoutes(web, deps);
      metaRoutes(web, deps);
      consoleRoutes(web, deps);
      marketRoutes(web, deps);
      walletRoutes(web, deps, createTradingService(deps));
      consoleWalletRoutes(web, deps);
      depositRoutes(web, deps);
      consoleDepositRoutes(web, deps);
      withdrawalRoutes(web, deps);
      inboxRoutes(web, deps);
      reviewRoutes(web, deps);
      tradingRoutes(web, deps);
      consoleTradingRoutes(web, deps);
      primaryRoutes(web, deps);
      blockTradeRoutes(web, deps);
      auctionRoutes(web, deps);
      saleRoutes(web, deps);
      placingRoutes(web, deps);
      bondRoutes(web, deps);
      articleRoutes(web, deps);
      loanRoutes(web, deps);
      fundRoutes(web, deps);
      supportRoutes(web, deps);
      robotRoutes(web, deps);
      followRoutes(web, deps, [robotBookPass(deps)]);
      quantRoutes(web, deps);
      consolePrimaryRoutes(web, deps);
      consoleBooksRoutes(web, deps);
    },
    { prefix: '/web' },
  );

  if (opts.serveClients !== false) serveClients(app, config);
  return { app, deps, routes };
}
