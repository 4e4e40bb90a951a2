/**
 * Types of the market engine. `SimInstrument` is the structural subset of an instrument definition that the
 * simulator consumes, so the instrument catalogue (market/instruments/) can carry more fields without the
 * engine depending on them.
 */
import type { CouponFrequency } from '@beurs/contracts';

export type InstrumentKind = 'stock' | 'forex' | 'future' | 'index' | 'crypto';

export type Exchange =
  | 'NASDAQ'
  | 'NYSE'
  | 'AMEX'
  | 'HKEX'
  | 'XETRA'
  | 'EURONEXT_AMS'
  | 'EURONEXT_BRU'
  | 'BMV'
  | 'FX'
  | 'CME'
  | 'COMEX'
  | 'NYMEX'
  | 'CBOT'
  | 'ICE'
  | 'EUREX'
  | 'INDEX'
  | 'CRYPTO';

export interface SimInstrument {
  code: string;
  source: number;
  kind: InstrumentKind;
  classify?: 'UsStock' | 'HK' | 'DE' | 'NL' | 'BE' | 'MX';
  exchange: Exchange;
  currency: string;
  /** Decimal string; the level the simulated price mean-reverts to. */
  refPrice: string;
  priceDecimals: number;
  lotSize: number;
  /** Annualised volatility of log returns, e.g. 0.25. */
  volatility: number;
  sharesOutstanding?: number;
  /**
   * Indices only: the market whose hours the index follows. Accepted values are the market ids of
   * sessions.ts ('US', 'HKEX', 'XETRA', 'EURONEXT_AMS', 'EURONEXT_BRU', 'EURONEXT_PAR', 'LSE', 'TSE', 'BME',
   * 'BMV') or a stock exchange name ('NYSE', 'NASDAQ', ...). A plain string so that catalogues typed
   * independently still fit; without it the index code (then the currency) decides.
   */
  homeExchange?: string;
  /** Forex: majors get the tighter spread. */
  major?: boolean;
  /** Interest-rate futures: the notional bond priced from the yield curves (rate-futures.ts). */
  notionalBond?: NotionalBond;
}

/** What a bond future is priced from: its issuer's curve and the notional bond (docs/markets.md). */
export interface NotionalBond {
  /** The issuer whose simulated yield curve prices the bond (a CurveIssuer of curves.ts). */
  issuer: 'US' | 'DE';
  /** The notional coupon (a fraction): 0.06. */
  coupon: number;
  /** The notional bond's years to maturity. */
  years: number;
  /** Coupons a year: Eurex's German notional bonds pay once, the CBOT's Treasury notional twice. */
  frequency: CouponFrequency;
}

/** How an instrument is named in the API: its market source and displayed code (codes repeat across sources). */
export interface InstrumentRef {
  code: string;
  source: number;
}

export type Phase = 'pre' | 'regular' | 'post' | 'closed' | 'break';

/** The phases during which an instrument trades (pre and post only exist for US stocks). */
export type OpenPhase = 'pre' | 'regular' | 'post';

export interface SessionState {
  open: boolean;
  phase: Phase;
  /** The next moment the instrument goes from not trading to trading; null when it never closes (crypto). */
  nextOpen: Date | null;
  /**
   * The end of the current (or, when closed, the next) uninterrupted trading run. For US stocks a run spans
   * pre-market, regular hours and post-market (04:00-20:00 New York); null when it never closes.
   */
  nextClose: Date | null;
}

/**
 * A quote at one instant (1-second resolution). Prices are decimal strings rounded to the instrument's
 * priceDecimals; volumes are decimal strings (lots x lotSize); ratios are percentages with 2 places.
 */
export interface Quote {
  code: string;
  source: number;
  kind: InstrumentKind;
  exchange: Exchange;
  currency: string;
  /** Milliseconds since the epoch of the quoted second. */
  time: number;
  /** Local date (YYYY-MM-DD) of the trading day the quote belongs to. */
  tradingDay: string;
  phase: Phase;
  marketOpen: boolean;
  /** Latest trade price, including US pre- and post-market trades; rests while the market is closed. */
  last: string;
  bid: string;
  ask: string;
  bidVolume: string;
  askVolume: string;
  /** Regular-session open, high and low of the trading day; null during US pre-market (no regular trade yet). */
  open: string | null;
  high: string | null;
  low: string | null;
  /** Regular-session close of the previous trading day. */
  prevClose: string;
  /** last - prevClose. */
  change: string;
  /** change / prevClose in percent. */
  changeRatio: string;
  /** Regular-session volume of the trading day so far; 0 before the regular open. */
  volume: string;
  high52w: string;
  low52w: string;
  /** Stocks with sharesOutstanding: last x sharesOutstanding, whole currency units. */
  marketCap: string | null;
  /** US stocks during pre-market: last vs the previous regular close. */
  preMarketChange: string | null;
  preMarketChangeRatio: string | null;
  /** US stocks from the regular close until the next pre-market: last vs today's regular close. */
  postMarketChange: string | null;
  postMarketChangeRatio: string | null;
}

/** Chart ranges of SPEC §9; the bar size and span of each are in simulator.ts (CHART_RANGES). */
export type ChartRange = 'intraday' | '1D' | '1W' | '1M' | '3M' | '1Y';

/** One candle at the API boundary: `time` is the UTC start of the bar in ms; prices and volume are decimal strings. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface SparkPoint {
  time: number;
  price: string;
}

/** One trade tick: published once a second per open instrument. */
export interface Tick {
  code: string;
  source: number;
  time: number;
  phase: OpenPhase;
  price: string;
  bid: string;
  ask: string;
  /** Regular-session volume of the trading day so far (as in Quote.volume). */
  volume: string;
}
