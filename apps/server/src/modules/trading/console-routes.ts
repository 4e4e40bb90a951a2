/**
 * Trading in the console: the rules per asset class (admins change them, audited; prices are never set by an
 * operator) and a customer's positions and orders for support.
 */
import { consoleTrading, Decimal, E, trading } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit, change } from '../../platform/audit.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, rule } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { tradingSettings } from './schema.js';
import { createTradingService } from './service.js';
import { DEFAULT_RULES, type Rule } from './settings.js';

const toWire = (r: Rule) => ({
  assetClass: r.assetClass,
  leverageCap: r.leverageCap,
  esmaCap: trading.ESMA_LEVERAGE_CAP[r.assetClass],
  buyRate: r.buyRate.toFixed(),
  sellRate: r.sellRate.toFixed(),
  minQuantity: r.minQuantity,
  updatedBy: r.updatedBy,
  updateTimeTimestamp: r.updatedAt?.getTime() ?? null,
});

export function consoleTradingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createTradingService(deps);

  async function customerExists(id: number) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    if (!u) throw notFound();
  }

  route(app, consoleTrading.tradingSettings, async () => (await service.settings.all()).map(toWire));

  route(app, consoleTrading.tradingSettingUpdate, async ({ req, params, body, operator: op }) => {
    const esma = trading.ESMA_LEVERAGE_CAP[params.assetClass];
    if (body.leverageCap > esma) throw rule(E.leverageAboveEsma, { max: esma }, 'leverageAboveEsma');
    const { reason, ...setting } = body;
    await db.transaction(async (tx) => {
      // The rule customers had until now: the stored one, or the defaults while none was stored.
      const [stored] = await tx
        .select()
        .from(tradingSettings)
        .where(eq(tradingSettings.assetClass, params.assetClass))
        .for('update');
      const defaults = DEFAULT_RULES[params.assetClass];
      const old = {
        leverageCap: stored?.leverageCap ?? esma,
        buyRate: new Decimal(stored?.buyRate ?? defaults.buyRate).toFixed(),
        sellRate: new Decimal(stored?.sellRate ?? defaults.sellRate).toFixed(),
        minQuantity: stored?.minQuantity ?? defaults.minQuantity,
      };
      const values = { ...setting, updatedBy: op.id, updatedAt: clock.now() };
      await tx
        .insert(tradingSettings)
        .values({ assetClass: params.assetClass, ...values })
        .onConflictDoUpdate({ target: tradingSettings.assetClass, set: values });
      const next = {
        ...setting,
        buyRate: new Decimal(setting.buyRate).toFixed(),
        sellRate: new Decimal(setting.sellRate).toFixed(),
      };
      await audit(
        tx,
        req,
        'trading.settings',
        { type: 'assetClass', id: params.assetClass },
        change(old, next, reason),
      );
    });
    service.settings.invalidate();
    const updated = (await service.settings.all()).find((r) => r.assetClass === params.assetClass);
    if (!updated) throw notFound();
    return toWire(updated);
  });

  route(app, consoleTrading.customerPositions, async ({ req, params, body: query }) => {
    await customerExists(params.id);
    const lang = requestLanguage(req);
    const filter = { page: query.page, pageSize: query.pageSize };
    return query.status === 4
      ? service.closedPositions(db, params.id, filter, lang)
      : service.openPositions(db, params.id, filter, lang);
  });

  route(app, consoleTrading.customerOrders, async ({ req, params, body }) => {
    await customerExists(params.id);
    return service.orders(
      db,
      params.id,
      { status: body.status, all: body.status === undefined, page: body.page, pageSize: body.pageSize },
      requestLanguage(req),
    );
  });
}
