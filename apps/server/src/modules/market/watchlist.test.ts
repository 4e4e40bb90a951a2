/** The watchlist (userSelfSecurity) on the real app and database. */
import { market as api, type RequestOf } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { watchlistItems } from './schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

type ListQuery = RequestOf<typeof api.watchlist>;
const items = async (token: string, query: ListQuery = {}) => {
  const res = await h.call(api.watchlist, query, { token });
  expect(res.body.code).toBe(200);
  return res.body.data;
};
const keys = async (token: string, query: ListQuery = {}) => (await items(token, query)).list.map((i) => i.key);
const save = (token: string, stockCode: string, source?: number) =>
  h.call(api.watchlistSave, { stockCode, ...(source !== undefined ? { source } : {}) }, { token });

describe('watchlist', () => {
  it('needs a login', async () => {
    expect((await h.call(api.watchlist, {})).status).toBe(401);
    expect((await h.call(api.watchlistSave, { stockCode: 'AAPL', source: 0 })).status).toBe(401);
    expect((await h.call(api.watchlistSort, { ids: [1] })).status).toBe(401);
  });

  it('saves an instrument once, however often it is saved, and lists it with its live quote', async () => {
    const u = await h.registerUser();
    const first = await save(u.token, 'aapl', 0);
    expect(first.body).toMatchObject({
      code: 200,
      data: { stock_code: 'AAPL', source: 0, key: '0:AAPL', selfSelectStatus: 1, name: 'Apple Inc.' },
    });
    const again = await save(u.token, 'AAPL', 0);
    expect(again.body.data.id).toBe(first.body.data.id);
    const page = await items(u.token);
    expect(page.total).toBe(1);
    const detail = (await h.call(api.stockDetail, { code: 'AAPL' }, { token: u.token })).body.data;
    expect(page.list[0]).toMatchObject({
      id: first.body.data.id,
      price_nominal: detail.price_nominal,
      selfSelectStatus: 1,
      createTimeTimestamp: h.clock.now().getTime(),
    });
  });

  it('refuses unknown instruments (404) and malformed ones (400)', async () => {
    const u = await h.registerUser();
    expect((await save(u.token, 'NOPE', 0)).body).toMatchObject({ code: 404, data: null });
    expect((await save(u.token, 'AAPL', 11)).status).toBe(404);
    expect((await save(u.token, 'AAPL', 7)).body).toMatchObject({ code: 400, field: 'source' });
    expect((await h.call(api.watchlistSave, { stockCode: '' }, { token: u.token })).body).toMatchObject({
      code: 400,
      field: 'stockCode',
    });
    expect(await keys(u.token)).toEqual([]);
  });

  it('a code without a source is the stock first; the same code in two markets is two items', async () => {
    const u = await h.registerUser();
    expect((await save(u.token, 'NG')).body.data.source).toBe(0);
    expect((await save(u.token, 'NG', 3)).body.data.kind).toBe('future');
    expect((await items(u.token)).total).toBe(2);
    expect(await keys(u.token, { source: 3 })).toEqual(['3:NG']);
  });

  it('puts new items on top; sort reorders, items left out follow in their order', async () => {
    const u = await h.registerUser();
    const aapl = (await save(u.token, 'AAPL', 0)).body.data.id;
    const sap = (await save(u.token, 'SAP', 0)).body.data.id;
    const gc = (await save(u.token, 'GC', 3)).body.data.id;
    const hsi = (await save(u.token, 'HSI', 99)).body.data.id;
    expect(await keys(u.token)).toEqual(['99:HSI', '3:GC', '0:SAP', '0:AAPL']);

    expect((await h.call(api.watchlistSort, { ids: [aapl, hsi, gc, sap] }, { token: u.token })).body.code).toBe(200);
    expect(await keys(u.token)).toEqual(['0:AAPL', '99:HSI', '3:GC', '0:SAP']);

    expect((await h.call(api.watchlistSort, { ids: [sap] }, { token: u.token })).body.code).toBe(200);
    expect(await keys(u.token)).toEqual(['0:SAP', '0:AAPL', '99:HSI', '3:GC']);

    expect((await h.call(api.watchlistSort, { ids: [sap, sap] }, { token: u.token })).body).toMatchObject({
      code: 400,
    });
    expect((await h.call(api.watchlistSort, { ids: [] }, { token: u.token })).body.code).toBe(400);
    expect((await h.call(api.watchlistSort, { ids: [sap, 99_999_999] }, { token: u.token })).status).toBe(404);
    expect(await keys(u.token)).toEqual(['0:SAP', '0:AAPL', '99:HSI', '3:GC']);

    // Pages follow the order too.
    const second = await items(u.token, { page: 2, pageSize: 3 });
    expect(second).toMatchObject({ total: 4, list: [{ key: '3:GC' }] });
  });

  it("deletes by id (only one's own) and by code, with or without a source", async () => {
    const u = await h.registerUser();
    const other = await h.registerUser();
    const aapl = (await save(u.token, 'AAPL', 0)).body.data.id;
    await save(u.token, 'NG', 0);
    await save(u.token, 'NG', 3);
    await save(u.token, 'EURUSD', 2);

    expect((await h.call(api.watchlistDelete, {}, { token: other.token, params: { id: aapl } })).status).toBe(404);
    expect((await h.call(api.watchlistDelete, {}, { token: u.token, params: { id: aapl } })).body).toMatchObject({
      code: 200,
      data: { ok: true },
    });
    expect((await h.call(api.watchlistDelete, {}, { token: u.token, params: { id: aapl } })).status).toBe(404);
    expect((await h.call(api.watchlistDelete, {}, { token: u.token, params: { id: 'abc' } })).status).toBe(400);

    const removeFuture = await h.call(
      api.watchlistDeleteByCode,
      { source: 3 },
      { token: u.token, params: { stockCode: 'ng' } },
    );
    expect(removeFuture.body.data).toEqual({ removed: 1 });
    expect(await keys(u.token)).toEqual(['2:EURUSD', '0:NG']);
    await save(u.token, 'NG', 3);
    expect(
      (await h.call(api.watchlistDeleteByCode, {}, { token: u.token, params: { stockCode: 'NG' } })).body.data,
    ).toEqual({ removed: 2 });
    expect(
      (await h.call(api.watchlistDeleteByCode, {}, { token: u.token, params: { stockCode: 'NG' } })).body.data,
    ).toEqual({ removed: 0 });
    // Another user's code delete touches only their own list.
    await save(other.token, 'EURUSD', 2);
    expect(
      (await h.call(api.watchlistDeleteByCode, {}, { token: other.token, params: { stockCode: 'EURUSD' } })).body.data,
    ).toEqual({
      removed: 1,
    });
    expect(await keys(u.token)).toEqual(['2:EURUSD']);
  });

  it(`holds at most ${api.WATCHLIST_MAX} items`, async () => {
    const u = await h.registerUser();
    await h.db.insert(watchlistItems).values(
      Array.from({ length: api.WATCHLIST_MAX }, (_, i) => ({
        userId: u.user.id,
        source: 0,
        code: `FILL${i}`,
        sort: i,
      })),
    );
    const res = await save(u.token, 'AAPL', 0);
    expect(res.body).toMatchObject({ code: 422, reason: 'watchlistFull' });
    expect(res.body.msg).toContain(String(api.WATCHLIST_MAX));
    // Rows whose instrument is unknown are skipped in the list rather than failing it.
    expect((await items(u.token)).list).toEqual([]);
  });

  it('concurrent saves of one instrument keep one item', async () => {
    const u = await h.registerUser();
    const answers = await Promise.all(Array.from({ length: 8 }, () => save(u.token, 'TSLA', 0)));
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect((await items(u.token)).total).toBe(1);
  });
});

describe('lists built on the watchlist', () => {
  it('home_custom_list: the watchlist in order for its owner, a suggested selection otherwise', async () => {
    const guest = await h.call(api.homeCustomList, {});
    expect(guest.body.data).toMatchObject({ origin: 'suggested', total: 8 });
    expect(guest.body.data.list.every((q) => q.selfSelectStatus === 0)).toBe(true);

    const u = await h.registerUser();
    const empty = await h.call(api.homeCustomList, {}, { token: u.token });
    expect(empty.body.data.origin).toBe('suggested');
    await save(u.token, 'ASML', 0);
    await save(u.token, 'GC', 3);
    const mine = await h.call(api.homeCustomList, {}, { token: u.token });
    expect(mine.body.data).toMatchObject({ origin: 'watchlist', total: 2 });
    expect(mine.body.data.list.map((q) => [q.key, q.selfSelectStatus])).toEqual([
      ['3:GC', 1],
      ['0:ASML', 1],
    ]);
  });

  it("futures_opt_list: the caller's watchlisted futures; empty for guests", async () => {
    expect((await h.call(api.futuresOptList, {})).body.data).toMatchObject({ total: 0, list: [] });
    const u = await h.registerUser();
    await save(u.token, 'CL', 3);
    await save(u.token, 'AAPL', 0);
    await save(u.token, 'SI', 3);
    const res = await h.call(api.futuresOptList, {}, { token: u.token });
    expect(res.body.data.list.map((q) => q.stock_code)).toEqual(['SI', 'CL']);
    expect(res.body.data.list.every((q) => q.selfSelectStatus === 1 && q.kind === 'future')).toBe(true);
  });
});
