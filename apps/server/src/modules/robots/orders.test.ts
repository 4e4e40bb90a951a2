/**
 * Robot orders on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC; docs/strategies.md
 * "Robot orders"): create within the limits at their edges (translated refusals change nothing), idempotent; the
 * book stepped by the strategies job's pass gives the trades of a pure replay of the engine, with two passes at
 * once and a restart; statuses 1-6 from the lifecycle (5 when too little is left to trade); the event log and the
 * equity curve; two redeems at once pay once; a rent's cycle end pays once; another customer's robot answers 404;
 * the robots account and the wallet reconcile with the ledger to the cent.
 */
import { randomUUID } from 'node:crypto';
import { robots as api, auth as authApi, Decimal } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { createSimulator } from '../../market/index.js';
import { allInstruments } from '../../market/instruments/index.js';
import { users } from '../../platform/db/schema.js';
import { advance, createStrategyJob, newBook, simulatorSource } from '../strategies/index.js';
import { robotParams, robotStatusOf } from './orders.js';
import { robotProductById } from './products.js';
import { robotBookPass } from './routes.js';
import { robotOrders } from './schema.js';

const PAY = '246802';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const job = () => createStrategyJob(h.deps, [robotBookPass(h.deps)]);

async function customer(money = '0', kyc = true) {
  const u = await h.registerUser();
  if (kyc) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  if (money !== '0') await h.fund(u.user.id, 'US_STOCK', money);
  return u;
}
const wallet = async (token: string) => (await h.balance(token, 'US_STOCK'))?.balance ?? '0.00';

const create = (
  token: string,
  body: Partial<{ robotId: number; term: 'rent' | 'buy'; pair: string; amount: string; price: string }> = {},
  extra: { key?: string; lang?: string } = {},
) =>
  h.call(
    api.robotOrderCreate,
    { robotId: 1, term: 'rent', pair: 'BTCUSD', amount: '1000', payPassword: PAY, ...body },
    { token, key: extra.key ?? randomUUID(), ...(extra.lang ? { lang: extra.lang } : {}) },
  );

/** The robots account's balance and the allocations of the robots not ended. */
async function books() {
  const { rows } = await h.db.execute<{ account: string; held: string }>(sql`
    select
      (select coalesce(sum(p.amount), 0)::numeric(24, 2)::text from ledger_postings p
        join ledger_accounts a on a.id = p.account_id where a.system = 'robots') as account,
      (select coalesce(sum(allocation), 0)::numeric(24, 2)::text from robot_orders where status < 6) as held`);
  return rows[0];
}

describe('renting or buying a robot (/robotOrder/create)', () => {
  it('allocates within the limits at their edges, from the wallet through the ledger; refusals change nothing', async () => {
    const u = await customer('60000.00');
    const refused: [Parameters<typeof create>[1], string][] = [
      [{ amount: '199.99' }, 'robotAllocationRange'],
      [{ amount: '20000.01' }, 'robotAllocationRange'],
      [{ robotId: 2, term: 'buy', pair: 'SOLUSD', amount: '100' }, 'robotTermUnavailable'],
      [{ pair: 'SOLUSD' }, 'robotPairNotTraded'],
      [{ price: '9.80' }, 'robotPriceChanged'],
    ];
    for (const [body, reason] of refused) {
      const res = await create(u.token, body);
      expect(res.body, reason).toMatchObject({ code: 422, reason });
    }
    expect((await create(u.token, { amount: '199.99' }, { lang: 'nl' })).body.msg).toBe(
      'GRID-BTC krijgt 200,00 tot 20.000,00 USD. Er is niets gestart.',
    );
    expect(await wallet(u.token)).toBe('60000.00');

    const min = await create(u.token, { amount: '200.00', price: '9.90' });
    expect(min.body.code).toBe(200);
    expect(min.body.data).toMatchObject({
      robotId: 1,
      code: 'GRID-BTC',
      strategy: 'grid',
      pair: 'BTCUSD',
      term: 'rent',
      cycleDays: 30,
      price: '9.90',
      allocation: '200.00',
      value: '200.00',
      income: '0.00',
      incomeRatio: '0.000',
      status: 1,
      trades: 0,
      startTimeStamp: Date.parse('2026-11-02T11:00:00Z'),
      endTimeStamp: Date.parse('2026-12-02T11:00:00Z'),
      paidOut: null,
    });
    expect(await wallet(u.token)).toBe('59790.10');
    const max = await create(u.token, { amount: '20000.00', term: 'buy', price: '149.00' });
    expect(max.body.data).toMatchObject({ term: 'buy', cycleDays: null, endTimeStamp: null, price: '149.00' });
    // 20,200 held: 29,800 left of the customer-wide 50,000.
    expect((await create(u.token, { amount: '20000.00' })).body.code).toBe(200);
    const over = await create(u.token, { robotId: 3, pair: 'ETHUSD', amount: '9800.01' });
    expect(over.body).toMatchObject({ code: 422, reason: 'robotQuotaExceeded' });
    expect((await create(u.token, { robotId: 3, pair: 'ETHUSD', amount: '9800.00' })).body.code).toBe(200);
    const quota = (await h.call(api.robotMiningQuota, {}, { token: u.token })).body.data;
    expect(quota).toMatchObject({ allocated: '50000.00', active: 4, remaining: '0.00' });
    expect(await books()).toEqual({ account: '50000.00', held: '50000.00' });
  });

  it('runs at most 5 robots, needs identity verification and the money, and replays an idempotent create', async () => {
    const u = await customer('5000.00');
    const key = randomUUID();
    const first = await create(u.token, { robotId: 2, pair: 'XRPUSD', amount: '100' }, { key });
    const again = await create(u.token, { robotId: 2, pair: 'XRPUSD', amount: '100' }, { key });
    expect(again.body).toEqual(first.body);
    expect(await wallet(u.token)).toBe('4897.10');
    for (let i = 0; i < 4; i++)
      expect((await create(u.token, { robotId: 2, pair: 'ADAUSD', amount: '100' })).body.code).toBe(200);
    expect((await create(u.token, { robotId: 2, pair: 'ADAUSD', amount: '100' })).body).toMatchObject({
      code: 422,
      reason: 'robotTooMany',
    });
    const poor = await customer('150.00');
    expect((await create(poor.token, { amount: '200' })).body.code).toBe(422);
    expect(await wallet(poor.token)).toBe('150.00');
    const unverified = await customer('1000.00', false);
    expect((await create(unverified.token, { amount: '200' })).body.reason).toBe('kycRequired');
  });
});

describe('a robot at work', () => {
  it('trades its allocation with the engine, as a pure replay does, through two passes at once and a restart', async () => {
    const u = await customer('2000.00');
    const order = (await create(u.token, { robotId: 2, pair: 'DOGEUSD', amount: '1000' })).body.data;
    expect(order.status).toBe(1);
    // The first tick (11:00): the grid's levels placed around the price.
    h.clock.advance(HOUR);
    await job().runOnce();
    expect((await h.call(api.robotOrderDetail, { id: order.id }, { token: u.token })).body.data.status).toBe(2);
    // Three days, half in one pass, then two passes at once from that checkpoint.
    h.clock.advance(36 * HOUR);
    await job().runOnce();
    h.clock.advance(36 * HOUR);
    await Promise.all([job().runUnlocked(), job().runUnlocked()]);
    const now = h.clock.now().getTime();

    const product = robotProductById(2);
    if (!product) throw new Error('no robot 2');
    const params = robotParams(product, 'DOGEUSD', new Decimal('1000'));
    const source = simulatorSource(createSimulator({ seed: h.config.marketSeed, instruments: allInstruments }));
    const pure = advance(params, newBook(params, order.startTimeStamp), now, source);
    const [row] = await h.db.select().from(robotOrders).where(eq(robotOrders.id, order.id));
    expect(row?.book).toEqual(pure.book);
    expect(pure.trades.length).toBeGreaterThan(0);

    const detail = (await h.call(api.robotOrderDetail, { id: order.id }, { token: u.token })).body.data;
    const value = pure.navs.at(-1)?.value ?? '';
    expect(detail).toMatchObject({ status: 4, trades: pure.trades.length, value: new Decimal(value).toFixed(2) });
    expect(detail.income).toBe(new Decimal(value).minus(1000).toFixed(2));
    expect(detail.incomeRatio).toBe(new Decimal(value).minus(1000).div(10).toFixed(3));

    const curve = (await h.call(api.robotKline, { orderId: order.id }, { token: u.token })).body.data;
    expect(curve.points.length).toBe(pure.navs.length);
    expect(curve.points.at(-1)).toEqual({ time: now - (now % HOUR), value: detail.value });

    const log = (await h.call(api.robotMessages, {}, { token: u.token, params: { orderId: order.id } })).body.data;
    expect(log.list.length).toBe(Math.min(20, log.total));
    // Its fills and its state changes: 1, 2, then 4 (or 3 first when no order filled at the second tick).
    expect(log.total - pure.trades.length).toBeGreaterThanOrEqual(3);
    expect(log.total - pure.trades.length).toBeLessThanOrEqual(4);
    const oldest = log.list.at(-1);
    expect(log.list[0]?.seq).toBe(log.total);
    if (log.total <= 20) expect(oldest).toMatchObject({ kind: 'status', status: 1 });
    expect(log.list.filter((e) => e.kind === 'filled').every((e) => e.side && e.price && e.quantity)).toBe(true);
  });

  it('stops at status 5 when too little is left to trade, and ends with what is left', async () => {
    const u = await customer('500.00');
    const order = (await create(u.token, { robotId: 1, term: 'buy', amount: '200' })).body.data;
    h.clock.advance(HOUR);
    await job().runOnce();
    // A book whose money is gone down to 0.50 (as a long losing run would leave it): it cannot place an order.
    const [row] = await h.db.select().from(robotOrders).where(eq(robotOrders.id, order.id));
    if (!row) throw new Error('no row');
    const book = { ...row.book, cash: '0.50', positions: {} };
    expect(robotStatusOf(book, row.startAt.getTime())).toBe(5);
    await h.db.update(robotOrders).set({ book }).where(eq(robotOrders.id, order.id));
    h.clock.advance(HOUR);
    await job().runOnce();
    const stopped = (await h.call(api.robotOrderDetail, { id: order.id }, { token: u.token })).body.data;
    expect(stopped).toMatchObject({ status: 5, value: '0.50', income: '-199.50' });
    const log = (await h.call(api.robotMessages, {}, { token: u.token, params: { orderId: order.id } })).body.data;
    expect(log.list[0]).toMatchObject({ kind: 'status', status: 5 });
    // No step after status 5.
    h.clock.advance(5 * HOUR);
    await job().runOnce();
    const [still] = await h.db.select().from(robotOrders).where(eq(robotOrders.id, order.id));
    expect(still?.book).toEqual(book);
    const ended = (await h.call(api.robotOrderRedeem, { id: order.id }, { token: u.token })).body.data;
    expect(ended).toMatchObject({ status: 6, paidOut: '0.50', income: '-199.50' });
    expect(await wallet(u.token)).toBe(new Decimal(500).minus(200).minus(149).plus('0.50').toFixed(2));
  });
});

describe('ending a robot', () => {
  it('pays two redeems at once once, to the cent, and answers another customer 404', async () => {
    const u = await customer('1000.00');
    const order = (await create(u.token, { robotId: 3, pair: 'SOLUSD', amount: '600', term: 'buy' })).body.data;
    h.clock.advance(30 * HOUR);
    await job().runOnce();
    const other = await customer();
    for (const res of [
      await h.call(api.robotOrderDetail, { id: order.id }, { token: other.token }),
      await h.call(api.robotOrderRedeem, { id: order.id }, { token: other.token }),
      await h.call(api.robotKline, { orderId: order.id }, { token: other.token }),
      await h.call(api.robotMessages, {}, { token: other.token, params: { orderId: order.id } }),
    ]) {
      expect(res.body.code).toBe(404);
    }
    expect((await h.call(api.robotOrderPageList, {}, { token: other.token })).body.data.total).toBe(0);

    h.clock.advance(20 * 60_000);
    const [a, b] = await Promise.all([
      h.call(api.robotOrderRedeem, { id: order.id }, { token: u.token }),
      h.call(api.robotOrderRedeem, { id: order.id }, { token: u.token }),
    ]);
    expect(a.body.data).toEqual(b.body.data);
    const ended = a.body.data;
    expect(ended.status).toBe(6);
    expect(ended.paidOut).toBe(ended.value);
    expect(ended.trades).toBeGreaterThan(0);
    expect(await wallet(u.token)).toBe(new Decimal(1000).minus(600).minus(79).plus(ended.value).toFixed(2));
    const { rows } = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where type = 'robotPayout' and reference = ${`robot:${order.id}`}`,
    );
    expect(rows[0]?.n).toBe(1);
    const page = (await h.call(api.robotOrderPageList, { ended: true }, { token: u.token })).body.data;
    expect(page.list.map((o) => o.id)).toEqual([order.id]);
    const robotsAccount = await books();
    expect(robotsAccount?.account).toBe(robotsAccount?.held);
  });

  it("pays a rent at its cycle's end once, with two jobs at once", async () => {
    const u = await customer('300.00');
    const order = (await create(u.token, { robotId: 2, pair: 'SOLUSD', amount: '250' })).body.data;
    h.clock.advance(8 * DAY);
    const runs = await Promise.all([job().runUnlocked(), job().runUnlocked()]);
    expect(runs.reduce((s, r) => s + r.paid, 0)).toBeGreaterThanOrEqual(1);
    const ended = (await h.call(api.robotOrderDetail, { id: order.id }, { token: u.token })).body.data;
    expect(ended).toMatchObject({ status: 6, updatedTimeStamp: order.endTimeStamp });
    expect(await wallet(u.token)).toBe(
      new Decimal(300)
        .minus(250)
        .minus('2.90')
        .plus(ended.paidOut ?? 0)
        .toFixed(2),
    );
    const { rows } = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where type = 'robotPayout' and reference = ${`robot:${order.id}`}`,
    );
    expect(rows[0]?.n).toBe(1);
    const b = await books();
    expect(b?.account).toBe(b?.held);
  });
});
