/**
 * The reach figures customers see (SPEC §1: exchanges, countries, markets), counted from the instrument universe
 * so they can never say more than the app offers (docs/decisions.md "Figures shown to customers").
 */
import type { Exchange, InstrumentDef } from './types.js';

/**
 * The countries (ISO 3166) each exchange is in; null for what is not an exchange: forex is traded over the
 * counter, indices are calculated, and the crypto pairs belong to the robot product.
 */
export const EXCHANGE_COUNTRIES: Readonly<Record<Exchange, readonly string[] | null>> = {
  NASDAQ: ['US'],
  NYSE: ['US'],
  AMEX: ['US'],
  HKEX: ['HK'],
  XETRA: ['DE'],
  EURONEXT_AMS: ['NL'],
  EURONEXT_BRU: ['BE'],
  BMV: ['MX'],
  CME: ['US'],
  COMEX: ['US'],
  NYMEX: ['US'],
  CBOT: ['US'],
  // Brent is traded on ICE Futures Europe (London), the softs on ICE Futures U.S. (New York).
  ICE: ['US', 'GB'],
  EUREX: ['DE'],
  FX: null,
  INDEX: null,
  CRYPTO: null,
};

/**
 * The market an instrument belongs to, as the app lists them: each stock market (SPEC §3 classify: US, Hong Kong,
 * Germany, the Netherlands, Belgium, Mexico), forex, futures and global indices. Crypto pairs are the robot
 * product's, not a market of the app (they are not searched or listed either).
 */
export function marketOf(d: InstrumentDef): string | null {
  if (d.kind === 'crypto') return null;
  return d.kind === 'stock' ? `stock:${d.classify ?? d.exchange}` : d.kind;
}

export interface UniverseFigures {
  exchanges: string[];
  countries: string[];
  markets: string[];
}

/** The distinct exchanges, countries and markets of the given instruments, sorted. */
export function universeFigures(instruments: readonly InstrumentDef[]): UniverseFigures {
  const exchanges = new Set<string>();
  const countries = new Set<string>();
  const markets = new Set<string>();
  for (const d of instruments) {
    const where = EXCHANGE_COUNTRIES[d.exchange];
    if (where) {
      exchanges.add(d.exchange);
      for (const c of where) countries.add(c);
    }
    const market = marketOf(d);
    if (market) markets.add(market);
  }
  return { exchanges: [...exchanges].sort(), countries: [...countries].sort(), markets: [...markets].sort() };
}
