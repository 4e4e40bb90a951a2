import type { StockSector } from '@beurs/contracts';
import type { Exchange, InstrumentDef } from './types.js';

/** [code, name, refPrice, volatility, sharesOutstanding, sector, nameZh?]: one row of a stock table. */
export type StockRow = [string, string, string, number, number, StockSector, string?];

/**
 * Turns a market's stock table into instrument definitions. Everything but the row is the same
 * for the whole market; `threeDecimalsUnder10` gives prices under 10 a third decimal (Euronext tick sizes).
 */
export function stocksFrom(
  rows: readonly StockRow[],
  market: { classify: 'DE' | 'NL' | 'BE' | 'MX'; exchange: Exchange; currency: string; threeDecimalsUnder10?: boolean },
): readonly InstrumentDef[] {
  return rows.map(
    ([code, name, refPrice, volatility, sharesOutstanding, sector, nameZh]): InstrumentDef => ({
      code,
      name,
      ...(nameZh ? { nameZh } : {}),
      kind: 'stock',
      source: 0,
      classify: market.classify,
      exchange: market.exchange,
      currency: market.currency,
      refPrice,
      priceDecimals: market.threeDecimalsUnder10 && Number(refPrice) < 10 ? 3 : 2,
      lotSize: 1,
      volatility,
      sharesOutstanding,
      sector,
    }),
  );
}
