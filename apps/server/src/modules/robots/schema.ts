/**
 * Robot orders (migration 0033, hand-written: its source of truth; docs/strategies.md "Robot orders"). A robot order
 * is a customer's robot: the product's terms copied at its start (price, cycle, the engine's parameters over the
 * allocation), its own book (the engine's Book as JSON, at `book_tick`) stepped hourly by the strategies job, and
 * its status. `robot_navs` is its equity curve (one row per tick) and `robot_events` its event log (state changes
 * and fills); their primary keys refuse a tick or an event twice. Its money moves only in the ledger (robotStart,
 * robotPayout; reference robot:<id>).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';
import type { Book, StrategyParams } from '../strategies/index.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

export const robotOrders = pgTable(
  'robot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    robotId: integer('robot_id').notNull(),
    code: text('code').notNull(),
    /** The instrument key it trades ('100:BTCUSD'). */
    instrument: text('instrument').notNull(),
    term: text('term').notNull().$type<'rent' | 'buy'>(),
    cycleDays: integer('cycle_days'),
    price: money('price').notNull(),
    allocation: money('allocation').notNull(),
    /** The engine's parameters over the allocation, fixed at the start. */
    params: jsonb('params').notNull().$type<StrategyParams>(),
    book: jsonb('book').notNull().$type<Book>(),
    bookTick: ts('book_tick').notNull(),
    /** The book's value at `book_tick` (the allocation before the first tick). */
    value: money('value').notNull(),
    /** 1 to 6 (contracts ROBOT_STATUSES). */
    status: smallint('status').notNull(),
    /** Events written so far (the next one's seq is events + 1). */
    events: integer('events').notNull().default(0),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at'),
    paidOut: money('paid_out'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('robot_orders_user').on(t.userId, t.id),
    index('robot_orders_open').on(t.id).where(sql`${t.status} < 6`),
    check('robot_orders_status', sql`${t.status} between 1 and 6`),
    check('robot_orders_term', sql`${t.term} in ('rent', 'buy') and (${t.term} = 'rent') = (${t.endAt} is not null)`),
    check('robot_orders_amounts', sql`${t.allocation} > 0 and ${t.price} >= 0 and ${t.value} >= 0`),
    check(
      'robot_orders_closed',
      sql`(${t.status} = 6) = (${t.closedAt} is not null) and (${t.status} = 6) = (${t.paidOut} is not null)`,
    ),
  ],
);

export const robotNavs = pgTable(
  'robot_navs',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => robotOrders.id),
    at: ts('at').notNull(),
    value: money('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.at] })],
);

export const robotEvents = pgTable(
  'robot_events',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => robotOrders.id),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    kind: text('kind').notNull().$type<'status' | 'filled'>(),
    status: smallint('status'),
    side: text('side').$type<'buy' | 'sell'>(),
    quantity: numeric('quantity', { precision: 30, scale: 10 }),
    price: numeric('price', { precision: 30, scale: 10 }),
    fee: money('fee'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.seq] }),
    check('robot_events_kind', sql`${t.kind} in ('status', 'filled')`),
  ],
);
