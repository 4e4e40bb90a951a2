/**
 * A customer's subscriptions as they read them: the SPEC §4 state worked out from the stored status and the
 * offering's phase, the amounts paid and pending, always scoped to the caller (another customer's id is not found).
 */
import {
  type Currency,
  Decimal,
  type Language,
  type primary,
  type SettleState,
  type Subscription,
  type SubscriptionState,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { notFound } from '../../platform/errors.js';
import { nameOf, type OfferingRow, phaseOf, plainPrice } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';

export type SubscriptionRow = typeof offeringSubscriptions.$inferSelect;

/** SPEC §4: what the customer sees for a subscription of theirs. */
export function subscriptionStateOf(
  s: Pick<SubscriptionRow, 'status'>,
  o: Pick<OfferingRow, 'state' | 'opensAt' | 'closesAt'>,
  now: Date,
): SubscriptionState {
  if (s.status !== 'subscribed') return s.status;
  return phaseOf(o, now) === 'open' ? 'subscribed' : 'waitingAllotment';
}

/** SPEC §4 settle states: only an allotment is settled, when its shares are delivered at the listing. */
export const settleStateOf = (s: Pick<SubscriptionRow, 'status' | 'settledAt'>): SettleState | null =>
  s.status === 'allotted' ? (s.settledAt ? 'settled' : 'toBeSettled') : null;

/** What the customer sees for an offering: their subscription's state, else subscribable while it is open. */
export function customerStateOf(
  o: Pick<OfferingRow, 'state' | 'opensAt' | 'closesAt'>,
  s: Pick<SubscriptionRow, 'status'> | undefined,
  now: Date,
): SubscriptionState | null {
  if (s) return subscriptionStateOf(s, o, now);
  return phaseOf(o, now) === 'open' ? 'subscribable' : null;
}

export function toSubscription(s: SubscriptionRow, o: OfferingRow, now: Date, lang: Language): Subscription {
  // What the subscription holds: the amount and the fee, or financed the deposit and the fee.
  const total = new Decimal(s.deposit ?? s.amount).plus(s.fee);
  // Held until the allotment settles it, then nothing is pending (the rest was released), except a financed
  // allotment's deposit, held until the make-up is paid (pendingPayment).
  const pending =
    s.status === 'subscribed'
      ? total.minus(s.amountPaid)
      : s.status === 'pendingPayment'
        ? new Decimal(s.deposit ?? 0)
        : new Decimal(0);
  return {
    id: s.id,
    offeringId: o.id,
    code: o.code,
    name: nameOf(o, lang),
    market: o.market,
    exchange: o.exchange,
    priceCurrency: o.currency,
    walletType: s.wallet as Wallet,
    currency: s.currency as Currency,
    quantity: s.quantity,
    price: plainPrice(s.price),
    rate: new Decimal(s.rate).toSignificantDigits(8).toString(),
    amount: wireAmount(s.amount),
    fee: wireAmount(s.fee),
    total: wireAmount(total),
    allottedQuantity: s.allottedQuantity,
    amountPaid: wireAmount(s.amountPaid),
    amountPending: wireAmount(pending),
    financed: s.financed,
    deposit: s.deposit === null ? null : wireAmount(s.deposit),
    interest: s.interest === null ? null : wireAmount(s.interest),
    makeUp: s.makeUp === null ? null : wireAmount(s.makeUp),
    paymentDueAtTimestamp: s.paymentDueAt?.getTime() ?? null,
    status: subscriptionStateOf(s, o, now),
    settleStatus: settleStateOf(s),
    closesAtTimestamp: o.closesAt.getTime(),
    marketDateTimestamp: o.listingAt.getTime(),
    createTimeTimestamp: s.createdAt.getTime(),
    modifyTimeTimestamp: s.updatedAt.getTime(),
  };
}

/** One subscription of `userId`, with its offering; 404 when it is not theirs or does not exist. */
export async function ownSubscription(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ s: offeringSubscriptions, o: offerings })
    .from(offeringSubscriptions)
    .innerJoin(offerings, eq(offerings.id, offeringSubscriptions.offeringId))
    .where(and(eq(offeringSubscriptions.id, id), eq(offeringSubscriptions.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** The newest subscription of `userId` to each of `offeringIds`. */
export async function latestSubscriptions(db: Executor, userId: number, offeringIds: readonly number[]) {
  if (offeringIds.length === 0) return new Map<number, SubscriptionRow>();
  const rows = await db
    .select()
    .from(offeringSubscriptions)
    .where(and(eq(offeringSubscriptions.userId, userId), inArray(offeringSubscriptions.offeringId, [...offeringIds])))
    .orderBy(desc(offeringSubscriptions.id));
  const latest = new Map<number, SubscriptionRow>();
  for (const row of rows) if (!latest.has(row.offeringId)) latest.set(row.offeringId, row);
  return latest;
}

type SubscriptionFilter = z.output<typeof primary.positionSubscription.request>;

/** The stored condition of a SPEC §4 state (subscribed and waitingAllotment differ by the window only). */
function stateCondition(state: SubscriptionState, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (state) {
    case 'subscribed':
      return sql`${offeringSubscriptions.status} = 'subscribed' and ${offerings.state} = 'scheduled' and ${offerings.closesAt} > ${at}`;
    case 'waitingAllotment':
      return sql`${offeringSubscriptions.status} = 'subscribed' and (${offerings.state} <> 'scheduled' or ${offerings.closesAt} <= ${at})`;
    case 'allotted':
    case 'notAllotted':
    case 'pendingPayment':
    case 'lapsed':
    case 'cancelled':
      return eq(offeringSubscriptions.status, state);
    // Offerings only: no subscription is in it.
    case 'subscribable':
      return sql`false`;
  }
}

/** One page of the caller's subscriptions, newest first. */
export async function subscriptionPage(
  db: Executor,
  userId: number,
  filter: SubscriptionFilter,
  now: Date,
  lang: Language,
) {
  const where: SQL[] = [eq(offeringSubscriptions.userId, userId)];
  if (filter.market) where.push(eq(offerings.market, filter.market));
  if (filter.status) where.push(stateCondition(filter.status, now));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s: offeringSubscriptions, o: offerings })
      .from(offeringSubscriptions)
      .innerJoin(offerings, eq(offerings.id, offeringSubscriptions.offeringId))
      .where(condition)
      .orderBy(desc(offeringSubscriptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(offeringSubscriptions)
      .innerJoin(offerings, eq(offerings.id, offeringSubscriptions.offeringId))
      .where(condition),
  ]);
  return {
    list: rows.map((r) => toSubscription(r.s, r.o, now, lang)),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
