/**
 * The console's strategies on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC, books
 * replayed from 1 Sep): reviewers read every strategy with its figures and its book; an admin describes one in three
 * languages, sets its fee, unpublishes and closes it and back, each audited; a follow placed before the fee changed
 * keeps the fee it was sold with (to its payout) while a new one gets the new fee; none of it changes the book, its
 * trades or NAV; bad input is refused translated and writes nothing; reviewers cannot write.
 */
import { auth as authApi, consoleApi, Decimal, follow, quant } from '@beurs/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { auditLog, users } from '../../platform/db/schema.js';
import { followSettlement } from './fees.js';
import { createStrategyJob } from './job.js';
import { follows, strategies, strategyNavs, strategyTrades } from './schema.js';
import { seedStrategies } from './service.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
  await seedStrategies(h.db, h.clock.now());
  await createStrategyJob(h.deps).runOnce();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'stratadmin', reviewer: 'stratreviewer' }));
});
/** The operators sign in again after the simulated days (an operator's session ends sooner than a customer's). */
async function signInAgain() {
  const login = async (username: string) =>
    (await h.call(consoleApi.consoleLogin, { username, password: 'OperatorPass1' })).body.data.token;
  admin = await login('stratadmin');
  reviewer = await login('stratreviewer');
}
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(money: string) {
  const u = await h.registerUser();
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  await h.fund(u.user.id, 'FOLLOW', money);
  return u;
}

const add = (token: string, agencyId: number, amount: string, performanceFee?: string, lang?: string) =>
  h.call(
    follow.followAdd,
    { agencyId, amount, termDays: 30, payPassword: PAY, ...(performanceFee ? { performanceFee } : {}) },
    { token, ...(lang ? { lang } : {}) },
  );

async function strategyId(code: string) {
  const [row] = await h.db.select({ id: strategies.id }).from(strategies).where(eq(strategies.code, code));
  if (!row) throw new Error(code);
  return row.id;
}

/** What nothing in the console may change: the parameters, the book, its trades and its NAV points. */
async function bookOf(id: number) {
  const [row] = await h.db
    .select({ params: strategies.params, book: strategies.book, nav: strategies.nav, tick: strategies.bookTick })
    .from(strategies)
    .where(eq(strategies.id, id));
  const [t] = await h.db
    .select({ n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${strategyTrades.cashAfter}), 0)::text` })
    .from(strategyTrades)
    .where(eq(strategyTrades.strategyId, id));
  const [n] = await h.db
    .select({ n: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${strategyNavs.nav}), 0)::text` })
    .from(strategyNavs)
    .where(eq(strategyNavs.strategyId, id));
  return { row, trades: t, navs: n };
}

const audits = (action: string, id: number) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))
    .orderBy(asc(auditLog.id));

const describeInput = {
  name: 'Grid desk, ETH and BNB',
  nameNl: 'Grid-desk, ETH en BNB',
  nameZh: '网格交易台，ETH 与 BNB',
  description: 'Buys slices on falls and sells them on rises. Rewritten by the console test.',
  descriptionNl: 'Koopt plakken bij dalingen en verkoopt ze bij stijgingen. Herschreven door de consoletest.',
  descriptionZh: '下跌时分批买入，上涨时分批卖出。由控制台测试改写。',
};

describe('the console reads strategies', () => {
  it('lists every strategy with its figures and running follows, and one with its book and trades', async () => {
    const list = await h.call(follow.consoleStrategies, {}, { token: reviewer });
    expect(list.status).toBe(200);
    expect(list.body.data.map((s) => [s.code, s.kind, s.rule, s.currency, s.published, s.open])).toEqual([
      ['KM-TREND', 'follow', 'momentum', 'USD', true, true],
      ['KM-REVERT', 'follow', 'meanReversion', 'USD', true, true],
      ['KM-GRID', 'follow', 'grid', 'USD', true, true],
      ['KM-DCA', 'follow', 'dca', 'USD', true, true],
      ['KQ-MOMENTUM', 'quant', 'momentum', 'USD', true, true],
      ['KQ-REVERT', 'quant', 'meanReversion', 'USD', true, true],
      ['KQ-GRID', 'quant', 'grid', 'USD', true, true],
    ]);
    // The figures are the customers' (the same performanceOf over the same rows), copy trading's and AI quant's.
    const agencies = [
      ...(await h.call(follow.getInvestAgencyList, {})).body.data.list,
      ...(await h.call(quant.quantList, {})).body.data.list,
    ];
    for (const s of list.body.data) {
      const a = agencies.find((x) => x.id === s.id);
      expect([s.nav, s.totalReturn, s.return30d, s.maxDrawdown, s.winRate, s.trades]).toEqual([
        a?.nav,
        a?.totalReturn,
        a?.return30d,
        a?.maxDrawdown,
        a?.winRate,
        a?.trades,
      ]);
      expect(s.bookTimestamp).toBe(Date.parse('2026-11-02T10:00:00Z'));
    }

    const id = await strategyId('KM-DCA');
    const u = await customer('5000');
    expect((await add(u.token, id, '1200')).status).toBe(200);
    expect((await add(u.token, id, '300.50')).status).toBe(200);
    const after = (await h.call(follow.consoleStrategies, {}, { token: reviewer })).body.data.find((s) => s.id === id);
    expect([after?.followsRunning, after?.moneyIn]).toEqual([2, '1500.50']);

    const detail = await h.call(follow.consoleStrategyDetail, {}, { token: reviewer, params: { id } });
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    const { row } = await bookOf(id);
    // The book's value is its cash plus its positions at the bid; NAV = value / units (8 places, down).
    const positions = d.positions.reduce((s, p) => s.plus(p.value), new Decimal(0));
    expect(new Decimal(d.cash).plus(positions).minus(d.value).abs().lte('0.01')).toBe(true);
    expect(new Decimal(d.value).div(d.units).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8)).toBe(d.nav);
    expect(d.cash).toBe(new Decimal(row?.book?.cash ?? 'x').toFixed(2));
    // DCA never sells: it holds both coins it buys every day.
    expect(d.positions.map((p) => p.instrument)).toEqual(['100:BTCUSD', '100:ETHUSD']);
    expect(d.chart.length).toBeGreaterThan(60);

    const trades = await h.call(
      follow.consoleStrategyTrades,
      { page: 2, pageSize: 5 },
      { token: reviewer, params: { id } },
    );
    expect(trades.status).toBe(200);
    const stored = await h.db
      .select()
      .from(strategyTrades)
      .where(eq(strategyTrades.strategyId, id))
      .orderBy(sql`${strategyTrades.seq} desc`);
    expect(trades.body.data.total).toBe(stored.length);
    expect(trades.body.data.list.map((t) => t.seq)).toEqual(stored.slice(5, 10).map((t) => t.seq));

    expect((await h.call(follow.consoleStrategyDetail, {}, { token: reviewer, params: { id: 99_999 } })).status).toBe(
      404,
    );
    expect((await h.call(follow.consoleStrategies, {}, { token: u.token })).status).toBe(401);
  });
});

describe('the console writes what is published, never the book', () => {
  it('a new fee applies to new follows only: the follow placed before keeps its fee to its payout', async () => {
    const id = await strategyId('KM-TREND');
    const book = await bookOf(id);
    const u = await customer('20000');
    const before = await add(u.token, id, '10000', '20');
    expect(before.status).toBe(200);
    expect(before.body.data.performanceFee).toBe('20.00');

    const set = await h.call(follow.consoleStrategyFee, { performanceFee: '12.5' }, { token: admin, params: { id } });
    expect(set.status).toBe(200);
    expect(set.body.data.performanceFee).toBe('12.50');
    const [audit] = await audits('strategy.fee', id);
    expect(audit?.detail).toMatchObject({ old: { performanceFee: '20.00' }, new: { performanceFee: '12.50' } });

    // A customer who confirmed the old fee is refused; the new fee sells.
    const stale = await add(u.token, id, '100', '20', 'nl');
    expect(stale.status).toBe(422);
    expect(stale.body.msg).toContain('nu 12,50 %, niet de 20,00 %');
    const after = await add(u.token, id, '5000', '12.5');
    expect(after.status).toBe(200);
    expect(after.body.data.performanceFee).toBe('12.50');
    const rates = await h.db
      .select({ id: follows.id, rate: follows.feeRate })
      .from(follows)
      .where(eq(follows.strategyId, id))
      .orderBy(asc(follows.id));
    expect(rates.map((r) => new Decimal(r.rate).toString())).toEqual(['0.2', '0.125']);

    // The customer's list shows each follow with the fee it was sold with.
    const mine = (await h.call(follow.followPageList, {}, { token: u.token })).body.data.list;
    expect(mine.map((f) => [f.id, f.performanceFee])).toEqual([
      [after.body.data.id, '12.50'],
      [before.body.data.id, '20.00'],
    ]);

    // Both run to their end and are settled at the rate on their row (the demo month loses, so neither pays a fee:
    // the rate kept is asserted on the rows and the list above).: each is charged the fee it was sold with, whatever the published fee is by then.
    h.clock.advance(31 * DAY);
    await createStrategyJob(h.deps).runOnce();
    await signInAgain();
    for (const [order, rate] of [
      [before.body.data, '0.2'],
      [after.body.data, '0.125'],
    ] as const) {
      const [f] = await h.db.select().from(follows).where(eq(follows.id, order.id));
      expect(f?.status).toBe('paid');
      const [endNav] = await h.db
        .select({ nav: strategyNavs.nav })
        .from(strategyNavs)
        .where(and(eq(strategyNavs.strategyId, id), eq(strategyNavs.at, f?.endAt ?? new Date(0))));
      const expected = followSettlement({
        amount: order.amount,
        entryNav: order.entryNav,
        navs: [endNav?.nav ?? '0'],
        feeRate: rate,
      });
      expect([new Decimal(f?.fee ?? 'x').toFixed(2), new Decimal(f?.paidOut ?? 'x').toFixed(2)]).toEqual([
        expected.fee,
        expected.payout,
      ]);
    }
    const later = await bookOf(id);
    expect(later.row?.params).toEqual(book.row?.params);
  });

  it('describes, unpublishes, closes and reopens, each audited, and the book does not move', async () => {
    const id = await strategyId('KM-GRID');
    const book = await bookOf(id);

    const described = await h.call(follow.consoleStrategyDescribe, describeInput, { token: admin, params: { id } });
    expect(described.status).toBe(200);
    expect(described.body.data).toMatchObject(describeInput);
    for (const [lang, name, description] of [
      ['en', describeInput.name, describeInput.description],
      ['nl', describeInput.nameNl, describeInput.descriptionNl],
      ['zh-Hans', describeInput.nameZh, describeInput.descriptionZh],
    ] as const) {
      const a = (await h.call(follow.getInvestAgencyList, {}, { lang })).body.data.list.find((x) => x.id === id);
      expect([a?.name, a?.description]).toEqual([name, description]);
    }
    // The same text again changes nothing and audits nothing.
    await h.call(follow.consoleStrategyDescribe, describeInput, { token: admin, params: { id } });
    expect(await audits('strategy.describe', id)).toHaveLength(1);

    const u = await customer('1000');
    const closed = await h.call(follow.consoleStrategyOpen, { open: false }, { token: admin, params: { id } });
    expect(closed.body.data.open).toBe(false);
    const refused = await add(u.token, id, '100', undefined, 'zh-Hans');
    expect([refused.status, refused.body.reason]).toEqual([422, 'followAgencyClosed']);
    expect((await h.call(follow.getInvestAgencyList, {})).body.data.list.find((x) => x.id === id)?.open).toBe(false);
    await h.call(follow.consoleStrategyOpen, { open: true }, { token: admin, params: { id } });
    expect((await add(u.token, id, '100')).status).toBe(200);

    const hidden = await h.call(follow.consoleStrategyPublish, { published: false }, { token: admin, params: { id } });
    expect(hidden.body.data.published).toBe(false);
    expect((await h.call(follow.getInvestAgencyList, {})).body.data.list.some((x) => x.id === id)).toBe(false);
    expect((await add(u.token, id, '100')).status).toBe(404);
    // Unpublished, the follow placed before still shows and runs.
    expect((await h.call(follow.followPageList, {}, { token: u.token })).body.data.list[0]?.status).toBe('running');
    await h.call(follow.consoleStrategyPublish, { published: true }, { token: admin, params: { id } });

    for (const action of ['strategy.close', 'strategy.reopen', 'strategy.unpublish', 'strategy.publish']) {
      expect(await audits(action, id), action).toHaveLength(1);
    }
    const [close] = await audits('strategy.close', id);
    expect(close?.detail).toMatchObject({ old: { open: true }, new: { open: false } });
    expect(await bookOf(id)).toEqual(book);
  });

  it('refuses bad input translated and reviewers, writing nothing', async () => {
    const id = await strategyId('KM-REVERT');
    const [before] = await h.db.select().from(strategies).where(eq(strategies.id, id));
    const auditsBefore = (await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;
    for (const fee of ['30.01', '45', '-1', '10.125', 'ten', '']) {
      const res = await h.call(
        follow.consoleStrategyFee,
        { performanceFee: fee },
        { token: admin, params: { id }, lang: 'nl' },
      );
      expect(res.status, fee).toBe(400);
      expect(res.body.field).toBe('performanceFee');
    }
    const atBound = await h.call(
      follow.consoleStrategyFee,
      { performanceFee: '30' },
      { token: reviewer, params: { id } },
    );
    expect(atBound.status).toBe(403);
    const noName = await h.call(
      follow.consoleStrategyDescribe,
      { ...describeInput, nameNl: ' ' },
      { token: admin, params: { id } },
    );
    expect([noName.status, noName.body.field]).toEqual([400, 'nameNl']);
    const long = await h.call(
      follow.consoleStrategyDescribe,
      { ...describeInput, descriptionZh: 'x'.repeat(follow.STRATEGY_DESCRIPTION_MAX + 1) },
      { token: admin, params: { id } },
    );
    expect([long.status, long.body.field]).toEqual([400, 'descriptionZh']);
    for (const res of [
      await h.call(follow.consoleStrategyDescribe, describeInput, { token: reviewer, params: { id } }),
      await h.call(follow.consoleStrategyOpen, { open: false }, { token: reviewer, params: { id } }),
      await h.call(follow.consoleStrategyPublish, { published: false }, { token: reviewer, params: { id } }),
    ]) {
      expect(res.status).toBe(403);
    }
    expect(
      (await h.call(follow.consoleStrategyOpen, { open: false }, { token: admin, params: { id: 99_999 } })).status,
    ).toBe(404);
    const [after] = await h.db.select().from(strategies).where(eq(strategies.id, id));
    expect(after).toEqual(before);
    expect((await h.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n).toBe(auditsBefore);
    // At the bound is allowed.
    const max = await h.call(follow.consoleStrategyFee, { performanceFee: '30' }, { token: admin, params: { id } });
    expect(max.body.data.performanceFee).toBe('30.00');
  });
});
