/**
 * Bond holdings (migration 0026, hand-written like 0022: its source of truth). One row per purchase, with the
 * bond's terms copied from the universe (a bill leaves the list after its issue cycle; its holders are still paid)
 * and what the purchase, the coupons and the sale or redemption paid. The money itself moves only in the ledger:
 * `bondBuy`, `bondCoupon`, `bondRedemption` and `bondSale` entries, each with a reference unique per type (the
 * coupon's is the holding and the coupon date), so nothing is paid twice even if a column here were wrong.
 * `paid_through` is the last coupon date paid (the settlement date before the first): the job pays the coupons
 * after it and moves it in the same transaction, with `next_due`, the date the job next has something to pay.
 */
import type { BondHoldingState } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

/** Stored states; waitingRedemption is a bought holding too close to its maturity to trade (worked out on reading). */
export type StoredBondStatus = Exclude<BondHoldingState, 'waitingRedemption'>;

export const bondHoldings = pgTable(
  'bond_holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    issuer: text('issuer').notNull(),
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    wallet: text('wallet').notNull(),
    /** The annual coupon rate as a fraction (0.04125); 0 for a bill. */
    couponRate: numeric('coupon_rate', { precision: 12, scale: 8 }).notNull(),
    frequency: integer('frequency').notNull(),
    datedDate: day('dated_date').notNull(),
    maturity: day('maturity').notNull(),
    faceValue: money('face_value').notNull(),
    quantity: integer('quantity').notNull(),
    /** The purchase: settlement date, clean price and accrued interest per 100, yield (fraction), paid amounts. */
    settlementDate: day('settlement_date').notNull(),
    cleanPrice: money('clean_price').notNull(),
    accrued: money('accrued').notNull(),
    yield: numeric('yield', { precision: 12, scale: 8 }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: text('status').notNull().default('bought').$type<StoredBondStatus>(),
    paidThrough: day('paid_through').notNull(),
    /** The next coupon or redemption date the job owes this holding; null when nothing more is owed. */
    nextDue: day('next_due'),
    /** Coupons received so far. */
    income: money('income').notNull().default('0'),
    /** A sale: its settlement date, clean price per 100, what it paid in and its fee. */
    saleSettlementDate: day('sale_settlement_date'),
    salePrice: money('sale_price'),
    saleAmount: money('sale_amount'),
    saleFee: money('sale_fee'),
    closedAt: ts('closed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('bond_holdings_user').on(t.userId, t.id),
    index('bond_holdings_due').on(t.nextDue),
    check('bond_holdings_status', sql`${t.status} in ('bought', 'sold', 'redeemed')`),
    check('bond_holdings_quantity', sql`${t.quantity} > 0`),
    check('bond_holdings_terms', sql`${t.frequency} in (0, 1, 2) and ${t.couponRate} >= 0 and ${t.faceValue} > 0`),
    check('bond_holdings_dates', sql`${t.datedDate} < ${t.maturity} and ${t.settlementDate} < ${t.maturity}`),
    check('bond_holdings_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.income} >= 0`),
    check(
      'bond_holdings_closed',
      sql`(${t.status} = 'bought') = (${t.closedAt} is null) and (${t.status} = 'sold') = (${t.saleAmount} is not null)`,
    ),
  ],
);
