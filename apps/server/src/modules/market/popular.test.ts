/**
 * The popular list (/m_ft/popular_list) on the real app and database: counted from real orders and watchlists,
 * by the published rule (popular.ts). The harness clock stands at Monday 2026-11-02 10:00 UTC: Xetra and
 * Euronext trade, forex trades.
 */
import { market as api, trading as tradingApi } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { placeOrder, trader } from '../../../test/trading.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { tradingJobMs: 0 } });
});

const popular = async (token?: string, query: Parameters<typeof h.call<typeof api.popularList>>[1] = {}) => {
  const res = await h.call(api.popularList, query, token ? { token } : {});
  expect(res.body).toMatchObject({ code: 200 });
  return res.body.data;
};
const watch = async (token: string, stockCode: string, source: number) =>
  expect((await h.call(api.watchlistSave, { stockCode, source }, { token })).body).toMatchObject({ code: 200 });
const buyStock = async (token: string, stockCode: string) =>
  expect(
    (await placeOrder(h, tradingApi.stockCreate, { stockCode, direction: 0, quantity: 1 }, { token })).body,
  ).toMatchObject({ code: 200 });
const buyFx = async (token: string, stockCode: string) =>
  expect(
    (await placeOrder(h, tradingApi.crudeCreate, { stockCode, direction: 0, quantity: 1000 }, { token })).body,
  ).toMatchObject({ code: 200 });
/** The counts are shared for a minute: move on one so the next call counts again. */
const nextMinute = () => h.clock.advance(60_000);

describe('popular_list', () => {
  it('falls back to the stated selection while nothing is counted, and says so', async () => {
    const page = await popular();
    expect(page.origin).toBe('fallback');
    expect(page.windowDays).toBe(30);
    expect(page.list.map((q) => q.key)).toEqual([
      '0:AAPL',
      '0:NVDA',
      '0:TSLA',
      '11:00700',
      '0:ASML',
      '0:SAP',
      '3:GC',
      '2:EURUSD',
    ]);
  });

  it('ranks by customers who ordered plus customers who watch; ties by orders, then size; tradable only', async () => {
    const u1 = await trader(h);
    const u2 = await trader(h, { FOREX: '1000' });
    const u3 = await trader(h, { FOREX: '1000', BALANCE: '5000' });
    const u4 = await trader(h);
    await watch(u1.token, 'SAP', 0);
    await watch(u1.token, 'EURUSD', 2);
    await watch(u1.token, 'ASML', 0);
    await watch(u1.token, 'SPX', 99); // an index has no order ticket: not counted
    await watch(u2.token, 'SAP', 0);
    await buyFx(u2.token, 'EURUSD');
    await buyFx(u3.token, 'EURUSD');
    await buyFx(u3.token, 'EURUSD'); // the same customer again: one more order, not one more customer
    await buyStock(u3.token, 'ASML');
    // MSFT first, AAPL second: their tie is broken by size (AAPL is larger), not by who came first.
    await watch(u4.token, 'MSFT', 0);
    await watch(u4.token, 'AAPL', 0);
    nextMinute();

    const page = await popular();
    expect(page.origin).toBe('counted');
    // EURUSD 1 watcher + 2 customers ordering = 3; ASML 1 + 1 = 2 with 1 order; SAP 2 + 0 = 2 with no order;
    // AAPL and MSFT 1 each.
    expect(page.list.map((q) => q.key)).toEqual(['2:EURUSD', '0:ASML', '0:SAP', '0:AAPL', '0:MSFT']);
    expect(page.total).toBe(5);

    // The same rows for a customer, with their own watchlist marked.
    const mine = await popular(u1.token);
    expect(mine.list.filter((q) => q.selfSelectStatus === 1).map((q) => q.key)).toEqual([
      '2:EURUSD',
      '0:ASML',
      '0:SAP',
    ]);

    // Removing an item from the watchlist takes its count away.
    expect(
      (await h.call(api.watchlistDeleteByCode, { source: 0 }, { token: u4.token, params: { stockCode: 'MSFT' } })).body,
    ).toMatchObject({ code: 200 });
    nextMinute();
    expect((await popular()).list.map((q) => q.key)).toEqual(['2:EURUSD', '0:ASML', '0:SAP', '0:AAPL']);
  });

  it('pages within the counted rows and refuses a bad page size', async () => {
    const first = await popular(undefined, { pageSize: 2 });
    expect(first.list.map((q) => q.key)).toEqual(['2:EURUSD', '0:ASML']);
    expect((await popular(undefined, { pageSize: 2, page: 2 })).list.map((q) => q.key)).toEqual(['0:SAP', '0:AAPL']);
    expect((await h.get('/m_ft/popular_list?pageSize=0')).body).toMatchObject({ code: 400, field: 'pageSize' });
  });

  it('counts only the last 30 days', async () => {
    h.clock.advance(31 * 86_400_000);
    const page = await popular();
    expect(page.origin).toBe('fallback');
    expect(page.list[0]?.key).toBe('0:AAPL');
  });
});
