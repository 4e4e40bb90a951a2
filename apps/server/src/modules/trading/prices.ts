/**
 * Prices for trading: the instrument's bid and ask and the rate that converts its currency into the wallet's,
 * all from the market provider at one instant (docs/trading.md "Currencies"). A rate is the mid price of the
 * simulated forex pairs, through USD when no pair joins the two currencies directly.
 */
import { Decimal, E } from '@beurs/contracts';
import type { MarketProvider } from '../../market/provider.js';
import type { InstrumentRef, Quote } from '../../market/types.js';
import { rule } from '../../platform/errors.js';

/** USD per unit of a currency: `XXXUSD` pairs give it directly, `USDXXX` pairs inverted. */
const USD_PAIRS: Record<string, { code: string; invert: boolean }> = {
  EUR: { code: 'EURUSD', invert: false },
  GBP: { code: 'GBPUSD', invert: false },
  AUD: { code: 'AUDUSD', invert: false },
  NZD: { code: 'NZDUSD', invert: false },
  JPY: { code: 'USDJPY', invert: true },
  CHF: { code: 'USDCHF', invert: true },
  CAD: { code: 'USDCAD', invert: true },
  HKD: { code: 'USDHKD', invert: true },
  CNH: { code: 'USDCNH', invert: true },
  MXN: { code: 'USDMXN', invert: true },
};

const FOREX = 2;
const keyOf = (r: InstrumentRef) => `${r.source}:${r.code}`;

/** The forex pairs needed to convert `from` into `to` (none when they are the same). */
export function pairsFor(from: string, to: string): InstrumentRef[] {
  if (from === to) return [];
  return [from, to]
    .filter((c) => c !== 'USD')
    .map((c) => {
      const pair = USD_PAIRS[c];
      if (!pair) throw rule(E.rateUnavailable, {}, 'rateUnavailable');
      return { code: pair.code, source: FOREX };
    });
}

export interface PriceBook {
  quote(ref: InstrumentRef): Quote;
  /** Units of `to` per unit of `from` at the book's instant. */
  rate(from: string, to: string): Decimal;
}

const mid = (q: Quote) => new Decimal(q.bid).plus(q.ask).dividedBy(2);

/** Quotes the instruments and every pair their conversions need, in one call to the provider. */
export async function priceBook(
  market: MarketProvider,
  instruments: readonly InstrumentRef[],
  conversions: ReadonlyArray<readonly [string, string]>,
): Promise<PriceBook> {
  const refs = new Map<string, InstrumentRef>();
  for (const r of instruments) refs.set(keyOf(r), r);
  for (const [from, to] of conversions) for (const r of pairsFor(from, to)) refs.set(keyOf(r), r);
  let quotes: Quote[];
  try {
    quotes = await market.quotes([...refs.values()]);
  } catch {
    throw rule(E.priceUnavailable, {}, 'priceUnavailable');
  }
  const byKey = new Map(quotes.map((q) => [`${q.source}:${q.code}`, q]));
  const get = (ref: InstrumentRef) => {
    const q = byKey.get(keyOf(ref));
    if (!q || !(Number(q.bid) > 0) || !(Number(q.ask) > 0)) throw rule(E.priceUnavailable, {}, 'priceUnavailable');
    return q;
  };
  const usdPer = (c: string): Decimal => {
    if (c === 'USD') return new Decimal(1);
    const pair = USD_PAIRS[c];
    if (!pair) throw rule(E.rateUnavailable, {}, 'rateUnavailable');
    const m = mid(get({ code: pair.code, source: FOREX }));
    return pair.invert ? new Decimal(1).dividedBy(m) : m;
  };
  return {
    quote: get,
    rate: (from, to) => (from === to ? new Decimal(1) : usdPer(from).dividedBy(usdPer(to))),
  };
}
