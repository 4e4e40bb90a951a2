/** The opening auction over HTTP (SPEC §7; docs/primary-markets.md "Pre-market auction"), and its job at the open. */
import { auction } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createTradingService } from '../trading/index.js';
import { consoleAuctionPage } from './console.js';
import { createAuctionJob } from './job.js';
import { createAuctionOrders } from './orders.js';
import { preMarketPage } from './stocks.js';

export function auctionRoutes(app: FastifyInstance, deps: Deps) {
  const { clock } = deps;
  const trading = createTradingService(deps);
  const orders = createAuctionOrders(deps, trading);

  // Decided at the open as the trading job fills entrusted orders: on its interval, one node at a time.
  if (deps.config.tradingJobMs > 0) {
    const stop = createAuctionJob(deps, trading).start(deps.config.tradingJobMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, auction.preMarketList, async ({ req, body }) =>
    preMarketPage(deps, body, clock.now(), requestLanguage(req)),
  );
  route(app, auction.auctionStockCreate, async ({ req, body, user, idempotency }) =>
    orders.create(user.id, body, idempotency, requestLanguage(req)),
  );
  route(app, auction.auctionOrderList, async ({ req, body, user }) => orders.page(user.id, body, requestLanguage(req)));
  route(app, auction.auctionOrderDetail, async ({ req, body, user }) =>
    orders.detail(user.id, body.id, requestLanguage(req)),
  );
  route(app, auction.consoleAuctionOrderList, async ({ body }) => consoleAuctionPage(deps.db, trading, body));
}
