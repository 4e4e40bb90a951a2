/**
 * The order book of /m_ft/detail_quote: five levels a side, synthesised from the quote with no stored
 * state. Level 1 is the quote's bid and ask with their sizes; level n is (n-1) spreads further out, its size the
 * level-1 size x (1 + 0.6(n-1)) x a factor in [0.5, 1.5) drawn from a hash of (instrument, second, side, level):
 * the same book for the same second.
 */
import { market as api, Decimal } from '@beurs/contracts';
import type { InstrumentDef } from '../../market/instruments/index.js';
import { hashString, mix, uniform } from '../../market/prng.js';
import type { Quote } from '../../market/types.js';
import { keyOf } from './dto.js';

export function orderBook(def: InstrumentDef, quote: Quote) {
  const hasBook = def.kind !== 'index';
  const step = Decimal.max(new Decimal(quote.ask).minus(quote.bid), new Decimal(10).pow(-def.priceDecimals));
  const lot = new Decimal(def.lotSize);
  const h = mix(hashString(keyOf(def), 0xb00c), Math.floor(quote.time / 1000));
  const side = (best: string, size: string, sign: 1 | -1, salt: number) => {
    if (!hasBook) return [];
    const levels: Array<{ level: number; price: string; volume: string }> = [];
    const lots1 = Decimal.max(new Decimal(size).div(lot), 1);
    for (let level = 1; level <= api.BOOK_LEVELS; level++) {
      const price = new Decimal(best).plus(step.times(sign * (level - 1)));
      if (price.lte(0)) break;
      const factor = level === 1 ? 1 : (1 + 0.6 * (level - 1)) * (0.5 + uniform(mix(mix(h, salt), level)));
      const lots = level === 1 ? lots1 : Decimal.max(lots1.times(factor).toDecimalPlaces(0), 1);
      levels.push({ level, price: price.toFixed(def.priceDecimals), volume: lots.times(lot).toFixed() });
    }
    return levels;
  };
  return {
    stock_code: def.code,
    source: def.source,
    time: quote.time,
    price_nominal: quote.last,
    bid: quote.bid,
    ask: quote.ask,
    bids: side(quote.bid, quote.bidVolume, -1, 1),
    asks: side(quote.ask, quote.askVolume, 1, 2),
    marketOpen: quote.marketOpen,
  };
}
