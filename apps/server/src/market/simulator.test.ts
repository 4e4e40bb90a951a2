import { Decimal } from '@beurs/contracts';
import { describe, expect, it } from 'vitest';
import { CHART_RANGES, createSimulator, formatTicks, UnknownInstrumentError } from './simulator.js';
import type { Candle, ChartRange, SimInstrument } from './types.js';

const usStock: SimInstrument = {
  code: 'ACME',
  source: 0,
  kind: 'stock',
  classify: 'UsStock',
  exchange: 'NYSE',
  currency: 'USD',
  refPrice: '120.00',
  priceDecimals: 2,
  lotSize: 1,
  volatility: 0.3,
  sharesOutstanding: 1_000_000_000,
};
const deStock: SimInstrument = {
  code: 'SIEX',
  source: 0,
  kind: 'stock',
  classify: 'DE',
  exchange: 'XETRA',
  currency: 'EUR',
  refPrice: '80.00',
  priceDecimals: 2,
  lotSize: 1,
  volatility: 0.25,
  sharesOutstanding: 500_000_000,
};
const hkStock: SimInstrument = {
  code: '00999',
  source: 11,
  kind: 'stock',
  classify: 'HK',
  exchange: 'HKEX',
  currency: 'HKD',
  refPrice: '350.00',
  priceDecimals: 2,
  lotSize: 100,
  volatility: 0.35,
  sharesOutstanding: 9_000_000_000,
};
const eurusd: SimInstrument = {
  code: 'EURUSD',
  source: 2,
  kind: 'forex',
  exchange: 'FX',
  currency: 'USD',
  refPrice: '1.10000',
  priceDecimals: 5,
  lotSize: 1000,
  volatility: 0.08,
};
const gold: SimInstrument = {
  code: 'GC',
  source: 3,
  kind: 'future',
  exchange: 'COMEX',
  currency: 'USD',
  refPrice: '2400.0',
  priceDecimals: 1,
  lotSize: 1,
  volatility: 0.18,
};
const spx: SimInstrument = {
  code: 'SPX',
  source: 99,
  kind: 'index',
  exchange: 'INDEX',
  currency: 'USD',
  refPrice: '6000.00',
  priceDecimals: 2,
  lotSize: 1,
  volatility: 0.16,
};
const btc: SimInstrument = {
  code: 'BTCUSDT',
  source: 100,
  kind: 'crypto',
  exchange: 'CRYPTO',
  currency: 'USDT',
  refPrice: '90000.00',
  priceDecimals: 2,
  lotSize: 0.001,
  volatility: 0.6,
};
/** Many decimals, so that rounding does not hide second-to-second moves. */
const fine: SimInstrument = { ...deStock, code: 'FINE', refPrice: '100.000000', priceDecimals: 6 };
const fineFx: SimInstrument = { ...eurusd, code: 'FINEFX', priceDecimals: 9 };
const wild: SimInstrument = {
  ...btc,
  code: 'WILD',
  refPrice: '0.05000',
  priceDecimals: 5,
  lotSize: 1,
  volatility: 1.5,
};

const instruments = [usStock, deStock, hkStock, eurusd, gold, spx, btc, fine, fineFx, wild];
const key = (i: SimInstrument) => `${i.source}:${i.code}`;
const sim = createSimulator({ seed: 'test-seed', instruments });

const t = (iso: string) => new Date(iso);
const num = (s: string | null) => Number(s);
const SECOND = 1000;
const ranges = Object.keys(CHART_RANGES) as ChartRange[];

describe('determinism', () => {
  const instants = ['2026-06-16T09:45:12Z', '2026-06-16T14:03:59Z', '2026-06-20T12:00:00Z', '2025-02-03T15:00:00Z'];

  it('gives the same quotes, candles and sparklines for the same seed and time, whatever was asked before', () => {
    // A second simulator with the instruments in another order, a one-entry cache and a different history of calls.
    const other = createSimulator({ seed: 'test-seed', instruments: [...instruments].reverse(), dayCacheSize: 1 });
    other.candles(key(btc), '1Y', t('2026-09-01T00:00:00Z'));
    for (const when of [...instants].reverse()) for (const i of instruments) other.quote(key(i), t(when));
    for (const when of instants) {
      for (const i of instruments) {
        expect(other.quote(i, t(when))).toEqual(sim.quote(key(i), t(when)));
        expect(other.sparkline(key(i), t(when))).toEqual(sim.sparkline(key(i), t(when)));
        for (const range of ranges)
          expect(other.candles(key(i), range, t(when))).toEqual(sim.candles(i, range, t(when)));
      }
    }
  });

  it('treats every instant within a second alike', () => {
    expect(sim.quote(key(btc), t('2026-06-16T10:00:00.001Z'))).toEqual(
      sim.quote(key(btc), t('2026-06-16T10:00:00.999Z')),
    );
  });

  it("makes a second's quote once and hands out the same frozen object; another second is made afresh", () => {
    const fresh = createSimulator({ seed: 'test-seed', instruments });
    const first = sim.quote(key(usStock), t('2026-06-16T14:03:59.100Z'));
    expect(sim.quote(usStock, t('2026-06-16T14:03:59.900Z'))).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Back and forth between seconds: each answer is what a simulator that was never asked before gives.
    for (const when of ['2026-06-16T14:04:00Z', '2026-06-16T14:03:59Z', '2026-06-16T14:04:00Z']) {
      expect(sim.quote(key(usStock), t(when))).toEqual(fresh.quote(key(usStock), t(when)));
    }
  });

  it('gives a different market for a different seed', () => {
    const other = createSimulator({ seed: 'another-seed', instruments });
    for (const i of instruments) {
      const mine = sim.candles(key(i), '1M', t('2026-06-16T23:00:00Z')).map((c) => c.close);
      const theirs = other.candles(key(i), '1M', t('2026-06-16T23:00:00Z')).map((c) => c.close);
      expect(theirs).not.toEqual(mine);
    }
  });
});

describe('continuity', () => {
  it('ends a session at the day close, which is the next day previous close, and rests there while closed', () => {
    // XETRA, Tuesday 16 June 2026: 09:00-17:30 CEST = 07:00-15:30Z.
    const lastSecond = sim.price(key(deStock), t('2026-06-16T15:29:59Z'));
    const daily = sim.candles(key(deStock), '1M', t('2026-06-16T18:00:00Z'));
    expect(daily.at(-1)!.time).toBe(Date.parse('2026-06-16T00:00:00Z'));
    expect(daily.at(-1)!.close).toBe(lastSecond);
    expect(sim.quote(key(deStock), t('2026-06-16T21:00:00Z')).last).toBe(lastSecond);
    expect(sim.quote(key(deStock), t('2026-06-17T06:59:59Z')).last).toBe(lastSecond);
    expect(sim.quote(key(deStock), t('2026-06-17T07:00:00Z')).prevClose).toBe(lastSecond);
  });

  it('ends US regular hours at the close; post-market starts there', () => {
    // Tuesday 16 June 2026, 15:59:59 EDT.
    const close = sim.price(key(usStock), t('2026-06-16T19:59:59Z'));
    expect(sim.price(key(usStock), t('2026-06-16T20:00:00Z'))).toBe(close);
    expect(sim.candles(key(usStock), '1M', t('2026-06-17T03:00:00Z')).at(-1)!.close).toBe(close);
    expect(sim.quote(key(usStock), t('2026-06-17T08:00:00Z')).prevClose).toBe(close);
  });

  it('opens each day near the previous close (a small overnight gap)', () => {
    const sigmaDay = deStock.volatility / Math.sqrt(252);
    const bars = sim.candles(key(deStock), '1Y', t('2026-06-16T18:00:00Z'));
    expect(bars.length).toBeGreaterThan(250);
    for (let i = 1; i < bars.length; i++) {
      const gap = Math.abs(Math.log(num(bars[i]!.open) / num(bars[i - 1]!.close)));
      expect(gap).toBeLessThan(1.5 * sigmaDay + 0.0005);
    }
    // US stocks go through pre-market instead: it starts at yesterday's last trade exactly.
    const lastTrade = sim.price(key(usStock), t('2026-06-17T03:00:00Z'));
    expect(sim.price(key(usStock), t('2026-06-17T08:00:00Z'))).toBe(lastTrade);
  });

  it('moves second by second without jumps of more than a few sigma, through the minute path', () => {
    const sigmaDay = fine.volatility / Math.sqrt(252);
    const session = 510 * 60;
    const sigmaSecond = sigmaDay / Math.sqrt(session);
    const from = Date.parse('2026-06-16T07:00:00Z');
    const bars = sim.candles(key(fine), 'intraday', t('2026-06-16T16:00:00Z'));
    expect(bars).toHaveLength(510);
    let previous = Number.NaN;
    let largest = 0;
    for (let s = 0; s < session; s++) {
      const price = num(sim.price(key(fine), new Date(from + s * SECOND)));
      const bar = bars[Math.floor(s / 60)]!;
      // Every second lies inside its 1-minute candle, which opens and closes on the path.
      expect(price).toBeGreaterThanOrEqual(num(bar.low));
      expect(price).toBeLessThanOrEqual(num(bar.high));
      if (s % 60 === 0) expect(price).toBe(num(bar.open));
      if (s % 60 === 59) expect(price).toBe(num(bar.close));
      if (s > 0) largest = Math.max(largest, Math.abs(Math.log(price / previous)));
      previous = price;
    }
    expect(largest / sigmaSecond).toBeLessThan(5);
    expect(largest).toBeGreaterThan(0);
  });

  it('carries forex through the daily 17:00 roll without a jump', () => {
    const sigmaSecond = fineFx.volatility / Math.sqrt(252) / Math.sqrt(86_400);
    const roll = Date.parse('2026-06-16T21:00:00Z'); // 17:00 EDT
    let largest = 0;
    let previous = num(sim.price(key(fineFx), new Date(roll - 600 * SECOND)));
    for (let s = -599; s <= 600; s++) {
      const price = num(sim.price(key(fineFx), new Date(roll + s * SECOND)));
      largest = Math.max(largest, Math.abs(Math.log(price / previous)));
      previous = price;
    }
    expect(largest / sigmaSecond).toBeLessThan(5);
    expect(sim.tradingDay(key(fineFx), new Date(roll))).toBe('2026-06-17');
  });
});

describe('prices rest while the market is closed', () => {
  it('keeps the Friday price, volume and day range over the weekend', () => {
    // XETRA closes Friday 19 June 2026 at 15:30Z and reopens Monday 22 June at 07:00Z.
    const friday = sim.quote(key(deStock), t('2026-06-19T15:30:00Z'));
    for (const when of [
      '2026-06-19T20:00:00Z',
      '2026-06-20T12:00:00Z',
      '2026-06-21T23:59:59Z',
      '2026-06-22T06:59:59Z',
    ]) {
      const q = sim.quote(key(deStock), t(when));
      expect(q).toMatchObject({
        last: friday.last,
        volume: friday.volume,
        high: friday.high,
        low: friday.low,
        marketOpen: false,
        phase: 'closed',
        tradingDay: '2026-06-19',
      });
    }
    const monday = sim.quote(key(deStock), t('2026-06-22T07:00:00Z'));
    expect(monday).toMatchObject({ marketOpen: true, tradingDay: '2026-06-22', prevClose: friday.last });
  });

  it('keeps a US stock at its last post-market trade until Monday pre-market', () => {
    const lastTrade = sim.price(key(usStock), t('2026-06-19T23:59:59Z')); // Friday 19:59:59 EDT
    for (const when of ['2026-06-20T00:00:00Z', '2026-06-21T12:00:00Z', '2026-06-22T07:59:59Z']) {
      expect(sim.price(key(usStock), t(when))).toBe(lastTrade);
    }
  });

  it('holds still over the Hong Kong lunch break', () => {
    const noon = sim.quote(key(hkStock), t('2026-06-16T04:00:00Z'));
    const late = sim.quote(key(hkStock), t('2026-06-16T04:59:59Z'));
    expect(noon.phase).toBe('break');
    expect(late).toMatchObject({ last: noon.last, volume: noon.volume, phase: 'break' });
    expect(sim.price(key(hkStock), t('2026-06-16T03:59:59Z'))).toBe(noon.last);
  });

  it('never rests crypto', () => {
    const sat = sim.quote(key(btc), t('2026-06-20T12:00:00Z'));
    expect(sat.marketOpen).toBe(true);
    const later = Array.from({ length: 30 }, (_, i) =>
      sim.price(key(btc), new Date(Date.parse('2026-06-20T12:00:00Z') + i * 1000)),
    );
    expect(new Set(later).size).toBeGreaterThan(10);
  });
});

describe('quotes', () => {
  const decimal = (s: string | null) => new Decimal(s ?? Number.NaN);

  it('relates last, change, ratio, bid and ask consistently', () => {
    for (const i of instruments) {
      const q = sim.quote(key(i), t('2026-06-16T14:15:30Z'));
      expect(decimal(q.change).eq(decimal(q.last).minus(q.prevClose))).toBe(true);
      expect(q.changeRatio).toBe(decimal(q.change).div(q.prevClose).times(100).toFixed(2));
      expect(num(q.bid)).toBeLessThanOrEqual(num(q.last));
      expect(num(q.ask)).toBeGreaterThanOrEqual(num(q.last));
      for (const price of [q.last, q.bid, q.ask, q.prevClose, q.high52w, q.low52w]) {
        expect(price).toMatch(i.priceDecimals > 0 ? new RegExp(`^\\d+\\.\\d{${i.priceDecimals}}$`) : /^\d+$/);
      }
      if (i.kind === 'index') {
        expect(q.bid).toBe(q.last);
        expect(q.ask).toBe(q.last);
      } else {
        expect(num(q.ask)).toBeGreaterThan(num(q.bid));
      }
      if (q.high !== null) {
        expect(num(q.high)).toBeGreaterThanOrEqual(Math.max(num(q.open), num(q.low)));
        expect(num(q.high52w)).toBeGreaterThanOrEqual(num(q.high));
        expect(num(q.low52w)).toBeLessThanOrEqual(num(q.low));
      }
    }
  });

  it('uses the spread of each kind', () => {
    const at = t('2026-06-16T14:15:30Z');
    const fx = sim.quote(key(eurusd), at);
    const pips = decimal(fx.ask).minus(fx.bid).div('0.0001').toNumber();
    expect(pips).toBeGreaterThanOrEqual(0.5);
    expect(pips).toBeLessThanOrEqual(1);
    const future = sim.quote(key(gold), at);
    expect(decimal(future.ask).minus(future.bid).toFixed(1)).toBe('0.1');
    const stock = sim.quote(key(usStock), at);
    const bp = decimal(stock.ask).minus(stock.bid).div(stock.last).times(10_000).toNumber();
    expect(bp).toBeGreaterThan(1);
    expect(bp).toBeLessThan(7);
    expect(stock.marketCap).toBe(decimal(stock.last).times(1_000_000_000).toFixed(0));
    expect(sim.quote(key(btc), at).bidVolume).toMatch(/^\d+(\.\d{1,3})?$/); // lots of 0.001
    expect(Number(sim.quote(key(hkStock), t('2026-06-16T02:00:00Z')).volume) % 100).toBe(0); // board lots
  });

  it('reports US pre-market and post-market change', () => {
    // Wednesday 17 June 2026 05:00 EDT: pre-market; no regular trade yet.
    const pre = sim.quote(key(usStock), t('2026-06-17T09:00:00Z'));
    expect(pre).toMatchObject({ phase: 'pre', marketOpen: true, open: null, high: null, low: null, volume: '0' });
    expect(pre.preMarketChange).toBe(pre.change);
    expect(pre.preMarketChangeRatio).toBe(pre.changeRatio);
    expect(pre.postMarketChange).toBeNull();

    const close = sim.price(key(usStock), t('2026-06-16T19:59:59Z'));
    for (const when of ['2026-06-16T21:30:00Z', '2026-06-17T02:00:00Z']) {
      const post = sim.quote(key(usStock), t(when));
      expect(post.preMarketChange).toBeNull();
      expect(post.postMarketChange).toBe(decimal(post.last).minus(close).toFixed(2));
      expect(post.postMarketChangeRatio).toBe(decimal(post.postMarketChange).div(close).times(100).toFixed(2));
    }
    expect(sim.quote(key(usStock), t('2026-06-16T21:30:00Z')).phase).toBe('post');

    const regular = sim.quote(key(usStock), t('2026-06-16T15:00:00Z'));
    expect(regular.preMarketChange).toBeNull();
    expect(regular.postMarketChange).toBeNull();
    expect(sim.quote(key(deStock), t('2026-06-16T16:00:00Z')).postMarketChange).toBeNull();
  });

  it('computes the 52-week range from daily closes and today', () => {
    const at = t('2026-06-16T12:00:00Z');
    const q = sim.quote(key(deStock), at);
    const bars = sim.candles(key(deStock), '1Y', at);
    const previous = bars.slice(0, -1).slice(-259);
    expect(q.high52w).toBe([...previous.map((b) => b.close), q.high!].reduce((a, b) => (num(a) >= num(b) ? a : b)));
    expect(q.low52w).toBe([...previous.map((b) => b.close), q.low!].reduce((a, b) => (num(a) <= num(b) ? a : b)));
  });

  it('rejects unknown instruments and a catalogue with duplicates', () => {
    expect(() => sim.quote('0:NOPE', t('2026-06-16T12:00:00Z'))).toThrow(UnknownInstrumentError);
    expect(sim.has({ code: 'ACME', source: 0 })).toBe(true);
    expect(sim.has({ code: 'ACME', source: 11 })).toBe(false);
    expect(() => createSimulator({ seed: 'x', instruments: [usStock, usStock] })).toThrow(RangeError);
    for (const bad of [{ refPrice: '0' }, { refPrice: 'abc' }, { volatility: -0.1 }, { priceDecimals: 1.5 }]) {
      expect(() => createSimulator({ seed: 'x', instruments: [{ ...usStock, ...bad }] })).toThrow(RangeError);
    }
  });
});

describe('candles', () => {
  const sum = (cs: readonly Candle[]) => cs.reduce((s, c) => s.plus(c.volume), new Decimal(0)).toNumber();
  const max = (cs: readonly Candle[]) => Math.max(...cs.map((c) => num(c.high)));
  const min = (cs: readonly Candle[]) => Math.min(...cs.map((c) => num(c.low)));

  it('agree with the quote during the session: intraday, 1D and the growing daily bar', () => {
    const at = t('2026-06-16T11:47:23Z');
    for (const i of [deStock, eurusd, gold, spx, btc, hkStock]) {
      const q = sim.quote(key(i), at);
      const intraday = sim.candles(key(i), 'intraday', at);
      const fiveMinute = sim.candles(key(i), '1D', at);
      expect(intraday.at(-1)!.close).toBe(q.last);
      expect(intraday[0]!.open).toBe(q.open);
      expect(max(intraday)).toBe(num(q.high));
      expect(min(intraday)).toBe(num(q.low));
      expect(sum(intraday)).toBe(num(q.volume));
      expect(sum(fiveMinute)).toBe(num(q.volume));
      expect(max(fiveMinute)).toBe(num(q.high));
      expect(sim.candles(key(i), '1M', at).at(-1)).toEqual({
        time: Date.parse(`${q.tradingDay}T00:00:00Z`),
        open: q.open,
        high: q.high,
        low: q.low,
        close: q.last,
        volume: q.volume,
      });
    }
  });

  it('have the expected number of bars per range', () => {
    const after = t('2026-06-19T16:00:00Z'); // Friday, XETRA closed (510 minutes a day)
    expect(sim.candles(key(deStock), 'intraday', after)).toHaveLength(510);
    expect(sim.candles(key(deStock), '1D', after)).toHaveLength(102);
    expect(sim.candles(key(deStock), '1W', after)).toHaveLength(5 * 17);
    expect(sim.candles(key(deStock), '1M', after)).toHaveLength(23); // 20 May .. 19 June
    expect(sim.candles(key(deStock), '3M', after).length).toBeGreaterThanOrEqual(64);
    expect(sim.candles(key(deStock), '1Y', after).length).toBeGreaterThanOrEqual(260);
    // US stock after post-market: 04:00-20:00 in minute bars, regular hours only in daily bars.
    const us = t('2026-06-17T01:00:00Z');
    const intraday = sim.candles(key(usStock), 'intraday', us);
    expect(intraday).toHaveLength(960);
    const regular = intraday.filter(
      (c) => c.time >= Date.parse('2026-06-16T13:30:00Z') && c.time < Date.parse('2026-06-16T20:00:00Z'),
    );
    const daily = sim.candles(key(usStock), '1M', us).at(-1)!;
    expect(daily.high).toBe(String(max(regular).toFixed(2)));
    expect(num(daily.volume)).toBe(sum(regular));
    // Crypto weeks have 7 days of 48 half-hour bars.
    expect(sim.candles(key(btc), '1W', t('2026-06-17T00:00:00Z'))).toHaveLength(6 * 48 + 1);
  });

  it('are well formed over a year', () => {
    for (const i of instruments) {
      const bars = sim.candles(key(i), '1Y', t('2026-06-16T23:30:00Z'));
      for (let k = 0; k < bars.length; k++) {
        const c = bars[k]!;
        expect(num(c.low)).toBeLessThanOrEqual(Math.min(num(c.open), num(c.close)));
        expect(num(c.high)).toBeGreaterThanOrEqual(Math.max(num(c.open), num(c.close)));
        expect(num(c.low)).toBeGreaterThan(0);
        expect(c.time % 86_400_000).toBe(0);
        if (k > 0) expect(c.time).toBeGreaterThan(bars[k - 1]!.time);
      }
    }
  });

  it('stay positive and plausible over five years for a very volatile instrument', () => {
    const closes: number[] = [];
    for (const year of [2022, 2023, 2024, 2025, 2026]) {
      for (const c of sim.candles(key(wild), '1Y', t(`${year}-12-31T12:00:00Z`))) {
        for (const p of [c.open, c.high, c.low, c.close]) {
          expect(Number.isFinite(num(p))).toBe(true);
          expect(num(p)).toBeGreaterThan(0);
        }
        closes.push(num(c.close));
      }
    }
    expect(closes.length).toBeGreaterThan(5 * 360);
    // Mean reversion keeps a 150% volatility instrument within a few multiples of its reference price.
    expect(Math.max(...closes)).toBeLessThan(0.05 * 20);
    expect(Math.min(...closes)).toBeGreaterThan(0.05 / 20);
    // Far from the anchor in both directions still works.
    expect(num(sim.price(key(wild), t('2016-01-05T12:00:00Z')))).toBeGreaterThan(0);
    expect(num(sim.price(key(wild), t('2036-01-05T12:00:00Z')))).toBeGreaterThan(0);
  });
});

describe('sparkline and ticks', () => {
  it('draws 50 points of the trading day ending at the last price', () => {
    const at = t('2026-06-16T15:00:30Z'); // every instrument has traded for more than 49 minutes today
    for (const i of instruments) {
      const points = sim.sparkline(key(i), at);
      expect(points).toHaveLength(50);
      expect(points.at(-1)!.price).toBe(sim.quote(key(i), at).last);
      for (let k = 1; k < points.length; k++) expect(points[k]!.time).toBeGreaterThan(points[k - 1]!.time);
    }
    // Just after the open there are only as many points as there is history.
    expect(sim.sparkline(key(deStock), t('2026-06-16T07:01:30Z'))).toHaveLength(3);
    expect(sim.sparkline(key(deStock), t('2026-06-16T07:00:00Z'))).toHaveLength(1);
  });

  it('ticks once a second for every open instrument, at the quoted price', () => {
    // 16 June 2026 07:30:00-07:30:10Z: XETRA, HKEX, forex, Globex and crypto trade; US stock and SPX do not.
    const from = t('2026-06-16T07:30:00Z');
    const ticks = sim.ticksBetween(from, new Date(from.getTime() + 10 * SECOND));
    const open = instruments.filter((i) => sim.sessionState(key(i), from).open);
    expect(open.map((i) => i.code).sort()).toEqual([
      '00999',
      'BTCUSDT',
      'EURUSD',
      'FINE',
      'FINEFX',
      'GC',
      'SIEX',
      'WILD',
    ]);
    expect(ticks).toHaveLength(10 * open.length);
    for (const tick of ticks) {
      expect(tick.price).toBe(sim.price(`${tick.source}:${tick.code}`, new Date(tick.time)));
      expect(tick.time).toBeGreaterThan(from.getTime());
    }
    expect(() => sim.ticksBetween(from, new Date(from.getTime() + 2 * 3_600_000))).toThrow(RangeError);
  });
});

describe('performance sanity (real timing lives in bench/)', () => {
  it('answers 500 quotes for one instant quickly once warm', () => {
    const templates = [usStock, deStock, hkStock, eurusd, gold, spx, btc];
    const many: SimInstrument[] = Array.from({ length: 500 }, (_, n) => ({
      ...templates[n % templates.length]!,
      code: `P${n}`,
    }));
    const big = createSimulator({ seed: 'perf', instruments: many });
    const at = Date.parse('2026-06-16T14:00:00Z');
    big.quotes(many, new Date(at));
    const started = performance.now();
    const quotes = big.quotes(many, new Date(at + SECOND));
    const elapsed = performance.now() - started;
    expect(quotes).toHaveLength(500);
    expect(elapsed).toBeLessThan(500);
  });
});

describe('formatTicks', () => {
  it.each([
    [123456, 2, '1234.56'],
    [5, 3, '0.005'],
    [-5, 3, '-0.005'],
    [-1234, 2, '-12.34'],
    [42, 0, '42'],
    [0, 2, '0.00'],
  ])('%d ticks of 10^-%d is %s', (units, decimals, text) => {
    expect(formatTicks(units, decimals)).toBe(text);
  });
});
