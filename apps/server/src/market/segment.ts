/**
 * One continuous part of a trading day (pre-market, regular hours or post-market) with fixed end values: layers 2
 * and 3 of the price model (model.ts). Its 1-minute knots are a Brownian bridge from the segment's start to its end
 * value, plus a high and a low per minute; within each minute the path runs from its knot through the minute's high
 * and low to the next knot, each leg a small Brownian bridge kept inside the minute's range by reflection.
 * A pure function of its seed and ends; caches only avoid recomputation.
 */
import type { Bar } from './candles.js';
import { mix, normal, Stream, uniform } from './prng.js';
import type { DaySession } from './sessions.js';
import type { OpenPhase } from './types.js';

/** Width of a minute's excursion beyond its end points, in minute sigmas. */
const EXCURSION = 0.5;
/** Second-level noise inside a minute, in second sigmas (the waypoints carry most of the movement). */
const SECOND_NOISE = 0.5;

/** A continuous part of a trading day with fixed end values: pre-market, regular hours or post-market. */
export class Segment {
  readonly minutes: number;
  /** Log price at each minute boundary: knot j at open-second 60j, the last one at the segment's last second. */
  readonly knots: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  private readonly sigmaMinute: number;
  private readonly sessionStartMinute: number[];
  // Built on first use: a 1Y daily chart needs only highs and lows of old days, quotes need running totals.
  private volumes: Float64Array | undefined;
  private prefix: { high: Float64Array; low: Float64Array; volume: Float64Array } | undefined;
  private closes: Float64Array | undefined;
  private cachedMinute = -1;
  private readonly cachedSeconds = new Float64Array(60);
  private readonly scratch = new Float64Array(60);
  private readonly walk = new Float64Array(61);

  constructor(
    readonly phase: OpenPhase,
    readonly sessions: readonly DaySession[],
    private readonly hash: number,
    startLog: number,
    endLog: number,
    sigma: number,
    /** Lots traded over the whole segment. */
    readonly totalVolume: number,
    private readonly profile: (fraction: number) => number,
    /** A path made elsewhere (a forex cross from its legs: CrossSegment) instead of this segment's own bridge. */
    given?: { knots: Float64Array; high: Float64Array; low: Float64Array },
  ) {
    this.sessionStartMinute = [];
    let m = 0;
    for (const s of sessions) {
      this.sessionStartMinute.push(m);
      m += Math.round((s.end - s.start) / 60_000);
    }
    const M = m;
    if (M < 1) throw new RangeError('empty segment');
    this.minutes = M;
    const sigmaMinute = sigma / Math.sqrt(M);
    this.sigmaMinute = sigmaMinute;
    if (given) {
      this.knots = given.knots;
      this.high = given.high;
      this.low = given.low;
      return;
    }

    // Brownian bridge: a random walk with its end pinned, laid over the straight line from start to end.
    const knots = new Float64Array(M + 1);
    const knotHash = mix(hash, Stream.knot);
    let w = 0;
    for (let j = 1; j <= M; j++) {
      w += sigmaMinute * normal(mix(knotHash, j));
      knots[j] = w;
    }
    const wEnd = knots[M]!;
    for (let j = 1; j < M; j++) {
      const f = j / M;
      knots[j] = startLog + f * (endLog - startLog) + (knots[j]! - f * wEnd);
    }
    knots[0] = startLog;
    knots[M] = endLog;

    const high = new Float64Array(M);
    const low = new Float64Array(M);
    const highHash = mix(hash, Stream.high);
    const lowHash = mix(hash, Stream.low);
    const excursion = EXCURSION * sigmaMinute;
    for (let j = 0; j < M; j++) {
      const a = knots[j]!;
      const b = knots[j + 1]!;
      high[j] = (a > b ? a : b) + excursion * Math.abs(normal(mix(highHash, j)));
      low[j] = (a < b ? a : b) - excursion * Math.abs(normal(mix(lowHash, j)));
    }
    this.knots = knots;
    this.high = high;
    this.low = low;
  }

  /** Lots traded in each minute: follows the path (busier when it moves) and the session's intraday profile. */
  get volume(): Float64Array {
    if (this.volumes) return this.volumes;
    const M = this.minutes;
    const weights = new Float64Array(M);
    const volumeHash = mix(this.hash, Stream.minuteVolume);
    let total = 0;
    for (let j = 0; j < M; j++) {
      const move =
        this.sigmaMinute > 0 ? Math.min(4, Math.abs(this.knots[j + 1]! - this.knots[j]!) / this.sigmaMinute) : 0;
      const noise = Math.exp(0.3 * normal(mix(volumeHash, j)));
      const weight = this.profile((j + 0.5) / M) * (0.5 + 0.5 * move) * noise;
      weights[j] = weight;
      total += weight;
    }
    // Round cumulative volume, not each minute, so the minutes add up to the segment's volume exactly.
    const volume = new Float64Array(M);
    let cumulative = 0;
    let previousRounded = 0;
    for (let j = 0; j < M; j++) {
      cumulative += weights[j]!;
      const rounded = Math.round((this.totalVolume * cumulative) / total);
      volume[j] = rounded - previousRounded;
      previousRounded = rounded;
    }
    this.volumes = volume;
    return volume;
  }

  /** Running high, low (before minute j) and volume (before minute j), for O(1) day statistics. */
  private prefixes(): { high: Float64Array; low: Float64Array; volume: Float64Array } {
    if (this.prefix) return this.prefix;
    const M = this.minutes;
    const high = new Float64Array(M + 1);
    const low = new Float64Array(M + 1);
    const volume = new Float64Array(M + 1);
    const perMinute = this.volume;
    high[0] = Number.NEGATIVE_INFINITY;
    low[0] = Number.POSITIVE_INFINITY;
    for (let j = 0; j < M; j++) {
      high[j + 1] = Math.max(high[j]!, this.high[j]!);
      low[j + 1] = Math.min(low[j]!, this.low[j]!);
      volume[j + 1] = volume[j]! + perMinute[j]!;
    }
    this.prefix = { high, low, volume };
    return this.prefix;
  }

  /** Highest and lowest log price of the whole segment. */
  fullRange(): { high: number; low: number } {
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let j = 0; j < this.minutes; j++) {
      if (this.high[j]! > high) high = this.high[j]!;
      if (this.low[j]! < low) low = this.low[j]!;
    }
    return { high, low };
  }

  get start(): number {
    return this.sessions[0]!.start;
  }

  get end(): number {
    return this.sessions[this.sessions.length - 1]!.end;
  }

  /** The minute index and second within it of an instant inside one of the segment's sessions, else null. */
  position(time: number): { minute: number; second: number } | null {
    for (let k = 0; k < this.sessions.length; k++) {
      const s = this.sessions[k]!;
      if (time >= s.start && time < s.end) {
        const openSecond = this.sessionStartMinute[k]! * 60 + Math.floor((time - s.start) / 1000);
        const minute = Math.floor(openSecond / 60);
        return { minute, second: openSecond - minute * 60 };
      }
    }
    return null;
  }

  /** UTC start of minute j. */
  minuteStart(j: number): number {
    let k = this.sessions.length - 1;
    while (k > 0 && this.sessionStartMinute[k]! > j) k--;
    return this.sessions[k]!.start + (j - this.sessionStartMinute[k]!) * 60_000;
  }

  /**
   * The plan of minute j: from its knot through its two extremes to the next knot, in three legs
   * [from, to, start value, end value] over second offsets; the last minute ends at offset 59 (the segment's end).
   */
  private legs(j: number): readonly (readonly [number, number, number, number])[] {
    const len = j < this.minutes - 1 ? 60 : 59;
    const a = this.knots[j]!;
    const b = this.knots[j + 1]!;
    const hi = this.high[j]!;
    const lo = this.low[j]!;
    const h = mix(mix(this.hash, Stream.waypoint), j);
    // Touch the low first more often when the minute ends higher, and the high first when it ends lower.
    const lowFirst = uniform(mix(h, 0)) < (b >= a ? 0.65 : 0.35);
    const first = lowFirst ? lo : hi;
    const second = lowFirst ? hi : lo;
    // Time on each leg in proportion to its distance (plus some randomness): no leg has to jump.
    const range = hi - lo;
    const w1 = Math.abs(first - a) + 0.25 * range * uniform(mix(h, 1)) + 1e-15;
    const w2 = range + 0.25 * range * uniform(mix(h, 2)) + 1e-15;
    const w3 = Math.abs(b - second) + 0.25 * range * uniform(mix(h, 3)) + 1e-15;
    const sum = w1 + w2 + w3;
    const n1 = Math.min(Math.max(Math.round((len * w1) / sum), 1), len - 2);
    const n2 = Math.min(Math.max(Math.round((len * w2) / sum), 1), len - 1 - n1);
    return [
      [0, n1, a, first],
      [n1, n1 + n2, first, second],
      [n1 + n2, len, second, b],
    ];
  }

  /** Fills offsets [from, min(to, 59)] of minute j with a Brownian bridge kept inside the minute's range. */
  private fillLeg(j: number, leg: number, plan: readonly [number, number, number, number], out: Float64Array): void {
    const [from, to, va, vb] = plan;
    const hi = this.high[j]!;
    const lo = this.low[j]!;
    const n = to - from;
    const sigma = (SECOND_NOISE * this.sigmaMinute) / Math.sqrt(60);
    const hl = mix(mix(mix(this.hash, Stream.second), j), leg);
    const walk = this.walk;
    walk[0] = 0;
    for (let i = 1; i <= n; i++) walk[i] = walk[i - 1]! + sigma * normal(mix(hl, i));
    const wn = walk[n]!;
    for (let i = 0; i <= n && from + i < 60; i++) {
      const f = i / n;
      let v = va + f * (vb - va) + (walk[i]! - f * wn);
      // Reflect off the minute's high and low: they stay the minute's extremes.
      if (v > hi) v = 2 * hi - v;
      if (v < lo) v = 2 * lo - v;
      out[from + i] = v > hi ? hi : v < lo ? lo : v;
    }
    // The segment's last second is its end value exactly (the bridge formula may be an ulp off).
    if (to === 59) out[59] = vb;
  }

  /** Log prices of the 60 seconds of minute j (the last minute's 60th second is the segment's end value). */
  seconds(j: number): Float64Array {
    if (j === this.cachedMinute) return this.cachedSeconds;
    const plan = this.legs(j);
    for (let leg = 0; leg < 3; leg++) this.fillLeg(j, leg, plan[leg]!, this.cachedSeconds);
    this.cachedMinute = j;
    return this.cachedSeconds;
  }

  /** Log price at second `second` of minute `minute`. */
  at(minute: number, second: number): number {
    return this.seconds(minute)[second]!;
  }

  /** Log close of a whole minute, its last second: only the last leg is computed (charts need every close). */
  minuteClose(j: number): number {
    if (j === this.cachedMinute) return this.cachedSeconds[59]!;
    if (!this.closes) this.closes = new Float64Array(this.minutes).fill(Number.NaN);
    let c = this.closes[j]!;
    if (Number.isNaN(c)) {
      this.fillLeg(j, 2, this.legs(j)[2]!, this.scratch);
      c = this.scratch[59]!;
      this.closes[j] = c;
    }
    return c;
  }

  /** Volume (lots) traded from the segment's start up to and including `second` of `minute`. */
  volumeThrough(minute: number, second: number): number {
    return this.prefixes().volume[minute]! + Math.floor((this.volume[minute]! * (second + 1)) / 60);
  }

  /** High and low (log) from the segment's start through `second` of `minute`. */
  rangeThrough(minute: number, second: number): { high: number; low: number } {
    const prefix = this.prefixes();
    let high = prefix.high[minute]!;
    let low = prefix.low[minute]!;
    const secs = this.seconds(minute);
    for (let s = 0; s <= second; s++) {
      if (secs[s]! > high) high = secs[s]!;
      if (secs[s]! < low) low = secs[s]!;
    }
    return { high, low };
  }

  /** 1-minute bars (log prices) of this segment up to and including `second` of `lastMinute`. */
  minuteBars(lastMinute: number, lastSecond: number): Bar[] {
    const bars: Bar[] = [];
    const volume = this.volume;
    for (let j = 0; j <= lastMinute; j++) {
      const time = this.minuteStart(j);
      if (j < lastMinute || lastSecond === 59) {
        bars.push({
          time,
          open: this.knots[j]!,
          high: this.high[j]!,
          low: this.low[j]!,
          close: this.minuteClose(j),
          volume: volume[j]!,
        });
      } else {
        const secs = this.seconds(j);
        let high = secs[0]!;
        let low = secs[0]!;
        for (let s = 1; s <= lastSecond; s++) {
          if (secs[s]! > high) high = secs[s]!;
          if (secs[s]! < low) low = secs[s]!;
        }
        bars.push({
          time,
          open: secs[0]!,
          high,
          low,
          close: secs[lastSecond]!,
          volume: Math.floor((volume[j]! * (lastSecond + 1)) / 60),
        });
      }
    }
    return bars;
  }
}
