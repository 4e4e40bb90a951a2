/** Market and watchlist calls of SPEC §7, and the live-quotes socket at /web/ws/quotes. */
import {
  market as api,
  Code,
  E,
  type Endpoint,
  isLanguage,
  type Page,
  type ParsedRequestOf,
  type Quote as QuoteDto,
} from '@beurs/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route, SerializedAnswer, sendError } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createSecondCache } from '../../platform/second-cache.js';
import { createQuoteHub, createTickLoop } from './live.js';
import { createPopularRepo, type PopularCount } from './popular.js';
import { createMarketService, type Viewer } from './service.js';
import { createWatchlistRepo } from './watchlist.js';

/** SPEC §3 RobotCrypto. */
const CRYPTO_SOURCE = 100;

export function marketRoutes(app: FastifyInstance, deps: Deps) {
  const { clock } = deps;
  const service = createMarketService(deps);
  const watchlist = createWatchlistRepo(deps.db);
  const popular = createPopularRepo(deps.db);
  // The popular counts are the same for every caller and cover 30 days, which a minute does not change: counted at
  // most once a minute per process (the count scans the window's orders; none of the order path's indexes serves it).
  const popularCounts = createSecondCache<PopularCount[]>(clock, 1, 60);
  const loop = createTickLoop({ service, bus: deps.bus, clock, intervalMs: deps.config.quoteTickMs, log: deps.log });
  const hub = createQuoteHub({
    service,
    bus: deps.bus,
    loop,
    clock,
    heartbeatMs: deps.config.wsHeartbeatMs,
    log: deps.log,
    userOf: async (token) => (await deps.sessions.userOfToken(token))?.id,
    operatorOf: (token) => deps.sessions.operatorOfToken(token),
  });
  loop.start();
  app.addHook('onClose', async () => {
    loop.stop();
    hub.close();
  });

  /** Names in the request language; selfSelectStatus from the caller's watchlist (none for guests). */
  const viewerOf = async (req: FastifyRequest): Promise<Viewer> => ({
    lang: requestLanguage(req),
    selected: req.user ? await watchlist.keys(req.user.id) : new Set<string>(),
  });
  const rowsOf = (req: FastifyRequest) => (req.user ? watchlist.list(req.user.id) : Promise.resolve([]));

  /**
   * A quote list whose rows do not depend on who asks (every list but the two built from the caller's
   * watchlist). Its answer is a function of the endpoint, the parsed query, the language and the second of
   * the quotes (the service quotes per second), so it is built once per second for each of those, as a
   * guest sees it, parsed through the contract, serialised, and then sent as is to every caller of that
   * second (see SerializedAnswer in platform/http.ts). The one field that depends on the caller is
   * selfSelectStatus, 0 in the shared answer: a logged-in caller with instruments of the page on their
   * watchlist gets a copy with those rows at 1, parsed and serialised for them.
   */
  const NOBODY: ReadonlySet<string> = new Set();
  function quoteList<L extends Endpoint<Endpoint['request'], typeof api.quotePage>>(
    endpoint: L,
    build: (body: ParsedRequestOf<L>, viewer: Viewer) => Promise<Page<QuoteDto>>,
  ) {
    // L's data is quotePage, which TypeScript does not see through z.input<L['data']> while L is open.
    const answerOf = (page: Page<QuoteDto>) => SerializedAnswer.of(endpoint, page as z.input<L['data']>);
    // At most this many distinct (query, language) answers of this endpoint are kept per second.
    const answers = createSecondCache<{ page: Page<QuoteDto>; answer: SerializedAnswer<L> }>(clock, 100);
    route(app, endpoint, async ({ req, body }) => {
      const lang = requestLanguage(req);
      const shared = await answers.get(`${lang} ${JSON.stringify(body)}`, async () => {
        const page = await build(body, { lang, selected: NOBODY });
        return { page, answer: answerOf(page) };
      });
      if (!req.user) return shared.answer;
      const selected = await watchlist.keys(req.user.id);
      if (!shared.page.list.some((q) => selected.has(q.key))) return shared.answer;
      const list = shared.page.list.map((q) =>
        selected.has(q.key) ? Object.assign({}, q, { selfSelectStatus: 1 as const }) : q,
      );
      return answerOf({ ...shared.page, list });
    });
  }

  // ---- lists ----
  quoteList(api.stockList, (body, viewer) => service.stockList(body, viewer, body));
  quoteList(api.allStockList, (body, viewer) => service.allStockList(body, viewer, body));
  quoteList(api.hkAllStockList, (body, viewer) => service.hkAllStockList(viewer, body));
  quoteList(api.topList, (body, viewer) => service.topList(body.market, body.type, viewer, body));
  quoteList(api.hotStock, (body, viewer) => service.hot(body.market, viewer, body));
  quoteList(api.ztStockList, (body, viewer) => service.zt(body.market, viewer, body));
  route(app, api.homeCustomList, async ({ req, body }) =>
    service.homeCustom(await rowsOf(req), await viewerOf(req), body),
  );
  route(app, api.popularList, async ({ req, body }) =>
    service.popular(await popularCounts.get('all', () => popular.counts(clock.now())), await viewerOf(req), body),
  );
  quoteList(api.globalIndex, (body, viewer) => service.globalIndex(viewer, body));
  quoteList(api.futuresList, (body, viewer) => service.futures(body.category, viewer, body));
  route(app, api.futuresOptList, async ({ req, body }) =>
    service.futuresOpt(await rowsOf(req), await viewerOf(req), body),
  );
  quoteList(api.forexIndex, (body, viewer) => service.forexIndex(viewer, body));
  quoteList(api.forexList, (body, viewer) => service.forexList(body.group, viewer, body));
  quoteList(api.getStock, (body, viewer) => service.search(body, viewer, body));
  quoteList(api.cryptoList, (body, viewer) => service.crypto(viewer, body));

  // ---- one instrument ----
  route(app, api.stockDetail, async ({ req, body }) =>
    service.detail(body.code, body.source, await viewerOf(req), body.withSpark),
  );
  route(app, api.kline, ({ body }) => service.kline(body.code, body.source, body.range));
  route(app, api.summaryDetail, ({ req, body }) => service.summary(body.code, body.source, requestLanguage(req)));
  route(app, api.detailQuote, ({ body }) => service.book(body.code, body.source));
  // The crypto market's own paths (SPEC §7 robot calls): the same answers with the source fixed at 100.
  route(app, api.cryptoDetail, async ({ req, body }) =>
    service.detail(body.code, CRYPTO_SOURCE, await viewerOf(req), body.withSpark),
  );
  route(app, api.cryptoKline, ({ body }) => service.kline(body.code, CRYPTO_SOURCE, body.range));

  // ---- sessions ----
  route(app, api.getMarket, ({ req, body }) => service.marketStatus(body.market, requestLanguage(req)));
  route(app, api.getMarkets, ({ req }) => service.allMarketStatus(requestLanguage(req)));

  // ---- watchlist ----
  route(app, api.watchlist, async ({ req, body, user }) => {
    const rows = await watchlist.list(user.id);
    const mine = body.source === undefined ? rows : rows.filter((r) => r.source === body.source);
    return service.watchlistItems(mine, await viewerOf(req), body);
  });

  route(app, api.watchlistSave, async ({ req, body, user }) => {
    const def = service.resolve(body.stockCode, body.source);
    const row = await watchlist.save(user.id, def.source, def.code, clock.now());
    const viewer = { lang: requestLanguage(req), selected: new Set<string>() };
    const { list } = await service.watchlistItems([row], viewer, { page: 1, pageSize: 1, withSpark: false });
    const item = list[0];
    if (!item) throw new Error('saved watchlist item has no instrument');
    return item;
  });

  route(app, api.watchlistDelete, async ({ params, user }) => {
    await watchlist.remove(user.id, params.id);
    return { ok: true as const };
  });

  route(app, api.watchlistDeleteByCode, async ({ params, body, user }) => ({
    removed: await watchlist.removeByCode(user.id, params.stockCode, body.source),
  }));

  route(app, api.watchlistSort, async ({ body, user }) => {
    await watchlist.reorder(user.id, body.ids);
    return { ok: true as const };
  });

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
