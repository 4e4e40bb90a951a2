/**
 * Offerings in the console (docs/primary-markets.md "Console"): how an operator reads them (with their demand), and
 * the checks and writes of creating one and changing it before its window opens.
 */
import {
  Code,
  type ConsoleOffering,
  consolePrimary,
  Decimal,
  E,
  type ErrorKey,
  type Language,
  primary,
} from '@beurs/contracts';
import { and, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { allInstruments } from '../../market/instruments/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { likeEscape } from '../reviews/index.js';
import { type OfferingRow, phaseOf, toOffering } from './offerings.js';
import { offeringSubscriptions, offerings } from './schema.js';

type Input = z.output<typeof consolePrimary.offeringInput>;
type ListFilter = z.output<typeof consolePrimary.offeringList.request>;

export interface Demand {
  subscriptions: number;
  shares: number;
}

const NO_DEMAND: Demand = { subscriptions: 0, shares: 0 };

/** Live (not cancelled) subscriptions and the shares they apply for, per offering. */
export async function demandOf(db: Executor, ids: readonly number[]): Promise<Map<number, Demand>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: offeringSubscriptions.offeringId,
      n: count(),
      shares: sql<string>`coalesce(sum(${offeringSubscriptions.quantity}), 0)`,
    })
    .from(offeringSubscriptions)
    .where(and(inArray(offeringSubscriptions.offeringId, [...ids]), ne(offeringSubscriptions.status, 'cancelled')))
    .groupBy(offeringSubscriptions.offeringId);
  return new Map(rows.map((r) => [r.id, { subscriptions: r.n, shares: Number(r.shares) }]));
}

export function toConsoleOffering(o: OfferingRow, demand: Demand, now: Date, lang: Language): ConsoleOffering {
  const phase = phaseOf(o, now);
  return {
    ...toOffering(o, now, lang),
    issuer: o.issuer,
    issuerZh: o.issuerZh,
    state: o.state,
    subscriptions: demand.subscriptions,
    sharesApplied: demand.shares,
    coverage: new Decimal(demand.shares).dividedBy(o.sharesOffered).toFixed(2, Decimal.ROUND_DOWN),
    editable: phase === 'upcoming',
    cancellable: o.state === 'scheduled' || o.state === 'allotted',
    createTimeTimestamp: o.createdAt.getTime(),
  };
}

/** phaseOf in SQL (as the calendar filters), for the console's phase filter. */
const phaseSql = (now: Date) =>
  sql`case when ${offerings.state} <> 'scheduled' then ${offerings.state}
    when ${offerings.opensAt} > ${now.toISOString()}::timestamptz then 'upcoming'
    when ${offerings.closesAt} > ${now.toISOString()}::timestamptz then 'open' else 'closed' end`;

/** One page of every offering, newest window first. */
export async function offeringPage(db: Executor, filter: ListFilter, now: Date, lang: Language) {
  const where: SQL[] = [];
  if (filter.market) where.push(eq(offerings.market, filter.market));
  if (filter.phase) where.push(sql`${phaseSql(now)} = ${filter.phase}`);
  if (filter.q) {
    const q = `%${likeEscape(filter.q)}%`;
    const match = or(ilike(offerings.code, q), ilike(offerings.issuer, q), ilike(offerings.issuerZh, q));
    if (match) where.push(match);
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offerings)
      .where(condition)
      .orderBy(desc(offerings.opensAt), desc(offerings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(offerings).where(condition),
  ]);
  const demand = await demandOf(
    db,
    rows.map((o) => o.id),
  );
  return {
    list: rows.map((o) => toConsoleOffering(o, demand.get(o.id) ?? NO_DEMAND, now, lang)),
    total: total?.n ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The offering with `id` (locked FOR UPDATE when asked), or 404. */
export async function offeringById(db: Executor, id: number, lock?: 'update'): Promise<OfferingRow> {
  const query = db.select().from(offerings).where(eq(offerings.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound();
  return row;
}

export async function consoleOfferingById(db: Executor, id: number, now: Date, lang: Language) {
  const o = await offeringById(db, id);
  const demand = await demandOf(db, [o.id]);
  return toConsoleOffering(o, demand.get(o.id) ?? NO_DEMAND, now, lang);
}

/** A 400 on one field of the form, translated, with its figures. */
const fieldError = (key: ErrorKey, field: keyof Input, params: Record<string, unknown> = {}) =>
  new AppError(Code.invalid, key, params, undefined, field);

const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** The checks the contract cannot make alone: the code and exchange for the market, the dates, the range, the lots. */
function checkTerms(input: Input, now: Date) {
  if (!new RegExp(consolePrimary.OFFERING_CODE_PATTERN[input.market]).test(input.code))
    throw fieldError(E.offeringCodeFormat, 'code');
  const allowed: readonly string[] = consolePrimary.OFFERING_EXCHANGES[input.market];
  if (!allowed.includes(input.exchange)) {
    throw fieldError(E.offeringExchange, 'exchange', {
      exchange: input.exchange,
      market: input.market,
      allowed: allowed.join(', '),
    });
  }
  const { prospectusAtTimestamp: prospectus, opensAtTimestamp: opens } = input;
  const { closesAtTimestamp: closes, listingAtTimestamp: listing } = input;
  if (opens <= now.getTime()) throw fieldError(E.offeringOpensInPast, 'opensAtTimestamp', { now: utc(now) });
  if (prospectus > opens) throw fieldError(E.offeringDates, 'prospectusAtTimestamp');
  if (closes <= opens) throw fieldError(E.offeringDates, 'closesAtTimestamp');
  if (listing < closes) throw fieldError(E.offeringDates, 'listingAtTimestamp');
  if (new Decimal(input.priceMin).gt(input.priceMax)) throw fieldError(E.offeringPriceRange, 'priceMin');
  if (input.sharesOffered % input.lotSize !== 0) {
    throw fieldError(E.offeringSharesLots, 'sharesOffered', { lot: input.lotSize });
  }
}

const codeTaken = (code: string) => new AppError(Code.conflict, E.offeringCodeTaken, { code }, undefined, 'code');

/** No other offering and no instrument the simulator quotes may carry the code. */
async function checkCodeFree(db: Executor, code: string, self?: number) {
  if (allInstruments.some((i) => i.code.toUpperCase() === code)) throw codeTaken(code);
  const others = await db
    .select({ id: offerings.id })
    .from(offerings)
    .where(self === undefined ? eq(offerings.code, code) : and(eq(offerings.code, code), ne(offerings.id, self)));
  if (others.length > 0) throw codeTaken(code);
}

/** The row an input stores: the currency follows the market, the rule defaults by market; always simulated. */
export async function offeringValues(db: Executor, input: Input, now: Date, self?: number) {
  checkTerms(input, now);
  await checkCodeFree(db, input.code, self);
  return {
    code: input.code,
    issuer: input.issuer,
    issuerZh: input.issuerZh,
    market: input.market,
    exchange: input.exchange,
    currency: primary.OFFERING_CURRENCY[input.market],
    prospectusAt: new Date(input.prospectusAtTimestamp),
    opensAt: new Date(input.opensAtTimestamp),
    closesAt: new Date(input.closesAtTimestamp),
    listingAt: new Date(input.listingAtTimestamp),
    priceMin: input.priceMin,
    priceMax: input.priceMax,
    lotSize: input.lotSize,
    sharesOffered: input.sharesOffered,
    fee: input.fee,
    allotmentRule: input.allotmentRule ?? consolePrimary.DEFAULT_ALLOTMENT_RULE[input.market],
    simulated: true,
    updatedAt: now,
  } satisfies Partial<typeof offerings.$inferInsert>;
}

/** Only an offering whose window has not opened may change (nobody has subscribed to its terms yet). */
export function assertEditable(o: OfferingRow, now: Date) {
  if (phaseOf(o, now) === 'upcoming') return;
  throw new AppError(Code.rule, E.offeringNotEditable, { code: o.code, opens: utc(o.opensAt) }, 'offeringNotEditable');
}

export { codeTaken };
