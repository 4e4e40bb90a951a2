/**
 * The trading module's tables (docs/trading.md). Money columns are in the wallet's currency; prices in the
 * instrument's currency.
 * drizzle.config.ts reads every module's schema.ts with the platform's, so `npm run db:generate` sees these tables.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, money, ts } from '../../platform/db/columns.js';
import { operators } from '../../platform/db/schema.js';

/** Orders: entrusted limit orders (status 0), filled (1) and cancelled (2) orders, and close orders (1). */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The customer and the hold exist: checked once per statement by a trigger, and neither row can go away
    // (migration 0040), instead of by foreign keys that each cost a query and a row lock per row.
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The position opened, added to or closed; null while a new-position limit order waits. */
    positionId: bigint('position_id', { mode: 'number' }),
    /** An addition: the position it adds to (set at placement). */
    addToPositionId: bigint('add_to_position_id', { mode: 'number' }),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    wallet: text('wallet').notNull(),
    /** 0 buy, 1 sell. */
    direction: smallint('direction').notNull(),
    /** 0 market, 1 limit. */
    orderType: smallint('order_type').notNull(),
    /** 0 open, 1 close. */
    openClose: smallint('open_close').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Limit price, or the fill price of a market order. */
    price: numeric('price').notNull(),
    fillPrice: numeric('fill_price'),
    leverage: integer('leverage').notNull(),
    margin: money('margin').notNull(),
    fee: money('fee').notNull(),
    /** Notional at the order price in the wallet's currency. */
    amount: money('amount').notNull(),
    /** Instrument currency -> wallet currency. */
    rate: numeric('rate').notNull(),
    /**
     * Orders that open or add: the fee rate that will be charged on closing what they open (the schedule shown on
     * the ticket, kept for a resting limit order until it fills); null on close orders.
     */
    closeFeeRate: numeric('close_fee_rate'),
    /**
     * Orders that open or add: the fee rate of the open, from the schedule the ticket showed (migration 0041). A
     * resting limit order filled at a better price is charged it on the fill's notional, never more than was held.
     * Null on close orders and on orders placed before 0041.
     */
    feeRate: numeric('fee_rate'),
    /** Entrusted orders: the hold of margin + fee. */
    holdId: bigint('hold_id', { mode: 'number' }),
    status: smallint('status').notNull(),
    profit: money('profit'),
    closeReason: text('close_reason'),
    stopLoss: numeric('stop_loss'),
    takeProfit: numeric('take_profit'),
    createdAt: createdAt(),
    filledAt: ts('filled_at'),
    cancelledAt: ts('cancelled_at'),
    /**
     * An opening-auction order (modules/auction): the regular open it waits for. The matching job leaves it alone; at
     * this instant the auction fills it at the opening price or cancels it (migration 0023).
     */
    opensAt: ts('opens_at'),
  },
  (t) => [
    index('trade_orders_user').on(t.userId, t.id),
    // The matching job reads only the entrusted orders.
    index('trade_orders_entrusted').on(t.source, t.code).where(sql`${t.status} = 0`),
    // The popular list's 30-day window (modules/market/popular.ts): orders are appended in time order, so a BRIN of a
    // few kB finds the window's pages, and an insert costs next to nothing (docs/markets.md "Popular").
    index('trade_orders_created_brin').using('brin', t.createdAt),
    check('trade_orders_status', sql`${t.status} in (0, 1, 2)`),
    check('trade_orders_quantity', sql`${t.quantity} > 0`),
  ],
);

/** Positions: open (status 1) and closed (4). A partial close cuts a closed row off its open parent. */
export const tradePositions = pgTable(
  'trade_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The customer and the hold: checked per statement, as for trade_orders (migration 0040).
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    wallet: text('wallet').notNull(),
    assetClass: text('asset_class').notNull(),
    /** 0 long, 1 short. */
    direction: smallint('direction').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    leverage: integer('leverage').notNull(),
    /** Average open price. */
    openPrice: numeric('open_price').notNull(),
    multiplier: numeric('multiplier').notNull(),
    /** Instrument currency -> wallet currency at open (weighted for additions). */
    openRate: numeric('open_rate').notNull(),
    /** Margin held (initial + added), wallet currency. */
    margin: money('margin').notNull(),
    initialMargin: money('initial_margin').notNull(),
    addedMargin: money('added_margin').notNull().default('0'),
    openFee: money('open_fee').notNull(),
    /**
     * The fee rate of the close (sellRate for a long, buyRate for a short) from the schedule the position opened
     * under; additions blend it by quantity. An operator's later change does not reach it (docs/trading.md).
     */
    closeFeeRate: numeric('close_fee_rate').notNull(),
    /** The active hold of `margin` (open positions). */
    holdId: bigint('hold_id', { mode: 'number' }),
    /** Bumped at every re-hold so hold references stay unique. */
    holdSeq: integer('hold_seq').notNull().default(0),
    stopLoss: numeric('stop_loss'),
    takeProfit: numeric('take_profit'),
    status: smallint('status').notNull(),
    closePrice: numeric('close_price'),
    closeRate: numeric('close_rate'),
    sellProfit: money('sell_profit'),
    closeFee: money('close_fee'),
    absorbedLoss: money('absorbed_loss'),
    closeReason: text('close_reason'),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
    /**
     * A placing's lock-up (migration 0025): the customer's own close, take-profit and stop-loss are refused before
     * it; a stop-out or liquidation is not. Null for every other position.
     */
    sellableFrom: ts('sellable_from'),
  },
  (t) => [
    // A customer's positions by status. The reads of a customer's open positions in one wallet (a wallet's close-out,
    // its margins) use it too: an index of open positions by wallet and customer for them cost every order an insert
    // and served no query of its own (dropped, migration 0039).
    index('trade_positions_user').on(t.userId, t.status, t.id),
    // The job's list of what is held walks this index (one probe per instrument and wallet, not every position;
    // migration 0018), and its stop scan reads only the positions that have a stop.
    index('trade_positions_held').on(t.source, t.code, t.wallet).where(sql`${t.status} = 1`),
    index('trade_positions_stops')
      .on(t.id)
      .where(sql`${t.status} = 1 and (${t.stopLoss} is not null or ${t.takeProfit} is not null)`),
    check('trade_positions_status', sql`${t.status} in (1, 4)`),
    check('trade_positions_quantity', sql`${t.quantity} > 0`),
    check('trade_positions_margin', sql`${t.margin} >= 0`),
  ],
);

/** The operator's trading rules per asset class; an asset class without a row uses the defaults (ESMA caps). */
export const tradingSettings = pgTable('trading_settings', {
  assetClass: text('asset_class').primaryKey(),
  leverageCap: integer('leverage_cap').notNull(),
  buyRate: numeric('buy_rate').notNull(),
  sellRate: numeric('sell_rate').notNull(),
  minQuantity: integer('min_quantity').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => operators.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The group of open positions the close-out screen sums (trade_exposure and its changes, migration 0024). */
const exposureGroup = {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  wallet: text('wallet').notNull(),
  source: integer('source').notNull(),
  code: text('code').notNull(),
  direction: smallint('direction').notNull(),
};

/** What a group of open positions adds up to: a position's contribution, or minus it when it was removed. */
const exposureSums = {
  positions: integer('positions').notNull(),
  /** Sum of quantity x multiplier. */
  units: numeric('units').notNull(),
  /** Sum of open price x quantity x multiplier (instrument currency). */
  cost: numeric('cost').notNull(),
  margin: numeric('margin').notNull(),
  initialMargin: numeric('initial_margin').notNull(),
};

/**
 * The close-out screen's sums per (customer, wallet, instrument, direction) of the open positions, written only by
 * trade_exposure_fold (the trading job) from trade_exposure_changes. The bounds (largest and smallest open price,
 * smallest (margin - 0.01) / units) may be loose, never tight: `boundsStale` marks a group whose bounds are read
 * again from its positions at the next fold.
 */
export const tradeExposure = pgTable(
  'trade_exposure',
  {
    ...exposureGroup,
    ...exposureSums,
    maxOpen: numeric('max_open'),
    minOpen: numeric('min_open'),
    minCushion: numeric('min_cushion'),
    boundsStale: boolean('bounds_stale').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.wallet, t.source, t.code, t.direction] })],
);

/**
 * What statements changed in the open positions, written by the triggers on trade_positions
 * (trade_exposure_track) and folded into trade_exposure by the trading job. Insert-only between folds, so orders
 * never wait on each other here. An added position carries its open price and (margin - 0.01) / units.
 */
export const tradeExposureChanges = pgTable('trade_exposure_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ...exposureGroup,
  ...exposureSums,
  openPrice: numeric('open_price'),
  cushion: numeric('cushion'),
});
