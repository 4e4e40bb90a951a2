/**
 * The quote lists answer every caller of a second from one serialised answer per (list, query, language)
 * (quoteList in routes.ts): what each caller sees must be what a fresh answer would be.
 */
import { market as marketApi, type Quote } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ startAt: '2026-11-02T15:00:00.200Z' });
});

interface QuotePage {
  list: Quote[];
  total: number;
}
/** Raw: these tests compare the serialised bytes and headers each caller gets, which the typed call parses away. */
const raw = async (url: string, token?: string, lang = 'en') => {
  const res = await h.app.inject({
    method: 'GET',
    url: `/web${url}`,
    headers: { 'accept-language': lang, ...(token ? { authorization: token } : {}) },
  });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.body;
};
const page = async (url: string, token?: string, lang?: string) =>
  (JSON.parse(await raw(url, token, lang)) as { data: QuotePage }).data;
const selected = (p: QuotePage) => p.list.filter((q) => q.selfSelectStatus === 1).map((q) => q.key);

describe('quote lists answered once per second', () => {
  const url = '/m_ft/stock_list?market=US&pageSize=10';

  it('give concurrent callers of a second the same answer, in their language', async () => {
    const bodies = await Promise.all(Array.from({ length: 8 }, () => raw(url)));
    expect(new Set(bodies).size).toBe(1);
    const en = await page('/m_ft/stock_list?market=HK&pageSize=100');
    const zh = await page('/m_ft/stock_list?market=HK&pageSize=100', undefined, 'zh-Hans');
    expect(zh.list.map((q) => q.price_nominal)).toEqual(en.list.map((q) => q.price_nominal));
    expect(zh.list.map((q) => q.name)).not.toEqual(en.list.map((q) => q.name));
  });

  it("mark the caller's own watchlist, changes included, within the same second", async () => {
    const guest = await page(url);
    const first = guest.list[0]!;
    const user = await h.registerUser();
    expect(selected(await page(url, user.token))).toEqual([]);
    await h.call(marketApi.watchlistSave, { stockCode: first.stock_code, source: first.source }, { token: user.token });
    const mine = await page(url, user.token);
    expect(selected(mine)).toEqual([first.key]);
    // Apart from that flag, the same answer as the guest's; and the guest's is untouched.
    expect(mine.list.map((q) => ({ ...q, selfSelectStatus: 0 }))).toEqual(guest.list);
    expect(selected(await page(url))).toEqual([]);
    await h.call(
      marketApi.watchlistDeleteByCode,
      { source: first.source },
      { token: user.token, params: { stockCode: first.stock_code } },
    );
    expect(selected(await page(url, user.token))).toEqual([]);
  });

  it('move on with the clock: the next second is quoted afresh', async () => {
    const before = await page(url);
    h.clock.advance(1000);
    const after = await page(url);
    expect(after.list[0]!.time).toBe(before.list[0]!.time + 1000);
  });
});
