import { describe, expect, it } from 'vitest';
import {
  allInstruments,
  beStocks,
  cryptoPairs,
  deStocks,
  forexPairs,
  futures,
  hkStocks,
  indices,
  instrumentByKey,
  mxStocks,
  nlStocks,
  usStocks,
} from './index.js';
import type { InstrumentDef } from './types.js';

const stocks = [...usStocks, ...hkStocks, ...deStocks, ...nlStocks, ...beStocks, ...mxStocks];

describe('instrument reference data', () => {
  it('meets the minimum count per list', () => {
    expect(usStocks.length).toBeGreaterThanOrEqual(150);
    expect(hkStocks.length).toBeGreaterThanOrEqual(50);
    expect(deStocks.length).toBeGreaterThanOrEqual(30);
    expect(nlStocks.length).toBeGreaterThanOrEqual(25);
    expect(beStocks.length).toBeGreaterThanOrEqual(15);
    expect(mxStocks.length).toBeGreaterThanOrEqual(15);
    expect(forexPairs.length).toBeGreaterThanOrEqual(20);
    expect(futures.length).toBeGreaterThanOrEqual(20);
    expect(indices.length).toBeGreaterThanOrEqual(15);
    expect(cryptoPairs.length).toBeGreaterThanOrEqual(10);
    expect(allInstruments.length).toBe(
      stocks.length + forexPairs.length + futures.length + indices.length + cryptoPairs.length,
    );
  });

  it('spreads US stocks over NASDAQ, NYSE and NYSE American', () => {
    const count = (exchange: InstrumentDef['exchange']) => usStocks.filter((s) => s.exchange === exchange).length;
    expect(count('NASDAQ')).toBeGreaterThanOrEqual(40);
    expect(count('NYSE')).toBeGreaterThanOrEqual(40);
    expect(count('AMEX')).toBeGreaterThanOrEqual(10);
    expect(count('NASDAQ') + count('NYSE') + count('AMEX')).toBe(usStocks.length);
  });

  it('has unique codes per source', () => {
    const seen = new Map<number, Set<string>>();
    const duplicates: string[] = [];
    for (const i of allInstruments) {
      const codes = seen.get(i.source) ?? new Set<string>();
      if (codes.has(i.code)) duplicates.push(`${i.source}:${i.code}`);
      codes.add(i.code);
      seen.set(i.source, codes);
    }
    expect(duplicates).toEqual([]);
  });

  it('has positive decimal refPrices within priceDecimals', () => {
    for (const i of allInstruments) {
      expect(Number.isInteger(i.priceDecimals) && i.priceDecimals >= 0, i.code).toBe(true);
      expect(i.refPrice, i.code).toMatch(/^\d+(\.\d+)?$/);
      const decimals = i.refPrice.split('.')[1]?.length ?? 0;
      expect(decimals, `${i.code} ${i.refPrice}`).toBeLessThanOrEqual(i.priceDecimals);
      expect(Number(i.refPrice), i.code).toBeGreaterThan(0);
    }
  });

  it('has sane common fields', () => {
    for (const i of allInstruments) {
      expect(i.name.length, i.code).toBeGreaterThan(0);
      expect(i.currency, i.code).toMatch(/^[A-Z]{3,4}$/);
      expect(i.lotSize, i.code).toBeGreaterThan(0);
      expect(i.volatility, i.code).toBeGreaterThan(0);
      expect(i.volatility, i.code).toBeLessThan(2);
    }
  });

  it('gives stocks classify, sector, sharesOutstanding and a consistent source', () => {
    const expected: Array<[readonly InstrumentDef[], InstrumentDef['classify'], number, string, string[]]> = [
      [usStocks, 'UsStock', 0, 'USD', ['NASDAQ', 'NYSE', 'AMEX']],
      [hkStocks, 'HK', 11, 'HKD', ['HKEX']],
      [deStocks, 'DE', 0, 'EUR', ['XETRA']],
      [nlStocks, 'NL', 0, 'EUR', ['EURONEXT_AMS']],
      [beStocks, 'BE', 0, 'EUR', ['EURONEXT_BRU']],
      [mxStocks, 'MX', 0, 'MXN', ['BMV']],
    ];
    for (const [list, classify, source, currency, exchanges] of expected) {
      for (const s of list) {
        expect(s.kind, s.code).toBe('stock');
        expect(s.classify, s.code).toBe(classify);
        expect(s.source, s.code).toBe(source);
        expect(s.currency, s.code).toBe(currency);
        expect(exchanges, s.code).toContain(s.exchange);
        expect(s.sharesOutstanding, s.code).toBeGreaterThan(0);
        expect(s.sector, s.code).toBeTruthy();
      }
    }
  });

  it('uses 5-digit HK codes and integer board lots', () => {
    for (const s of hkStocks) {
      expect(s.code).toMatch(/^\d{5}$/);
      expect(Number.isInteger(s.lotSize), s.code).toBe(true);
    }
  });

  it('uses 6-letter forex codes with the quote currency', () => {
    for (const f of forexPairs) {
      expect(f.code).toMatch(/^[A-Z]{6}$/);
      expect(f.name).toBe(`${f.code.slice(0, 3)}/${f.code.slice(3)}`);
      expect(f.currency).toBe(f.code.slice(3));
      expect(f.source).toBe(2);
      expect(f.lotSize).toBe(1000);
    }
    const majors = forexPairs.filter((f) => f.major).map((f) => f.code);
    expect(majors.sort()).toEqual(['AUDUSD', 'EURUSD', 'GBPUSD', 'NZDUSD', 'USDCAD', 'USDCHF', 'USDJPY']);
  });

  it('gives futures expiry, category, contract size and open interest', () => {
    const isoDate = /^\d{4}-\d{2}-\d{2}$/;
    for (const f of futures) {
      expect(f.source, f.code).toBe(3);
      expect(f.expiry, f.code).toMatch(isoDate);
      const expiry = new Date(`${f.expiry}T00:00:00Z`);
      expect(Number.isNaN(expiry.getTime()), f.code).toBe(false);
      expect(expiry.toISOString().slice(0, 10), f.code).toBe(f.expiry);
      expect(f.expiry! > '2026-11-22', f.code).toBe(true);
      expect(f.expiry! <= '2027-03-31', f.code).toBe(true);
      expect(['metals', 'energy', 'agricultural', 'indices', 'rates'], f.code).toContain(f.category);
      expect(f.contractSize, f.code).toBeGreaterThan(0);
      expect(f.openInterest, f.code).toBeGreaterThan(0);
    }
    const categories = new Set(futures.map((f) => f.category));
    expect([...categories].sort()).toEqual(['agricultural', 'energy', 'indices', 'metals', 'rates']);
    // Every interest-rate future follows a notional bond on a yield curve, and only they do.
    for (const f of futures) expect(f.notionalBond !== undefined, f.code).toBe(f.category === 'rates');
  });

  it('puts every forex pair in one group: majors, minors (USD and a smaller currency), crosses (no USD)', () => {
    const group = (g: string) => forexPairs.filter((p) => p.forexGroup === g).map((p) => p.code);
    expect(group('major')).toEqual(forexPairs.filter((p) => p.major).map((p) => p.code));
    expect(group('minor').sort()).toEqual(['USDCNH', 'USDHKD', 'USDMXN']);
    expect(group('cross')).toHaveLength(10);
    expect(group('cross').every((c) => !c.includes('USD'))).toBe(true);
  });

  it('marks the US listings of companies based in mainland China or Hong Kong (UC stocks), and only US stocks', () => {
    const uc = stocks.filter((s) => s.domicile === 'CN');
    expect(uc.length).toBeGreaterThanOrEqual(15);
    expect(uc.every((s) => s.classify === 'UsStock' && s.nameZh)).toBe(true);
    expect(uc.map((s) => s.code)).toEqual(expect.arrayContaining(['BABA', 'JD', 'PDD', 'NIO', 'YUMC']));
    expect(uc.map((s) => s.code)).not.toContain('TSM');
  });

  it('gives every HK stock, index, forex pair and future a Chinese name', () => {
    for (const i of [...hkStocks, ...indices, ...forexPairs, ...futures]) {
      expect(i.nameZh, i.code).toMatch(/\p{Script=Han}/u);
    }
  });

  it('flags the major indices', () => {
    const majors = indices.filter((i) => i.major).map((i) => i.code);
    expect(majors.sort()).toEqual(['DAX', 'DJI', 'N225', 'NDX', 'PX1', 'SPX', 'SX5E', 'UKX']);
    for (const i of indices) expect(i.exchange, i.code).toBe('INDEX');
  });

  it('quotes crypto pairs in USD', () => {
    for (const c of cryptoPairs) {
      expect(c.code, c.code).toMatch(/^[A-Z]+USD$/);
      expect(c.currency).toBe('USD');
      expect(c.exchange).toBe('CRYPTO');
    }
  });

  it('looks instruments up by source and code', () => {
    expect(instrumentByKey(0, 'AAPL')?.name).toBe('Apple Inc.');
    expect(instrumentByKey(11, '00700')?.nameZh).toBe('腾讯控股');
    expect(instrumentByKey(0, 'ASML')?.classify).toBe('NL');
    expect(instrumentByKey(3, 'GC')?.contractSize).toBe(100);
    expect(instrumentByKey(99, 'SPX')?.major).toBe(true);
    expect(instrumentByKey(100, 'BTCUSD')?.currency).toBe('USD');
    expect(instrumentByKey(11, 'AAPL')).toBeUndefined();
    for (const i of allInstruments) expect(instrumentByKey(i.source, i.code)).toBe(i);
  });
});
