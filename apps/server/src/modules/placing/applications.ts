/**
 * A customer's placing applications as they read them (placing/record, /position/placing_subscription) and the
 * placed shares they may sell today (/position/getPlacingFlatCount); always scoped to the caller.
 */
import {
  type Currency,
  Decimal,
  type Language,
  type PlacingSubscription,
  type placing,
  type SubscriptionState,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { plainPrice } from '../primary/index.js';
import { type ApplicationRow, applicationStateOf, lockupEndsAt, type PlacingRow, placingName } from './placings.js';
import { placingSubscriptions, placings } from './schema.js';

export function toApplication(a: ApplicationRow, p: PlacingRow, now: Date, lang: Language): PlacingSubscription {
  const total = new Decimal(a.amount).plus(a.fee);
  const pending = a.status === 'subscribed' ? total.minus(a.amountPaid) : new Decimal(0);
  return {
    id: a.id,
    placingId: p.id,
    kind: p.kind,
    code: p.code,
    name: placingName(p, lang),
    market: p.market,
    priceCurrency: p.currency,
    walletType: a.wallet as Wallet,
    currency: a.currency as Currency,
    quantity: a.quantity,
    price: plainPrice(a.price),
    rate: new Decimal(a.rate).toSignificantDigits(8).toString(),
    amount: wireAmount(a.amount),
    fee: wireAmount(a.fee),
    total: wireAmount(total),
    allottedQuantity: a.allottedQuantity,
    amountPaid: wireAmount(a.amountPaid),
    amountPending: wireAmount(pending),
    status: applicationStateOf(p, a, now) ?? 'subscribed',
    closesAtTimestamp: p.closesAt.getTime(),
    lockupEndsTimestamp: lockupEndsAt(p).getTime(),
    positionId: a.positionId,
    createTimeTimestamp: a.createdAt.getTime(),
    modifyTimeTimestamp: a.updatedAt.getTime(),
  };
}

function stateCondition(state: SubscriptionState, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (state) {
    case 'subscribed':
      return sql`${placingSubscriptions.status} = 'subscribed' and ${placings.state} = 'scheduled' and ${placings.closesAt} > ${at}`;
    case 'waitingAllotment':
      return sql`${placingSubscriptions.status} = 'subscribed' and (${placings.state} <> 'scheduled' or ${placings.closesAt} <= ${at})`;
    case 'allotted':
    case 'notAllotted':
    case 'cancelled':
      return eq(placingSubscriptions.status, state);
    // Offerings only (subscribable), or IPO financing's states: no placing application is in them.
    default:
      return sql`false`;
  }
}

type PageFilter = z.output<typeof placing.placingSubscriptions.request>;

export async function applicationPage(db: Executor, userId: number, filter: PageFilter, now: Date, lang: Language) {
  const where: SQL[] = [eq(placingSubscriptions.userId, userId)];
  if (filter.status) where.push(stateCondition(filter.status, now));
  const condition = and(...where);
  const from = () =>
    db
      .select({ a: placingSubscriptions, p: placings })
      .from(placingSubscriptions)
      .innerJoin(placings, eq(placings.id, placingSubscriptions.placingId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(condition)
      .orderBy(desc(placingSubscriptions.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(placingSubscriptions)
      .innerJoin(placings, eq(placings.id, placingSubscriptions.placingId))
      .where(condition),
  ]);
  return {
    list: rows.map((r) => toApplication(r.a, r.p, now, lang)),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/**
 * getPlacingFlatCount: the caller's allotted placed shares of `code`, split by the lock-up at `now`. The count is
 * of shares placed (delivered at the allotment), not of the position as it is now: what was sold since is the
 * trading module's to know. The trading module enforces the same date: the delivered position's sellable_from is
 * lockupEndsAt of its placing (job.ts), so this count and the refusals agree without reading the positions.
 */
export async function flatCount(db: Executor, userId: number, code: string, now: Date) {
  const c = code.trim().toUpperCase();
  const rows = await db
    .select({ quantity: placingSubscriptions.allottedQuantity, closesAt: placings.closesAt, days: placings.lockupDays })
    .from(placingSubscriptions)
    .innerJoin(placings, eq(placings.id, placingSubscriptions.placingId))
    .where(
      and(
        eq(placingSubscriptions.userId, userId),
        eq(placingSubscriptions.status, 'allotted'),
        sql`upper(${placings.code}) = ${c}`,
      ),
    );
  let allotted = 0;
  let locked = 0;
  let next: number | null = null;
  for (const r of rows) {
    const quantity = r.quantity ?? 0;
    const ends = lockupEndsAt({ closesAt: r.closesAt, lockupDays: r.days }).getTime();
    allotted += quantity;
    if (ends > now.getTime()) {
      locked += quantity;
      next = next === null ? ends : Math.min(next, ends);
    }
  }
  return { code: c, allotted, locked, sellable: allotted - locked, nextUnlockTimestamp: next };
}
