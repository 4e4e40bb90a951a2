/**
 * The market calls on the real app and database. The harness clock stands at Monday 2026-11-02 10:00 UTC:
 * Xetra and Euronext trade (11:00 CET), US stocks are in pre-market (05:00 New York), Hong Kong has closed
 * for the day (18:00) and Mexico has not opened (04:00).
 */
import { market as api, type DataOf, type RequestOf } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, createHarness, type Harness } from '../../../test/harness.js';
import { allInstruments } from '../../market/instruments/index.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/** The data of a list answer, which must succeed. */
const list = async <T>(answer: Promise<Answer<T>>) => {
  const res = await answer;
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data;
};
const n = (s: string | null) => Number(s);
const count = (pred: (i: (typeof allInstruments)[number]) => boolean) => allInstruments.filter(pred).length;

const isSorted = (values: number[], dir: 'asc' | 'desc') =>
  values.every((v, i) => i === 0 || (dir === 'desc' ? values[i - 1]! >= v : values[i - 1]! <= v));

describe('a quote carries the SPEC §3 fields', () => {
  it('with decimal strings, a consistent fall flag and the labels of the quote page', async () => {
    const page = await list(h.call(api.stockList, { market: 'US', pageSize: 100 }));
    for (const q of page.list) {
      expect(q).toMatchObject({
        key: `0:${q.stock_code}`,
        source: 0,
        classify: 'UsStock',
        kind: 'stock',
        currency: 'USD',
        currencySymbol: '$',
        selfSelectStatus: 0,
        marketOpen: true,
        phase: 'pre',
        lotSize: '1',
        priceDecimals: 2,
        openInterest: null,
        expiryDate: null,
        prevSettle: null,
      });
      expect(['NASDAQ', 'NYSE', 'AMEX']).toContain(q.market);
      for (const field of ['price_nominal', 'change', 'change_ratio', 'volume', 'bid', 'ask', 'prevClose'] as const)
        expect(q[field], field).toMatch(/^-?\d+(\.\d+)?$/);
      expect(q.fall).toBe(n(q.change) < 0);
      expect(n(q.change)).toBeCloseTo(n(q.price_nominal) - n(q.prevClose), 6);
      expect(n(q.bid)).toBeLessThan(n(q.ask));
      // Pre-market: no regular trade yet, so no open/high/low; the pre-market change is the change.
      expect(q.open).toBeNull();
      expect(q.preMarketChange).toBe(q.change);
      expect(n(q.marketCap)).toBeGreaterThan(0);
      expect(q.time).toBe(Date.parse('2026-11-02T10:00:00Z'));
      expect(q.sparkline).toBeUndefined();
    }
  });

  it('names follow the request language', async () => {
    const en = await h.call(api.stockDetail, { code: 'AAPL', source: 0 }, { lang: 'en' });
    const nl = await h.call(api.stockDetail, { code: 'AAPL', source: 0 }, { lang: 'nl' });
    const zh = await h.call(api.stockDetail, { code: 'aapl', source: 0 }, { lang: 'zh-CN' });
    expect(en.body.data.name).toBe('Apple Inc.');
    expect(nl.body.data.name).toBe('Apple Inc.');
    expect(zh.body.data.name).toBe('苹果');
    expect(zh.body.data.price_nominal).toBe(en.body.data.price_nominal);
  });

  it('the currency symbol is $ for US stocks, € for DE/NL/BE, HK$ and MX$ for HK and MX, none elsewhere', async () => {
    const symbol = async (answer: Promise<Answer<DataOf<typeof api.stockList>>>) =>
      new Set((await list(answer)).list.map((q) => q.currencySymbol));
    expect(await symbol(h.call(api.stockList, { market: 'DE' }))).toEqual(new Set(['€']));
    expect(await symbol(h.call(api.stockList, { market: 'BE' }))).toEqual(new Set(['€']));
    expect(await symbol(h.call(api.stockList, { market: 'HK' }))).toEqual(new Set(['HK$']));
    expect(await symbol(h.call(api.stockList, { market: 'MX' }))).toEqual(new Set(['MX$']));
    expect(await symbol(h.call(api.forexList, {}))).toEqual(new Set(['']));
    expect(await symbol(h.call(api.futuresList, {}))).toEqual(new Set(['']));
    expect(await symbol(h.call(api.globalIndex, {}))).toEqual(new Set(['']));
  });
});

describe('stock lists', () => {
  it('stock_list pages through one market without gaps or repeats', async () => {
    const usCount = count((i) => i.classify === 'UsStock');
    const first = await list(h.call(api.stockList, {}));
    expect(first).toMatchObject({ total: usCount, page: 1, pageSize: 20 });
    const codes: string[] = [];
    for (let page = 1; page <= Math.ceil(usCount / 50); page++)
      codes.push(...(await list(h.call(api.stockList, { pageSize: 50, page }))).list.map((q) => q.stock_code));
    expect(codes).toHaveLength(usCount);
    expect(new Set(codes).size).toBe(usCount);
    expect(codes.slice(0, 20)).toEqual(first.list.map((q) => q.stock_code));
    // Default order is size: the largest US companies lead.
    expect(codes.slice(0, 3)).toEqual(expect.arrayContaining(['NVDA', 'AAPL']));
    expect((await list(h.call(api.stockList, { page: 99 }))).list).toEqual([]);
  });

  it.each([
    ['NL', 'NL', 'EURONEXT_AMS', 0],
    ['DE', 'DE', 'XETRA', 0],
    ['BE', 'BE', 'EURONEXT_BRU', 0],
    ['MX', 'MX', 'BMV', 0],
    ['HK', 'HK', 'HKEX', 11],
  ] as const)('market=%s holds only %s stocks', async (market, classify, exchange, source) => {
    const page = await list(h.call(api.stockList, { market, pageSize: 100 }));
    expect(page.total).toBe(count((i) => i.classify === classify));
    for (const q of page.list) expect(q).toMatchObject({ classify, market: exchange, source });
  });

  it('domicile=CN lists the UC stocks: US listings of companies based in mainland China or Hong Kong', async () => {
    const page = await list(h.call(api.stockList, { market: 'US', domicile: 'CN', pageSize: 100 }));
    expect(page.total).toBe(count((i) => i.domicile === 'CN'));
    expect(page.list.map((q) => q.stock_code)).toEqual(expect.arrayContaining(['BABA', 'PDD', 'JD', 'NIO']));
    expect(page.list.every((q) => q.classify === 'UsStock' && q.currencySymbol === '$')).toBe(true);
    expect((await h.get('/m_ft/stock_list?domicile=US')).body).toMatchObject({ code: 400, field: 'domicile' });
  });

  it('filters US stocks by exchange', async () => {
    for (const exchange of ['NASDAQ', 'NYSE', 'AMEX'] as const) {
      const page = await list(h.call(api.stockList, { exchange, pageSize: 100 }));
      expect(page.total).toBe(count((i) => i.exchange === exchange));
      expect(page.list.every((q) => q.market === exchange)).toBe(true);
    }
  });

  it('refuses a bad market, an exchange outside the US and oversized pages with 400', async () => {
    // Raw where the value is one the contract's types refuse (a market, sort or case it does not know).
    expect((await h.get('/m_ft/stock_list?market=FR')).body).toMatchObject({ code: 400, field: 'market' });
    expect((await h.call(api.stockList, { market: 'DE', exchange: 'NYSE' })).body).toMatchObject({
      code: 400,
      field: 'exchange',
    });
    expect((await h.call(api.stockList, { pageSize: 101 })).body.code).toBe(400);
    expect((await h.call(api.stockList, { page: 0 })).body.code).toBe(400);
    expect((await h.get('/m_ft/stock_list?sort=random')).body.code).toBe(400);
    expect((await h.get('/m_ft/all_stock_list?market=us')).body.code).toBe(400);
    expect((await h.get('/m_ft/stock_list?market=FR', undefined, 'nl')).body.msg).toBe('Deze waarde is niet geldig');
  });

  it('sorts by a moving field in either direction, and by code', async () => {
    const desc = await list(h.call(api.stockList, { market: 'DE', sort: 'change_ratio', pageSize: 100 }));
    expect(
      isSorted(
        desc.list.map((q) => n(q.change_ratio)),
        'desc',
      ),
    ).toBe(true);
    const asc = await list(h.call(api.stockList, { market: 'DE', sort: 'change_ratio', order: 'asc', pageSize: 100 }));
    expect(asc.list.map((q) => q.stock_code)).toEqual(desc.list.map((q) => q.stock_code).reverse());
    const byVolume = await list(h.call(api.stockList, { market: 'NL', sort: 'volume' }));
    expect(
      isSorted(
        byVolume.list.map((q) => n(q.volume)),
        'desc',
      ),
    ).toBe(true);
    const byCode = await list(h.call(api.stockList, { market: 'BE', sort: 'code', pageSize: 100 }));
    const codes = byCode.list.map((q) => q.stock_code);
    expect(codes).toEqual([...codes].sort((a, b) => a.localeCompare(b)));
  });

  it('all_stock_list holds every stock of every market; hk_st/all_stock_list the Hong Kong ones', async () => {
    const all = await list(h.call(api.allStockList, {}));
    expect(all.total).toBe(count((i) => i.kind === 'stock'));
    expect(all.list[0]?.classify).toBe('UsStock');
    expect((await list(h.call(api.allStockList, { market: 'MX' }))).total).toBe(count((i) => i.classify === 'MX'));
    expect((await list(h.call(api.allStockList, { exchange: 'AMEX' }))).total).toBe(
      count((i) => i.exchange === 'AMEX'),
    );
    const hk = await list(h.call(api.hkAllStockList, { pageSize: 100 }));
    expect(hk.total).toBe(count((i) => i.source === 11));
    for (const q of hk.list)
      expect(q).toMatchObject({ source: 11, classify: 'HK', marketOpen: false, phase: 'closed' });
  });
});

describe('rankings', () => {
  it('topList: gainers rise, losers fall, most active by volume', async () => {
    const gainers = await list(h.call(api.topList, { market: 'DE', type: 'gainers' }));
    const losers = await list(h.call(api.topList, { market: 'DE', type: 'losers' }));
    const active = await list(h.call(api.topList, { market: 'DE', type: 'active' }));
    expect(gainers.pageSize).toBe(10);
    expect(gainers.total + losers.total).toBeLessThanOrEqual(count((i) => i.classify === 'DE'));
    expect(gainers.list.every((q) => n(q.change_ratio) > 0 && !q.fall)).toBe(true);
    expect(
      isSorted(
        gainers.list.map((q) => n(q.change_ratio)),
        'desc',
      ),
    ).toBe(true);
    expect(losers.list.every((q) => n(q.change_ratio) < 0 && q.fall)).toBe(true);
    expect(
      isSorted(
        losers.list.map((q) => n(q.change_ratio)),
        'asc',
      ),
    ).toBe(true);
    expect(active.total).toBe(count((i) => i.classify === 'DE'));
    expect(
      isSorted(
        active.list.map((q) => n(q.volume)),
        'desc',
      ),
    ).toBe(true);
    expect(n(active.list[0]!.volume)).toBeGreaterThan(0);
    // Raw: a ranking the contract's types do not allow.
    expect((await h.get('/m_ft/topList?type=best')).body.code).toBe(400);
  });

  it('hot_stock: the highest turnover traded today; before any trading the largest companies', async () => {
    const hot = await list(h.call(api.hotStock, { market: 'NL' }));
    const turnover = hot.list.map((q) => n(q.volume) * n(q.price_nominal));
    expect(isSorted(turnover, 'desc')).toBe(true);
    // US regular trading has not started: every turnover is 0, so size decides.
    const us = await list(h.call(api.hotStock, { market: 'US', pageSize: 3 }));
    expect(us.list.map((q) => q.stock_code)).toEqual(
      (await list(h.call(api.stockList, { market: 'US', pageSize: 3 }))).list.map((q) => q.stock_code),
    );
    const mixed = await list(h.call(api.hotStock, {}));
    expect(mixed.list).toHaveLength(10);
  });

  it('zt_stock_list: only stocks up at least 3% today, strongest first', async () => {
    const zt = await list(h.call(api.ztStockList, { pageSize: 100 }));
    expect(zt.total).toBeGreaterThan(0);
    expect(zt.list.every((q) => n(q.change_ratio) >= 3 && q.kind === 'stock')).toBe(true);
    expect(
      isSorted(
        zt.list.map((q) => n(q.change_ratio)),
        'desc',
      ),
    ).toBe(true);
    const de = await list(h.call(api.ztStockList, { market: 'DE', pageSize: 100 }));
    expect(de.list.every((q) => q.classify === 'DE')).toBe(true);
  });
});

describe('indices, futures and forex', () => {
  it('global_index: the 15 indices, calculated (bid = ask = last)', async () => {
    const page = await list(h.call(api.globalIndex, {}));
    expect(page.total).toBe(15);
    const codes = page.list.map((q) => q.stock_code);
    for (const code of ['SPX', 'NDX', 'DJI', 'DAX', 'AEX', 'BEL20', 'HSI', 'UKX', 'PX1', 'N225', 'MXX'])
      expect(codes).toContain(code);
    for (const q of page.list) {
      expect(q).toMatchObject({ source: 99, kind: 'index', classify: null, marketCap: null });
      expect(q.bid).toBe(q.price_nominal);
      expect(q.ask).toBe(q.price_nominal);
    }
    // Each index follows its home market: AEX trades now, the Hang Seng has closed, the S&P waits for 09:30.
    const open = Object.fromEntries(page.list.map((q) => [q.stock_code, q.marketOpen]));
    expect(open).toMatchObject({ AEX: true, DAX: true, HSI: false, SPX: false });
  });

  it('futures_list: every future with expiry, open interest and previous settle; filter by category', async () => {
    const all = await list(h.call(api.futuresList, { pageSize: 100 }));
    expect(all.total).toBe(count((i) => i.kind === 'future'));
    for (const q of all.list) {
      expect(q.source).toBe(3);
      expect(q.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(n(q.openInterest)).toBeGreaterThan(0);
      expect(q.prevSettle).toBe(q.prevClose);
    }
    const metals = await list(h.call(api.futuresList, { category: 'metals' }));
    expect(metals.list.map((q) => q.stock_code).sort()).toEqual(['GC', 'HG', 'PA', 'PL', 'SI']);
    for (const category of ['energy', 'agricultural', 'indices', 'rates'] as const)
      expect((await list(h.call(api.futuresList, { category }))).total).toBe(count((i) => i.category === category));
    // `financial` is index and rate futures together (the Market tab's chip).
    const financial = await list(h.call(api.futuresList, { category: 'financial' }));
    expect(financial.list.map((q) => q.stock_code).sort()).toEqual(['ES', 'FGBL', 'FGBM', 'FGBS', 'NQ', 'ZN', 'ZT']);
    const rates = await list(h.call(api.futuresList, { category: 'rates' }));
    expect(rates.list.map((q) => q.stock_code).sort()).toEqual(['FGBL', 'FGBM', 'FGBS', 'ZN', 'ZT']);
    expect(rates.list.find((q) => q.stock_code === 'FGBL')?.currency).toBe('EUR');
    // Raw: a category the contract's types do not allow.
    expect((await h.get('/m_ft/futures_list?category=crypto')).body).toMatchObject({
      code: 400,
      field: 'category',
    });
  });

  it('forex_index has the seven majors; forex_list all pairs, by group', async () => {
    const majors = await list(h.call(api.forexIndex, {}));
    expect(majors.list.map((q) => q.stock_code).sort()).toEqual(
      ['AUDUSD', 'EURUSD', 'GBPUSD', 'NZDUSD', 'USDCAD', 'USDCHF', 'USDJPY'].sort(),
    );
    expect(majors.list.find((q) => q.stock_code === 'EURUSD')?.name).toBe('EUR/USD');
    const all = await list(h.call(api.forexList, {}));
    expect(all.total).toBe(20);
    const group = async (g: 'major' | 'minor' | 'cross') =>
      (await list(h.call(api.forexList, { group: g }))).list.map((q) => q.stock_code).sort();
    expect(await group('major')).toEqual(majors.list.map((q) => q.stock_code).sort());
    expect(await group('minor')).toEqual(['USDCNH', 'USDHKD', 'USDMXN']);
    const crosses = await group('cross');
    expect(crosses).toHaveLength(10);
    expect(crosses.some((c) => c.includes('USD'))).toBe(false);
    expect(all.list.every((q) => q.marketOpen && q.source === 2)).toBe(true);
  });
});

describe('search (/quotes/getStock)', () => {
  const codes = async (q: string, extra: Omit<RequestOf<typeof api.getStock>, 'q'> = {}, lang?: string) =>
    (await list(h.call(api.getStock, { q, ...extra }, { lang }))).list.map((x) => `${x.source}:${x.stock_code}`);

  it.each([
    ['AAPL', '0:AAPL'],
    ['aapl', '0:AAPL'],
    ['heineken', '0:HEIA'],
    ['Börse', '0:DB1'],
    ['borse', '0:DB1'],
    ['腾讯', '11:00700'],
    ['00700', '11:00700'],
    ['eur/usd', '2:EURUSD'],
    ['gold', '3:GC'],
    ['nikkei', '99:N225'],
  ])('%s finds %s first', async (q, first) => {
    expect((await codes(q))[0]).toBe(first);
  });

  it('ranks an exact code before code prefixes before names, across markets', async () => {
    const ng = await codes('NG');
    expect(ng.slice(0, 2).sort()).toEqual(['0:NG', '3:NG']);
    const ing = await codes('ing');
    expect(ing).toContain('0:INGA');
    expect((await codes('NG', { kind: 'future' }))[0]).toBe('3:NG');
    expect((await codes('a', { market: 'BE' })).every((k) => k.startsWith('0:'))).toBe(true);
  });

  it('finds nothing for nonsense, and asks for a query when there is none', async () => {
    expect(await list(h.call(api.getStock, { q: 'zzzzqqq' }))).toMatchObject({ total: 0, list: [] });
    expect((await h.call(api.getStock, { q: '' })).body).toMatchObject({ code: 400, field: 'q' });
    // Raw: without `q`, which the contract's type requires.
    expect((await h.get('/quotes/getStock')).body).toMatchObject({ code: 400, field: 'q' });
    expect((await h.get('/quotes/getStock', undefined, 'zh-Hans')).body.msg).toBe('请输入要搜索的代码或名称');
  });
});

describe('one instrument', () => {
  it('stock_detail_ft: any source; without one, stocks first', async () => {
    const gc = await h.call(api.stockDetail, { code: 'GC', source: 3 });
    expect(gc.body.data).toMatchObject({ stock_code: 'GC', kind: 'future', market: 'COMEX', name: 'Gold' });
    expect((await h.call(api.stockDetail, { code: 'NG' })).body.data).toMatchObject({ source: 0, kind: 'stock' });
    expect((await h.call(api.stockDetail, { code: 'NG', source: 3 })).body.data.kind).toBe('future');
    expect((await h.call(api.stockDetail, { code: '00700' })).body.data.source).toBe(11);
    expect((await h.call(api.stockDetail, { code: 'PE&OLES' })).body.data.classify).toBe('MX');
  });

  it('answers 404 for an unknown code and 400 for a malformed code or source', async () => {
    const missing = await h.call(api.stockDetail, { code: 'NOPE', source: 0 });
    expect(missing).toMatchObject({ status: 404, body: { code: 404, data: null } });
    expect(missing.body.msg).toMatch(/does not exist/);
    expect((await h.call(api.stockDetail, { code: 'AAPL', source: 11 })).status).toBe(404);
    expect((await h.call(api.stockDetail, { code: 'AAPL', source: 5 })).body).toMatchObject({
      code: 400,
      field: 'source',
    });
    expect((await h.call(api.stockDetail, { code: '<script>' })).body).toMatchObject({ code: 400, field: 'code' });
    for (const endpoint of [api.kline, api.summaryDetail, api.detailQuote])
      expect((await h.call(endpoint, { code: 'NOPE' })).status).toBe(404);
  });

  it('withSpark adds up to 50 prices of the day, ending at the last price', async () => {
    const q = (await h.call(api.stockDetail, { code: 'ASML', withSpark: '1' })).body.data;
    expect(q.sparkline?.length).toBeGreaterThan(1);
    expect(q.sparkline?.length).toBeLessThanOrEqual(50);
    expect(q.sparkline?.at(-1)).toBe(q.price_nominal);
    const page = await list(h.call(api.globalIndex, { withSpark: 'true', pageSize: 3 }));
    expect(page.list.every((x) => (x.sparkline?.length ?? 0) > 0)).toBe(true);
  });

  it('prices move when time passes and rest while the market is closed', async () => {
    const at = async (code: string) => (await h.call(api.stockDetail, { code })).body.data;
    const sapBefore = await at('SAP');
    const hkBefore = await at('00700');
    h.clock.advance(5 * 60_000);
    const sapAfter = await at('SAP');
    const hkAfter = await at('00700');
    h.clock.advance(-5 * 60_000);
    expect(sapAfter.time - sapBefore.time).toBe(5 * 60_000);
    expect(n(sapAfter.volume)).toBeGreaterThan(n(sapBefore.volume));
    expect(hkAfter.price_nominal).toBe(hkBefore.price_nominal);
    expect(hkAfter.volume).toBe(hkBefore.volume);
  });
});

describe('candles (/m_ft/kline)', () => {
  it.each([
    ['intraday', 60_000],
    ['1D', 5 * 60_000],
    ['1W', 30 * 60_000],
    ['1M', 86_400_000],
    ['3M', 86_400_000],
    ['1Y', 86_400_000],
  ] as const)('%s returns well-formed candles, the same every time', async (range, barMs) => {
    const query = { code: 'SAP', source: 0, range };
    const res = await h.call(api.kline, query);
    expect(res.body.code).toBe(200);
    const { candles } = res.body.data;
    expect(candles.length).toBeGreaterThan(0);
    for (const [i, c] of candles.entries()) {
      expect(n(c.low)).toBeLessThanOrEqual(Math.min(n(c.open), n(c.close)));
      expect(n(c.high)).toBeGreaterThanOrEqual(Math.max(n(c.open), n(c.close)));
      if (i > 0) expect(c.time - candles[i - 1]!.time).toBeGreaterThanOrEqual(barMs);
    }
    expect(candles.at(-1)!.time).toBeLessThanOrEqual(h.clock.now().getTime());
    expect((await h.call(api.kline, query)).body.data).toEqual(res.body.data);
  });

  it('the last candle closes at the live price; 1Y holds about a year of trading days', async () => {
    const q = (await h.call(api.stockDetail, { code: 'SAP' })).body.data;
    const intraday = (await h.call(api.kline, { code: 'SAP' })).body.data;
    expect(intraday.range).toBe('intraday');
    expect(intraday.candles.at(-1)!.close).toBe(q.price_nominal);
    expect(intraday.prevClose).toBe(q.prevClose);
    const year = (await h.call(api.kline, { code: 'SAP', range: '1Y' })).body.data.candles;
    expect(year.length).toBeGreaterThan(250);
    expect(year.length).toBeLessThan(265);
    // Raw: a range the contract's types do not allow.
    expect((await h.get('/m_ft/kline?code=SAP&range=5Y')).body).toMatchObject({ code: 400, field: 'range' });
  });
});

describe('summary and order book', () => {
  it('summary_detail: profile, size, 52-week range and trading hours', async () => {
    const res = await h.call(api.summaryDetail, { code: 'AAPL' }, { lang: 'zh-Hans' });
    const q = (await h.call(api.stockDetail, { code: 'AAPL' })).body.data;
    expect(res.body.data).toMatchObject({
      stock_code: 'AAPL',
      name: '苹果',
      nameEn: 'Apple Inc.',
      sector: 'technology',
      market: 'NASDAQ',
      currencySymbol: '$',
      high52: q.high52,
      low52: q.low52,
      marketCap: q.marketCap,
      session: {
        timeZone: 'America/New_York',
        open: true,
        phase: 'pre',
        hours: [
          { phase: 'pre', start: '04:00', end: '09:30', startsPreviousDay: false },
          { phase: 'regular', start: '09:30', end: '16:00', startsPreviousDay: false },
          { phase: 'post', start: '16:00', end: '20:00', startsPreviousDay: false },
        ],
      },
    });
    const shares = Number(res.body.data.sharesOutstanding);
    expect(n(q.marketCap)).toBeCloseTo(n(q.price_nominal) * shares, -3);
    const gc = (await h.call(api.summaryDetail, { code: 'GC', source: 3 })).body.data;
    expect(gc).toMatchObject({ category: 'metals', contractSize: '100', expiryDate: '2026-12-29', sector: null });
  });

  it('detail_quote: five levels a side around the quote, the same within a second', async () => {
    const res = await h.call(api.detailQuote, { code: 'ASML' });
    const book = res.body.data;
    const q = (await h.call(api.stockDetail, { code: 'ASML' })).body.data;
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(book.bids[0]).toMatchObject({ level: 1, price: q.bid, volume: q.bidVolume });
    expect(book.asks[0]).toMatchObject({ level: 1, price: q.ask, volume: q.askVolume });
    expect(
      isSorted(
        book.bids.map((l) => n(l.price)),
        'desc',
      ),
    ).toBe(true);
    expect(
      isSorted(
        book.asks.map((l) => n(l.price)),
        'asc',
      ),
    ).toBe(true);
    expect(n(book.bids[0]!.price)).toBeLessThan(n(book.asks[0]!.price));
    for (const l of [...book.bids, ...book.asks]) expect(n(l.volume)).toBeGreaterThan(0);
    expect((await h.call(api.detailQuote, { code: 'ASML' })).body.data).toEqual(book);
    const index = (await h.call(api.detailQuote, { code: 'SPX', source: 99 })).body.data;
    expect(index.bids).toEqual([]);
    expect(index.asks).toEqual([]);
  });
});

describe('market sessions', () => {
  it('getMaket: one market, open or closed at the clock time, with its hours', async () => {
    const us = await h.call(api.getMarket, { market: 'US' });
    expect(us.body.data).toMatchObject({
      market: 'US',
      name: 'US stocks',
      open: true,
      phase: 'pre',
      timeZone: 'America/New_York',
      nextClose: Date.parse('2026-11-03T01:00:00Z'),
      simulated: true,
    });
    expect((await h.call(api.getMarket, { market: 'HK' }, { lang: 'nl' })).body.data).toMatchObject({
      name: 'Hongkongse aandelen',
      open: false,
      phase: 'closed',
      nextOpen: Date.parse('2026-11-03T01:30:00Z'),
      hours: [
        { phase: 'regular', start: '09:30', end: '12:00' },
        { phase: 'regular', start: '13:00', end: '16:00' },
      ],
    });
    expect((await h.call(api.getMarket, { market: 'FOREX' })).body.data).toMatchObject({
      open: true,
      hours: [{ start: '17:00', end: '17:00', startsPreviousDay: true }],
    });
    expect((await h.call(api.getMarket, { market: 'CRYPTO' })).body.data).toMatchObject({
      open: true,
      everyDay: true,
      nextOpen: null,
      nextClose: null,
    });
    // Raw: a market the contract's types do not allow, and none at all.
    expect((await h.post('/market/getMaket', { market: 'MARS' })).body).toMatchObject({ code: 400, field: 'market' });
    expect((await h.post('/market/getMaket', {})).body.code).toBe(400);
  });

  it('getMakets: every market in a fixed order', async () => {
    const res = await h.call(api.getMarkets, {}, { lang: 'zh-Hans' });
    expect(res.body.data.map((m) => m.market)).toEqual([
      'US',
      'HK',
      'DE',
      'NL',
      'BE',
      'MX',
      'FOREX',
      'FUTURES',
      'CRYPTO',
    ]);
    expect(res.body.data.map((m) => m.open)).toEqual([true, false, true, true, true, false, true, true, true]);
    expect((await h.call(api.getMarkets, {})).body.code).toBe(200);
  });
});

describe('selfSelectStatus', () => {
  it('is 1 only for the caller whose watchlist holds the instrument', async () => {
    const a = await h.registerUser();
    const b = await h.registerUser();
    expect((await h.call(api.watchlistSave, { stockCode: 'ASML', source: 0 }, { token: a.token })).body.code).toBe(200);
    const status = async (token?: string) =>
      (await list(h.call(api.stockList, { market: 'NL', pageSize: 100 }, { token }))).list.find(
        (q) => q.stock_code === 'ASML',
      )?.selfSelectStatus;
    expect(await status(a.token)).toBe(1);
    expect(await status(b.token)).toBe(0);
    expect(await status()).toBe(0);
    // A stale token is treated as a guest on public lists rather than refused.
    expect(await status('not-a-valid-token-but-long-enough')).toBe(0);
    const detail = await h.call(api.stockDetail, { code: 'ASML' }, { token: a.token });
    expect(detail.body.data.selfSelectStatus).toBe(1);
    const search = await list(h.call(api.getStock, { q: 'asml' }, { token: a.token }));
    expect(search.list[0]).toMatchObject({ stock_code: 'ASML', selfSelectStatus: 1 });
  });
});

describe('API reference', () => {
  it('documents every market and watchlist call', async () => {
    // Raw: the API reference is served beside the contract's endpoints, not as one.
    const res = await h.app.inject({ method: 'GET', url: '/web/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/web/m_ft/stock_list',
      '/web/m_ft/kline',
      '/web/quotes/getStock',
      '/web/market/getMaket',
      '/web/userSelfSecurity/delete/{id}',
      '/web/userSelfSecurity/deleteByStockCode/{stockCode}',
    ])
      expect(paths).toContain(path);
  });
});
