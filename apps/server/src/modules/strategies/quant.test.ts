/**
 * AI quantification on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC): the quant
 * strategies' list, ranking, statistics and daily returns come from their books; checkSecret is the customer's own
 * transaction password under its attempt limit and answers a single-use confirmation; order/save takes a form-encoded
 * body, the published limits at their edges, once per key, never overdrawing when saves race; another customer's
 * subscription answers 404; at the period's end the job pays once (two jobs at once) the real return less the fee
 * over the high-water mark, a loss included, to the cent through the ledger, with an inbox message.
 */
import { randomUUID } from 'node:crypto';
import {
  auth as authApi,
  Decimal,
  inbox as inboxApi,
  type QuantOrder,
  quant,
  wallet as walletApi,
} from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { users } from '../../platform/db/schema.js';
import { feeDates, followSettlement } from './fees.js';
import { createStrategyJob } from './job.js';
import { follows, strategies, strategyNavs } from './schema.js';
import { seedStrategies } from './service.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
  await seedStrategies(h.db, h.clock.now());
  await createStrategyJob(h.deps).runOnce();
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(money = '0', kyc = true) {
  const u = await h.registerUser();
  if (kyc) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  if (money !== '0') await h.fund(u.user.id, 'FINANCIAL', money);
  return u;
}
const available = async (token: string) => (await h.balance(token, 'FINANCIAL'))?.balance ?? '0.00';

async function strategy(code: string, lang?: string) {
  const list = (await h.call(quant.quantList, {}, lang ? { lang } : {})).body.data.list;
  const s = list.find((x) => x.code === code);
  if (!s) throw new Error(`no quant strategy ${code}`);
  return s;
}

const confirm = (token: string, strategyId: number, amount: string, termDays: number, payPassword = PAY, lang = 'en') =>
  h.call(quant.quantCheckSecret, { strategyId, amount, termDays, payPassword }, { token, lang });

/** order/save as the app sends it: form-encoded, with its Idempotency-Key. */
async function save(token: string, fields: Record<string, string | number>, o: { key?: string; lang?: string } = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/web/quantization/order/save',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: token,
      'idempotency-key': o.key ?? randomUUID(),
      'accept-language': o.lang ?? 'en',
    },
    payload: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  const body = res.json() as { code: number; msg: string; reason?: string; data: QuantOrder };
  return { status: res.statusCode, body };
}

/** checkSecret then order/save for one subscription. */
async function subscribe(token: string, strategyId: number, amount: string, termDays: number, key?: string) {
  const c = await confirm(token, strategyId, amount, termDays);
  expect(c.status).toBe(200);
  return save(token, { strategyId, amount, termDays, confirmation: c.body.data.confirmation }, { key });
}

async function books() {
  const { rows } = await h.db.execute<{ account: string; owed: string }>(sql`
    select
      (select coalesce(sum(p.amount), 0)::numeric(24, 2)::text from ledger_postings p
        join ledger_accounts a on a.id = p.account_id where a.system = 'follows') as account,
      (select coalesce(sum(amount), 0)::numeric(24, 2)::text from follows where status = 'running') as owed`);
  return rows[0];
}

describe('the quant strategies', () => {
  it('lists them with published terms and figures from their books, ranked; daily returns and statistics reconcile', async () => {
    const res = await h.call(quant.quantList, {}, { lang: 'nl' });
    expect(res.status).toBe(200);
    const { list, walletType, currency } = res.body.data;
    expect([walletType, currency]).toEqual(['FINANCIAL', 'EUR']);
    expect(list.map((s) => s.code)).toEqual(['KQ-MOMENTUM', 'KQ-REVERT', 'KQ-GRID']);
    expect(list.map((s) => s.rank).sort()).toEqual([1, 2, 3]);
    const grid = list.find((s) => s.code === 'KQ-GRID');
    expect(grid).toMatchObject({ name: 'Grid op Bitcoin en Solana', minAmount: '100.00', terms: [7, 30] });
    expect(grid?.performanceFee).toBe('10.00');
    expect(((Number(grid?.nav) - 1) * 100).toFixed(2)).toBe(grid?.totalReturn);

    const ranking = (await h.call(quant.quantRanking, {})).body.data.list;
    const returns = ranking.map((r) => Number(r.totalReturn));
    expect([...returns].sort((a, b) => b - a)).toEqual(returns);
    expect(ranking.map((r) => r.rank)).toEqual([1, 2, 3]);
    for (const r of ranking) expect(list.find((s) => s.id === r.id)?.rank).toBe(r.rank);
    // The copy-trading institutions are not quant strategies, and the other way round.
    expect((await h.call(quant.quantProfitStat, { id: 1 })).status).toBe(404);

    const days = (await h.call(quant.quantProfitList, { id: grid?.id ?? 0, days: 400 })).status;
    expect(days).toBe(400);
    const profit = (await h.call(quant.quantProfitList, { id: grid?.id ?? 0 })).body.data.list;
    expect(profit).toHaveLength(30);
    expect(profit[0]?.nav).toBe(grid?.nav);
    // Each day's return is its NAV over the day before's, from the chart.
    const chart = grid?.chart ?? [];
    const navAt = new Map(chart.map((p) => [p.time, p.nav]));
    for (const d of profit.slice(1)) {
      const end = navAt.get(d.date + DAY) as string;
      expect(
        new Decimal(end)
          .div(navAt.get(d.date) as string)
          .minus(1)
          .times(100)
          .toFixed(2),
      ).toBe(d.profit);
    }
    const stat = (await h.call(quant.quantProfitStat, { id: grid?.id ?? 0 })).body.data;
    expect(stat.totalReturn).toBe(grid?.totalReturn);
    const all = (await h.call(quant.quantProfitList, { id: grid?.id ?? 0, days: 366 })).body.data.list;
    expect(stat.daysUp + stat.daysDown).toBeLessThanOrEqual(all.length);
    expect(stat.daysUp).toBe(all.filter((d) => Number(d.profit) > 0).length);
    expect(stat.worstDay).toBe(all.reduce((m, d) => Decimal.min(m, d.profit), new Decimal(100)).toFixed(2));
    expect((await h.call(quant.quantProfitList, { id: 999_999 })).status).toBe(404);
  });
});

describe('subscribing', () => {
  it('limits wrong transaction passwords and never hands a confirmation for one', async () => {
    const u = await customer('1000');
    const grid = await strategy('KQ-GRID');
    for (let i = 0; i < 5; i += 1)
      expect((await confirm(u.token, grid.id, '100', 7, '000000')).body.reason).toBe('wrongPayPassword');
    expect((await confirm(u.token, grid.id, '100', 7)).status).toBe(429);
  });

  it('takes a form-encoded body at the limits’ edges, once per key, refusing bad input in the reader language', async () => {
    const u = await customer('1000100');
    const grid = await strategy('KQ-GRID');
    const c = await confirm(u.token, grid.id, '100', 7);
    expect(c.status).toBe(200);
    const key = randomUUID();
    const fields = { strategyId: grid.id, amount: '100', termDays: 7, confirmation: c.body.data.confirmation };
    const first = await save(u.token, { ...fields, performanceFee: '10' }, { key });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      strategyId: grid.id,
      code: 'KQ-GRID',
      amount: '100.00',
      termDays: 7,
      status: 'running',
      entryNav: grid.nav,
      value: '100.00',
      fee: '0.00',
      profit: '0.00',
      paidOut: null,
      performanceFee: '10.00',
      endTimeStamp: Date.parse('2026-11-09T10:00:00Z'),
    });
    // The same key answers the first answer; the confirmation is spent for any other.
    expect((await save(u.token, { ...fields, performanceFee: '10' }, { key })).body.data.id).toBe(first.body.data.id);
    expect((await save(u.token, fields)).body.reason).toBe('quantConfirmationInvalid');
    expect(await available(u.token)).toBe('1000000.00');
    // The top edge, as JSON too.
    const top = await confirm(u.token, grid.id, '1000000', 30);
    const json = await h.call(
      quant.quantOrderSave,
      { strategyId: grid.id, amount: '1000000', termDays: 30, confirmation: top.body.data.confirmation },
      { token: u.token },
    );
    expect(json.status).toBe(200);
    expect(await available(u.token)).toBe('0.00');
    await h.fund(u.user.id, 'FINANCIAL', '100');

    const refusals = [
      [await confirm(u.token, grid.id, '99.99', 7, PAY, 'nl'), 422, 'quantAmountRange'],
      [await confirm(u.token, grid.id, '1000000.01', 7), 422, 'quantAmountRange'],
      [await confirm(u.token, grid.id, '100', 90), 422, 'quantTermInvalid'],
      [await confirm(u.token, 1, '100', 7), 404, undefined],
      [await confirm(u.token, grid.id, '1.234', 7), 400, undefined],
    ] as const;
    for (const [answer, status, reason] of refusals) {
      expect(answer.status).toBe(status);
      if (reason) expect(answer.body.reason).toBe(reason);
    }
    expect(refusals[0][0].body.msg).toBe(
      'Een inschrijving op Grid op Bitcoin en Solana is 100,00 tot 1.000.000,00 EUR. Er is niets ingeschreven.',
    );
    // A confirmation for 100 does not buy 101; a changed fee and too little money change nothing.
    const c2 = await confirm(u.token, grid.id, '100', 7);
    const other = await save(u.token, { ...fields, amount: '101', confirmation: c2.body.data.confirmation });
    expect(other.body.reason).toBe('quantConfirmationInvalid');
    const c3 = await confirm(u.token, grid.id, '100', 7);
    const fee = await save(
      u.token,
      { ...fields, confirmation: c3.body.data.confirmation, performanceFee: '5' },
      { lang: 'zh-Hans' },
    );
    expect(fee.body.reason).toBe('quantFeeChanged');
    expect(fee.body.msg).toContain('业绩报酬');
    // The refusal rolled the spend back: the confirmation is still good.
    expect((await save(u.token, { ...fields, confirmation: c3.body.data.confirmation })).status).toBe(200);
    const c4 = await confirm(u.token, grid.id, '100', 7);
    expect((await save(u.token, { ...fields, confirmation: c4.body.data.confirmation })).body.reason).toBe(
      'insufficientBalance',
    );
    const bad = await save(u.token, { strategyId: 'x', amount: '100', termDays: 7, confirmation: 'c' });
    expect(bad.status).toBe(400);
    await h.db.update(strategies).set({ open: false }).where(eq(strategies.id, grid.id));
    const closed = await confirm(u.token, grid.id, '100', 7);
    await h.db.update(strategies).set({ open: true }).where(eq(strategies.id, grid.id));
    expect(closed.body.reason).toBe('quantClosed');
    const unverified = await customer('500', false);
    expect((await confirm(unverified.token, grid.id, '100', 7)).body.reason).toBe('kycRequired');
    expect(await available(u.token)).toBe('0.00');
    const mine = (await h.call(quant.quantOrderPageList, {}, { token: u.token })).body.data;
    expect(mine.total).toBe(3);
    expect(await books()).toEqual({ account: '1000200.00', owed: '1000200.00' });
    // A form body only where the contract says so.
    const elsewhere = await h.app.inject({
      method: 'POST',
      url: '/web/quantization/order/pageList',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: u.token },
      payload: 'page=1',
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('never overdraws when saves race, places one per key however often sent, and hides others’ subscriptions', async () => {
    const u = await customer('350');
    const grid = await strategy('KQ-GRID');
    const confirmations = await Promise.all(
      Array.from({ length: 4 }, async () => (await confirm(u.token, grid.id, '100', 7)).body.data.confirmation),
    );
    const results = await Promise.all(
      confirmations.map((confirmation) =>
        save(u.token, { strategyId: grid.id, amount: '100', termDays: 7, confirmation }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.find((r) => r.status !== 200)?.body.reason).toBe('insufficientBalance');
    expect(await available(u.token)).toBe('50.00');

    const v = await customer('1000');
    const key = randomUUID();
    const c = (await confirm(v.token, grid.id, '400', 7)).body.data.confirmation;
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        save(v.token, { strategyId: grid.id, amount: '400', termDays: 7, confirmation: c }, { key }),
      ),
    );
    expect(new Set(same.filter((r) => r.status === 200).map((r) => r.body.data.id)).size).toBe(1);
    expect(await available(v.token)).toBe('600.00');
    const mine = same.find((r) => r.status === 200)?.body.data.id ?? 0;
    expect((await h.call(quant.quantOrderPageList, { id: mine }, { token: v.token })).body.data.list).toHaveLength(1);
    const theirs = await h.call(quant.quantOrderPageList, { id: mine }, { token: u.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.reason).toBeUndefined();
    // Quant subscriptions are not follows, and follows are not quant subscriptions.
    expect((await h.call(quant.quantOrderPageList, {}, { token: u.token })).body.data.total).toBe(3);
  });

  it('pays the real return less the fee once at the end, losses included, to the cent, with two jobs at once', async () => {
    const u = await customer('30000');
    const placed = [];
    for (const code of ['KQ-MOMENTUM', 'KQ-REVERT', 'KQ-GRID']) {
      const s = await strategy(code);
      const res = await subscribe(u.token, s.id, '10000', code === 'KQ-REVERT' ? 30 : 7);
      expect(res.status).toBe(200);
      placed.push({
        code,
        id: res.body.data.id,
        strategyId: s.id,
        entryNav: res.body.data.entryNav,
        fee: s.performanceFee,
      });
    }
    expect(await available(u.token)).toBe('0.00');

    h.clock.advance(31 * DAY);
    const passes = await Promise.all([
      createStrategyJob(h.deps).runUnlocked(),
      createStrategyJob(h.deps).runUnlocked(),
    ]);
    expect(passes.reduce((s, p) => s + p.paid, 0)).toBeGreaterThanOrEqual(3);
    expect((await createStrategyJob(h.deps).runOnce()).paid).toBe(0);

    let paidBack = new Decimal(0);
    const results: Record<string, string> = {};
    for (const p of placed) {
      const [f] = await h.db.select().from(follows).where(eq(follows.id, p.id));
      if (!f) throw new Error('subscription');
      const dates = feeDates(f.entryAt.getTime(), f.endAt.getTime(), 30);
      const navRows = await h.db.select().from(strategyNavs).where(eq(strategyNavs.strategyId, p.strategyId));
      const navAt = new Map(navRows.map((r) => [r.at.getTime(), r.nav]));
      const st = followSettlement({
        amount: '10000',
        entryNav: f.entryNav,
        navs: dates.map((d) => navAt.get(d) as string),
        feeRate: new Decimal(p.fee).div(100).toString(),
      });
      expect(f.status).toBe('paid');
      expect(new Decimal(f.fee ?? 0).toFixed(2)).toBe(st.fee);
      expect(new Decimal(f.paidOut ?? 0).toFixed(2)).toBe(st.payout);
      // The real return on the amount: amount × end NAV / entry NAV, less the fee.
      const gross = new Decimal(10000).times(navAt.get(f.endAt.getTime()) as string).div(f.entryNav);
      expect(new Decimal(st.payout).plus(st.fee).minus(gross).abs().lte('0.01')).toBe(true);
      const listed = (await h.call(quant.quantOrderPageList, { id: p.id }, { token: u.token })).body.data.list[0];
      expect(listed).toMatchObject({ status: 'paid', paidOut: st.payout, fee: st.fee });
      expect(listed?.profit).toBe(new Decimal(st.payout).minus(10000).toFixed(2));
      results[p.code] = listed?.profit ?? '';
      paidBack = paidBack.plus(st.payout);
      const { rows } = await h.db.execute<{ n: number }>(
        sql`select count(*)::int as n from journal_entries where type = 'quantPayout' and reference = ${`follow:${p.id}`}`,
      );
      expect(rows[0]?.n).toBe(1);
    }
    // On the demo seed one of them loses over its period: the loss is paid as a loss, no fee on it.
    expect(Object.values(results).some((r) => Number(r) < 0)).toBe(true);
    expect(await available(u.token)).toBe(paidBack.toFixed(2));
    const messages = (await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'en' })).body.data.list;
    expect(messages.filter((m) => m.kind === 'quantPaid')).toHaveLength(3);
    const bill = (await h.call(walletApi.getWalletBill, { walletType: 'FINANCIAL', pageSize: 100 }, { token: u.token }))
      .body.data.list;
    expect(bill.filter((b) => b.type === 'quantPayout')).toHaveLength(3);
    expect(bill.filter((b) => b.type === 'quantSubscription')).toHaveLength(3);
  });
});
