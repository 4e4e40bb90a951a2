import { describe, expect, it } from 'vitest';
import { calendarOf, marketOf, sessionState, tradingDay } from './sessions.js';
import type { SimInstrument } from './types.js';

const base = { currency: 'USD', refPrice: '100.00', priceDecimals: 2, lotSize: 1, volatility: 0.2 } as const;
const usStock: SimInstrument = { ...base, code: 'AAPL', source: 0, kind: 'stock', exchange: 'NASDAQ' };
const spx: SimInstrument = { ...base, code: 'SPX', source: 99, kind: 'index', exchange: 'INDEX' };
const hkStock: SimInstrument = { ...base, code: '00700', source: 11, kind: 'stock', exchange: 'HKEX', currency: 'HKD' };
const eurusd: SimInstrument = { ...base, code: 'EURUSD', source: 2, kind: 'forex', exchange: 'FX', priceDecimals: 5 };
const gold: SimInstrument = { ...base, code: 'GC', source: 3, kind: 'future', exchange: 'COMEX' };
const bund: SimInstrument = { ...base, code: 'FGBL', source: 3, kind: 'future', exchange: 'EUREX', currency: 'EUR' };
const btc: SimInstrument = { ...base, code: 'BTCUSDT', source: 100, kind: 'crypto', exchange: 'CRYPTO' };
const sap: SimInstrument = { ...base, code: 'SAP', source: 0, kind: 'stock', exchange: 'XETRA', currency: 'EUR' };

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => d?.toISOString() ?? null;

function state(instrument: SimInstrument, when: string) {
  const s = sessionState(instrument, at(when));
  return { open: s.open, phase: s.phase, nextOpen: iso(s.nextOpen), nextClose: iso(s.nextClose) };
}

describe('US stocks (New York time, with pre- and post-market)', () => {
  it('opens at 09:30 EST before the March DST switch and 09:30 EDT after it', () => {
    // Friday 6 March 2026 is EST (UTC-5); Monday 9 March is EDT (UTC-4).
    expect(state(usStock, '2026-03-06T14:29:59Z').phase).toBe('pre');
    expect(state(usStock, '2026-03-06T14:30:00Z').phase).toBe('regular');
    expect(state(usStock, '2026-03-09T13:29:59Z').phase).toBe('pre');
    expect(state(usStock, '2026-03-09T13:30:00Z')).toEqual({
      open: true,
      phase: 'regular',
      nextOpen: '2026-03-10T08:00:00.000Z', // Tuesday 04:00 EDT, the next pre-market
      nextClose: '2026-03-10T00:00:00.000Z', // the run ends after post-market, 20:00 EDT
    });
  });

  it('moves back in November: 09:30 EDT on Friday 30 October, 09:30 EST on Monday 2 November', () => {
    expect(state(usStock, '2026-10-30T13:30:00Z').phase).toBe('regular');
    expect(state(usStock, '2026-11-02T13:30:00Z').phase).toBe('pre');
    expect(state(usStock, '2026-11-02T14:30:00Z').phase).toBe('regular');
    expect(state(usStock, '2026-11-02T21:00:00Z').phase).toBe('post');
    expect(state(usStock, '2026-11-03T01:00:00Z')).toEqual({
      open: false,
      phase: 'closed',
      nextOpen: '2026-11-03T09:00:00.000Z',
      nextClose: '2026-11-04T01:00:00.000Z',
    });
  });

  it('is closed over the weekend and opens pre-market on Monday at 04:00', () => {
    expect(state(usStock, '2026-03-07T15:00:00Z')).toEqual({
      open: false,
      phase: 'closed',
      nextOpen: '2026-03-09T08:00:00.000Z',
      nextClose: '2026-03-10T00:00:00.000Z',
    });
  });

  it('gives an index regular hours only', () => {
    expect(state(spx, '2026-03-09T13:29:59Z')).toEqual({
      open: false,
      phase: 'closed',
      nextOpen: '2026-03-09T13:30:00.000Z',
      nextClose: '2026-03-09T20:00:00.000Z',
    });
    expect(state(spx, '2026-03-09T20:30:00Z').phase).toBe('closed');
  });

  it('counts pre-market in the new trading day and the night in the last one', () => {
    expect(tradingDay(usStock, at('2026-03-10T06:00:00Z'))).toBe('2026-03-09'); // Tuesday 02:00 EDT
    expect(tradingDay(usStock, at('2026-03-10T08:00:00Z'))).toBe('2026-03-10'); // Tuesday 04:00 EDT
    expect(tradingDay(usStock, at('2026-03-08T12:00:00Z'))).toBe('2026-03-06'); // Sunday: last Friday
  });
});

describe('other exchanges', () => {
  it('takes a lunch break in Hong Kong', () => {
    expect(state(hkStock, '2026-03-09T03:59:59Z').phase).toBe('regular'); // 11:59:59 HKT
    expect(state(hkStock, '2026-03-09T04:30:00Z')).toEqual({
      open: false,
      phase: 'break',
      nextOpen: '2026-03-09T05:00:00.000Z', // 13:00 HKT
      nextClose: '2026-03-09T08:00:00.000Z', // 16:00 HKT
    });
    expect(state(hkStock, '2026-03-09T08:00:00Z').phase).toBe('closed');
    expect(tradingDay(hkStock, at('2026-03-09T04:30:00Z'))).toBe('2026-03-09');
  });

  it('trades XETRA 09:00-17:30 Berlin time across the European switch (29 March)', () => {
    expect(state(sap, '2026-03-27T08:00:00Z').phase).toBe('regular'); // 09:00 CET
    expect(state(sap, '2026-03-30T07:00:00Z').phase).toBe('regular'); // 09:00 CEST
    expect(state(sap, '2026-03-30T06:59:59Z').phase).toBe('closed');
    expect(state(sap, '2026-03-30T15:30:00Z').phase).toBe('closed');
  });

  it('closes forex at 17:00 New York on Friday and reopens at 17:00 on Sunday', () => {
    expect(state(eurusd, '2026-03-06T21:59:59Z').open).toBe(true); // Friday 16:59:59 EST
    expect(state(eurusd, '2026-03-06T22:00:00Z')).toEqual({
      open: false,
      phase: 'closed',
      // Sunday 8 March is the DST switch: 17:00 EDT is 21:00Z.
      nextOpen: '2026-03-08T21:00:00.000Z',
      nextClose: '2026-03-13T21:00:00.000Z',
    });
    expect(state(eurusd, '2026-03-08T21:00:00Z').open).toBe(true);
    // The daily 17:00 roll is not a break: the week is one run.
    expect(state(eurusd, '2026-03-10T21:00:00Z').open).toBe(true);
    expect(tradingDay(eurusd, at('2026-03-08T22:00:00Z'))).toBe('2026-03-09');
  });

  it('gives CME Globex a 17:00-18:00 break on weekdays and a weekend close', () => {
    expect(state(gold, '2026-03-09T20:59:59Z').phase).toBe('regular');
    expect(state(gold, '2026-03-09T21:30:00Z')).toEqual({
      open: false,
      phase: 'break',
      nextOpen: '2026-03-09T22:00:00.000Z',
      nextClose: '2026-03-10T21:00:00.000Z',
    });
    expect(state(gold, '2026-03-13T21:30:00Z').phase).toBe('closed'); // Friday 17:30 EDT
    expect(state(gold, '2026-03-15T22:00:00Z').phase).toBe('regular'); // Sunday 18:00 EDT
  });

  it('trades Eurex from 01:15 to 22:00 Berlin time', () => {
    expect(state(bund, '2026-07-01T23:14:59Z').open).toBe(false); // 01:14:59 CEST
    expect(state(bund, '2026-07-01T23:15:00Z').open).toBe(true);
    expect(state(bund, '2026-07-01T19:59:59Z').open).toBe(true);
    expect(state(bund, '2026-07-01T20:00:00Z').phase).toBe('closed');
  });

  it('never closes crypto', () => {
    for (const when of ['2026-03-07T12:00:00Z', '2026-03-08T07:00:00Z', '2026-12-25T00:00:00Z']) {
      expect(state(btc, when)).toEqual({ open: true, phase: 'regular', nextOpen: null, nextClose: null });
    }
    expect(tradingDay(btc, at('2026-03-07T23:59:59Z'))).toBe('2026-03-07');
  });
});

describe('index home markets', () => {
  const index = (code: string, currency = 'USD', homeExchange?: string): SimInstrument => ({
    ...base,
    code,
    source: 99,
    kind: 'index',
    exchange: 'INDEX',
    currency,
    ...(homeExchange ? { homeExchange } : {}),
  });

  it.each([
    ['SPX', 'US'],
    ['DJI', 'US'],
    ['DAX', 'XETRA'],
    ['AEX', 'EURONEXT_AMS'],
    ['BEL20', 'EURONEXT_BRU'],
    ['PX1', 'EURONEXT_PAR'],
    ['SX5E', 'EURONEXT_PAR'],
    ['HSI', 'HKEX'],
    ['UKX', 'LSE'],
    ['N225', 'TSE'],
    ['MXX', 'BMV'],
    ['IBEX', 'BME'],
  ])('%s follows %s', (code, market) => {
    expect(marketOf(index(code))).toBe(market);
  });

  it('prefers an explicit home exchange, then the currency', () => {
    expect(marketOf(index('XYZ', 'USD', 'XETRA'))).toBe('XETRA');
    expect(marketOf(index('XYZ', 'USD', 'nyse'))).toBe('US');
    expect(marketOf(index('XYZ', 'JPY'))).toBe('TSE');
  });

  it('gives Tokyo a lunch break and London its own hours', () => {
    expect(sessionState(index('N225'), at('2026-03-09T03:00:00Z')).phase).toBe('break'); // 12:00 JST
    expect(sessionState(index('UKX'), at('2026-03-09T08:00:00Z')).phase).toBe('regular'); // 08:00 GMT
    expect(sessionState(index('UKX'), at('2026-03-09T16:30:00Z')).phase).toBe('closed');
  });
});

describe('trading-day numbering', () => {
  it('maps trading days to consecutive indices and back', () => {
    const cal = calendarOf(usStock);
    for (let i = -600; i <= 600; i += 7) expect(cal.tradingIndex(cal.dayOfIndex(i))).toBe(i);
    const crypto = calendarOf(btc);
    for (let i = -20; i <= 20; i++) expect(crypto.tradingIndex(crypto.dayOfIndex(i))).toBe(i);
  });
});
