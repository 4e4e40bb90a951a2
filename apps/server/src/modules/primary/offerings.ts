/**
 * Offerings as readers see them: the phase worked out from the stored state and the server's clock, and the DTO
 * of the IPO calendar and its detail (docs/primary-markets.md "Offerings").
 */
import { Decimal, type Language, type Offering, type OfferingPhase, type primary, wireAmount } from '@beurs/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { offerings } from './schema.js';

export type OfferingRow = typeof offerings.$inferSelect;

/**
 * The phase at `now`: a stored state other than `scheduled` is the phase; a scheduled offering is upcoming before
 * its window, open from `opensAt` until (not including) `closesAt`, closed after it until the allotment runs.
 */
export function phaseOf(o: Pick<OfferingRow, 'state' | 'opensAt' | 'closesAt'>, now: Date): OfferingPhase {
  if (o.state !== 'scheduled') return o.state;
  if (now < o.opensAt) return 'upcoming';
  if (now < o.closesAt) return 'open';
  return 'closed';
}

/** phaseOf in SQL, for filtering and ordering the calendar in the database. */
const phaseSql = (now: Date) =>
  sql<OfferingPhase>`case when ${offerings.state} <> 'scheduled' then ${offerings.state}
    when ${offerings.opensAt} > ${now.toISOString()}::timestamptz then 'upcoming'
    when ${offerings.closesAt} > ${now.toISOString()}::timestamptz then 'open' else 'closed' end`;

export const nameOf = (o: Pick<OfferingRow, 'issuer' | 'issuerZh'>, lang: Language) =>
  lang === 'zh-Hans' && o.issuerZh ? o.issuerZh : o.issuer;

/** Trailing zeros off, at least 2 places: "18.5" -> "18.50", "6.800" -> "6.80", "0.125" stays. */
export function plainPrice(value: string | Decimal): string {
  const d = new Decimal(value);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toString();
}

export function toOffering(o: OfferingRow, now: Date, lang: Language): Offering {
  return {
    id: o.id,
    code: o.code,
    name: nameOf(o, lang),
    market: o.market,
    exchange: o.exchange,
    currency: o.currency,
    simulated: true,
    prospectusDateTimestamp: o.prospectusAt.getTime(),
    opensAtTimestamp: o.opensAt.getTime(),
    closesAtTimestamp: o.closesAt.getTime(),
    marketDateTimestamp: o.listingAt.getTime(),
    priceMin: plainPrice(o.priceMin),
    priceMax: plainPrice(o.priceMax),
    subscriptionPrice: plainPrice(o.priceMax),
    lotSize: o.lotSize,
    sharesOffered: o.sharesOffered,
    fundRaising: wireAmount(new Decimal(o.priceMax).times(o.sharesOffered)),
    fee: wireAmount(o.fee),
    allotmentRule: o.allotmentRule,
    phase: phaseOf(o, now),
    modifyTimeTimestamp: o.updatedAt.getTime(),
  };
}

/** The offering with `code`; `lock` 'share' holds it against an allotment or a cancellation until commit. */
export async function offeringByCode(db: Executor, code: string, lock?: 'share'): Promise<OfferingRow | undefined> {
  const query = db.select().from(offerings).where(eq(offerings.code, code));
  const [row] = lock ? await query.for(lock) : await query;
  return row;
}

type CalendarFilter = z.output<typeof primary.newStockCalendar.request>;

/**
 * One page of the calendar: open offerings first (closing soonest first), then upcoming (opening soonest first),
 * then the rest (latest listing first).
 */
export async function calendarPage(db: Executor, filter: CalendarFilter, now: Date) {
  const phase = phaseSql(now);
  const where: SQL[] = [];
  if (filter.market) where.push(eq(offerings.market, filter.market));
  if (filter.phase) where.push(sql`${phase} = ${filter.phase}`);
  const condition = where.length ? and(...where) : undefined;
  const rank = sql`case ${phase} when 'open' then 0 when 'upcoming' then 1 else 2 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offerings)
      .where(condition)
      .orderBy(
        asc(rank),
        asc(sql`case when ${rank} = 0 then ${offerings.closesAt} end`),
        asc(sql`case when ${rank} = 1 then ${offerings.opensAt} end`),
        desc(offerings.listingAt),
        asc(offerings.id),
      )
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(offerings).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
