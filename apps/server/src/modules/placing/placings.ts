/**
 * Placings as readers see them (docs/primary-markets.md "Placings"): the phase from the stored state and the clock,
 * the price fixed once when the window opens, the lock-up's end, and the list of placing/index.
 */
import { Code, Decimal, E, type Language, type Placing, type PlacingPhase, type placing } from '@beurs/contracts';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { instrumentByKey } from '../../market/instruments/index.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { plainPrice } from '../primary/index.js';
import { nameOf } from '../trading/index.js';
import { placingSubscriptions, placings } from './schema.js';

export type PlacingRow = typeof placings.$inferSelect;
export type ApplicationRow = typeof placingSubscriptions.$inferSelect;

const DAY = 86_400_000;

export function placingPhaseOf(p: Pick<PlacingRow, 'state' | 'opensAt' | 'closesAt'>, now: Date): PlacingPhase {
  if (p.state !== 'scheduled') return p.state;
  if (now < p.opensAt) return 'upcoming';
  if (now < p.closesAt) return 'open';
  return 'closed';
}

/** Allotted shares may be sold from here on: the close plus the published lock-up days. */
export const lockupEndsAt = (p: Pick<PlacingRow, 'closesAt' | 'lockupDays'>) =>
  new Date(p.closesAt.getTime() + p.lockupDays * DAY);

export function instrumentOf(p: Pick<PlacingRow, 'source' | 'code'>) {
  const def = instrumentByKey(p.source, p.code);
  if (!def) throw new Error(`placing of ${p.source}:${p.code}: not an instrument`);
  return def;
}

export const placingName = (p: Pick<PlacingRow, 'source' | 'code'>, lang: Language) => {
  const def = instrumentByKey(p.source, p.code);
  return def ? nameOf(def, lang) : p.code;
};

/** The placing price of a reference price: reference × (1 − discount), half up to the instrument's decimals. */
export function placingPrice(reference: Decimal, discount: string, decimals: number): Decimal {
  return reference.times(new Decimal(1).minus(discount)).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
}

/**
 * Fixes the price of a placing whose window has opened (once: the update only writes a null price): the reference
 * is the simulator's mid quote at opensAt, to the instrument's decimals. Answers the row with its price, or as it is
 * when the window has not opened yet.
 */
export async function withPrice(deps: Pick<Deps, 'db' | 'market'>, p: PlacingRow, now: Date): Promise<PlacingRow> {
  if (p.price !== null || now < p.opensAt) return p;
  const def = instrumentOf(p);
  const q = await deps.market.quote({ source: p.source, code: p.code }, p.opensAt);
  const reference = new Decimal(q.bid).plus(q.ask).dividedBy(2).toDecimalPlaces(def.priceDecimals);
  const price = placingPrice(reference, p.discount, def.priceDecimals);
  const [fixed] = await deps.db
    .update(placings)
    .set({ referencePrice: reference.toString(), price: price.toString(), updatedAt: now })
    .where(and(eq(placings.id, p.id), isNull(placings.price)))
    .returning();
  if (fixed) return fixed;
  const [again] = await deps.db.select().from(placings).where(eq(placings.id, p.id));
  return again ?? p;
}

export async function placingById(db: Executor, id: number, lock?: 'share'): Promise<PlacingRow> {
  const query = db.select().from(placings).where(eq(placings.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new AppError(Code.notFound, E.placingNotFound, { id });
  return row;
}

/** What the customer sees for a placing: their application's state, else subscribable while it is open. */
export function applicationStateOf(
  p: Pick<PlacingRow, 'state' | 'opensAt' | 'closesAt'>,
  a: Pick<ApplicationRow, 'status'> | undefined,
  now: Date,
): Placing['state'] {
  const phase = placingPhaseOf(p, now);
  if (!a) return phase === 'open' ? 'subscribable' : null;
  if (a.status !== 'subscribed') return a.status;
  return phase === 'open' ? 'subscribed' : 'waitingAllotment';
}

export function toPlacing(p: PlacingRow, now: Date, lang: Language, lotsApplied: number, state: Placing['state']) {
  return {
    id: p.id,
    kind: p.kind,
    code: p.code,
    name: placingName(p, lang),
    market: p.market,
    currency: p.currency,
    simulated: true,
    opensAtTimestamp: p.opensAt.getTime(),
    closesAtTimestamp: p.closesAt.getTime(),
    discount: new Decimal(p.discount).toString(),
    referencePrice: p.referencePrice === null ? null : plainPrice(p.referencePrice),
    price: p.price === null ? null : plainPrice(p.price),
    lotSize: p.lotSize,
    sharesOffered: p.sharesOffered,
    fee: new Decimal(p.fee).toFixed(2),
    allotmentRule: p.allotmentRule,
    lockupDays: p.lockupDays,
    lockupEndsTimestamp: lockupEndsAt(p).getTime(),
    phase: placingPhaseOf(p, now),
    lotsApplied,
    state,
  } satisfies Placing;
}

type ListFilter = z.output<typeof placing.placingList.request>;

const phaseSql = (now: Date) =>
  sql<PlacingPhase>`case when ${placings.state} <> 'scheduled' then ${placings.state}
    when ${placings.opensAt} > ${now.toISOString()}::timestamptz then 'upcoming'
    when ${placings.closesAt} > ${now.toISOString()}::timestamptz then 'open' else 'closed' end`;

/** Lots applied for per placing (live applications). */
async function demandOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({
      id: placingSubscriptions.placingId,
      lots: sql<string>`sum(${placingSubscriptions.quantity} / ${placings.lotSize})`,
    })
    .from(placingSubscriptions)
    .innerJoin(placings, eq(placings.id, placingSubscriptions.placingId))
    .where(and(inArray(placingSubscriptions.placingId, ids), sql`${placingSubscriptions.status} <> 'cancelled'`))
    .groupBy(placingSubscriptions.placingId);
  return new Map(rows.map((r) => [r.id, Number(r.lots)]));
}

/** One page of placing/index: open first (closing soonest), upcoming next (opening soonest), then newest first. */
/** An application the customer cancelled while the window is open does not count: they may apply again. */
const listed = (p: PlacingRow, a: ApplicationRow | undefined, now: Date) =>
  a?.status === 'cancelled' && placingPhaseOf(p, now) === 'open' ? undefined : a;

export async function placingPage(deps: Deps, filter: ListFilter, userId: number | null, now: Date, lang: Language) {
  const { db } = deps;
  const phase = phaseSql(now);
  const where: SQL | undefined = filter.phase ? sql`${phase} = ${filter.phase}` : undefined;
  const rank = sql`case ${phase} when 'open' then 0 when 'upcoming' then 1 else 2 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(placings)
      .where(where)
      .orderBy(
        asc(rank),
        asc(sql`case when ${rank} = 0 then ${placings.closesAt} end`),
        asc(sql`case when ${rank} = 1 then ${placings.opensAt} end`),
        desc(placings.closesAt),
        asc(placings.id),
      )
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(placings).where(where),
  ]);
  const priced = await Promise.all(rows.map((p) => withPrice(deps, p, now)));
  const ids = priced.map((p) => p.id);
  const demand = await demandOf(db, ids);
  const mine = new Map<number, ApplicationRow>();
  if (userId !== null && ids.length > 0) {
    const apps = await db
      .select()
      .from(placingSubscriptions)
      .where(and(eq(placingSubscriptions.userId, userId), inArray(placingSubscriptions.placingId, ids)))
      .orderBy(desc(placingSubscriptions.id));
    for (const a of apps) if (!mine.has(a.placingId)) mine.set(a.placingId, a);
  }
  return {
    list: priced.map((p) =>
      toPlacing(
        p,
        now,
        lang,
        demand.get(p.id) ?? 0,
        userId === null ? null : applicationStateOf(p, listed(p, mine.get(p.id), now), now),
      ),
    ),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}
