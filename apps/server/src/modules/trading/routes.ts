/** Trading over HTTP (SPEC §7; docs/trading.md): contract <-> service, one transaction per request. */
import { Decimal, E, trading, V, wireAmount } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { createBondService } from '../bonds/index.js';
import { eurUsd } from '../wallet/index.js';
import { termsOf } from './context.js';
import { createTradingEngine } from './engine.js';
import { type ProductEndpoint, SOURCES_BY_ENDPOINT, tradableByCode } from './instruments.js';
import type { OrderPlan } from './model.js';
import { createTradingService } from './service.js';
import { refuseLockedUp } from './settlement/close.js';

export function tradingRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const service = createTradingService(deps);
  const bonds = createBondService(deps);

  // The matching job: every node schedules it, the advisory lock lets one run it at a time.
  if (deps.config.tradingJobMs > 0) {
    const stop = createTradingEngine(deps, service).start(deps.config.tradingJobMs);
    app.addHook('onClose', async () => stop());
  }

  const create = (endpoint: typeof trading.stockCreate, product: ProductEndpoint) =>
    route(app, endpoint, async ({ req, body, user, idempotency: request }) => {
      const userId = user.id;
      const { at } = request;
      const lang = requestLanguage(req);
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
    });
  create(trading.stockCreate, 'stock');
  create(trading.hkCreate, 'hk');
  create(trading.goldCreate, 'gold');
  create(trading.crudeCreate, 'crude');

  route(app, trading.additions, async ({ req, body, user, idempotency }) => {
    const userId = user.id;
    const { at } = idempotency;
    const lang = requestLanguage(req);
    return runIdempotent(db, idempotency, async (tx) => {
      const position = await service.lockOpenPosition(tx, userId, body.positionId);
      // Shares added to a locked-up position would be locked with it: refused until the date instead.
      refuseLockedUp(position, at);
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
          termsVersion: body.termsVersion,
        },
        at,
        position,
      );
      return {
        order: service.orderDto(placed.order, lang),
        position: placed.position ? service.positionDto(placed.position, placed.book, lang) : null,
      };
    });
  });

  route(app, trading.cancelOrder, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, async (tx) =>
      service.orderDto(await service.cancel(tx, user.id, body.id, idempotency.at), requestLanguage(req)),
    ),
  );

  route(app, trading.positionMe, async ({ req, body, user }) => {
    const [page, today, bondTotals] = await Promise.all([
      service.openPositions(db, user.id, body, requestLanguage(req)),
      service.todayProfit(user.id, 'EUR'),
      bonds.total(user.id, deps.clock.now()),
    ]);
    const held = bondTotals.totals.map((b) => ({
      currency: b.currency,
      value: new Decimal(b.marketValue).plus(b.accruedInterest),
    }));
    return { ...page, portfolio: await portfolioOf(page.margin, held, today.total) };
  });

  /**
   * The trade tab's header in EUR, converted as the funding overview converts wallets (USD at the live EUR/USD
   * mid), with the overview's todayProfit, so the two screens agree: the open positions' equity and the treasury
   * bonds held (value at the bid plus the interest accrued, docs/fixed-income.md "In the trade centre's summary").
   * The rate is asked for only when something in USD is counted.
   */
  async function portfolioOf(
    margins: trading.MarginSummary[],
    bondsHeld: Array<{ currency: string; value: Decimal }>,
    todayProfit: Decimal,
  ): Promise<trading.Portfolio> {
    const counted = [...margins.map((m) => ({ currency: m.currency, value: new Decimal(m.equity) })), ...bondsHeld];
    const usd = counted.some((c) => c.currency !== 'EUR' && !c.value.isZero()) ? await eurUsd(deps.market) : null;
    const inEur = (c: { currency: string; value: Decimal }) =>
      c.currency === 'EUR' || !usd ? c.value : c.value.dividedBy(usd);
    const value = counted.reduce((sum, c) => sum.plus(inEur(c)), new Decimal(0));
    const bondValue = bondsHeld.reduce((sum, c) => sum.plus(inEur(c)), new Decimal(0));
    return {
      currency: 'EUR',
      value: wireAmount(value),
      bonds: wireAmount(bondValue),
      todayProfit: todayProfit.toFixed(2),
    };
  }
  route(app, trading.flatList, async ({ req, body, user }) =>
    service.closedPositions(db, user.id, body, requestLanguage(req)),
  );
  route(app, trading.consignList, async ({ req, body, user }) =>
    service.orders(db, user.id, body, requestLanguage(req)),
  );
  route(app, trading.getByStock, async ({ req, body, user }) =>
    service.byStock(user.id, body.source, body.stockCode, requestLanguage(req)),
  );
  route(app, trading.positionDetail, async ({ req, body, user }) =>
    service.positionDetail(user.id, body.id, requestLanguage(req)),
  );
  route(app, trading.orderDetail, async ({ req, body, user }) =>
    service.orderDetail(user.id, body.id, requestLanguage(req)),
  );

  route(app, trading.flatPosition, async ({ req, body, user, idempotency }) => {
    const userId = user.id;
    const { at } = idempotency;
    const lang = requestLanguage(req);
    return runIdempotent(db, idempotency, async (tx) => {
      const done = await service.close(tx, userId, body.id, { quantity: body.quantity, reason: 'customer' }, at);
      return {
        closed: service.positionDto(done.closed, done.book, lang),
        remaining: done.remaining ? service.positionDto(done.remaining, done.book, lang) : null,
        order: service.orderDto(done.order, lang),
      };
    });
  });

  route(app, trading.addPositionMargin, async ({ req, body, user, idempotency }) => {
    const lang = requestLanguage(req);
    return runIdempotent(db, idempotency, async (tx) => {
      const row = await service.addMargin(tx, user.id, body.id, body.amount, idempotency.at);
      return service.positionDto(row, await service.bookFor([row]), lang);
    });
  });

  route(app, trading.setStopProfitLoss, async ({ req, body, user }) => {
    const lang = requestLanguage(req);
    return db.transaction(async (tx) => {
      const done = await service.setStops(tx, user.id, body.id, body.stopLoss, body.takeProfit);
      return service.positionDto(done.position, done.book, lang);
    });
  });

  route(app, trading.halfOrFullNum, async ({ body, user }) => service.halfOrFull(user.id, body));

  route(app, trading.waterPageList, async ({ req, body, user }) => service.water(user.id, body, requestLanguage(req)));

  /** The asset class asked about: an instrument, a source's (first) class, or stocks. */
  const assetClassOf = (q: { stockCode?: string | undefined; source?: number | undefined }) => {
    if (q.stockCode) return tradableByCode(q.stockCode, q.source);
    const bySource: Record<number, trading.AssetClass> = { 0: 'stock', 11: 'stock', 2: 'forexMajor', 3: 'commodity' };
    const assetClass = bySource[q.source ?? 0];
    if (!assetClass) throw new AppError(400, V.invalid, {}, undefined, 'source');
    return { assetClass, lotSize: 1 };
  };

  route(app, trading.getMinCount, async ({ body }) => {
    const t = assetClassOf(body);
    const r = await service.settings.rule(t.assetClass);
    return { assetClass: t.assetClass, minCount: Math.max(r.minQuantity, t.lotSize), lotSize: t.lotSize };
  });

  route(app, trading.stockRate, async ({ body }) => {
    const t = assetClassOf(body);
    const all = await service.settings.all();
    const r = all.find((x) => x.assetClass === t.assetClass);
    if (!r) throw new AppError(404, E.notFound);
    return {
      assetClass: r.assetClass,
      buyRate: r.buyRate.toFixed(),
      sellRate: r.sellRate.toFixed(),
      maxLeverage: r.leverageCap,
      termsVersion: termsOf(r),
      all: all.map((x) => ({
        assetClass: x.assetClass,
        buyRate: x.buyRate.toFixed(),
        sellRate: x.sellRate.toFixed(),
        maxLeverage: x.leverageCap,
        minCount: x.minQuantity,
        esmaLeverage: trading.ESMA_LEVERAGE_CAP[x.assetClass],
        termsVersion: termsOf(x),
      })),
      closeOutLevel: trading.CLOSE_OUT_LEVEL_PERCENT,
    };
  });
}
