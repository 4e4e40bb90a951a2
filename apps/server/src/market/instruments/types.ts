/** The catalogue's instrument definition; exchange and kind are the engine's own types. */
import type { StockSector } from '@beurs/contracts';
import type { Exchange, InstrumentKind, NotionalBond } from '../types.js';

export type { Exchange, InstrumentKind, NotionalBond };

export interface InstrumentDef {
  /** Ticker as displayed: 'AAPL', '00700' (HK, 5 digits), 'SAP', 'ASML', 'EURUSD', 'GC', 'SPX', 'BTCUSDT'. */
  code: string;
  /** English name. */
  name: string;
  /** Simplified Chinese name; always present for HK stocks, indices, forex pairs and futures. */
  nameZh?: string;
  kind: InstrumentKind;
  /** SPEC market source: Stock 0 (US, DE, NL, BE, MX), Forex 2, Future 3, HKStock 11, GlobalIndex 99, RobotCrypto 100. */
  source: 0 | 2 | 3 | 11 | 99 | 100;
  /** Stocks only. */
  classify?: 'UsStock' | 'HK' | 'DE' | 'NL' | 'BE' | 'MX';
  exchange: Exchange;
  /** Trading/quote currency ISO code; forex: the quote currency; futures: USD (or EUR for Eurex). */
  currency: string;
  /** Reference price as a decimal string, e.g. '189.50'. */
  refPrice: string;
  priceDecimals: number;
  /** US 1, HK board lot, EU 1, MX 1, FX 1000 units (micro lot), futures 1 contract, crypto per pair. */
  lotSize: number;
  /** Annualised volatility, e.g. 0.25. */
  volatility: number;
  /** Stocks: approximate shares outstanding (market cap = price * shares). */
  sharesOutstanding?: number;
  /** Stocks: e.g. 'technology', 'financials'. */
  sector?: StockSector;
  /** Futures only: commodities (metals, energy, agricultural), index futures, interest-rate futures. */
  category?: 'metals' | 'energy' | 'agricultural' | 'indices' | 'rates';
  /** Futures: units per contract (GC 100 oz, CL 1000 bbl...). */
  contractSize?: number;
  /** Futures: 'YYYY-MM-DD' of the front contract. */
  expiry?: string;
  /** Futures: plausible open interest. */
  openInterest?: number;
  /**
   * Interest-rate futures: the notional bond the price follows, on its issuer's simulated yield curve (a 6 % coupon,
   * the contract's term, coupons a year); docs/markets.md "Interest-rate futures".
   */
  notionalBond?: NotionalBond;
  /** Forex majors and major indices; used for leverage caps. */
  major?: boolean;
  /**
   * Forex only: majors (the seven USD pairs of the most traded currencies), minors (USD against a smaller
   * currency) and crosses (neither side USD).
   */
  forexGroup?: 'major' | 'minor' | 'cross';
  /**
   * Stocks: `CN` for a company whose headquarters and main business are in mainland China or Hong Kong. With a US
   * listing it is a UC stock (docs/markets.md "Product lists"); left out for every other company.
   */
  domicile?: 'CN';
}
