/**
 * Government yield curves of the simulated market (issue 16, docs/fixed-income.md "Yield curves"): one per issuer
 * (US, DE, NL, BE), a Nelson–Siegel shape whose level and slope move slowly and deterministically on the market's
 * clock. The moving parts are ordinary InstrumentModels (model.ts: the mean-reverting daily walk every price of the
 * simulator uses), one for the level and one for the slope of each currency and one for the spread of each euro
 * issuer over the Bund, so a curve is a pure function of (seed, issuer, time) like every other price:
 *
 *   y(t) = b0 + b1 · (1 − e^(−t/τ)) / (t/τ) + b2 · ((1 − e^(−t/τ)) / (t/τ) − e^(−t/τ))
 *
 * with t in years, b0 = the issuer's base level + LEVEL_SCALE × the level walk's log deviation (+ the euro issuer's
 * spread walk), b1 = base slope + SLOPE_SCALE × the slope walk's deviation. The walks are read at the regular closes
 * of the issuer's home market, and between the previous close and today's they move linearly through the session:
 * the curve changes by a few basis points a day, never in a jump, and rests while its market is closed.
 */
import { InstrumentModel } from './model.js';
import { hashString } from './prng.js';
import { type Calendar, calendarOf } from './sessions.js';
import type { SimInstrument } from './types.js';

export const CURVE_ISSUERS = ['US', 'DE', 'NL', 'BE'] as const;
export type CurveIssuer = (typeof CURVE_ISSUERS)[number];

/** Nelson–Siegel parameters (yields as fractions, τ in years). */
export interface NelsonSiegel {
  b0: number;
  b1: number;
  b2: number;
  tau: number;
}

/**
 * The base shapes the walks move around (plausible for late 2026, not any published curve): a US curve from about
 * 3.8 % at the short end to 4.6 % at 30 years; the Bund from 2.0 % to 3.1 %; the DSL and the OLO at their published
 * kind of spread over it (NL about 0.2 %, BE about 0.5 % at the long end).
 */
const BASE: Readonly<Record<CurveIssuer, NelsonSiegel>> = {
  US: { b0: 0.0465, b1: -0.0085, b2: -0.004, tau: 2 },
  DE: { b0: 0.0315, b1: -0.0115, b2: -0.006, tau: 2.5 },
  NL: { b0: 0.0335, b1: -0.0125, b2: -0.006, tau: 2.5 },
  BE: { b0: 0.0365, b1: -0.0145, b2: -0.006, tau: 2.5 },
};

/** How much of a walk's log deviation moves a parameter: with the walks' volatility a few bp a day. */
const LEVEL_SCALE = 0.1;
const SLOPE_SCALE = 0.06;
const SPREAD_SCALE = 0.02;
/** Annualised volatility of the walks (model.ts): a daily sigma of about 0.6 % log, 6 bp of level. */
const WALK_VOLATILITY = 0.1;
/** No yield below this (a floor keeps a far walk from a negative-rate world the maths allows but the list does not). */
const FLOOR = -0.005;

const HOME: Readonly<Record<CurveIssuer, string>> = { US: 'US', DE: 'XETRA', NL: 'EURONEXT_AMS', BE: 'EURONEXT_BRU' };

/** A walk of the simulator, named like an instrument of the bond source (101) so its hash is its own. */
function walk(code: string, currency: string, home: string): SimInstrument {
  return {
    code,
    source: 101,
    kind: 'index',
    exchange: 'INDEX',
    currency,
    refPrice: '100',
    priceDecimals: 6,
    lotSize: 1,
    volatility: WALK_VOLATILITY,
    homeExchange: home,
  };
}

interface Walk {
  model: InstrumentModel;
  calendar: Calendar;
}

export interface YieldCurves {
  readonly seed: string;
  /** The issuer's curve parameters at `at`. */
  params(issuer: CurveIssuer, at: Date): NelsonSiegel;
  /** The issuer's yield (a fraction, annual) for `years` to maturity at `at`. */
  yieldAt(issuer: CurveIssuer, years: number, at: Date): number;
}

/** The Nelson–Siegel yield of a shape at `years` (t → 0 is b0 + b1). */
export function nelsonSiegel(p: NelsonSiegel, years: number): number {
  const x = Math.max(years, 1e-6) / p.tau;
  const loading = -Math.expm1(-x) / x;
  return p.b0 + p.b1 * loading + p.b2 * (loading - Math.exp(-x));
}

export function createYieldCurves(seed: string): YieldCurves {
  const seedHash = hashString(seed, 0x5eed);
  const walks = new Map<string, Walk>();

  function walkOf(code: string, currency: string, home: string): Walk {
    let w = walks.get(code);
    if (!w) {
      const instrument = walk(code, currency, home);
      const calendar = calendarOf(instrument);
      w = { model: new InstrumentModel(instrument, calendar, seedHash, hashString(`101:${code}`)), calendar };
      walks.set(code, w);
    }
    return w;
  }

  /** The walk's log deviation from its reference at `at`: the last close, or on the way to today's in a session. */
  function deviation(w: Walk, at: Date): number {
    const time = at.getTime();
    const { current, previous } = w.calendar.locate(time);
    const close = (day: number) => w.model.closeLog(w.calendar.tradingIndex(day)) - w.model.logRef;
    if (current) {
      const index = w.calendar.tradingIndex(current.day);
      const from = w.model.closeLog(index - 1) - w.model.logRef;
      const to = close(current.day);
      const f = (time - current.start) / (current.end - current.start);
      return from + (to - from) * f;
    }
    if (!previous) throw new Error('no session before the instant');
    return close(previous.day);
  }

  function params(issuer: CurveIssuer, at: Date): NelsonSiegel {
    const base = BASE[issuer];
    const usd = issuer === 'US';
    const currency = usd ? 'USD' : 'EUR';
    const home = HOME[issuer];
    const level = deviation(walkOf(`YC-${currency}-LEVEL`, currency, usd ? 'US' : 'XETRA'), at);
    const slope = deviation(walkOf(`YC-${currency}-SLOPE`, currency, usd ? 'US' : 'XETRA'), at);
    const spread = usd || issuer === 'DE' ? 0 : deviation(walkOf(`YC-${issuer}-SPREAD`, currency, home), at);
    return {
      b0: base.b0 + LEVEL_SCALE * level + SPREAD_SCALE * spread,
      b1: base.b1 + SLOPE_SCALE * slope,
      b2: base.b2,
      tau: base.tau,
    };
  }

  return {
    seed,
    params,
    yieldAt: (issuer, years, at) => Math.max(FLOOR, nelsonSiegel(params(issuer, at), years)),
  };
}

const curvesBySeed = new Map<string, YieldCurves>();

/** The process's curves of a market seed (one per seed: their walks cache their history). */
export function curvesOf(seed: string): YieldCurves {
  let curves = curvesBySeed.get(seed);
  if (!curves) {
    curves = createYieldCurves(seed);
    curvesBySeed.set(seed, curves);
  }
  return curves;
}
