/**
 * Fund products, orders and their daily accruals (migration 0027, hand-written like 0026: its source of truth;
 * docs/fixed-income.md "Funds"). A product's terms are copied onto each order at subscription, so a product changed
 * or closed later does not change a subscribed order. The money moves only in the ledger: `fundSubscription` (the
 * FINANCIAL wallet to the `funds` system account), one `fundInterest` per order and day with interest (the `market`
 * account to `funds`, reference `fund:<order>:<date>`), and `fundRedemption` (`funds` to the wallet, principal +
 * interest, reference `fund:<order>`). `fund_accruals` keeps a row per order and day, its primary key refusing a
 * second accrual of a day even if `accrued_through` were wrong.
 */
import type { FundType } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });
/** An annual rate as a fraction (0.026). */
const rate = (name: string) => numeric(name, { precision: 12, scale: 8 });

export type StoredFundStatus = 'inProgress' | 'completed';

export const fundProducts = pgTable(
  'fund_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull().unique(),
    /** The name in English, Dutch and Simplified Chinese. */
    name: text('name_en').notNull(),
    nameNl: text('name_nl').notNull(),
    nameZh: text('name_zh').notNull(),
    type: text('type').notNull().$type<FundType>(),
    /** Regular: the term in days; Current: null. */
    termDays: integer('term_days'),
    /** Regular: the annual rate a subscription gets, fixed for its term; Current: null (the market's, daily). */
    annualRate: rate('annual_rate'),
    /** Current: the management fee taken from the 3-month yield; Regular: null. */
    managementFee: rate('management_fee'),
    minAmount: money('min_amount').notNull(),
    open: boolean('open').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check(
      'fund_products_terms',
      sql`(${t.type} = 'regular' and ${t.termDays} > 0 and ${t.annualRate} >= 0 and ${t.managementFee} is null) or (${t.type} = 'current' and ${t.termDays} is null and ${t.annualRate} is null and ${t.managementFee} >= 0)`,
    ),
    check('fund_products_min', sql`${t.minAmount} > 0`),
  ],
);

export const fundOrders = pgTable(
  'fund_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => fundProducts.id),
    type: text('type').notNull().$type<FundType>(),
    termDays: integer('term_days'),
    annualRate: rate('annual_rate'),
    managementFee: rate('management_fee'),
    amount: money('amount').notNull(),
    /** The first day that earns interest (the day after the subscription, UTC). */
    valueDate: day('value_date').notNull(),
    /** Regular: valueDate + term, when principal and interest are paid. */
    maturityDate: day('maturity_date'),
    /** The last day whose interest is accrued (the day before valueDate at first). */
    accruedThrough: day('accrued_through').notNull(),
    /** Interest before rounding, summed over the days accrued (the cents posted are this rounded down). */
    interestExact: numeric('interest_exact', { precision: 36, scale: 18 }).notNull().default('0'),
    /** Interest posted so far (cents). */
    income: money('income').notNull().default('0'),
    status: text('status').notNull().default('inProgress').$type<StoredFundStatus>(),
    paidOut: money('paid_out'),
    /** The date the job next has something to do (the next day to accrue, or the maturity); null once completed. */
    nextDue: day('next_due'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('fund_orders_user').on(t.userId, t.id),
    index('fund_orders_due').on(t.nextDue),
    check('fund_orders_status', sql`${t.status} in ('inProgress', 'completed')`),
    check('fund_orders_amounts', sql`${t.amount} > 0 and ${t.income} >= 0 and ${t.interestExact} >= 0`),
    check(
      'fund_orders_terms',
      sql`(${t.type} = 'regular' and ${t.termDays} > 0 and ${t.annualRate} is not null and ${t.maturityDate} is not null) or (${t.type} = 'current' and ${t.termDays} is null and ${t.managementFee} is not null and ${t.maturityDate} is null)`,
    ),
    check(
      'fund_orders_closed',
      sql`(${t.status} = 'completed') = (${t.closedAt} is not null) and (${t.status} = 'completed') = (${t.paidOut} is not null)`,
    ),
  ],
);

export const fundAccruals = pgTable(
  'fund_accruals',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => fundOrders.id),
    day: day('day').notNull(),
    /** That day's annual rate (fraction). */
    annualRate: rate('annual_rate').notNull(),
    /** The cents posted for the day (may be 0 on a small order: the exact interest carries to the next day). */
    amount: money('amount').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.day] }), check('fund_accruals_amount', sql`${t.amount} >= 0`)],
);
