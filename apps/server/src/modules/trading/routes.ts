/** Trading over HTTP (SPEC §7; docs/trading.md): contract <-> service, one transaction per request. */
import { E, trading, V } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { idempotentRequest, keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { userOf } from '../../platform/request.js';
import { createTradingEngine } from './engine.js';
import { type ProductEndpoint, SOURCES_BY_ENDPOINT, tradableByCode } from './instruments.js';
import { createTradingService, type OrderPlan } from './service.js';

export function tradingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const { requireUser, optionalUser } = deps.sessions;
  const service = createTradingService(deps);
  const user = { preHandler: [requireUser] };

  // The matching job: every node schedules it, the advisory lock lets one run it at a time.
  if (deps.config.tradingJobMs > 0) {
    const stop = createTradingEngine(deps, service).start(deps.config.tradingJobMs);
    app.addHook('onClose', async () => stop());
  }

  const create = (endpoint: typeof trading.stockCreate, product: ProductEndpoint) =>
    route(
      app,
      endpoint,
      async ({ req, body }) => {
        const userId = userOf(req).id;
        const at = clock.now();
        const lang = requestLanguage(req);
        const request = idempotentRequest(req, `u:${userId}`, body, at);
        const input = { ...body, endpoint: product, source: body.source ?? SOURCES_BY_ENDPOINT[product] };
        let plan: OrderPlan;
        try {
          plan = await service.plan(userId, input, at);
        } catch (error) {
          // A replay answers the first answer, even if the order would be refused now (the market has closed).
          const stored = error instanceof AppError ? await storedAnswer(db, keyOf(request)) : null;
          if (stored) return stored.response as never;
          throw error;
        }
        // A new position that fills now: batched with the others arriving (group commit). Anything else (a resting
        // limit order) in a transaction of its own.
        if (plan.fillsNow) return service.openNow(keyOf(request), plan, lang);
        return runIdempotent(db, request, async (tx) => {
          const placed = await service.execute(tx, plan);
          return {
            order: service.orderDto(placed.order, lang),
            position: placed.position ? service.positionDto(placed.position, placed.book, lang) : null,
          };
        });
      },
      user,
    );
  create(trading.stockCreate, 'stock');
  create(trading.hkCreate, 'hk');
  create(trading.goldCreate, 'gold');
  create(trading.crudeCreate, 'crude');

  route(
    app,
    trading.additions,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const lang = requestLanguage(req);
      return runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), async (tx) => {
        const position = await service.lockOpenPosition(tx, userId, body.positionId);
        const placed = await service.place(
          tx,
          userId,
          {
            source: position.source,
            stockCode: position.code,
            direction: position.direction === 1 ? 1 : 0,
            orderType: body.orderType,
            price: body.price,
            quantity: body.quantity,
            leverage: position.leverage,
          },
          at,
          position,
        );
        return {
          order: service.orderDto(placed.order, lang),
          position: placed.position ? service.positionDto(placed.position, placed.book, lang) : null,
        };
      });
    },
    user,
  );

  route(
    app,
    trading.cancelOrder,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const lang = requestLanguage(req);
      return runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), async (tx) =>
        service.orderDto(await service.cancel(tx, userId, body.id, at), lang),
      );
    },
    user,
  );

  route(
    app,
    trading.positionMe,
    async ({ req, body }) => service.openPositions(db, userOf(req).id, body, requestLanguage(req)),
    user,
  );
  route(
    app,
    trading.flatList,
    async ({ req, body }) => service.closedPositions(db, userOf(req).id, body, requestLanguage(req)),
    user,
  );
  route(
    app,
    trading.consignList,
    async ({ req, body }) => service.orders(db, userOf(req).id, body, requestLanguage(req)),
    user,
  );
  route(
    app,
    trading.getByStock,
    async ({ req, body }) => service.byStock(userOf(req).id, body.source, body.stockCode, requestLanguage(req)),
    user,
  );
  route(
    app,
    trading.positionDetail,
    async ({ req, body }) => service.positionDetail(userOf(req).id, body.id, requestLanguage(req)),
    user,
  );
  route(
    app,
    trading.orderDetail,
    async ({ req, body }) => service.orderDetail(userOf(req).id, body.id, requestLanguage(req)),
    user,
  );

  route(
    app,
    trading.flatPosition,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const lang = requestLanguage(req);
      return runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), async (tx) => {
        const done = await service.close(tx, userId, body.id, { quantity: body.quantity, reason: 'customer' }, at);
        return {
          closed: service.positionDto(done.closed, done.book, lang),
          remaining: done.remaining ? service.positionDto(done.remaining, done.book, lang) : null,
          order: service.orderDto(done.order, lang),
        };
      });
    },
    user,
  );

  route(
    app,
    trading.addPositionMargin,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const lang = requestLanguage(req);
      return runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), async (tx) => {
        const row = await service.addMargin(tx, userId, body.id, body.amount, at);
        return service.positionDto(row, await service.bookFor([row]), lang);
      });
    },
    user,
  );

  route(
    app,
    trading.setStopProfitLoss,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const lang = requestLanguage(req);
      return db.transaction(async (tx) => {
        const done = await service.setStops(tx, userId, body.id, body.stopLoss, body.takeProfit);
        return service.positionDto(done.position, done.book, lang);
      });
    },
    user,
  );

  route(app, trading.halfOrFullNum, async ({ req, body }) => service.halfOrFull(userOf(req).id, body), user);

  route(
    app,
    trading.waterPageList,
    async ({ req, body }) => service.water(userOf(req).id, body, requestLanguage(req)),
    user,
  );

  /** The asset class asked about: an instrument, a source's (first) class, or stocks. */
  const assetClassOf = (q: { stockCode?: string | undefined; source?: number | undefined }) => {
    if (q.stockCode) return tradableByCode(q.stockCode, q.source);
    const bySource: Record<number, trading.AssetClass> = { 0: 'stock', 11: 'stock', 2: 'forexMajor', 3: 'commodity' };
    const assetClass = bySource[q.source ?? 0];
    if (!assetClass) throw new AppError(400, V.invalid, {}, undefined, 'source');
    return { assetClass, lotSize: 1 };
  };

  route(
    app,
    trading.getMinCount,
    async ({ body }) => {
      const t = assetClassOf(body);
      const r = await service.settings.rule(t.assetClass);
      return { assetClass: t.assetClass, minCount: Math.max(r.minQuantity, t.lotSize), lotSize: t.lotSize };
    },
    { preHandler: [optionalUser] },
  );

  route(
    app,
    trading.stockRate,
    async ({ body }) => {
      const t = assetClassOf(body);
      const all = await service.settings.all();
      const r = all.find((x) => x.assetClass === t.assetClass);
      if (!r) throw new AppError(404, E.notFound);
      return {
        assetClass: r.assetClass,
        buyRate: r.buyRate.toFixed(),
        sellRate: r.sellRate.toFixed(),
        maxLeverage: r.leverageCap,
        all: all.map((x) => ({
          assetClass: x.assetClass,
          buyRate: x.buyRate.toFixed(),
          sellRate: x.sellRate.toFixed(),
          maxLeverage: x.leverageCap,
          minCount: x.minQuantity,
        })),
      };
    },
    { preHandler: [optionalUser] },
  );
}
