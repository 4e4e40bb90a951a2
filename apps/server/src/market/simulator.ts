/**
 * The simulated market: quotes, candles, sparklines and ticks of any instrument at any second, as a pure
 * function of (seed, instrument code + source, time). See model.ts for the price construction.
 */
import { Decimal, SPARKLINE_POINTS } from '@beurs/contracts';
import { aggregateBars, type Bar, fixedBuckets, toCandle } from './candles.js';
import { curvesOf, type YieldCurves } from './curves.js';
import { type CrossLeg, CrossModel, type DayPath, InstrumentModel, type Segment } from './model.js';
import { hashString, mix, Stream, uniform } from './prng.js';
import { RateFutureModel } from './rate-futures.js';
import { calendarOf } from './sessions.js';
import { dayToIso, MS_PER_DAY, monthsBefore } from './time.js';
import type {
  Candle,
  ChartRange,
  InstrumentRef,
  OpenPhase,
  Quote,
  SessionState,
  SimInstrument,
  SparkPoint,
  Tick,
} from './types.js';

/**
 * What each chart range shows. Minute ranges are bars of the trading day in progress (or the last one while
 * closed), extended hours included for US stocks; daily ranges are regular-session bars stamped at 00:00 UTC
 * of their local trading date, today's bar growing while the session runs.
 */
export const CHART_RANGES: Readonly<
  Record<ChartRange, { kind: 'minutes'; barMinutes: number; calendarDays: number } | { kind: 'daily'; months: number }>
> = {
  /** 1-minute bars of the current trading day: the live intraday chart. */
  intraday: { kind: 'minutes', barMinutes: 1, calendarDays: 1 },
  /** 5-minute bars of the current trading day: the same day, fewer bars (288 rather than 1440 for 24h markets). */
  '1D': { kind: 'minutes', barMinutes: 5, calendarDays: 1 },
  /** 30-minute bars of the trading days in the last 7 calendar days (5 for exchanges, 7 for crypto). */
  '1W': { kind: 'minutes', barMinutes: 30, calendarDays: 7 },
  /** Daily bars over 1, 3 and 12 calendar months. */
  '1M': { kind: 'daily', months: 1 },
  '3M': { kind: 'daily', months: 3 },
  '1Y': { kind: 'daily', months: 12 },
};

export class UnknownInstrumentError extends Error {
  constructor(readonly key: string) {
    super(`unknown instrument ${key}`);
    this.name = 'UnknownInstrumentError';
  }
}

/** The key of an instrument: `${source}:${code}`, the same form as the instrument catalogue uses. */
export function instrumentKey(ref: InstrumentRef | string): string {
  return typeof ref === 'string' ? ref : `${ref.source}:${ref.code}`;
}

export interface SimulatorOptions {
  seed: string;
  instruments: readonly SimInstrument[];
  /** Intraday day paths kept in memory (least recently used are dropped); about 30-50 KB each. */
  dayCacheSize?: number;
}

export interface Simulator {
  readonly seed: string;
  instruments(): readonly SimInstrument[];
  has(ref: InstrumentRef | string): boolean;
  quote(ref: InstrumentRef | string, at: Date): Quote;
  quotes(refs: readonly (InstrumentRef | string)[], at: Date): Quote[];
  /** Last trade price at `at` (1-second resolution), rounded to priceDecimals. */
  price(ref: InstrumentRef | string, at: Date): string;
  candles(ref: InstrumentRef | string, range: ChartRange, at: Date): Candle[];
  /** SPEC §9: 50 points, evenly spread over the current trading day's trading time, ending at the last price. */
  sparkline(ref: InstrumentRef | string, at: Date): SparkPoint[];
  sessionState(ref: InstrumentRef | string, at: Date): SessionState;
  tradingDay(ref: InstrumentRef | string, at: Date): string;
  /** One tick per second per trading instrument for each whole second in (from, to]; at most one hour. */
  ticksBetween(from: Date, to: Date, refs?: readonly (InstrumentRef | string)[]): Tick[];
  /**
   * Adds a stock after the start (a new listing, modules/primary): priced like any other, a pure function of
   * (seed, key, time). False when the key is already there (the listing is the same on every call).
   */
  add(instrument: SimInstrument): boolean;
}

const MAX_TICK_WINDOW_MS = 3_600_000;
const MAJOR_PAIRS = new Set(['EURUSD', 'USDJPY', 'GBPUSD', 'USDCHF', 'AUDUSD', 'USDCAD', 'NZDUSD']);

/**
 * Price formatting and order-book parameters of one instrument, fixed at start. Prices leave the float model
 * as integer numbers of ticks (10^-priceDecimals): exact arithmetic for change, bid and ask, and exact
 * formatting, at a fraction of the cost of a decimal object per field (a quote has a dozen prices).
 */
interface Entry {
  key: string;
  model: InstrumentModel;
  decimals: number;
  /** 10^priceDecimals: ticks per currency unit. */
  scale: number;
  /** lotSize as an integer number of 10^-lotDecimals units (0.001 -> 1 unit of 3 decimals). */
  lotUnits: number;
  lotDecimals: number;
  /** Relative for stocks and crypto, pips for forex (0.0001; 0.01 from a price of 20, as for JPY pairs), ticks for futures; null for indices. */
  spread:
    | { kind: 'relative'; value: number }
    | { kind: 'pips'; value: number }
    | { kind: 'ticks'; value: number }
    | null;
  dailySummaries: Map<number, Bar>;
  week52: { index: number; high: number; low: number } | null;
  /**
   * The last quote made, frozen: a quote is a function of the instrument and the second, and orders, the tick
   * loop and the lists ask for the same one many times a second (about 3 % of an order's server CPU, 2 Dec).
   */
  lastQuote: Quote | null;
}

/** Where the last trade before (or at) an instant happened. */
interface Snapshot {
  /** The quoted second. */
  time: number;
  /** The second of the last trade: `time` while trading, the last second of the last session while not. */
  tradeTime: number;
  index: number;
  path: DayPath;
  segment: Segment;
  minute: number;
  second: number;
  lastLog: number;
}

interface RegularStats {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const seedHash = hashString(options.seed, 0x5eed);
  const dayCacheSize = options.dayCacheSize ?? 1_200;
  const entries = new Map<string, Entry>();
  const entryIds = new Map<Entry, number>();
  // The process's curves of the seed, the bonds' own (curvesOf), asked for only if a rate future needs them.
  const models = modelsOf(options.instruments, seedHash, () => curvesOf(options.seed));

  function addEntry(instrument: SimInstrument, model: InstrumentModel) {
    const key = instrumentKey(instrument);
    if (entries.has(key)) throw new RangeError(`duplicate instrument ${key}`);
    if (!Number.isInteger(instrument.priceDecimals) || instrument.priceDecimals < 0 || instrument.priceDecimals > 12)
      throw new RangeError(`${key}: priceDecimals must be an integer 0..12`);
    const lot = new Decimal(instrument.lotSize > 0 ? instrument.lotSize : 1);
    const entry: Entry = {
      key,
      model,
      decimals: instrument.priceDecimals,
      scale: 10 ** instrument.priceDecimals,
      lotDecimals: lot.decimalPlaces(),
      lotUnits: lot.times(new Decimal(10).pow(lot.decimalPlaces())).toNumber(),
      spread: spreadOf(instrument, uniform(mix(model.hash, Stream.book))),
      dailySummaries: new Map(),
      week52: null,
      lastQuote: null,
    };
    entryIds.set(entry, entries.size);
    entries.set(key, entry);
  }

  for (const instrument of options.instruments) {
    const model = models.get(instrumentKey(instrument));
    if (!model) throw new Error(`${instrumentKey(instrument)}: no model`);
    addEntry(instrument, model);
  }

  const dayCache = new Map<string, DayPath>();

  function entryOf(ref: InstrumentRef | string): Entry {
    const key = instrumentKey(ref);
    const entry = entries.get(key);
    if (!entry) throw new UnknownInstrumentError(key);
    return entry;
  }

  /** Day paths are the expensive part; keep the recently used ones (Map order gives LRU). */
  function dayPath(entry: Entry, index: number): DayPath {
    const key = `${entryIds.get(entry)}:${index}`;
    const hit = dayCache.get(key);
    if (hit) {
      dayCache.delete(key);
      dayCache.set(key, hit);
      return hit;
    }
    const path = entry.model.buildDay(index);
    dayCache.set(key, path);
    if (dayCache.size > dayCacheSize) {
      const oldest = dayCache.keys().next().value;
      if (oldest !== undefined) dayCache.delete(oldest);
    }
    return path;
  }

  function snapshot(entry: Entry, at: Date): Snapshot {
    const time = Math.floor(at.getTime() / 1000) * 1000;
    if (!Number.isFinite(time)) throw new RangeError('invalid date');
    const calendar = entry.model.calendar;
    const { current, previous } = calendar.locate(time);
    const session = current ?? previous;
    if (!session) throw new Error('no session before the instant');
    // While closed the price rests at the last trade: the last second of the last session.
    const tradeTime = current ? time : session.end - 1000;
    const index = calendar.tradingIndex(session.day);
    const path = dayPath(entry, index);
    const { segment, minute, second } = path.locate(tradeTime);
    return { time, tradeTime, index, path, segment, minute, second, lastLog: segment.at(minute, second) };
  }

  /** Regular-session OHLCV of the snapshot's day so far; null before the regular open (US pre-market). */
  function regularSoFar(entry: Entry, snap: Snapshot): RegularStats | null {
    if (snap.segment.phase === 'pre') return null;
    if (snap.segment.phase === 'post') return dailySummary(entry, snap.index, snap.path);
    const reg = snap.segment;
    const range = reg.rangeThrough(snap.minute, snap.second);
    return {
      open: reg.knots[0]!,
      high: range.high,
      low: range.low,
      close: snap.lastLog,
      volume: reg.volumeThrough(snap.minute, snap.second),
    };
  }

  /** The full regular session of a past trading day (log prices, lots); cached per instrument. */
  function dailySummary(entry: Entry, index: number, known?: DayPath): Bar {
    const hit = entry.dailySummaries.get(index);
    if (hit) return hit;
    // Old days are built outside the LRU (regular hours only) so that a 1Y chart does not evict today's paths.
    const path = known ?? dayCache.get(`${entryIds.get(entry)}:${index}`) ?? entry.model.buildDay(index, true);
    const reg = path.regular;
    const range = reg.fullRange();
    const bar: Bar = {
      time: entry.model.calendar.dayOfIndex(index) * MS_PER_DAY,
      open: reg.knots[0]!,
      high: range.high,
      low: range.low,
      close: reg.knots[reg.minutes]!,
      volume: reg.totalVolume,
    };
    if (entry.dailySummaries.size >= 2_000) entry.dailySummaries.clear();
    entry.dailySummaries.set(index, bar);
    return bar;
  }

  /** Highest and lowest regular close over the 52 weeks before trading day `index` (excluding it). */
  function week52(entry: Entry, index: number): { high: number; low: number } {
    if (entry.week52?.index === index) return entry.week52;
    const lookback = entry.model.calendar.everyDay ? 364 : 260;
    let high = Number.NEGATIVE_INFINITY;
    let low = Number.POSITIVE_INFINITY;
    for (let i = index - lookback + 1; i < index; i++) {
      const c = entry.model.closeLog(i);
      if (c > high) high = c;
      if (c < low) low = c;
    }
    entry.week52 = { index, high, low };
    return entry.week52;
  }

  /** The float model's price as whole ticks; a trade price is at least one tick. */
  const ticksOf = (entry: Entry, log: number): number => {
    if (!Number.isFinite(log)) throw new Error(`${entry.key}: non-finite price`);
    const ticks = Math.round(Math.exp(log) * entry.scale);
    return ticks >= 1 ? ticks : 1;
  };
  const priceString = (entry: Entry, log: number): string => formatTicks(ticksOf(entry, log), entry.decimals);
  const volumeString = (entry: Entry, lots: number): string => formatTicks(lots * entry.lotUnits, entry.lotDecimals);
  /** change / base in percent, 2 places, half-even: on decimals, as the ratio is shown to users. */
  const ratio = (change: number, base: number): string => new Decimal(change).div(base).times(100).toFixed(2);

  /** Bid and ask (ticks) around the last trade, with sizes (lots); deterministic per trade second. */
  function book(entry: Entry, last: number, phase: OpenPhase, tradeTime: number) {
    const spread = entry.spread;
    if (!spread) return { bid: last, ask: last, bidLots: 0, askLots: 0 };
    const price = last / entry.scale;
    const extended = phase === 'regular' ? 1 : 3;
    const absolute =
      spread.kind === 'relative'
        ? price * spread.value * extended
        : spread.kind === 'pips'
          ? spread.value * (price >= 20 ? 0.01 : 0.0001)
          : spread.value / entry.scale;
    const ticks = Math.max(1, Math.round(absolute * entry.scale));
    const h = mix(mix(entry.model.hash, Stream.book), Math.floor(tradeTime / 1000));
    // The last trade happened somewhere between bid and ask.
    const bid = Math.max(1, last - Math.floor(uniform(mix(h, 1)) * (ticks + 1)));
    const size = entry.model.baseVolumeLots / 5_000;
    const bidLots = Math.max(1, Math.round(size * (0.2 + 1.8 * uniform(mix(h, 2)))));
    const askLots = Math.max(1, Math.round(size * (0.2 + 1.8 * uniform(mix(h, 3)))));
    return { bid, ask: bid + ticks, bidLots, askLots };
  }

  function quote(ref: InstrumentRef | string, at: Date): Quote {
    const entry = entryOf(ref);
    const hit = entry.lastQuote;
    if (hit !== null && hit.time === Math.floor(at.getTime() / 1000) * 1000) return hit;
    entry.lastQuote = Object.freeze(quoteNow(entry, at));
    return entry.lastQuote;
  }

  function quoteNow(entry: Entry, at: Date): Quote {
    const { instrument, calendar } = entry.model;
    const snap = snapshot(entry, at);
    const state = calendar.state(snap.time);
    const dec = entry.decimals;
    const price = (ticks: number): string => formatTicks(ticks, dec);
    const last = ticksOf(entry, snap.lastLog);
    const prevClose = ticksOf(entry, entry.model.closeLog(snap.index - 1));
    const change = last - prevClose;
    const regular = regularSoFar(entry, snap);
    const w52 = week52(entry, snap.index);
    const high52 = Math.max(w52.high, regular?.high ?? Number.NEGATIVE_INFINITY);
    const low52 = Math.min(w52.low, regular?.low ?? Number.POSITIVE_INFINITY);
    const b = book(entry, last, snap.segment.phase, snap.tradeTime);
    // Pre-market: against yesterday's close (= change). Post-market and the night after: against today's close.
    const pre = snap.segment.phase === 'pre';
    const todayClose = snap.segment.phase === 'post' ? ticksOf(entry, entry.model.closeLog(snap.index)) : null;
    const shares = instrument.kind === 'stock' ? instrument.sharesOutstanding : undefined;

    return {
      code: instrument.code,
      source: instrument.source,
      kind: instrument.kind,
      exchange: instrument.exchange,
      currency: instrument.currency,
      time: snap.time,
      tradingDay: snap.path.date,
      phase: state.phase,
      marketOpen: state.open,
      last: price(last),
      bid: price(b.bid),
      ask: price(b.ask),
      bidVolume: volumeString(entry, b.bidLots),
      askVolume: volumeString(entry, b.askLots),
      open: regular ? priceString(entry, regular.open) : null,
      high: regular ? priceString(entry, regular.high) : null,
      low: regular ? priceString(entry, regular.low) : null,
      prevClose: price(prevClose),
      change: price(change),
      changeRatio: ratio(change, prevClose),
      volume: volumeString(entry, regular?.volume ?? 0),
      high52w: priceString(entry, high52),
      low52w: priceString(entry, low52),
      marketCap: shares ? new Decimal(price(last)).times(shares).toFixed(0) : null,
      preMarketChange: pre ? price(change) : null,
      preMarketChangeRatio: pre ? ratio(change, prevClose) : null,
      postMarketChange: todayClose !== null ? price(last - todayClose) : null,
      postMarketChangeRatio: todayClose !== null ? ratio(last - todayClose, todayClose) : null,
    };
  }

  /** Minute bars (log prices, lots) of trading day `index` up to the snapshot when it is the snapshot's day. */
  function dayMinuteBars(entry: Entry, index: number, snap: Snapshot): Bar[] {
    const path = index === snap.index ? snap.path : dayPath(entry, index);
    const bars: Bar[] = [];
    for (const segment of path.segments) {
      if (index === snap.index && segment.start > snap.tradeTime) break;
      if (index === snap.index && segment === snap.segment) {
        bars.push(...segment.minuteBars(snap.minute, snap.second));
        break;
      }
      bars.push(...segment.minuteBars(segment.minutes - 1, 59));
    }
    return bars;
  }

  function candles(ref: InstrumentRef | string, range: ChartRange, at: Date): Candle[] {
    const entry = entryOf(ref);
    const spec = CHART_RANGES[range];
    if (!spec) throw new RangeError(`unknown chart range ${String(range)}`);
    const calendar = entry.model.calendar;
    const snap = snapshot(entry, at);
    const today = snap.path.day;
    let bars: Bar[];
    if (spec.kind === 'minutes') {
      let first = snap.index;
      while (today - calendar.dayOfIndex(first - 1) < spec.calendarDays) first--;
      const minuteBars: Bar[] = [];
      for (let i = first; i <= snap.index; i++) minuteBars.push(...dayMinuteBars(entry, i, snap));
      bars = spec.barMinutes === 1 ? minuteBars : aggregateBars(minuteBars, fixedBuckets(spec.barMinutes * 60_000));
    } else {
      const since = monthsBefore(today, spec.months);
      let first = snap.index;
      while (calendar.dayOfIndex(first - 1) > since) first--;
      bars = [];
      for (let i = first; i < snap.index; i++) bars.push(dailySummary(entry, i));
      const todayBar = regularSoFar(entry, snap);
      if (todayBar) bars.push({ time: today * MS_PER_DAY, ...todayBar });
    }
    return bars.map((bar) =>
      toCandle(
        bar,
        (log) => priceString(entry, log),
        (lots) => volumeString(entry, lots),
      ),
    );
  }

  function sparkline(ref: InstrumentRef | string, at: Date): SparkPoint[] {
    const entry = entryOf(ref);
    const snap = snapshot(entry, at);
    // Minute knots of the day strictly before the last trade, across its segments, in order.
    const segments: Segment[] = [];
    for (const segment of snap.path.segments) {
      segments.push(segment);
      if (segment === snap.segment) break;
    }
    const current = snap.minute + (snap.second > 0 ? 1 : 0);
    const knots = segments.reduce((n, s) => n + (s === snap.segment ? current : s.minutes), 0);
    const samples = Math.min(SPARKLINE_POINTS - 1, knots);
    const points: SparkPoint[] = [];
    for (let k = 0; k < samples; k++) {
      let rest = samples === 1 ? 0 : Math.round((k * (knots - 1)) / (samples - 1));
      let s = 0;
      while (rest >= segments[s]!.minutes) rest -= segments[s++]!.minutes;
      const segment = segments[s]!;
      points.push({ time: segment.minuteStart(rest), price: priceString(entry, segment.knots[rest]!) });
    }
    points.push({ time: snap.tradeTime, price: priceString(entry, snap.lastLog) });
    return points;
  }

  function ticksBetween(from: Date, to: Date, refs?: readonly (InstrumentRef | string)[]): Tick[] {
    const start = Math.floor(from.getTime() / 1000) * 1000 + 1000;
    const end = Math.floor(to.getTime() / 1000) * 1000;
    if (end - start > MAX_TICK_WINDOW_MS) throw new RangeError('tick window longer than one hour');
    const list = refs ? refs.map(entryOf) : [...entries.values()];
    const ticks: Tick[] = [];
    for (let t = start; t <= end; t += 1000) {
      const at = new Date(t);
      for (const entry of list) {
        if (!entry.model.calendar.locate(t).current) continue;
        const snap = snapshot(entry, at);
        const last = ticksOf(entry, snap.lastLog);
        const b = book(entry, last, snap.segment.phase, snap.tradeTime);
        const volume = regularSoFar(entry, snap)?.volume ?? 0;
        ticks.push({
          code: entry.model.instrument.code,
          source: entry.model.instrument.source,
          time: t,
          phase: snap.segment.phase,
          price: formatTicks(last, entry.decimals),
          bid: formatTicks(b.bid, entry.decimals),
          ask: formatTicks(b.ask, entry.decimals),
          volume: volumeString(entry, volume),
        });
      }
    }
    return ticks;
  }

  return {
    seed: options.seed,
    instruments: () => [...entries.values()].map((e) => e.model.instrument),
    has: (ref) => entries.has(instrumentKey(ref)),
    add(instrument) {
      const key = instrumentKey(instrument);
      if (entries.has(key)) return false;
      if (instrument.kind !== 'stock') throw new RangeError(`${key}: only stocks are added after the start`);
      addEntry(instrument, new InstrumentModel(instrument, calendarOf(instrument), seedHash, hashString(key)));
      return true;
    },
    quote,
    quotes: (refs, at) => refs.map((ref) => quote(ref, at)),
    price: (ref, at) => {
      const entry = entryOf(ref);
      return priceString(entry, snapshot(entry, at).lastLog);
    },
    candles,
    sparkline,
    sessionState: (ref, at) => entryOf(ref).model.calendar.state(at.getTime()),
    tradingDay: (ref, at) => dayToIso(entryOf(ref).model.calendar.tradingDayNumber(at.getTime())),
    ticksBetween,
  };
}

/**
 * The price model of each instrument. A forex cross whose two currencies both have a US dollar pair in the list
 * (EUR/GBP from EUR/USD and GBP/USD; CHF/JPY from USD/CHF and USD/JPY) is priced from those legs (CrossModel), so
 * its rate is always the legs' ratio; an interest-rate future follows its notional bond on the yield curves
 * (RateFutureModel); every other instrument has a model of its own.
 */
function modelsOf(
  instruments: readonly SimInstrument[],
  seedHash: number,
  curves: () => YieldCurves,
): Map<string, InstrumentModel> {
  const models = new Map<string, InstrumentModel>();
  const own = (i: SimInstrument) => {
    const key = instrumentKey(i);
    if (!models.has(key)) models.set(key, new InstrumentModel(i, calendarOf(i), seedHash, hashString(key)));
    return models.get(key) as InstrumentModel;
  };
  const fx = new Map(instruments.filter((i) => i.kind === 'forex').map((i) => [i.code, i]));
  /** log(USD per unit of `ccy`) as a signed leg: +CCYUSD or −USDCCY. */
  const usdLeg = (ccy: string): CrossLeg | null => {
    const direct = fx.get(`${ccy}USD`);
    if (direct) return { model: own(direct), sign: 1 };
    const inverse = fx.get(`USD${ccy}`);
    return inverse ? { model: own(inverse), sign: -1 } : null;
  };
  for (const i of instruments) {
    const key = instrumentKey(i);
    const base = i.code.slice(0, 3);
    const quote = i.code.slice(3);
    if (i.kind === 'future' && i.notionalBond) {
      models.set(key, new RateFutureModel(i, calendarOf(i), seedHash, hashString(key), curves(), i.notionalBond));
      continue;
    }
    if (i.kind === 'forex' && i.code.length === 6 && base !== 'USD' && quote !== 'USD') {
      const a = usdLeg(base);
      const b = usdLeg(quote);
      if (a && b) {
        // BASE/QUOTE = (USD per BASE) / (USD per QUOTE).
        const legs: CrossLeg[] = [a, { model: b.model, sign: b.sign === 1 ? -1 : 1 }];
        models.set(key, new CrossModel(i, calendarOf(i), seedHash, hashString(key), legs));
        continue;
      }
    }
    own(i);
  }
  return models;
}

/** Exact decimal string of an integer count of 10^-decimals units (1234, 2 -> '12.34'; -5, 3 -> '-0.005'). */
export function formatTicks(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not an exact integer: ${units}`);
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return units < 0 ? `-${text}` : text;
}

/** Spread per kind: stocks 2-5 bp, forex majors 0.5-1 pip (others 1.2-3), futures 1 tick, crypto 2 bp. */
function spreadOf(instrument: SimInstrument, u: number): Entry['spread'] {
  switch (instrument.kind) {
    case 'stock':
      return { kind: 'relative', value: (2 + 3 * u) / 10_000 };
    case 'forex': {
      const major = instrument.major ?? MAJOR_PAIRS.has(instrument.code.replace(/[^A-Za-z]/g, '').toUpperCase());
      return { kind: 'pips', value: major ? 0.5 + 0.5 * u : 1.2 + 1.8 * u };
    }
    case 'future':
      return { kind: 'ticks', value: 1 };
    case 'crypto':
      return { kind: 'relative', value: 2 / 10_000 };
    case 'index':
      // An index is calculated, not traded: no order book, bid = ask = last.
      return null;
  }
}
