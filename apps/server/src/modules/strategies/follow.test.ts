/**
 * Strategies and copy trading on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC): the
 * job replays every book from 1 Sep, two jobs at once and a restart giving the rows a single pure replay gives;
 * the institutions' figures come from those rows; a follow is placed from the FOLLOW wallet through the ledger
 * (limits at their edges, idempotent, racing adds never overdraw, translated refusals change nothing), its value
 * moves with the NAV, and at its term's end it is paid once (two jobs at once) with the fee above the high-water mark
 * to the cent; another customer's follow answers 404; the follows account holds what the running follows put in.
 */
import { randomUUID } from 'node:crypto';
import { auth as authApi, Decimal, follow, inbox as inboxApi, wallet as walletApi } from '@beurs/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { createSimulator } from '../../market/index.js';
import { allInstruments } from '../../market/instruments/index.js';
import { users } from '../../platform/db/schema.js';
import { DEMO_STRATEGIES, QUANT_STRATEGIES } from './catalogue.js';
import { newBook } from './engine.js';
import { feeDates, followSettlement } from './fees.js';
import { createStrategyJob } from './job.js';
import { advance, simulatorSource } from './runner.js';
import { follows, strategies, strategyNavs, strategyTrades } from './schema.js';
import { seedStrategies } from './service.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
  await seedStrategies(h.db, h.clock.now());
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(money = '0', kyc = true) {
  const u = await h.registerUser();
  if (kyc) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  if (money !== '0') await h.fund(u.user.id, 'FOLLOW', money);
  return u;
}
const available = async (token: string) => (await h.balance(token, 'FOLLOW'))?.balance ?? '0.00';

const add = (
  token: string,
  agencyId: number,
  amount: string,
  extra: { key?: string; termDays?: 30 | 90 | 180; performanceFee?: string; lang?: string; payPassword?: string } = {},
) =>
  h.call(
    follow.followAdd,
    {
      agencyId,
      amount,
      termDays: extra.termDays ?? 30,
      payPassword: extra.payPassword ?? PAY,
      ...(extra.performanceFee ? { performanceFee: extra.performanceFee } : {}),
    },
    { token, ...(extra.key ? { key: extra.key } : {}), ...(extra.lang ? { lang: extra.lang } : {}) },
  );

async function agency(code: string, lang?: string) {
  const list = (await h.call(follow.getInvestAgencyList, {}, lang ? { lang } : {})).body.data.list;
  const a = list.find((x) => x.code === code);
  if (!a) throw new Error(`no institution ${code}`);
  return a;
}

/** The follows account's balance and the amounts of the follows running. */
async function books() {
  const { rows } = await h.db.execute<{ account: string; owed: string }>(sql`
    select
      (select coalesce(sum(p.amount), 0)::numeric(24, 2)::text from ledger_postings p
        join ledger_accounts a on a.id = p.account_id where a.system = 'follows') as account,
      (select coalesce(sum(amount), 0)::numeric(24, 2)::text from follows where status = 'running') as owed`);
  return rows[0];
}

describe('the books on the database', () => {
  it('replays from 1 Sep with two jobs at once and a restart, to the rows of one pure replay', async () => {
    // Half way first (a node that stopped), then two jobs at once from the checkpoint to now.
    const now = h.clock.now().getTime();
    h.clock.advance(-30 * DAY);
    await createStrategyJob(h.deps).runOnce();
    h.clock.advance(30 * DAY);
    const results = await Promise.all([
      createStrategyJob(h.deps).runUnlocked(),
      createStrategyJob(h.deps).runUnlocked(),
    ]);
    expect(results.reduce((s, r) => s + r.ticks, 0)).toBe(30 * 24 * (DEMO_STRATEGIES.length + QUANT_STRATEGIES.length));
    // The quant strategies' books are stepped by the same job; their checks are in quant.test.ts.

    const source = simulatorSource(createSimulator({ seed: h.config.marketSeed, instruments: allInstruments }));
    for (const seed of [...DEMO_STRATEGIES, ...QUANT_STRATEGIES]) {
      const [row] = await h.db.select().from(strategies).where(eq(strategies.code, seed.code));
      if (!row) throw new Error(seed.code);
      const pure = advance(seed.params, newBook(seed.params), now, source);
      expect(row.book).toEqual(pure.book);
      expect(row.bookTick?.getTime()).toBe(Date.parse('2026-11-02T10:00:00Z'));
      const trades = await h.db
        .select()
        .from(strategyTrades)
        .where(eq(strategyTrades.strategyId, row.id))
        .orderBy(asc(strategyTrades.seq));
      expect(
        trades.map((t) => [
          t.seq,
          t.at.getTime(),
          t.side,
          new Decimal(t.quantity).toString(),
          new Decimal(t.price).toString(),
          new Decimal(t.fee).toFixed(2),
        ]),
      ).toEqual(pure.trades.map((t) => [t.seq, t.at, t.side, t.quantity, new Decimal(t.price).toString(), t.fee]));
      const [navs] = await h.db
        .select({
          n: sql<number>`count(*)::int`,
          last: sql<string>`max(${strategyNavs.nav}) filter (where ${strategyNavs.at} = ${new Date(now).toISOString()}::timestamptz)`,
        })
        .from(strategyNavs)
        .where(eq(strategyNavs.strategyId, row.id));
      expect(navs?.n).toBe(pure.navs.length);
      expect(new Decimal(navs?.last ?? 0).toFixed(8)).toBe(pure.navs.at(-1)?.nav);
    }
    // Seven books replayed twice (the job and the pure replay): about 20 s alone, more on a shared machine.
  }, 120_000);

  it('lists the institutions with figures from their books, ranked, losses as losses, in the reader language', async () => {
    const res = await h.call(follow.getInvestAgencyList, {}, { lang: 'nl' });
    expect(res.status).toBe(200);
    const { list, terms, minAmount, maxAmount } = res.body.data;
    expect(terms).toEqual([30, 90, 180]);
    expect([minAmount, maxAmount]).toEqual(['100.00', '1000000.00']);
    expect(list.map((a) => a.rank)).toEqual([1, 2, 3, 4]);
    const returns = list.map((a) => Number(a.totalReturn));
    expect([...returns].sort((a, b) => b - a)).toEqual(returns);
    expect(returns.some((r) => r < 0)).toBe(true);
    const trend = list.find((a) => a.code === 'KM-TREND');
    expect(trend?.name).toBe('Cryptotrend');
    expect(trend?.performanceFee).toBe('20.00');
    expect(trend?.chart[0]).toEqual({ time: Date.parse('2026-09-01T00:00:00Z'), nav: expect.any(String) });
    expect(trend?.chart.at(-1)?.nav).toBe(trend?.nav);
    expect(Number(trend?.maxDrawdown)).toBeGreaterThan(0);
    expect(((Number(trend?.nav) - 1) * 100).toFixed(2)).toBe(trend?.totalReturn);
  });
});

describe('following', () => {
  it('places a follow at the edges of its limits, once per key, refusing bad input in the reader language', async () => {
    const u = await customer('1000200');
    const grid = await agency('KM-GRID');
    const key = randomUUID();
    const res = await add(u.token, grid.id, '100', { key, performanceFee: '15' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      amount: '100.00',
      termDays: 30,
      status: 'running',
      entryNav: grid.nav,
      nav: grid.nav,
      value: '100.00',
      fee: '0.00',
      profit: '0.00',
      paidOut: null,
      performanceFee: '15.00',
      endTimeStamp: Date.parse('2026-12-02T10:00:00Z'),
    });
    expect((await add(u.token, grid.id, '100', { key, performanceFee: '15' })).body.data.id).toBe(res.body.data.id);
    expect((await add(u.token, grid.id, '200', { key, performanceFee: '15' })).status).toBe(409);
    expect(await available(u.token)).toBe('1000100.00');
    const top = await add(u.token, grid.id, '1000000', { termDays: 180 });
    expect(top.status).toBe(200);
    expect(await available(u.token)).toBe('100.00');

    const refusals = [
      [await add(u.token, grid.id, '99.99', { lang: 'nl' }), 422, 'followAmountRange'],
      [await add(u.token, grid.id, '1000000.01'), 422, 'followAmountRange'],
      [await add(u.token, grid.id, '100', { performanceFee: '10', lang: 'zh-Hans' }), 422, 'followFeeChanged'],
      [await add(u.token, grid.id, '100', { payPassword: '000000' }), 422, 'wrongPayPassword'],
      [await add(u.token, grid.id, '100.01'), 422, 'insufficientBalance'],
      [await add(u.token, 999_999, '100'), 404, undefined],
      [await add(u.token, grid.id, '1.234'), 400, undefined],
    ] as const;
    for (const [answer, status, reason] of refusals) {
      expect(answer.status).toBe(status);
      if (reason) expect(answer.body.reason).toBe(reason);
    }
    expect(refusals[0][0].body.msg).toBe('Een volgorder is 100,00 tot 1.000.000,00 EUR. Er is niets geplaatst.');
    const wrongTerm = await h.request(
      'POST',
      '/userFollowInvest/add',
      { agencyId: grid.id, amount: '100', termDays: 45, payPassword: PAY },
      {
        authorization: u.token,
        'idempotency-key': randomUUID(),
      },
    );
    expect(wrongTerm.status).toBe(400);
    await h.db.update(strategies).set({ open: false }).where(eq(strategies.id, grid.id));
    const closed = await add(u.token, grid.id, '100');
    await h.db.update(strategies).set({ open: true }).where(eq(strategies.id, grid.id));
    expect(closed.body.reason).toBe('followAgencyClosed');
    const unverified = await customer('500', false);
    expect((await add(unverified.token, grid.id, '100')).body.reason).toBe('kycRequired');
    expect(await available(unverified.token)).toBe('500.00');
    expect(await available(u.token)).toBe('100.00');
    expect((await h.call(follow.followPageList, {}, { token: u.token })).body.data.total).toBe(2);
    expect(await books()).toEqual({ account: '1000100.00', owed: '1000100.00' });
  });

  it('never overdraws when adds race, places one follow per key however often it is sent, and hides others’ follows', async () => {
    const u = await customer('350');
    const dca = await agency('KM-DCA');
    const results = await Promise.all(Array.from({ length: 6 }, () => add(u.token, dca.id, '100')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.reason === 'insufficientBalance')).toBe(true);
    expect(await available(u.token)).toBe('50.00');

    const v = await customer('1000');
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 5 }, () => add(v.token, dca.id, '400', { key })));
    expect(new Set(same.filter((r) => r.status === 200).map((r) => r.body.data.id)).size).toBe(1);
    expect(await available(v.token)).toBe('600.00');
    const mine = same.find((r) => r.status === 200)?.body.data.id ?? 0;
    expect((await h.call(follow.followPageList, { id: mine }, { token: v.token })).body.data.list).toHaveLength(1);
    const theirs = await h.call(follow.followPageList, { id: mine }, { token: u.token });
    expect(theirs.status).toBe(404);
  });

  it('moves with the NAV and pays the value less the fee once at the term end, with two jobs at once', async () => {
    const u = await customer('20000');
    const trend = await agency('KM-TREND');
    const placed = (await add(u.token, trend.id, '10000', { termDays: 90 })).body.data;
    const other = await agency('KM-REVERT');
    const second = (await add(u.token, other.id, '5000', { termDays: 30 })).body.data;
    expect(await available(u.token)).toBe('5000.00');

    // A week on: the value is the amount times the NAV's move, to the cent.
    h.clock.advance(7 * DAY);
    await createStrategyJob(h.deps).runOnce();
    const week = (await h.call(follow.followPageList, { id: placed.id }, { token: u.token })).body.data.list[0];
    const nav = (await agency('KM-TREND')).nav;
    expect(week?.nav).toBe(nav);
    const gross = new Decimal(10000).times(nav).div(placed.entryNav);
    const expected = followSettlement({ amount: '10000', entryNav: placed.entryNav, navs: [nav], feeRate: '0.2' });
    expect(week?.value).toBe(new Decimal(expected.payout).plus(expected.fee).toFixed(2));
    expect(new Decimal(week?.value ?? 0).minus(gross).abs().lte('0.02')).toBe(true);

    // Past both terms: two jobs at once pay each follow exactly once. Due by then: these two and every follow of
    // the tests before whose term has ended (the count is read before, so a follow paid twice or missed shows).
    h.clock.advance(84 * DAY);
    const [due] = await h.db
      .select({
        n: sql<number>`count(*)::int`,
        ids: sql<number[]>`array_agg(${follows.id}::int order by ${follows.id})`,
      })
      .from(follows)
      .where(sql`${follows.status} = 'running' and ${follows.endAt} <= ${h.clock.now().toISOString()}::timestamptz`);
    expect(due?.ids).toEqual(expect.arrayContaining([placed.id, second.id]));
    const passes = await Promise.all([
      createStrategyJob(h.deps).runUnlocked(),
      createStrategyJob(h.deps).runUnlocked(),
    ]);
    expect(passes.reduce((s, p) => s + p.paid, 0)).toBe(due?.n);
    const [entries] = await h.db
      .execute<{ n: number }>(sql`select count(*)::int as n from journal_entries where type = 'followPayout'`)
      .then((r) => r.rows);
    expect(entries?.n).toBe(
      (await h.db.select({ n: sql<number>`count(*)::int` }).from(follows).where(eq(follows.status, 'paid')))[0]?.n,
    );
    const again = await createStrategyJob(h.deps).runOnce();
    expect(again.ticks).toBe(0);

    const [f] = await h.db.select().from(follows).where(eq(follows.id, placed.id));
    if (!f) throw new Error('follow');
    const dates = feeDates(f.entryAt.getTime(), f.endAt.getTime(), follow.FOLLOW_FEE_PERIOD_DAYS);
    expect(dates).toHaveLength(3);
    const navRows = await h.db.select().from(strategyNavs).where(eq(strategyNavs.strategyId, trend.id));
    const navAt = new Map(navRows.map((r) => [r.at.getTime(), r.nav]));
    const st = followSettlement({
      amount: '10000',
      entryNav: f.entryNav,
      navs: dates.map((d) => navAt.get(d) as string),
      feeRate: '0.2',
    });
    expect(f.status).toBe('paid');
    expect(new Decimal(f.fee ?? 0).toFixed(2)).toBe(st.fee);
    expect(new Decimal(f.paidOut ?? 0).toFixed(2)).toBe(st.payout);

    const listed = (await h.call(follow.followPageList, { status: 'paid' }, { token: u.token })).body.data.list;
    expect(listed.map((x) => x.id).sort()).toEqual([placed.id, second.id].sort());
    const paidBack = listed.reduce((s, x) => s.plus(x.paidOut ?? 0), new Decimal(0));
    expect(await available(u.token)).toBe(paidBack.plus(5000).toFixed(2));
    const one = listed.find((x) => x.id === placed.id);
    expect(one?.profit).toBe(new Decimal(st.payout).minus(10000).toFixed(2));
    expect(one?.fee).toBe(st.fee);

    const { rows } = await h.db.execute<{ n: number }>(
      sql`select count(*)::int as n from journal_entries where type = 'followPayout' and reference = ${`follow:${placed.id}`}`,
    );
    expect(rows[0]?.n).toBe(1);
    const messages = (await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'en' })).body.data.list;
    expect(messages.filter((m) => m.kind === 'followPaid')).toHaveLength(2);
    const bill = (await h.call(walletApi.getWalletBill, { walletType: 'FOLLOW', pageSize: 100 }, { token: u.token }))
      .body.data.list;
    expect(bill.filter((b) => b.type === 'followPayout')).toHaveLength(2);
    expect(await books()).toEqual({ account: '1000000.00', owed: '1000000.00' });
    // 91 days of seven books stepped by the jobs: about 20 s alone, more on a shared machine.
  }, 120_000);
});

describe('the performance fee over a high-water mark', () => {
  // amount 1000 at NAV 1.00000000, fee 20 %:
  //   day 30  NAV 1.10  gross 1100.00 > mark 1000 -> fee 20.00, units 1000 - 20/1.1 = 981.8181…, mark 1080.00
  //   day 60  NAV 1.00  gross  981.82 < mark      -> no fee, mark stays 1080.00
  //   day 90  NAV 1.21  gross 1188.00 > mark 1080 -> fee 21.60, units 981.8181… - 21.6/1.21, paid 1166.40
  it.each([
    [['1.1', '1.0', '1.21'], ['20.00', '0.00', '21.60'], '41.60', '1166.40', '1166.40'],
    [['0.9', '0.95', '1.0'], ['0.00', '0.00', '0.00'], '0.00', '1000.00', '1000.00'],
    [['0.8'], ['0.00'], '0.00', '800.00', '1000.00'],
    [['1.00001'], ['0.00'], '0.00', '1000.01', '1000.01'],
  ])('NAVs %j: fees %j', (navs, fees, fee, payout, mark) => {
    const st = followSettlement({ amount: '1000', entryNav: '1', navs, feeRate: '0.2' });
    expect(st.fees).toEqual(fees);
    expect(st.fee).toBe(fee);
    expect(st.payout).toBe(payout);
    expect(st.highWaterMark).toBe(mark);
  });
});
