/**
 * Placings managed in the console (docs/primary-markets.md "Console"), as offerings are: the checks of creating one
 * and of changing it before its window opens, and the row an input stores. The stock must be one the simulator
 * quotes in the market; the price is fixed at the window's open (withPrice), so the terms hold no price.
 */
import { Code, Decimal, E, type ErrorKey, placing } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { instrumentByKey } from '../../market/instruments/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { type PlacingRow, placingPhaseOf } from './placings.js';
import { placings } from './schema.js';

type Input = z.output<typeof placing.placingInput>;

/** The market's stocks: US stocks (source 0, classify UsStock), Hong Kong stocks (source 11). */
const MARKET_STOCKS = {
  US: { source: 0, classify: 'UsStock', currency: 'USD' },
  HK: { source: 11, classify: 'HK', currency: 'HKD' },
} as const;

const DEFAULT_RULE = { US: 'proRata', HK: 'ballot' } as const;

const utc = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
const pct = (fraction: string) => new Decimal(fraction).times(100).toString();

/** A 400 on one field of the form, translated, with its figures. */
const fieldError = (key: ErrorKey, field: keyof Input, params: Record<string, unknown> = {}) =>
  new AppError(Code.invalid, key, params, undefined, field);

export const placingTaken = (code: string) =>
  new AppError(Code.conflict, E.placingTaken, { code }, undefined, 'opensAtTimestamp');

/** The checks the contract cannot make alone: the stock, the window, the discount's bounds, the lots. */
function checkTerms(input: Input, now: Date) {
  const { source, classify } = MARKET_STOCKS[input.market];
  const def = instrumentByKey(source, input.code);
  if (def?.kind !== 'stock' || def.classify !== classify) {
    throw fieldError(E.placingStockUnknown, 'code', { code: input.code, market: input.market });
  }
  if (input.opensAtTimestamp <= now.getTime()) {
    throw fieldError(E.placingOpensInPast, 'opensAtTimestamp', { now: utc(now) });
  }
  if (input.closesAtTimestamp <= input.opensAtTimestamp) throw fieldError(E.placingDates, 'closesAtTimestamp');
  const { min, max } = placing.PLACING_DISCOUNT_BOUNDS;
  const discount = new Decimal(input.discount);
  if (discount.lt(min) || discount.gt(max)) {
    throw fieldError(E.placingDiscount, 'discount', { min: pct(min), max: pct(max) });
  }
  if (input.sharesOffered % input.lotSize !== 0) {
    throw fieldError(E.placingSharesLots, 'sharesOffered', { lot: input.lotSize });
  }
}

/** The row an input stores: the source and currency follow the market, the rule defaults by market; simulated. */
export function placingValues(input: Input, now: Date) {
  checkTerms(input, now);
  const { source, currency } = MARKET_STOCKS[input.market];
  return {
    kind: input.kind,
    source,
    code: input.code,
    market: input.market,
    currency,
    opensAt: new Date(input.opensAtTimestamp),
    closesAt: new Date(input.closesAtTimestamp),
    discount: new Decimal(input.discount).toString(),
    lotSize: input.lotSize,
    sharesOffered: input.sharesOffered,
    fee: input.fee,
    allotmentRule: input.allotmentRule ?? DEFAULT_RULE[input.market],
    lockupDays: input.lockupDays,
    simulated: true,
    updatedAt: now,
  } satisfies Partial<typeof placings.$inferInsert>;
}

/** The placing with `id` locked FOR UPDATE, or 404. */
export async function placingForUpdate(db: Executor, id: number): Promise<PlacingRow> {
  const [row] = await db.select().from(placings).where(eq(placings.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** Only a placing whose window has not opened may change (nobody has applied on its terms yet). */
export function assertPlacingEditable(p: PlacingRow, now: Date) {
  if (placingPhaseOf(p, now) === 'upcoming') return;
  throw new AppError(Code.rule, E.placingNotEditable, { code: p.code, opens: utc(p.opensAt) }, 'placingNotEditable');
}
