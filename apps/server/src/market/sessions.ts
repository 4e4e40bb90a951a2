/**
 * Trading sessions per market, in each market's own time zone (DST through Intl, see time.ts).
 *
 * Out of scope: exchange holidays, half days and auctions. Every weekday is a trading day (every day for
 * crypto); a real feed would bring its own calendar.
 */
import { dayToIso, isoToDay, localDayNumber, weekdayOf, zonedToUtc } from './time.js';
import type { OpenPhase, SessionState, SimInstrument } from './types.js';

export type MarketId =
  | 'US'
  | 'HKEX'
  | 'XETRA'
  | 'EURONEXT_AMS'
  | 'EURONEXT_BRU'
  | 'EURONEXT_PAR'
  | 'LSE'
  | 'TSE'
  | 'BME'
  | 'BMV'
  | 'FX'
  | 'GLOBEX'
  | 'ICE'
  | 'EUREX'
  | 'CRYPTO';

/** A session in local minutes from midnight of the trading day's date; negative = the evening before. */
interface SessionTemplate {
  start: number;
  end: number;
  phase: OpenPhase;
}

interface MarketSpec {
  timeZone: string;
  sessions: readonly SessionTemplate[];
  /** Trades every calendar day (crypto) rather than Monday to Friday. */
  everyDay: boolean;
  /** The gap between one trading day and the next is a short maintenance break, not a close. */
  dailyBreak: boolean;
  /** Never closes: session state is always regular with no next open or close. */
  alwaysOpen: boolean;
}

const h = (hours: number, minutes = 0): number => hours * 60 + minutes;
const regular = (start: number, end: number): SessionTemplate => ({ start, end, phase: 'regular' });
const weekdays = (timeZone: string, sessions: readonly SessionTemplate[], dailyBreak = false): MarketSpec => ({
  timeZone,
  sessions,
  everyDay: false,
  dailyBreak,
  alwaysOpen: false,
});

export const MARKETS: Readonly<Record<MarketId, MarketSpec>> = {
  US: weekdays('America/New_York', [
    { start: h(4), end: h(9, 30), phase: 'pre' },
    regular(h(9, 30), h(16)),
    { start: h(16), end: h(20), phase: 'post' },
  ]),
  HKEX: weekdays('Asia/Hong_Kong', [regular(h(9, 30), h(12)), regular(h(13), h(16))]),
  XETRA: weekdays('Europe/Berlin', [regular(h(9), h(17, 30))]),
  EURONEXT_AMS: weekdays('Europe/Amsterdam', [regular(h(9), h(17, 30))]),
  EURONEXT_BRU: weekdays('Europe/Brussels', [regular(h(9), h(17, 30))]),
  EURONEXT_PAR: weekdays('Europe/Paris', [regular(h(9), h(17, 30))]),
  LSE: weekdays('Europe/London', [regular(h(8), h(16, 30))]),
  TSE: weekdays('Asia/Tokyo', [regular(h(9), h(11, 30)), regular(h(12, 30), h(15, 30))]),
  BME: weekdays('Europe/Madrid', [regular(h(9), h(17, 30))]),
  BMV: weekdays('America/Mexico_City', [regular(h(8, 30), h(15))]),
  // The FX day rolls at 17:00 New York: Monday's session opens Sunday 17:00, Friday's closes Friday 17:00.
  FX: weekdays('America/New_York', [regular(h(-7), h(17))]),
  // CME Globex: 18:00 the evening before to 17:00, so a 17:00-18:00 break on weekdays.
  GLOBEX: weekdays('America/New_York', [regular(h(-6), h(17))], true),
  // ICE futures (Brent: 01:00-23:00 London) expressed in New York time: 20:00 the evening before to 18:00.
  ICE: weekdays('America/New_York', [regular(h(-4), h(18))], true),
  EUREX: weekdays('Europe/Berlin', [regular(h(1, 15), h(22))]),
  CRYPTO: { timeZone: 'UTC', sessions: [regular(0, h(24))], everyDay: true, dailyBreak: false, alwaysOpen: true },
};

const MARKET_BY_EXCHANGE: Readonly<Record<Exclude<SimInstrument['exchange'], 'INDEX'>, MarketId>> = {
  NASDAQ: 'US',
  NYSE: 'US',
  AMEX: 'US',
  HKEX: 'HKEX',
  XETRA: 'XETRA',
  EURONEXT_AMS: 'EURONEXT_AMS',
  EURONEXT_BRU: 'EURONEXT_BRU',
  BMV: 'BMV',
  FX: 'FX',
  CME: 'GLOBEX',
  COMEX: 'GLOBEX',
  NYMEX: 'GLOBEX',
  CBOT: 'GLOBEX',
  ICE: 'ICE',
  EUREX: 'EUREX',
  CRYPTO: 'CRYPTO',
};

/** Home markets of well-known indices (codes normalised: upper case, no leading '.', '^' or '$'). */
const INDEX_HOME: Readonly<Record<string, MarketId>> = {
  SPX: 'US',
  GSPC: 'US',
  INX: 'US',
  NDX: 'US',
  IXIC: 'US',
  DJI: 'US',
  DJIA: 'US',
  RUT: 'US',
  VIX: 'US',
  DAX: 'XETRA',
  GDAXI: 'XETRA',
  AEX: 'EURONEXT_AMS',
  BEL20: 'EURONEXT_BRU',
  BFX: 'EURONEXT_BRU',
  PX1: 'EURONEXT_PAR',
  FCHI: 'EURONEXT_PAR',
  CAC: 'EURONEXT_PAR',
  CAC40: 'EURONEXT_PAR',
  SX5E: 'EURONEXT_PAR',
  STOXX50E: 'EURONEXT_PAR',
  HSI: 'HKEX',
  HSCEI: 'HKEX',
  UKX: 'LSE',
  FTSE: 'LSE',
  FTSE100: 'LSE',
  N225: 'TSE',
  NI225: 'TSE',
  NKY: 'TSE',
  MXX: 'BMV',
  IPC: 'BMV',
  IBEX: 'BME',
  IBEX35: 'BME',
};

const INDEX_HOME_BY_CURRENCY: Readonly<Record<string, MarketId>> = {
  USD: 'US',
  EUR: 'XETRA',
  HKD: 'HKEX',
  GBP: 'LSE',
  GBX: 'LSE',
  JPY: 'TSE',
  MXN: 'BMV',
};

function isMarketId(value: string): value is MarketId {
  return Object.hasOwn(MARKETS, value);
}

function isExchangeName(value: string): value is keyof typeof MARKET_BY_EXCHANGE {
  return Object.hasOwn(MARKET_BY_EXCHANGE, value);
}

/** The market whose hours an instrument follows; an index follows its home market. */
export function marketOf(instrument: Pick<SimInstrument, 'exchange' | 'code' | 'currency' | 'homeExchange'>): MarketId {
  if (instrument.exchange !== 'INDEX') return MARKET_BY_EXCHANGE[instrument.exchange];
  const home = instrument.homeExchange?.toUpperCase();
  if (home) {
    if (isMarketId(home)) return home;
    if (isExchangeName(home) && home !== 'FX' && home !== 'CRYPTO') return MARKET_BY_EXCHANGE[home];
  }
  const code = instrument.code.toUpperCase().replace(/^[.^$]+/, '');
  return INDEX_HOME[code] ?? INDEX_HOME_BY_CURRENCY[instrument.currency.toUpperCase()] ?? 'US';
}

/** One session of one trading day, as UTC milliseconds [start, end). */
export interface DaySession {
  /** Day number of the trading day's local date. */
  day: number;
  start: number;
  end: number;
  phase: OpenPhase;
}

interface Timeline {
  sessions: DaySession[];
  /** Index of the first session of a different uninterrupted run after each session (or sessions.length). */
  runEnd: number[];
}

/** Monday of the week of 2026-01-01: trading-day index 0, where the daily price walks are anchored. */
export const ANCHOR_DAY = isoToDay('2025-12-29');
const SESSION_CACHE_MAX = 50_000;
const TIMELINE_CACHE_MAX = 5_000;

/**
 * The trading calendar an instrument follows: its market's sessions, minus pre/post-market for anything but
 * US stocks (an index is only computed in regular hours).
 */
export class Calendar {
  readonly timeZone: string;
  readonly everyDay: boolean;
  readonly alwaysOpen: boolean;
  readonly dailyBreak: boolean;
  readonly hasExtendedHours: boolean;
  readonly templates: readonly SessionTemplate[];
  private readonly dayCache = new Map<number, readonly DaySession[]>();
  private readonly timelineCache = new Map<number, Timeline>();

  constructor(
    readonly market: MarketId,
    extendedHours: boolean,
  ) {
    const spec = MARKETS[market];
    this.timeZone = spec.timeZone;
    this.everyDay = spec.everyDay;
    this.alwaysOpen = spec.alwaysOpen;
    this.dailyBreak = spec.dailyBreak;
    this.templates = extendedHours ? spec.sessions : spec.sessions.filter((s) => s.phase === 'regular');
    this.hasExtendedHours = this.templates.some((s) => s.phase !== 'regular');
  }

  isTradingDay(day: number): boolean {
    return this.everyDay || weekdayOf(day) < 5;
  }

  /** Trading days are numbered consecutively from ANCHOR_DAY (0), negative before it. */
  tradingIndex(day: number): number {
    if (this.everyDay) return day - ANCHOR_DAY;
    const wd = weekdayOf(day);
    if (wd >= 5) throw new RangeError(`${dayToIso(day)} is not a trading day`);
    return 5 * Math.floor((day - ANCHOR_DAY) / 7) + wd;
  }

  dayOfIndex(index: number): number {
    if (this.everyDay) return ANCHOR_DAY + index;
    return ANCHOR_DAY + 7 * Math.floor(index / 5) + (((index % 5) + 5) % 5);
  }

  /** Sessions of one local date, empty if it is not a trading day. Cached: they are asked for every quote. */
  daySessions(day: number): readonly DaySession[] {
    const hit = this.dayCache.get(day);
    if (hit) return hit;
    const sessions: DaySession[] = this.isTradingDay(day)
      ? this.templates.map((t) => ({
          day,
          start: zonedToUtc(this.timeZone, day, t.start),
          end: zonedToUtc(this.timeZone, day, t.end),
          phase: t.phase,
        }))
      : [];
    if (this.dayCache.size >= SESSION_CACHE_MAX) this.dayCache.clear();
    this.dayCache.set(day, sessions);
    return sessions;
  }

  /** Sessions around a local day: far enough back to find the last close, forward to the end of a forex week. */
  private timeline(localDay: number): Timeline {
    const hit = this.timelineCache.get(localDay);
    if (hit) return hit;
    const sessions: DaySession[] = [];
    for (let d = localDay - 6; d <= localDay + 10; d++) sessions.push(...this.daySessions(d));
    const runEnd = new Array<number>(sessions.length);
    let next = sessions.length;
    for (let i = sessions.length - 1; i >= 0; i--) {
      const following = sessions[i + 1];
      if (!following || following.start !== sessions[i]!.end) next = i + 1;
      runEnd[i] = next;
    }
    if (this.timelineCache.size >= TIMELINE_CACHE_MAX) this.timelineCache.clear();
    const timeline = { sessions, runEnd };
    this.timelineCache.set(localDay, timeline);
    return timeline;
  }

  /**
   * Where `at` falls: the session containing it (if any), otherwise the last session that ended before it
   * and the next one to start.
   */
  locate(at: number): { current: DaySession | null; previous: DaySession | null; next: DaySession | null } {
    const { sessions } = this.timeline(localDayNumber(this.timeZone, at));
    let previous: DaySession | null = null;
    for (const s of sessions) {
      if (at < s.start) return { current: null, previous, next: s };
      if (at < s.end) return { current: s, previous, next: null };
      previous = s;
    }
    return { current: null, previous, next: null };
  }

  state(at: number): SessionState {
    if (this.alwaysOpen) return { open: true, phase: 'regular', nextOpen: null, nextClose: null };
    const { sessions, runEnd } = this.timeline(localDayNumber(this.timeZone, at));
    const i = sessions.findIndex((s) => at < s.end);
    const s = i >= 0 ? sessions[i] : undefined;
    if (!s) throw new Error('session timeline too short'); // the window always spans a weekend
    const endOfRun = (from: number): { close: Date; nextOpen: Date | null } => {
      const after = runEnd[from]!;
      const nextSession = sessions[after];
      return { close: new Date(sessions[after - 1]!.end), nextOpen: nextSession ? new Date(nextSession.start) : null };
    };
    if (at >= s.start) {
      const run = endOfRun(i);
      return { open: true, phase: s.phase, nextOpen: run.nextOpen, nextClose: run.close };
    }
    const prev = sessions[i - 1];
    let phase: 'break' | 'closed' = 'closed';
    if (prev) {
      // A gap inside a trading day (lunch) is a break; so is a futures market's daily maintenance gap between
      // consecutive days. A weekend or an overnight close is not.
      if (prev.day === s.day) phase = 'break';
      else if (this.dailyBreak && s.day - prev.day === 1) phase = 'break';
    }
    return { open: false, phase, nextOpen: new Date(s.start), nextClose: endOfRun(i).close };
  }

  /**
   * The trading day `at` belongs to: the day of the session in progress, or else of the last session that
   * has started (the last trading day while closed). Its local date as a day number.
   */
  tradingDayNumber(at: number): number {
    const { current, previous } = this.locate(at);
    const s = current ?? previous;
    if (!s) throw new Error('session timeline too short');
    return s.day;
  }
}

const calendars = new Map<string, Calendar>();

/** The calendar of an instrument (shared between instruments of the same market). */
export function calendarOf(instrument: SimInstrument): Calendar {
  const market = marketOf(instrument);
  const extended = market === 'US' && instrument.kind === 'stock';
  const key = `${market}|${extended}`;
  let cal = calendars.get(key);
  if (!cal) {
    cal = new Calendar(market, extended);
    calendars.set(key, cal);
  }
  return cal;
}

/** Whether the instrument trades at `at`, in which phase, and when that changes. */
export function sessionState(instrument: SimInstrument, at: Date): SessionState {
  return calendarOf(instrument).state(at.getTime());
}

/** The local date (YYYY-MM-DD) of the trading day in progress at `at`, or of the last one while closed. */
export function tradingDay(instrument: SimInstrument, at: Date): string {
  return dayToIso(calendarOf(instrument).tradingDayNumber(at.getTime()));
}
