/** Market and watchlist calls of SPEC §7, and the live-quotes socket at /web/ws/quotes. */
import { market as api, Code, E, isLanguage } from '@beurs/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route, sendError } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { userOf } from '../../platform/request.js';
import { createQuoteHub, createTickLoop } from './live.js';
import { createMarketService, type Viewer } from './service.js';
import { createWatchlistRepo } from './watchlist.js';

export function marketRoutes(app: FastifyInstance, deps: Deps) {
  const { clock } = deps;
  const service = createMarketService(deps);
  const watchlist = createWatchlistRepo(deps.db);
  const loop = createTickLoop({ service, bus: deps.bus, clock, intervalMs: deps.config.quoteTickMs, log: deps.log });
  const hub = createQuoteHub({
    service,
    bus: deps.bus,
    loop,
    clock,
    heartbeatMs: deps.config.wsHeartbeatMs,
    log: deps.log,
  });
  loop.start();
  app.addHook('onClose', async () => {
    loop.stop();
    hub.close();
  });

  const { optionalUser, requireUser } = deps.sessions;
  const guestOrUser = { preHandler: [optionalUser] };
  const userOnly = { preHandler: [requireUser] };

  /** Names in the request language; selfSelectStatus from the caller's watchlist (none for guests). */
  const viewerOf = async (req: FastifyRequest): Promise<Viewer> => ({
    lang: requestLanguage(req),
    selected: req.user ? await watchlist.keys(req.user.id) : new Set<string>(),
  });
  const rowsOf = (req: FastifyRequest) => (req.user ? watchlist.list(req.user.id) : Promise.resolve([]));

  // ---- lists ----
  route(app, api.stockList, async ({ req, body }) => service.stockList(body, await viewerOf(req), body), guestOrUser);
  route(
    app,
    api.allStockList,
    async ({ req, body }) => service.allStockList(body, await viewerOf(req), body),
    guestOrUser,
  );
  route(
    app,
    api.hkAllStockList,
    async ({ req, body }) => service.hkAllStockList(await viewerOf(req), body),
    guestOrUser,
  );
  route(
    app,
    api.topList,
    async ({ req, body }) => service.topList(body.market, body.type, await viewerOf(req), body),
    guestOrUser,
  );
  route(app, api.hotStock, async ({ req, body }) => service.hot(body.market, await viewerOf(req), body), guestOrUser);
  route(app, api.ztStockList, async ({ req, body }) => service.zt(body.market, await viewerOf(req), body), guestOrUser);
  route(
    app,
    api.homeCustomList,
    async ({ req, body }) => service.homeCustom(await rowsOf(req), await viewerOf(req), body),
    guestOrUser,
  );
  route(app, api.globalIndex, async ({ req, body }) => service.globalIndex(await viewerOf(req), body), guestOrUser);
  route(
    app,
    api.futuresList,
    async ({ req, body }) => service.futures(body.category, await viewerOf(req), body),
    guestOrUser,
  );
  route(
    app,
    api.futuresOptList,
    async ({ req, body }) => service.futuresOpt(await rowsOf(req), await viewerOf(req), body),
    guestOrUser,
  );
  route(app, api.forexIndex, async ({ req, body }) => service.forexIndex(await viewerOf(req), body), guestOrUser);
  route(
    app,
    api.forexList,
    async ({ req, body }) => service.forexList(body.group, await viewerOf(req), body),
    guestOrUser,
  );
  route(app, api.getStock, async ({ req, body }) => service.search(body, await viewerOf(req), body), guestOrUser);

  // ---- one instrument ----
  route(
    app,
    api.stockDetail,
    async ({ req, body }) => service.detail(body.code, body.source, await viewerOf(req), body.withSpark),
    guestOrUser,
  );
  route(app, api.kline, ({ body }) => service.kline(body.code, body.source, body.range));
  route(app, api.summaryDetail, ({ req, body }) => service.summary(body.code, body.source, requestLanguage(req)));
  route(app, api.detailQuote, ({ body }) => service.book(body.code, body.source));

  // ---- sessions ----
  route(app, api.getMarket, ({ req, body }) => service.marketStatus(body.market, requestLanguage(req)));
  route(app, api.getMarkets, ({ req }) => service.allMarketStatus(requestLanguage(req)));

  // ---- watchlist ----
  route(
    app,
    api.watchlist,
    async ({ req, body }) => {
      const rows = await watchlist.list(userOf(req).id);
      const mine = body.source === undefined ? rows : rows.filter((r) => r.source === body.source);
      return service.watchlistItems(mine, await viewerOf(req), body);
    },
    userOnly,
  );

  route(
    app,
    api.watchlistSave,
    async ({ req, body }) => {
      const def = service.resolve(body.stockCode, body.source);
      const row = await watchlist.save(userOf(req).id, def.source, def.code, clock.now());
      const viewer = { lang: requestLanguage(req), selected: new Set<string>() };
      const { list } = await service.watchlistItems([row], viewer, { page: 1, pageSize: 1, withSpark: false });
      const item = list[0];
      if (!item) throw new Error('saved watchlist item has no instrument');
      return item;
    },
    userOnly,
  );

  route(
    app,
    api.watchlistDelete,
    async ({ req, params }) => {
      await watchlist.remove(userOf(req).id, params.id);
      return { ok: true as const };
    },
    userOnly,
  );

  route(
    app,
    api.watchlistDeleteByCode,
    async ({ req, params, body }) => ({
      removed: await watchlist.removeByCode(userOf(req).id, params.stockCode, body.source),
    }),
    userOnly,
  );

  route(
    app,
    api.watchlistSort,
    async ({ req, body }) => {
      await watchlist.reorder(userOf(req).id, body.ids);
      return { ok: true as const };
    },
    userOnly,
  );

  // ---- live quotes (guests too) ----
  app.route({
    method: 'GET',
    url: '/ws/quotes',
    // A plain GET (no upgrade) gets an envelope rather than an empty 404.
    handler: (req, reply) => sendError(req, reply, new AppError(Code.invalid, E.invalidBody)),
    wsHandler: (socket, req) => {
      // Browsers cannot set headers on a WebSocket: ?lang= chooses the language of error messages.
      const lang = (req.query as { lang?: unknown } | undefined)?.lang;
      hub.attach(socket, isLanguage(lang) ? lang : requestLanguage(req));
    },
  });
}
