/**
 * When allotted new shares may be sold (SPEC §7 /m_ft/get_sale_time, /m_ft/sale_list; the spec does not say what they
 * are for: our reading is in docs/primary-markets.md "When allotted shares may be sold"). An IPO allotment is
 * delivered as an ordinary position at the listing and has no lock-up, so its shares may be sold from the first
 * instant its market trades at or after the listing. Reads the module's tables and the trading module's rows only.
 */
import { E, type Language, type SaleItem, type SaleTime } from '@beurs/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { calendarOf } from '../../market/index.js';
import type { Exchange } from '../../market/types.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { STATUS, tradeOrders, tradePositions } from '../trading/index.js';
import { offeringSubscriptions, offerings } from './schema.js';

type OfferingRow = typeof offerings.$inferSelect;

/** The first instant at or after `at` when the offering's market trades (its calendar, as the simulator's). */
export function firstSessionFrom(o: Pick<OfferingRow, 'code' | 'exchange' | 'currency' | 'market'>, at: Date): Date {
  const cal = calendarOf({
    code: o.code,
    source: o.market === 'HK' ? 11 : 0,
    kind: 'stock',
    exchange: o.exchange as Exchange,
    currency: o.currency,
    refPrice: '1',
    priceDecimals: 2,
    lotSize: 1,
    volatility: 0,
  });
  const s = cal.state(at.getTime());
  return s.open || !s.nextOpen ? at : s.nextOpen;
}

export function saleTimeOf(o: OfferingRow, now: Date): SaleTime {
  const sellableFrom = firstSessionFrom(o, o.listingAt);
  return {
    code: o.code,
    listingAtTimestamp: o.listingAt.getTime(),
    lockUpEndsAtTimestamp: null,
    sellableFromTimestamp: sellableFrom.getTime(),
    sellableNow: o.state === 'listed' && now >= sellableFrom,
  };
}

export async function saleTime(db: Db, code: string, now: Date): Promise<SaleTime> {
  const c = code.trim().toUpperCase();
  const [o] = await db.select().from(offerings).where(eq(offerings.code, c));
  if (!o || o.state === 'cancelled') throw new AppError(404, E.offeringNotFound, { code: c });
  return saleTimeOf(o, now);
}

/**
 * The caller's allotments (stored `allotted`), sellable ones first, then by when they become sellable. The delivered
 * position is the one the listing opened: the delivery's order (same customer, stock and quantity, no fee, at the
 * instant the subscription was settled).
 */
export async function salePage(
  db: Db,
  userId: number,
  p: { page: number; pageSize: number },
  now: Date,
  lang: Language,
) {
  const where = and(eq(offeringSubscriptions.userId, userId), eq(offeringSubscriptions.status, 'allotted'));
  const rows = await db
    .select({ s: offeringSubscriptions, o: offerings })
    .from(offeringSubscriptions)
    .innerJoin(offerings, eq(offerings.id, offeringSubscriptions.offeringId))
    .where(where)
    .orderBy(asc(offerings.listingAt), asc(offeringSubscriptions.id));
  const items: SaleItem[] = [];
  for (const { s, o } of rows) {
    const delivered = s.settledAt ? await deliveredPosition(db, s, o) : null;
    items.push({
      ...saleTimeOf(o, now),
      subscriptionId: s.id,
      name: (lang === 'zh-Hans' && o.issuerZh) || o.issuer,
      market: o.market,
      allottedQuantity: s.allottedQuantity ?? 0,
      price: s.price,
      currency: o.currency,
      positionId: delivered?.id ?? null,
      heldQuantity: delivered?.status === STATUS.Success ? delivered.quantity : 0,
    });
  }
  items.sort(
    (a, b) => Number(b.sellableNow) - Number(a.sellableNow) || a.sellableFromTimestamp - b.sellableFromTimestamp,
  );
  const [total] = await db.select({ n: count() }).from(offeringSubscriptions).where(where);
  return {
    list: items.slice((p.page - 1) * p.pageSize, p.page * p.pageSize),
    total: total?.n ?? 0,
    page: p.page,
    pageSize: p.pageSize,
  };
}

async function deliveredPosition(
  db: Db,
  s: typeof offeringSubscriptions.$inferSelect,
  o: OfferingRow,
): Promise<{ id: number; status: number; quantity: number } | null> {
  const [row] = await db
    .select({ id: tradePositions.id, status: tradePositions.status, quantity: tradePositions.quantity })
    .from(tradeOrders)
    .innerJoin(tradePositions, eq(tradePositions.id, tradeOrders.positionId))
    .where(
      and(
        eq(tradeOrders.userId, s.userId),
        eq(tradeOrders.code, o.code),
        eq(tradeOrders.quantity, s.allottedQuantity ?? 0),
        eq(tradeOrders.openClose, 0),
        sql`${tradeOrders.fee} = 0`,
        sql`${tradeOrders.createdAt} = ${s.settledAt}`,
      ),
    )
    .limit(1);
  return row ?? null;
}
