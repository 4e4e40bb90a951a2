/**
 * The deterministic price model of one instrument, in log space (so prices stay positive), in three layers
 * that are each cheap to compute on their own:
 *
 * 1. Daily: regular-session closes are a mean-reverting (AR(1)) random walk in log(price / refPrice),
 *    anchored at 0 on trading day 0 (ANCHOR_DAY) and walked forward and backward from there, so any date is
 *    reachable and the history is computed once per instrument and cached. (A stationary Gaussian AR(1) is
 *    time-reversible, so the backward walk has the same law as the forward one.) Each day opens near the
 *    previous close (a small overnight gap); US stocks instead carry pre- and post-market segments that
 *    join yesterday's last trade to today's open and today's close to today's last trade.
 * 2. Minutes: within each segment of a trading day the 1-minute knots are a Brownian bridge from the
 *    segment's start to its end value, plus a high and a low per minute.
 * 3. Seconds: within each minute the path runs from its knot through the minute's high and low (in an order
 *    that follows the minute's direction) to the next knot, each leg a small Brownian bridge kept inside the
 *    minute's range by reflection. So every second-level price lies within its minute's high/low, the minute
 *    high/low is actually traded, and day and candle highs/lows need no second-level work.
 *
 * Layers 2 and 3 are segment.ts; this file holds the daily walk and the instruments' models.
 *
 * Everything is a pure function of (seed, code, source, time); caches only avoid recomputation.
 */
import { mix, normal, Stream, uniform } from './prng.js';
import { Segment } from './segment.js';
import type { Calendar, DaySession } from './sessions.js';
import { dayToIso } from './time.js';
import type { OpenPhase, SimInstrument } from './types.js';

/** Daily mean-reversion strength: a half-life of about 170 trading days keeps a long run plausible. */
const KAPPA = 0.004;
/** Pre-market and post-market move less than regular hours (fractions of the daily sigma). */
const PRE_SIGMA = 0.3;
const POST_SIGMA = 0.2;
/** Clip for gap draws: a simulated market has no crashes. */
const GAP_CLIP = 4;
/** A walk from the anchor over more days than this means a date far outside any plausible use. */
const MAX_INDEX = 100_000;

const PHASE_CODE: Readonly<Record<OpenPhase, number>> = { pre: 0, regular: 1, post: 2 };

const clip = (z: number, limit: number): number => (z > limit ? limit : z < -limit ? -limit : z);

export { Segment };

/** One trading day's segments. */
export class DayPath {
  /** The trading day's local date, YYYY-MM-DD. */
  readonly date: string;

  constructor(
    readonly index: number,
    readonly day: number,
    readonly segments: readonly Segment[],
  ) {
    this.date = dayToIso(day);
  }

  get regular(): Segment {
    const seg = this.segments.find((s) => s.phase === 'regular');
    if (!seg) throw new Error('a trading day without a regular session');
    return seg;
  }

  /** The segment, minute and second of an instant inside one of the day's sessions. */
  locate(time: number): { segment: Segment; minute: number; second: number } {
    for (const segment of this.segments) {
      const p = segment.position(time);
      if (p) return { segment, ...p };
    }
    throw new RangeError('instant outside the trading day');
  }
}

type MarketStyle = 'equity' | 'future' | 'forex' | 'crypto';

/** Per-instrument parameters and its cached daily walk. */
export class InstrumentModel {
  readonly hash: number;
  readonly logRef: number;
  readonly sigmaDay: number;
  readonly style: MarketStyle;
  /** Typical regular-session volume per day, in lots. */
  readonly baseVolumeLots: number;
  private forward = new Float64Array(1024);
  private forwardLength = 1;
  private backward = new Float64Array(1024);
  private backwardLength = 0;

  constructor(
    readonly instrument: SimInstrument,
    readonly calendar: Calendar,
    seedHash: number,
    instrumentHash: number,
  ) {
    this.hash = mix(seedHash, instrumentHash);
    const ref = Number(instrument.refPrice);
    if (!(ref > 0) || !Number.isFinite(ref)) throw new RangeError(`${instrument.code}: refPrice must be positive`);
    if (!(instrument.volatility >= 0) || !Number.isFinite(instrument.volatility))
      throw new RangeError(`${instrument.code}: volatility must be a non-negative number`);
    this.logRef = Math.log(ref);
    this.sigmaDay = instrument.volatility / Math.sqrt(calendar.everyDay ? 365 : 252);
    this.style =
      instrument.kind === 'forex'
        ? 'forex'
        : instrument.kind === 'crypto'
          ? 'crypto'
          : instrument.kind === 'future'
            ? 'future'
            : 'equity';
    this.baseVolumeLots = baseVolume(instrument, ref, uniform(mix(this.hash, Stream.instrument)));
  }

  /** log(close / refPrice) of trading day `index`. */
  private deviation(index: number): number {
    if (Math.abs(index) > MAX_INDEX) throw new RangeError('date too far from the simulation anchor');
    const closeHash = mix(this.hash, Stream.close);
    if (index >= 0) {
      while (this.forwardLength <= index) {
        if (this.forwardLength === this.forward.length) this.forward = grow(this.forward);
        const i = this.forwardLength;
        this.forward[i] = (1 - KAPPA) * this.forward[i - 1]! + this.sigmaDay * normal(mix(closeHash, i));
        this.forwardLength++;
      }
      return this.forward[index]!;
    }
    const k = -index - 1;
    while (this.backwardLength <= k) {
      if (this.backwardLength === this.backward.length) this.backward = grow(this.backward);
      const b = this.backwardLength;
      const later = b === 0 ? this.forward[0]! : this.backward[b - 1]!;
      this.backward[b] = (1 - KAPPA) * later + this.sigmaDay * normal(mix(closeHash, -(b + 1)));
      this.backwardLength++;
    }
    return this.backward[k]!;
  }

  /** Log regular-session close of trading day `index`. */
  closeLog(index: number): number {
    return this.logRef + this.deviation(index);
  }

  /** Log price of the day's last trade (after post-market for US stocks). */
  endLog(index: number): number {
    const close = this.closeLog(index);
    if (!this.calendar.hasExtendedHours) return close;
    return close + POST_SIGMA * this.sigmaDay * clip(normal(mix(mix(this.hash, Stream.postGap), index)), GAP_CLIP);
  }

  /** Log price of the day's first regular trade. */
  openLog(index: number): number {
    if (this.calendar.hasExtendedHours) {
      return (
        this.endLog(index - 1) +
        PRE_SIGMA * this.sigmaDay * clip(normal(mix(mix(this.hash, Stream.preGap), index)), GAP_CLIP)
      );
    }
    const afterWeekend = this.calendar.dayOfIndex(index) - this.calendar.dayOfIndex(index - 1) > 1;
    const gap = gapFactor(this.style, afterWeekend) * this.sigmaDay;
    return this.closeLog(index - 1) + gap * clip(normal(mix(mix(this.hash, Stream.gap), index)), GAP_CLIP);
  }

  /** Regular-session volume of day `index`, in lots: busier on days that move. */
  dayVolumeLots(index: number): number {
    const move = this.sigmaDay > 0 ? Math.abs(this.closeLog(index) - this.openLog(index)) / this.sigmaDay : 0;
    const noise = Math.exp(0.35 * normal(mix(mix(this.hash, Stream.dayVolume), index)) - 0.06);
    return Math.max(1, Math.round(this.baseVolumeLots * noise * (0.7 + 0.3 * Math.min(3, move))));
  }

  /**
   * Builds the intraday path of trading day `index` (not cached here: see the simulator's LRU). With
   * `regularOnly`, just the regular segment: all that a daily bar needs.
   */
  buildDay(index: number, regularOnly = false): DayPath {
    const day = this.calendar.dayOfIndex(index);
    const groups: DaySession[][] = [];
    for (const s of this.calendar.daySessions(day)) {
      if (regularOnly && s.phase !== 'regular') continue;
      const last = groups[groups.length - 1];
      if (last && last[0]!.phase === s.phase) last.push(s);
      else groups.push([s]);
    }
    const dayVolume = this.dayVolumeLots(index);
    const segments = groups.map((group) => {
      const phase = group[0]!.phase;
      const hash = mix(mix(this.hash, index), PHASE_CODE[phase]);
      switch (phase) {
        case 'pre':
          return new Segment(
            phase,
            group,
            hash,
            this.endLog(index - 1),
            this.openLog(index),
            PRE_SIGMA * this.sigmaDay,
            Math.round(0.06 * dayVolume),
            flatProfile,
          );
        case 'post':
          return new Segment(
            phase,
            group,
            hash,
            this.closeLog(index),
            this.endLog(index),
            POST_SIGMA * this.sigmaDay,
            Math.round(0.04 * dayVolume),
            flatProfile,
          );
        default:
          return new Segment(
            phase,
            group,
            hash,
            this.openLog(index),
            this.closeLog(index),
            this.sigmaDay,
            dayVolume,
            this.style === 'equity' ? uShapedProfile : flatProfile,
          );
      }
    });
    return new DayPath(index, day, segments);
  }
}

/** One leg of a forex cross: a US dollar pair and the sign of its log price in the cross's (+1 or −1). */
export interface CrossLeg {
  model: InstrumentModel;
  sign: 1 | -1;
}

/**
 * A segment of a forex cross, made of its legs' segments of the same sessions: every second's log price is the
 * signed sum of the legs' (EUR/GBP = EUR/USD ÷ GBP/USD), so the cross always agrees with its legs. A minute's high
 * and low are the bounds the legs' ranges give (the legs' extremes need not fall on the same second), so they may
 * lie a little outside what the cross traded in that minute; every second stays within them.
 */
class CrossSegment extends Segment {
  private readonly out = new Float64Array(60);
  private cached = -1;

  constructor(
    phase: OpenPhase,
    sessions: readonly DaySession[],
    hash: number,
    private readonly parts: ReadonlyArray<{ segment: Segment; sign: 1 | -1 }>,
    sigma: number,
    totalVolume: number,
    profile: (fraction: number) => number,
  ) {
    const M = parts[0]!.segment.minutes;
    const knots = new Float64Array(M + 1);
    const high = new Float64Array(M);
    const low = new Float64Array(M);
    for (const { segment, sign } of parts) {
      if (segment.minutes !== M) throw new Error('the legs of a cross must trade the same sessions');
      for (let j = 0; j <= M; j++) knots[j]! += sign * segment.knots[j]!;
      for (let j = 0; j < M; j++) {
        high[j]! += sign > 0 ? segment.high[j]! : -segment.low[j]!;
        low[j]! += sign > 0 ? segment.low[j]! : -segment.high[j]!;
      }
    }
    super(phase, sessions, hash, knots[0]!, knots[M]!, sigma, totalVolume, profile, { knots, high, low });
  }

  override seconds(j: number): Float64Array {
    if (j === this.cached) return this.out;
    this.out.fill(0);
    for (const { segment, sign } of this.parts) {
      const secs = segment.seconds(j);
      for (let s = 0; s < 60; s++) this.out[s]! += sign * secs[s]!;
    }
    this.cached = j;
    return this.out;
  }

  override minuteClose(j: number): number {
    let close = 0;
    for (const { segment, sign } of this.parts) close += sign * segment.minuteClose(j);
    return close;
  }
}

/**
 * A forex cross priced from its US dollar legs (log EUR/GBP = log EUR/USD − log GBP/USD), so its rate always equals
 * the legs' ratio and a margin converted through either way is the same (docs/markets.md "Forex crosses"). Its own
 * reference price and volatility are not used; its spread and volumes are its own.
 */
export class CrossModel extends InstrumentModel {
  constructor(
    instrument: SimInstrument,
    calendar: Calendar,
    seedHash: number,
    instrumentHash: number,
    readonly legs: readonly CrossLeg[],
  ) {
    super(instrument, calendar, seedHash, instrumentHash);
  }

  private sum(f: (m: InstrumentModel) => number): number {
    let total = 0;
    for (const leg of this.legs) total += leg.sign * f(leg.model);
    return total;
  }

  override closeLog(index: number): number {
    return this.sum((m) => m.closeLog(index));
  }

  override endLog(index: number): number {
    return this.sum((m) => m.endLog(index));
  }

  override openLog(index: number): number {
    return this.sum((m) => m.openLog(index));
  }

  override buildDay(index: number, regularOnly = false): DayPath {
    const days = this.legs.map((leg) => ({ path: leg.model.buildDay(index, regularOnly), sign: leg.sign }));
    const first = days[0]!.path;
    const dayVolume = this.dayVolumeLots(index);
    const segments = first.segments.map((seg, k) => {
      const hash = mix(mix(this.hash, index), PHASE_CODE[seg.phase]);
      return new CrossSegment(
        seg.phase,
        seg.sessions,
        hash,
        days.map((d) => ({ segment: d.path.segments[k]!, sign: d.sign })),
        this.sigmaDay,
        seg.phase === 'regular' ? dayVolume : Math.round(0.05 * dayVolume),
        flatProfile,
      );
    });
    return new DayPath(index, first.day, segments);
  }
}

function grow(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

/** Overnight gap as a fraction of the daily sigma; markets that trade nearly around the clock barely gap. */
function gapFactor(style: MarketStyle, afterWeekend: boolean): number {
  switch (style) {
    case 'equity':
      return afterWeekend ? 0.35 : 0.25;
    case 'future':
      return afterWeekend ? 0.15 : 0.05;
    case 'forex':
      return afterWeekend ? 0.1 : 0;
    case 'crypto':
      return 0;
  }
}

/** Equity volume is heavy at the open and the close. */
function uShapedProfile(f: number): number {
  const g = 1 - f;
  const f2 = f * f;
  const g2 = g * g;
  return 0.6 + 3 * (g2 * g2) ** 2 + 2 * (f2 * f2) ** 2;
}

function flatProfile(): number {
  return 1;
}

/** A plausible daily volume in lots; `u` in (0, 1) varies it per instrument. */
function baseVolume(instrument: SimInstrument, ref: number, u: number): number {
  const lot = instrument.lotSize > 0 ? instrument.lotSize : 1;
  const spread = 0.5 + u;
  let units: number;
  switch (instrument.kind) {
    case 'stock':
      units = instrument.sharesOutstanding ? instrument.sharesOutstanding * 0.006 : 3e7 / ref;
      break;
    case 'index':
      units = 5e8;
      break;
    case 'forex':
      units = 2e8;
      break;
    case 'future':
      units = 1.5e5 * lot;
      break;
    case 'crypto':
      units = 2e8 / ref;
      break;
  }
  return Math.max(100, Math.round((units * spread) / lot));
}
