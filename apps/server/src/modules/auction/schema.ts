/**
 * The opening auction's table (migration 0023, hand-written: its source of truth). An auction order is a trading
 * order (trade_orders, opens_at set); this row says which open it waits for and what the open decided.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../platform/db/columns.js';
import { users } from '../../platform/db/schema.js';
import { tradeOrders } from '../trading/schema.js';

/** What the open decided: filled at the opening price, or not crossed (cancelled and released at the open). */
export type AuctionOutcome = 'filled' | 'notCrossed';

export const auctionOrders = pgTable(
  'auction_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => tradeOrders.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    /** The auction market (contracts auction.AUCTION_PRE_OPEN_MINUTES). */
    market: text('market').notNull(),
    /** The regular open the order waits for (= trade_orders.opens_at). */
    opensAt: ts('opens_at').notNull(),
    /** The opening price, in the stock's currency, once the open decided the order. */
    openPrice: numeric('open_price'),
    outcome: text('outcome').$type<AuctionOutcome>(),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auction_orders_order').on(t.orderId),
    index('auction_orders_user').on(t.userId, t.id),
    index('auction_orders_due').on(t.opensAt).where(sql`${t.outcome} is null`),
    check('auction_orders_outcome', sql`${t.outcome} in ('filled', 'notCrossed')`),
    check(
      'auction_orders_decided',
      sql`(${t.outcome} is null) = (${t.decidedAt} is null) and (${t.outcome} is null) = (${t.openPrice} is null)`,
    ),
  ],
);
export type AuctionOrderRow = typeof auctionOrders.$inferSelect;
