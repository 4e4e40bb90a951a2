/**
 * The console's auction monitor (docs/primary-markets.md "Pre-market auction"): every auction order, newest first,
 * with its customer, read only. The state is the customer's own (auctionStateOf); the filter is the same in SQL.
 */
import type { AuctionOrderState, auction, ConsoleAuctionOrder } from '@beurs/contracts';
import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { STATUS, type TradingService, tradeOrders } from '../trading/index.js';
import { toAuctionOrder } from './orders.js';
import { auctionOrders } from './schema.js';

type Filter = z.output<typeof auction.consoleAuctionOrderList.request>;

/** auctionStateOf in SQL. */
function stateIs(state: AuctionOrderState): SQL {
  const status = tradeOrders.status;
  switch (state) {
    case 'waiting':
      return sql`${status} = ${STATUS.InProgress}`;
    case 'filled':
      return sql`${status} = ${STATUS.Success}`;
    case 'notFilled':
      return sql`${status} not in (${STATUS.InProgress}, ${STATUS.Success}) and ${auctionOrders.outcome} = 'notCrossed'`;
    case 'cancelled':
      return sql`${status} not in (${STATUS.InProgress}, ${STATUS.Success}) and ${auctionOrders.outcome} is distinct from 'notCrossed'`;
  }
}

export async function consoleAuctionPage(db: Db, trading: TradingService, filter: Filter) {
  const where = filter.state ? stateIs(filter.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: auctionOrders, o: tradeOrders, username: users.username })
      .from(auctionOrders)
      .innerJoin(tradeOrders, eq(tradeOrders.id, auctionOrders.orderId))
      .innerJoin(users, eq(users.id, auctionOrders.userId))
      .where(where)
      .orderBy(desc(auctionOrders.opensAt), desc(auctionOrders.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(auctionOrders)
      .innerJoin(tradeOrders, eq(tradeOrders.id, auctionOrders.orderId))
      .where(where),
  ]);
  const list = rows.map(
    ({ a, o, username }): ConsoleAuctionOrder => ({
      ...toAuctionOrder(trading, a, o, 'en'),
      customerId: a.userId,
      userId: username,
      market: a.market,
    }),
  );
  return { list, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}
