/**
 * The tables of placings (migration 0022, hand-written like 0017: its source of truth). A placing is an offer of new
 * shares of a listed stock, so it has its own table rather than rows of `offerings`: its code is an instrument that
 * already exists (and may be placed more than once), its price is unknown until the window opens, and it never lists.
 * The allotment's published inputs and result are columns of the placing (the IPOs keep theirs in
 * offering_allotments), written by the job in the transaction that settles the applications.
 */
import type { AllotmentRule, PlacingKind } from '@beurs/contracts';
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerHolds, users } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

/** One application and what it got, in lots (as offering_allotments records them). */
export interface AllottedApplication {
  id: number;
  lots: number;
}

export type PlacingState = 'scheduled' | 'allotted' | 'cancelled';

export const placings = pgTable(
  'placings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull().$type<PlacingKind>(),
    source: integer('source').notNull(),
    code: text('code').notNull(),
    market: text('market').notNull().$type<'US' | 'HK'>(),
    currency: text('currency').notNull(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    /** A fraction: 0.08 is 8% off the reference price. */
    discount: numeric('discount', { precision: 6, scale: 4 }).notNull(),
    /** The simulator's price at opensAt and the placing price; fixed (once) when the window opens. */
    referencePrice: money('reference_price'),
    price: money('price'),
    lotSize: integer('lot_size').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    fee: money('fee').notNull().default('0'),
    allotmentRule: text('allotment_rule').notNull().$type<AllotmentRule>(),
    lockupDays: integer('lockup_days').notNull(),
    state: text('state').notNull().default('scheduled').$type<PlacingState>(),
    simulated: boolean('simulated').notNull().default(true),
    seed: text('seed'),
    lotsApplied: bigint('lots_applied', { mode: 'number' }),
    lotsAllotted: bigint('lots_allotted', { mode: 'number' }),
    applications: jsonb('applications').$type<AllottedApplication[]>(),
    result: jsonb('result').$type<AllottedApplication[]>(),
    allottedAt: ts('allotted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('placings_code_window').on(t.source, t.code, t.opensAt),
    index('placings_closes_at').on(t.closesAt),
    check('placings_kind', sql`${t.kind} in ('SPO', 'QIP')`),
    check('placings_market', sql`${t.market} in ('US', 'HK')`),
    check('placings_dates', sql`${t.opensAt} < ${t.closesAt}`),
    check('placings_discount', sql`${t.discount} > 0 and ${t.discount} < 0.5`),
    check(
      'placings_price',
      sql`(${t.price} is null) = (${t.referencePrice} is null) and (${t.price} is null or ${t.price} > 0)`,
    ),
    check('placings_lots', sql`${t.lotSize} > 0 and ${t.sharesOffered} > 0 and ${t.sharesOffered} % ${t.lotSize} = 0`),
    check('placings_fee', sql`${t.fee} >= 0`),
    check('placings_lockup', sql`${t.lockupDays} >= 0`),
    check('placings_rule', sql`${t.allotmentRule} in ('ballot', 'proRata')`),
    check('placings_state', sql`${t.state} in ('scheduled', 'allotted', 'cancelled')`),
    check('placings_allotted', sql`(${t.state} = 'allotted') = (${t.allottedAt} is not null)`),
  ],
);

export type StoredPlacingStatus = 'subscribed' | 'allotted' | 'notAllotted' | 'cancelled';

export const placingSubscriptions = pgTable(
  'placing_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    placingId: bigint('placing_id', { mode: 'number' })
      .notNull()
      .references(() => placings.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    rate: numeric('rate').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id),
    status: text('status').notNull().default('subscribed').$type<StoredPlacingStatus>(),
    allottedQuantity: bigint('allotted_quantity', { mode: 'number' }),
    amountPaid: money('amount_paid').notNull().default('0'),
    positionId: bigint('position_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('placing_subscriptions_one_per_customer')
      .on(t.placingId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('placing_subscriptions_user').on(t.userId, t.id),
    check('placing_subscriptions_quantity', sql`${t.quantity} > 0`),
    check(
      'placing_subscriptions_amounts',
      sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.amountPaid} >= 0 and ${t.rate} > 0`,
    ),
    check('placing_subscriptions_status', sql`${t.status} in ('subscribed', 'allotted', 'notAllotted', 'cancelled')`),
    check(
      'placing_subscriptions_allotted',
      sql`${t.allottedQuantity} is null or (${t.allottedQuantity} >= 0 and ${t.allottedQuantity} <= ${t.quantity})`,
    ),
  ],
);

/** A placing order's confirmation from checkSecret: only its hash is kept; used_at is set by the order spending it. */
export const placingConfirmations = pgTable(
  'placing_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    placingId: bigint('placing_id', { mode: 'number' })
      .notNull()
      .references(() => placings.id),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('placing_confirmations_token').on(t.tokenHash),
    check('placing_confirmations_quantity', sql`${t.quantity} > 0`),
    check('placing_confirmations_expiry', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
