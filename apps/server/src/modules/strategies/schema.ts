/**
 * Strategies, their books and the follows of copy trading (migration 0032, hand-written: its source of truth;
 * docs/strategies.md). A strategy row carries its parameters (copied from the catalogue at seeding, never edited:
 * the books run with them), what an operator publishes (names, descriptions, the performance fee, published, open
 * to new money) and the book's checkpoint (the engine's Book as JSON, at `book_tick`): the leader job steps it on
 * from there. `strategy_trades` and `strategy_navs` are the record, one row per trade and per tick; their primary
 * keys refuse a second write of a tick. A follow copies the fee at its add, and holds `units` of the book bought at
 * `entry_nav`; its money moves only in the ledger (followAdd, followPayout; references follow:<id>).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';
import type { Book, StrategyParams } from './engine.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

export type StoredFollowStatus = 'running' | 'paid';
/** What a strategy is offered as: a copy-trading institution (follow) or an AI quant strategy (quant, migration 0034). */
export type StrategyKind = 'follow' | 'quant';

export const strategies = pgTable(
  'strategies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull().default('follow').$type<StrategyKind>(),
    manager: text('manager').notNull(),
    name: text('name_en').notNull(),
    nameNl: text('name_nl').notNull(),
    nameZh: text('name_zh').notNull(),
    description: text('description_en').notNull(),
    descriptionNl: text('description_nl').notNull(),
    descriptionZh: text('description_zh').notNull(),
    currency: text('currency').notNull(),
    params: jsonb('params').notNull().$type<StrategyParams>(),
    performanceFee: rate('performance_fee').notNull(),
    published: boolean('published').notNull().default(true),
    open: boolean('open').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** A quant strategy's published minimum subscription and periods (days); null for a follow (product constants). */
    minAmount: money('min_amount'),
    terms: integer('terms').array(),
    book: jsonb('book').$type<Book>(),
    bookTick: ts('book_tick'),
    nav: numeric('nav', { precision: 24, scale: 8 }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('strategies_fee', sql`${t.performanceFee} >= 0 and ${t.performanceFee} < 1`),
    check('strategies_book', sql`(${t.book} is null) = (${t.bookTick} is null)`),
    check('strategies_kind', sql`${t.kind} in ('follow', 'quant')`),
  ],
);

export const strategyTrades = pgTable(
  'strategy_trades',
  {
    strategyId: bigint('strategy_id', { mode: 'number' })
      .notNull()
      .references(() => strategies.id),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    instrument: text('instrument').notNull(),
    side: text('side').notNull().$type<'buy' | 'sell'>(),
    quantity: numeric('quantity', { precision: 30, scale: 10 }).notNull(),
    price: numeric('price', { precision: 30, scale: 10 }).notNull(),
    fee: money('fee').notNull(),
    profit: money('profit'),
    cashAfter: money('cash_after').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.strategyId, t.seq] }),
    check('strategy_trades_side', sql`${t.side} in ('buy', 'sell')`),
    check(
      'strategy_trades_amounts',
      sql`${t.quantity} > 0 and ${t.price} > 0 and ${t.fee} >= 0 and ${t.cashAfter} >= 0`,
    ),
  ],
);

export const strategyNavs = pgTable(
  'strategy_navs',
  {
    strategyId: bigint('strategy_id', { mode: 'number' })
      .notNull()
      .references(() => strategies.id),
    at: ts('at').notNull(),
    nav: numeric('nav', { precision: 24, scale: 8 }).notNull(),
    value: money('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.strategyId, t.at] }), check('strategy_navs_positive', sql`${t.nav} >= 0`)],
);

export const follows = pgTable(
  'follows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    strategyId: bigint('strategy_id', { mode: 'number' })
      .notNull()
      .references(() => strategies.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    termDays: integer('term_days').notNull(),
    /** The performance fee published at the add, kept for the term. */
    feeRate: rate('fee_rate').notNull(),
    /** The book's tick and NAV the follow bought in at, and the tick its term ends. */
    entryAt: ts('entry_at').notNull(),
    entryNav: numeric('entry_nav', { precision: 24, scale: 8 }).notNull(),
    endAt: ts('end_at').notNull(),
    status: text('status').notNull().default('running').$type<StoredFollowStatus>(),
    fee: money('fee'),
    paidOut: money('paid_out'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('follows_user').on(t.userId, t.id),
    index('follows_due').on(t.endAt).where(sql`${t.status} = 'running'`),
    check('follows_status', sql`${t.status} in ('running', 'paid')`),
    check(
      'follows_amounts',
      sql`${t.amount} > 0 and ${t.entryNav} > 0 and ${t.termDays} > 0 and ${t.endAt} > ${t.entryAt}`,
    ),
    check(
      'follows_closed',
      sql`(${t.status} = 'paid') = (${t.closedAt} is not null) and (${t.status} = 'paid') = (${t.paidOut} is not null) and (${t.status} = 'paid') = (${t.fee} is not null)`,
    ),
  ],
);

/**
 * A quant subscription's confirmation from /quantization/checkSecret (the customer's transaction password and second
 * factor): only its hash is kept; it is good once, for one strategy, amount and period, until it expires; used_at is
 * set by the order/save that spends it.
 */
export const quantConfirmations = pgTable(
  'quant_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    strategyId: bigint('strategy_id', { mode: 'number' })
      .notNull()
      .references(() => strategies.id),
    amount: money('amount').notNull(),
    termDays: integer('term_days').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('quant_confirmations_token').on(t.tokenHash),
    check('quant_confirmations_expiry', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
