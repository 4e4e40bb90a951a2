/**
 * The crypto market (source 100) and the robot products on the real app and database. The harness clock stands at
 * Monday 2026-11-02 10:00 UTC; a second harness starts on a Sunday, when only crypto trades.
 */
import { robots as api, market } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const CRYPTO = ['BTCUSD', 'ETHUSD', 'SOLUSD', 'BNBUSD', 'XRPUSD', 'ADAUSD', 'DOGEUSD', 'LTCUSD', 'DOTUSD', 'AVAXUSD'];

describe('the crypto market (/crypto/quantify_list, stock_detail_ft, kline)', () => {
  it('lists every pair in USD, open, with the quote fields of the other markets', async () => {
    const res = await h.call(market.cryptoList, { pageSize: 50 });
    expect(res.body.code).toBe(200);
    const page = res.body.data;
    expect(page.total).toBe(CRYPTO.length);
    expect(page.list.map((q) => q.stock_code).sort()).toEqual([...CRYPTO].sort());
    for (const q of page.list) {
      expect(q).toMatchObject({
        key: `100:${q.stock_code}`,
        source: 100,
        kind: 'crypto',
        market: 'CRYPTO',
        currency: 'USD',
        currencySymbol: '$',
        classify: null,
        marketOpen: true,
        phase: 'regular',
      });
      expect(Number(q.bid)).toBeLessThan(Number(q.ask));
      expect(q.fall).toBe(Number(q.change) < 0);
    }
    // Sorted by change, highest first, like the other lists.
    const sorted = (await h.call(market.cryptoList, { sort: 'change_ratio', pageSize: 50 })).body.data.list;
    const ratios = sorted.map((q) => Number(q.change_ratio));
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
  });

  it('answers a pair as the market calls do, and 404 for a code that is not a pair', async () => {
    const detail = await h.call(market.cryptoDetail, { code: 'btcusd' });
    const general = await h.call(market.stockDetail, { code: 'BTCUSD', source: 100 });
    expect(detail.body.data).toEqual(general.body.data);
    expect(detail.body.data).toMatchObject({ stock_code: 'BTCUSD', name: 'Bitcoin' });
    expect((await h.call(market.cryptoDetail, { code: 'BTCUSD' }, { lang: 'zh-Hans' })).body.data.name).toBe('比特币');
    // AAPL is a stock, not a pair: the crypto paths look at source 100 only.
    for (const code of ['AAPL', 'NOPE']) {
      expect((await h.call(market.cryptoDetail, { code })).body.code).toBe(404);
      expect((await h.call(market.cryptoKline, { code })).body.code).toBe(404);
    }
    expect((await h.get('/crypto/kline?code=BTCUSD&range=5Y')).body).toMatchObject({ code: 400, field: 'range' });
    expect((await h.get('/crypto/stock_detail_ft')).body).toMatchObject({ code: 400, field: 'code' });
  });

  it('draws the same candles as /m_ft/kline, a bar for every minute of the day so far (crypto never closes)', async () => {
    const candles = (await h.call(market.cryptoKline, { code: 'ETHUSD', range: 'intraday' })).body.data;
    const same = (await h.call(market.kline, { code: 'ETHUSD', source: 100, range: 'intraday' })).body.data;
    expect(candles).toEqual(same);
    // 10:00 UTC: a bar for every minute since 00:00 UTC, the current minute's included: 00:00 to 10:00 is 601.
    expect(candles.candles.length).toBe(601);
    expect(candles.candles.at(-1)?.time).toBe(Date.parse('2026-11-02T10:00:00Z'));
    expect(candles.candles[0]?.time).toBe(Date.parse('2026-11-02T00:00:00Z'));
    const week = (await h.call(market.cryptoKline, { code: 'ETHUSD', range: '1W' })).body.data.candles;
    // Seven calendar days, weekend included: six whole days of 48 half-hour bars (27 Oct to 1 Nov) and today's 21
    // (00:00 to 10:00): 6 x 48 + 21 = 309.
    expect(week.length).toBe(309);
    expect(week[0]?.time).toBe(Date.parse('2026-10-27T00:00:00Z'));
  });

  it('is found by search: "BTC" finds Bitcoin first, and kind=crypto keeps only pairs', async () => {
    const btc = (await h.call(market.getStock, { q: 'BTC' })).body.data.list;
    expect(btc[0]).toMatchObject({ stock_code: 'BTCUSD', source: 100, kind: 'crypto' });
    const eth = (await h.call(market.getStock, { q: 'ethereum' })).body.data.list;
    expect(eth[0]?.stock_code).toBe('ETHUSD');
    const onlyCrypto = (await h.call(market.getStock, { q: 'usd', kind: 'crypto', pageSize: 50 })).body.data.list;
    expect(onlyCrypto.length).toBe(CRYPTO.length);
    expect(onlyCrypto.every((q) => q.kind === 'crypto')).toBe(true);
  });
});

describe('the crypto market on a Sunday', () => {
  const SUNDAY = '2026-11-08T12:00:00Z';
  let sunday: Harness;
  let otherNode: Harness;
  beforeAll(async () => {
    sunday = await createHarness({ startAt: SUNDAY });
    otherNode = await createHarness({ startAt: SUNDAY });
  });

  it('gives the same prices on another node at the same instant (one seed, no state)', async () => {
    const a = (await sunday.call(market.cryptoList, { pageSize: 50 })).body.data.list;
    const b = (await otherNode.call(market.cryptoList, { pageSize: 50 })).body.data.list;
    expect(a.map((q) => [q.stock_code, q.price_nominal])).toEqual(b.map((q) => [q.stock_code, q.price_nominal]));
    const candles = await sunday.call(market.cryptoKline, { code: 'SOLUSD', range: '1D' });
    expect((await otherNode.call(market.cryptoKline, { code: 'SOLUSD', range: '1D' })).body).toEqual(candles.body);
  });

  it('trades around the clock every day while the stock markets rest', async () => {
    const btc = (await sunday.call(market.cryptoDetail, { code: 'BTCUSD' })).body.data;
    expect(btc).toMatchObject({ marketOpen: true, tradingDay: '2026-11-08' });
    const aapl = (await sunday.call(market.stockDetail, { code: 'AAPL', source: 0 })).body.data;
    expect(aapl.marketOpen).toBe(false);
    const status = (await sunday.call(market.getMarket, { market: 'CRYPTO' })).body.data;
    expect(status).toMatchObject({ open: true, everyDay: true, nextOpen: null, nextClose: null });
    // The price moves minute by minute on a Sunday night too: 21 readings 37 minutes apart, 21 prices.
    const prices = new Set<string>([btc.price_nominal]);
    for (let i = 1; i <= 20; i++) {
      sunday.clock.advance(37 * 60_000);
      const q = (await sunday.call(market.cryptoDetail, { code: 'BTCUSD' })).body.data;
      expect(q.marketOpen).toBe(true);
      prices.add(q.price_nominal);
    }
    expect(prices.size).toBe(21);
  });
});

describe('robot products (/robot/pageList)', () => {
  it('publishes each robot with its rule, pairs, prices and limits, to guests too', async () => {
    const res = await h.call(api.robotPageList, { page: 1, pageSize: 20 });
    expect(res.body.code).toBe(200);
    const list = res.body.data.list;
    expect(res.body.data.total).toBe(3);
    const pairs = new Set(CRYPTO);
    for (const robot of list) {
      expect(api.ROBOT_STRATEGIES).toContain(robot.strategy);
      expect(robot).toMatchObject({ currency: 'USD', walletType: 'US_STOCK' });
      expect(robot.pairs.length).toBeGreaterThan(0);
      for (const pair of robot.pairs) expect(pairs.has(pair), pair).toBe(true);
      // Rented for a cycle at a price, or bought: at least one of the two, each complete.
      expect(robot.rentPrice !== null || robot.buyPrice !== null).toBe(true);
      expect(robot.rentPrice === null).toBe(robot.rentCycleDays === null);
      expect(Number(robot.minAllocation)).toBeGreaterThan(0);
      expect(Number(robot.minAllocation)).toBeLessThan(Number(robot.maxAllocation));
      if (robot.strategy === 'grid') expect(Number(robot.gridStepPercent)).toBeGreaterThan(0);
      else expect(robot.intervalHours).toBeGreaterThan(0);
    }
    // The published terms as docs/strategies.md "Trading robots" states them.
    expect(
      list.map((r) => [
        r.id,
        r.code,
        r.strategy,
        r.pairs.join(' '),
        r.gridStepPercent,
        r.levels,
        r.intervalHours,
        r.rentCycleDays,
        r.rentPrice,
        r.buyPrice,
        r.minAllocation,
        r.maxAllocation,
        r.open,
      ]),
    ).toEqual([
      [1, 'GRID-BTC', 'grid', 'BTCUSD ETHUSD', '0.500', 10, null, 30, '9.90', '149.00', '200.00', '20000.00', true],
      [
        2,
        'GRID-ALT',
        'grid',
        'SOLUSD XRPUSD ADAUSD DOGEUSD',
        '1.000',
        8,
        null,
        7,
        '2.90',
        null,
        '100.00',
        '5000.00',
        true,
      ],
      [
        3,
        'DCA-MAJORS',
        'averaging',
        'BTCUSD ETHUSD SOLUSD',
        null,
        12,
        4,
        30,
        '4.90',
        '79.00',
        '120.00',
        '10000.00',
        true,
      ],
    ]);
    expect((await h.call(api.robotPageList, { page: 2, pageSize: 2 })).body.data.list.length).toBe(list.length - 2);
  });
});

describe("a customer's allocation limits (/robot/getMiningQuota)", () => {
  it('needs a login', async () => {
    expect((await h.call(api.robotMiningQuota, {})).body.code).toBe(401);
  });

  it.each([
    // wallet, robot -> remaining: the least of the customer-wide room (50,000), the wallet and the robot's maximum
    ['0.00', undefined, '0.00'],
    ['1234.56', undefined, '1234.56'],
    ['80000.00', undefined, '50000.00'],
    ['80000.00', 1, '20000.00'],
    ['150.00', 2, '150.00'],
  ] as const)('with %s USD in the wallet and robot %s: %s may be allocated', async (wallet, robotId, remaining) => {
    const u = await h.registerUser();
    if (wallet !== '0.00') await h.fund(u.user.id, 'US_STOCK', wallet);
    const quota = (await h.call(api.robotMiningQuota, robotId ? { robotId } : {}, { token: u.token })).body.data;
    expect(quota).toMatchObject({
      currency: 'USD',
      walletType: 'US_STOCK',
      available: wallet,
      maxAllocation: api.ROBOT_CUSTOMER_MAX_ALLOCATION,
      maxActive: api.ROBOT_CUSTOMER_MAX_ACTIVE,
      allocated: '0.00',
      active: 0,
      remaining,
    });
    if (robotId === undefined) expect(quota.robot).toBeNull();
  });

  it("says whether a robot can start: not when the room is below the robot's minimum", async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'US_STOCK', '150.00');
    const grid = (await h.call(api.robotPageList, {})).body.data.list.find((r) => r.id === 1);
    const quota = (await h.call(api.robotMiningQuota, { robotId: 1 }, { token: u.token })).body.data;
    expect(quota.robot).toEqual({
      id: 1,
      minAllocation: grid?.minAllocation,
      maxAllocation: grid?.maxAllocation,
      canStart: false,
    });
    expect((await h.call(api.robotMiningQuota, { robotId: 2 }, { token: u.token })).body.data.robot?.canStart).toBe(
      true,
    );
  });

  it('answers 404 for a robot that does not exist, in the language asked', async () => {
    const u = await h.registerUser();
    const res = await h.call(api.robotMiningQuota, { robotId: 999 }, { token: u.token, lang: 'nl' });
    expect(res.body).toMatchObject({ code: 404, msg: 'Er is geen robot #999.' });
    expect((await h.post('/robot/getMiningQuota', { robotId: 'x' }, u.token)).body.code).toBe(400);
  });
});
