/**
 * The tables of the primary markets module (migration 0017, hand-written: drizzle.config.ts reads only the
 * platform's schema file, so these stay out of generated migrations and 0017 is their source of truth).
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerHolds, users } from '../../platform/db/schema.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 24, scale: 8 });

/** Stored states; the phase a reader sees (upcoming, open, closed) is worked out from the dates (offeringPhase). */
export const OFFERING_STATES = ['scheduled', 'allotted', 'listed', 'cancelled'] as const;
export type OfferingState = (typeof OFFERING_STATES)[number];

export const offerings = pgTable(
  'offerings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    issuer: text('issuer').notNull(),
    issuerZh: text('issuer_zh'),
    market: text('market').notNull().$type<'US' | 'HK'>(),
    exchange: text('exchange').notNull(),
    currency: text('currency').notNull(),
    prospectusAt: ts('prospectus_at').notNull(),
    opensAt: ts('opens_at').notNull(),
    closesAt: ts('closes_at').notNull(),
    listingAt: ts('listing_at').notNull(),
    priceMin: money('price_min').notNull(),
    priceMax: money('price_max').notNull(),
    lotSize: integer('lot_size').notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }).notNull(),
    fee: money('fee').notNull().default('0'),
    allotmentRule: text('allotment_rule').notNull().$type<'ballot' | 'proRata'>(),
    state: text('state').notNull().default('scheduled').$type<OfferingState>(),
    simulated: boolean('simulated').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offerings_code').on(t.code),
    index('offerings_closes_at').on(t.closesAt),
    check('offerings_market', sql`${t.market} in ('US', 'HK')`),
    check('offerings_lots', sql`${t.lotSize} > 0 and ${t.sharesOffered} > 0 and ${t.sharesOffered} % ${t.lotSize} = 0`),
  ],
);

/**
 * Stored subscription states; waitingAllotment is `subscribed` after the window closed (subscriptionState).
 * pendingPayment and lapsed are financed subscriptions' (migration 0021, docs "IPO financing").
 */
export type StoredSubscriptionStatus =
  | 'subscribed'
  | 'allotted'
  | 'notAllotted'
  | 'pendingPayment'
  | 'lapsed'
  | 'cancelled';

export const offeringSubscriptions = pgTable(
  'offering_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offeringId: bigint('offering_id', { mode: 'number' })
      .notNull()
      .references(() => offerings.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    wallet: text('wallet').notNull(),
    currency: text('currency').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Per share, offering currency: the top of the range. */
    price: money('price').notNull(),
    /** Offering currency → wallet currency when subscribing. */
    rate: numeric('rate').notNull(),
    /** quantity × price × rate, wallet currency, rounded up to the cent. */
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** The ledger hold of amount + fee. */
    holdId: bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id),
    status: text('status').notNull().default('subscribed').$type<StoredSubscriptionStatus>(),
    allottedQuantity: bigint('allotted_quantity', { mode: 'number' }),
    amountPaid: money('amount_paid').notNull().default('0'),
    settledAt: ts('settled_at'),
    /** IPO financing (migration 0021): only the deposit and the fee were held. */
    financed: boolean('financed').notNull().default(false),
    /** Financed: the published share of amount held, wallet currency. */
    deposit: money('deposit'),
    /** pendingPayment: interest on the financed part, and the make-up difference due (interest included). */
    interest: money('interest'),
    makeUp: money('make_up'),
    /** Financed: the make-up deadline (IPO_FINANCING, from the offering's listing date). */
    paymentDueAt: ts('payment_due_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('offering_subscriptions_one_per_customer')
      .on(t.offeringId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('offering_subscriptions_user').on(t.userId, t.id),
    index('offering_subscriptions_payment_due').on(t.paymentDueAt).where(sql`${t.status} = 'pendingPayment'`),
  ],
);
