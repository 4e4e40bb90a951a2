/**
 * Funds on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC): the products and a Current's
 * rate from the market, subscribing from the FINANCIAL wallet through the ledger (transaction password, identity,
 * idempotent, translated refusals that change nothing), the daily accrual to the cent over simulated days by two job
 * instances at once, a Regular's maturity paid once, a Current's redemption, racing subscriptions and redemptions,
 * ownership (another customer's order answers 404), and the books: the funds account holds what the orders owe.
 */
import { randomUUID } from 'node:crypto';
import { auth as authApi, Decimal, funds, inbox as inboxApi, wallet as walletApi } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { users } from '../../platform/db/schema.js';
import { createFundJob } from './job.js';
import { fundOrders, fundProducts } from './schema.js';
import { createFundService, seedFundProducts } from './service.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
beforeAll(async () => {
  // Sessions last the simulated months (the default would sign the customers out after a week idle).
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
  await seedFundProducts(h.db, h.clock.now());
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(financial = '0', kyc = true) {
  const u = await h.registerUser();
  if (kyc) await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  if (financial !== '0') await h.fund(u.user.id, 'FINANCIAL', financial);
  return u;
}

const available = async (token: string) => (await h.balance(token, 'FINANCIAL'))?.balance ?? '0.00';

async function product(code: string) {
  const list = (await h.call(funds.fundProductPageList, { pageSize: 100 })).body.data.list;
  const p = list.find((x) => x.code === code);
  if (!p) throw new Error(`no fund product ${code}`);
  return p;
}

const subscribe = (
  token: string,
  productId: number,
  amount: string,
  extra: { key?: string; payPassword?: string; annualRate?: string; lang?: string } = {},
) =>
  h.call(
    funds.fundOrderCreate,
    {
      productId,
      amount,
      payPassword: extra.payPassword ?? PAY,
      ...(extra.annualRate ? { annualRate: extra.annualRate } : {}),
    },
    { token, ...(extra.key ? { key: extra.key } : {}), ...(extra.lang ? { lang: extra.lang } : {}) },
  );

/** The funds system account's balance and what the orders in progress owe (principal + interest posted). */
async function books() {
  const { rows } = await h.db.execute<{ account: string; owed: string }>(sql`
    select
      (select coalesce(sum(p.amount), 0)::numeric(24, 2)::text from ledger_postings p
        join ledger_accounts a on a.id = p.account_id where a.system = 'funds') as account,
      (select coalesce(sum(amount + income), 0)::numeric(24, 2)::text from fund_orders where status = 'inProgress')
        as owed`);
  return rows[0];
}

describe('fund products', () => {
  it("lists a Current at the market's 3-month yield less its fee and the Regular terms", async () => {
    const list = (await h.call(funds.fundProductPageList, {}, { lang: 'nl' })).body.data.list;
    expect(list.map((p) => [p.code, p.type, p.termDays, p.redeemable])).toEqual([
      ['KM-LIQ', 'current', null, true],
      ['KM-FIX30', 'regular', 30, false],
      ['KM-FIX90', 'regular', 90, false],
      ['KM-FIX180', 'regular', 180, false],
      ['KM-FIX365', 'regular', 365, false],
    ]);
    const [liq, , fix90] = list;
    expect(fix90).toMatchObject({
      name: 'Kade Vast 90 dagen',
      annualRate: '2.1000',
      minAmount: '100.00',
      valueDate: '2026-11-03',
      maturityDate: '2027-02-01',
    });
    expect(liq?.managementFee).toBe('0.3000');
    // The rate is the yield less the fee, to 0.0001 %.
    expect(
      new Decimal(liq?.marketYield ?? 0)
        .minus(liq?.managementFee ?? 0)
        .minus(liq?.annualRate ?? 0)
        .abs()
        .lte('0.0001'),
    ).toBe(true);
    expect(Number(liq?.marketYield)).toBeGreaterThan(1);
    const current = await h.call(funds.fundProductPageList, { type: 'current' });
    expect(current.body.data.list.map((p) => p.code)).toEqual(['KM-LIQ']);
  });
});

describe('subscribing', () => {
  it('pays from the FINANCIAL wallet once per key, and refuses bad input in the reader language, changing nothing', async () => {
    const u = await customer('20000');
    const fix90 = await product('KM-FIX90');
    const key = randomUUID();
    const res = await subscribe(u.token, fix90.id, '10000', { key, annualRate: '2.1000' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'regular',
      termDays: 90,
      annualRate: '2.1000',
      amount: '10000.00',
      valueDate: '2026-11-03',
      maturityDate: '2027-02-01',
      income: '0.00',
      status: 'inProgress',
      redeemable: false,
      sellTimeStamp: null,
    });
    expect(await available(u.token)).toBe('10000.00');
    const replay = await subscribe(u.token, fix90.id, '10000', { key, annualRate: '2.1000' });
    expect(replay.body.data.id).toBe(res.body.data.id);
    expect(await available(u.token)).toBe('10000.00');

    const refusals = [
      [await subscribe(u.token, fix90.id, '50', { lang: 'nl' }), 422, 'fundBelowMinimum'],
      [await subscribe(u.token, fix90.id, '100', { annualRate: '2.5', lang: 'nl' }), 422, 'fundRateChanged'],
      [await subscribe(u.token, fix90.id, '100', { payPassword: '000000' }), 422, 'wrongPayPassword'],
      [await subscribe(u.token, fix90.id, '10001', { lang: 'zh-Hans' }), 422, 'insufficientBalance'],
      [await subscribe(u.token, 999_999, '100'), 404, undefined],
      [await subscribe(u.token, fix90.id, '-5', { lang: 'nl' }), 400, undefined],
      [await subscribe(u.token, fix90.id, '1.234'), 400, undefined],
    ] as const;
    for (const [answer, status, reason] of refusals) {
      expect(answer.status).toBe(status);
      if (reason) expect(answer.body.reason).toBe(reason);
    }
    expect(refusals[0][0].body.msg).toBe('U legt minstens 100,00 EUR in Kade Vast 90 dagen in.');
    expect(refusals[1][0].body.msg).toContain('nu 2,1000 %, niet de 2,5000 %');
    await h.db.update(fundProducts).set({ open: false }).where(eq(fundProducts.id, fix90.id));
    const closed = await subscribe(u.token, fix90.id, '100');
    await h.db.update(fundProducts).set({ open: true }).where(eq(fundProducts.id, fix90.id));
    expect(closed.body.reason).toBe('fundProductClosed');
    const unverified = await customer('500', false);
    expect((await subscribe(unverified.token, fix90.id, '100')).body.reason).toBe('kycRequired');
    expect(await available(unverified.token)).toBe('500.00');
    expect(await available(u.token)).toBe('10000.00');
    expect((await h.call(funds.fundOrderPageList, {}, { token: u.token })).body.data.total).toBe(1);
  });

  it('never overdraws when subscriptions race, and one key subscribes once however often it is sent at once', async () => {
    const u = await customer('3500');
    const liq = await product('KM-LIQ');
    const results = await Promise.all(Array.from({ length: 8 }, () => subscribe(u.token, liq.id, '1000')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.reason === 'insufficientBalance')).toBe(true);
    expect(await available(u.token)).toBe('500.00');

    const v = await customer('5000');
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 5 }, () => subscribe(v.token, liq.id, '2000', { key })));
    expect(new Set(same.filter((r) => r.status === 200).map((r) => r.body.data.id)).size).toBe(1);
    expect((await h.call(funds.fundOrderPageList, {}, { token: v.token })).body.data.total).toBe(1);
    expect(await available(v.token)).toBe('3000.00');
  });
});

describe('accrual, maturity and redemption over simulated days', () => {
  it('accrues each day once to the cent, pays a Regular at maturity once, and redeems a Current', async () => {
    const u = await customer('30000');
    const other = await customer();
    const fix30 = await product('KM-FIX30');
    const liq = await product('KM-LIQ');
    const regular = (await subscribe(u.token, fix30.id, '10000', { annualRate: fix30.annualRate })).body.data;
    const small = (await subscribe(u.token, fix30.id, '100')).body.data;
    const current = (await subscribe(u.token, liq.id, '5000')).body.data;
    expect(regular.maturityDate).toBe('2026-12-03');
    expect(await available(u.token)).toBe('14900.00');

    // Two job instances, as two nodes passing at once without the lock, once a simulated day at 00:30 UTC.
    const jobs = [createFundJob(h.deps), createFundJob(h.deps)];
    const service = createFundService(h.deps);
    h.clock.advance(DAY - 9.5 * 3_600_000); // 3 Nov 00:30: the subscription day earns nothing
    expect(await jobs[0]?.runUnlocked()).toEqual({ days: 0, matured: 0, failed: 0 });
    for (let day = 0; day < 12; day++) {
      h.clock.advance(DAY);
      await Promise.all(jobs.map((j) => j.runUnlocked()));
    }
    // 15 Nov 00:30: 3 to 14 Nov accrued, 12 days.
    const profit = (await h.call(funds.fundProfit, { id: regular.id }, { token: u.token })).body.data;
    expect(profit.days).toHaveLength(12);
    // 10,000 × 1.9 % / 365 = 0.520547945… a day; each day posts the growth of the cumulative interest rounded down.
    const expected = Array.from({ length: 12 }, (_, k) => {
      const cum = (n: number) => new Decimal(10000).times('0.019').times(n).dividedBy(365).toDecimalPlaces(2, 1);
      return cum(k + 1)
        .minus(cum(k))
        .toFixed(2);
    }).reverse();
    expect(profit.days.map((d) => d.profit)).toEqual(expected);
    expect(profit.days.every((d) => d.annualRate === '1.9000')).toBe(true);
    expect(profit.profit).toBe('6.24'); // 12 days: 6.246575… rounded down
    expect(profit.days[0]?.date).toBe('2026-11-14');
    // 100 at 1.9 %: 0.0052 a day, the first cent on the second day.
    const smallDays = (await h.call(funds.fundProfit, { id: small.id }, { token: u.token })).body.data.days;
    expect(
      smallDays
        .map((d) => d.profit)
        .reverse()
        .slice(0, 4),
    ).toEqual(['0.00', '0.01', '0.00', '0.01']);

    // The Current: each day at that day's market rate less the fee, summed exactly, rounded down.
    const currentDays = (await h.call(funds.fundProfit, { id: current.id }, { token: u.token })).body.data;
    let exact = new Decimal(0);
    for (const d of [...currentDays.days].reverse()) {
      const rate = service.rateOfDay({ type: 'current', annualRate: null, managementFee: '0.003' }, d.date);
      expect(d.annualRate).toBe(rate.times(100).toFixed(4));
      exact = exact.plus(new Decimal(5000).times(rate).dividedBy(365));
    }
    expect(currentDays.profit).toBe(exact.toDecimalPlaces(2, 1).toFixed(2));
    expect(new Decimal(currentDays.profit).gt(0)).toBe(true);

    const stat = (await h.call(funds.fundStat, {}, { token: u.token })).body.data;
    const yesterday = [profit.days[0], smallDays[0], currentDays.days[0]].reduce(
      (s, d) => s.plus(d?.profit ?? 0),
      new Decimal(0),
    );
    expect(stat).toEqual({
      currency: 'EUR',
      regularAmount: new Decimal(10100)
        .plus(profit.profit)
        .plus(smallDays.reduce((s, d) => s.plus(d.profit), new Decimal(0)))
        .toFixed(2),
      currentAmount: new Decimal(5000).plus(currentDays.profit).toFixed(2),
      held: expect.any(String),
      dailyYield: yesterday.toFixed(2),
      totalIncome: expect.any(String),
    });
    expect((await books())?.account).toBe((await books())?.owed);

    // Another customer cannot read or redeem the orders; a Regular is not redeemable before maturity.
    for (const ask of [
      h.call(funds.fundDetails, { id: current.id }, { token: other.token }),
      h.call(funds.fundProfit, { id: current.id }, { token: other.token }),
      h.call(funds.fundOrderRedeem, { id: current.id }, { token: other.token }),
    ]) {
      expect((await ask).status).toBe(404);
    }
    const early = await h.call(funds.fundOrderRedeem, { id: regular.id }, { token: u.token, lang: 'nl' });
    expect(early.body.reason).toBe('fundNotRedeemable');
    expect(early.body.msg).toContain('2026-12-03');

    // Redeem the Current at 15 Nov 13:00 while a job pass runs: paid once, principal + the 12 days' interest.
    h.clock.advance(12.5 * 3_600_000);
    const before = new Decimal(await available(u.token));
    const key = randomUUID();
    const [redeemed] = await Promise.all([
      h.call(funds.fundOrderRedeem, { id: current.id }, { token: u.token, key }),
      jobs[0]?.runUnlocked(),
    ]);
    expect(redeemed?.status).toBe(200);
    expect(redeemed?.body.data).toMatchObject({ status: 'completed', income: currentDays.profit, redeemable: false });
    const paid = new Decimal(5000).plus(currentDays.profit);
    expect(redeemed?.body.data.paidOut).toBe(paid.toFixed(2));
    expect(redeemed?.body.data.sellTimeStamp).toBe(h.clock.now().getTime());
    expect(await available(u.token)).toBe(before.plus(paid).toFixed(2));
    const replay = await h.call(funds.fundOrderRedeem, { id: current.id }, { token: u.token, key });
    expect(replay.body.data.paidOut).toBe(paid.toFixed(2));
    const again = await h.call(funds.fundOrderRedeem, { id: current.id }, { token: u.token });
    expect(again.body.reason).toBe('fundOrderCompleted');
    expect(await available(u.token)).toBe(before.plus(paid).toFixed(2));

    // On to the Regulars' maturity, 3 Dec: 30 days accrued, principal + interest paid once, nothing after.
    h.clock.advance(11.5 * 3_600_000);
    while (h.clock.now().toISOString() < '2026-12-06') {
      h.clock.advance(DAY);
      await Promise.all(jobs.map((j) => j.runUnlocked()));
    }
    const done = (await h.call(funds.fundDetails, { id: regular.id }, { token: u.token })).body.data;
    // 10,000 × 1.9 % × 30 / 365 = 15.616438… → 15.61.
    expect(done).toMatchObject({ status: 'completed', income: '15.61', paidOut: '10015.61' });
    const smallDone = (await h.call(funds.fundDetails, { id: small.id }, { token: u.token })).body.data;
    expect(smallDone).toMatchObject({ status: 'completed', income: '0.15', paidOut: '100.15' }); // 0.156164…
    expect(await available(u.token)).toBe(before.plus(paid).plus('10015.61').plus('100.15').toFixed(2));
    const { rows } = await h.db.execute<{ type: string; n: number }>(sql`
      select e.type, count(*)::int as n from journal_entries e where e.reference like ${`fund:${regular.id}%`}
      group by e.type order by e.type`);
    expect(rows).toEqual([
      { type: 'fundInterest', n: 30 },
      { type: 'fundRedemption', n: 1 },
      { type: 'fundSubscription', n: 1 },
    ]);
    expect(await jobs[0]?.runOnce()).toEqual({ days: 0, matured: 0, failed: 0 });
    const finalStat = (await h.call(funds.fundStat, {}, { token: u.token })).body.data;
    expect(finalStat).toMatchObject({ regularAmount: '0.00', currentAmount: '0.00', held: '0.00' });
    expect(finalStat.totalIncome).toBe(new Decimal(currentDays.profit).plus('15.61').plus('0.15').toFixed(2));
    const after = await books();
    expect(after?.account).toBe(after?.owed);
    const completed = await h.call(funds.fundOrderPageList, { status: 'completed' }, { token: u.token });
    expect(completed.body.data.total).toBe(3);

    // One message per Regular paid back, in the reader's language, linking to the holdings.
    const messages = (await h.call(inboxApi.getMessages, {}, { token: u.token, lang: 'nl' })).body.data.list;
    const matured = messages.filter((m) => m.kind === 'fundMatured');
    expect(matured).toHaveLength(2);
    expect(matured.map((m) => m.link)).toEqual(['/pages/yinmutual/myhold', '/pages/yinmutual/myhold']);
    expect(matured.find((m) => m.body.includes(`#${regular.id} `))?.body).toBe(
      `Uw vaste fondsorder #${regular.id} (KM-FIX30) liep af op 2026-12-03: 10.000,00 EUR inleg en 15,61 EUR rente zijn op uw fondsenrekening gestort.`,
    );

    // The customer's bill shows each subscription and payment, in words.
    const bill = await h.call(walletApi.getWalletBill, { walletType: 'FINANCIAL', pageSize: 100 }, { token: u.token });
    expect(bill.status).toBe(200);
    const paidBack = bill.body.data.list.find(
      (b) => b.reference === `fund:${regular.id}` && b.type === 'fundRedemption',
    );
    expect(paidBack).toMatchObject({
      amount: '10015.61',
      reason: `Fund order #${regular.id} paid back: principal 10000.00 and interest 15.61`,
    });
    expect(bill.body.data.list.filter((b) => b.type === 'fundSubscription').map((b) => b.amount)).toEqual([
      '-5000.00',
      '-100.00',
      '-10000.00',
    ]);

    // A row set back as if its last write were lost: the day's primary key and the ledger's references refuse again.
    await h.db
      .update(fundOrders)
      .set({ status: 'inProgress', paidOut: null, closedAt: null, accruedThrough: '2026-11-20', nextDue: '2026-11-21' })
      .where(eq(fundOrders.id, regular.id));
    expect(await createFundJob(h.deps).runOnce()).toEqual({ days: 0, matured: 0, failed: 1 });
    await h.db
      .update(fundOrders)
      .set({
        status: 'completed',
        paidOut: '10015.61',
        closedAt: h.clock.now(),
        nextDue: null,
        accruedThrough: '2026-12-02',
      })
      .where(eq(fundOrders.id, regular.id));
  }, 300_000);
});
