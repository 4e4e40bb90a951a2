/**
 * A simulated year of the bonds job on the real database and the deterministic clock (2 Nov 2026 to 3 Nov 2027, a
 * pass a day): every coupon is paid once on its date into the holding's wallet, every maturity's face value once,
 * a sold holding keeps the coupon its sale's settlement reaches and nothing after; two job instances running at once
 * (as two nodes without the lock, or one restarted mid-pass) pay nothing twice, and the books balance. Each payment
 * is told once in the inbox, in the customer's language, with the figures of its ledger entry.
 */
import { auth as authApi, bondMath, bonds, Decimal, inbox as inboxApi } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { users } from '../../platform/db/schema.js';
import { createBondJob } from './job.js';
import { bondHoldings } from './schema.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
beforeAll(async () => {
  // The customer's session lasts the simulated year (the default would sign them out after a week idle).
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

const today = () => bondMath.isoDate(Math.floor(h.clock.now().getTime() / DAY));

describe('the bonds job over a simulated year', () => {
  it('pays every coupon and maturity once, stops a sold holding at its settlement, and balances', async () => {
    const u = await h.registerUser();
    await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
    await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
    await h.fund(u.user.id, 'US_STOCK', '20000');
    await h.fund(u.user.id, 'BALANCE', '20000');
    const list = (await h.call(bonds.bondsList, { pageSize: 100 })).body.data.list;
    const code = (maturity: string) => list.find((b) => b.maturityDate === maturity)?.code ?? '';
    const bill = list.find((b) => b.kind === 'bill' && b.maturityDate > '2027-04-01' && b.maturityDate < '2027-06-01');
    if (!bill) throw new Error('no 26-week bill');
    const buys: Array<[string, number]> = [
      [code('2027-05-15'), 2], // US note 4 %: coupons 15 Nov and 15 May, then the face
      [code('2033-02-28'), 1], // US note 4.125 %, month end: 28 Feb and 31 Aug
      [bill.code, 3], // no coupon, the face at maturity
      [code('2027-08-15'), 3], // Bund 0.25 %: one coupon and the face
      [code('2027-06-22'), 1], // OLO 0.8 %: one coupon and the face
      [code('2047-01-15'), 2], // DSL 2.75 %: sold on 14 Jan, settling on 18 Jan, keeps the 15 Jan coupon
    ];
    const held = [];
    for (const [c, quantity] of buys) {
      const res = await h.call(bonds.treasuryBondCreate, { code: c, quantity, payPassword: PAY }, { token: u.token });
      expect(res.status).toBe(200);
      held.push(res.body.data);
    }
    const [usShort, usLong, tbill, bund, olo, dsl] = held as [
      (typeof held)[0],
      (typeof held)[0],
      (typeof held)[0],
      (typeof held)[0],
      (typeof held)[0],
      (typeof held)[0],
    ];
    const paidIn = { USD: new Decimal(0), EUR: new Decimal(0) };
    for (const x of held) paidIn[x.currency] = paidIn[x.currency].minus(x.total);

    // Two job instances, as two nodes passing at once without the lock; a third replaces one after a "restart".
    let jobs = [createBondJob(h.deps), createBondJob(h.deps)];
    const endDay = bondMath.isoDate(bondMath.dayNumber('2027-11-03'));
    while (today() < endDay) {
      h.clock.advance(DAY);
      if (today() === '2027-01-14') {
        const sold = await h.call(bonds.treasuryBondFlatPosition, { id: dsl.id }, { token: u.token });
        expect(sold.body.data.status).toBe('sold');
        paidIn.EUR = paidIn.EUR.plus(sold.body.data.saleAmount ?? 0);
      }
      if (today() === '2027-05-14') {
        const page = await h.call(bonds.treasuryBondPageList, { status: 'waitingRedemption' }, { token: u.token });
        expect(page.body.data.list.map((x) => x.id)).toEqual([usShort.id]);
      }
      if (today() === '2027-04-01') jobs = [createBondJob(h.deps), jobs[1] as (typeof jobs)[0]];
      await Promise.all(jobs.map((j) => j.runUnlocked()));
    }
    // After the year, passes find nothing to pay.
    expect(await jobs[0]?.runOnce()).toEqual({ coupons: 0, redeemed: 0, failed: 0 });

    const { rows } = await h.db.execute<{ type: string; reference: string; amount: string }>(sql`
      select e.type, e.reference, p.amount::text as amount from journal_entries e
      join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.type in ('bondCoupon', 'bondRedemption') and a.user_id = ${u.user.id} order by e.id`);
    const paid = (id: number, type: string) =>
      rows.filter((r) => r.type === type && (r.reference === `bond:${id}` || r.reference.startsWith(`bond:${id}:`)));
    const coupons = (id: number) => paid(id, 'bondCoupon').map((r) => [r.reference.split(':')[2], r.amount]);
    expect(coupons(usShort.id)).toEqual([
      ['2026-11-15', '40.00000000'],
      ['2027-05-15', '40.00000000'],
    ]);
    expect(coupons(usLong.id)).toEqual([
      ['2027-02-28', '20.62000000'],
      ['2027-08-31', '20.62000000'],
    ]);
    expect(coupons(tbill.id)).toEqual([]);
    expect(coupons(bund.id)).toEqual([['2027-08-15', '7.50000000']]);
    expect(coupons(olo.id)).toEqual([['2027-06-22', '8.00000000']]);
    expect(coupons(dsl.id)).toEqual([['2027-01-15', '55.00000000']]);
    for (const x of [usShort, tbill, bund, olo]) {
      expect(paid(x.id, 'bondRedemption').map((r) => r.amount)).toEqual([
        new Decimal(1000).times(x.quantity).toFixed(8),
      ]);
    }
    expect(paid(usLong.id, 'bondRedemption')).toEqual([]);
    expect(paid(dsl.id, 'bondRedemption')).toEqual([]);

    // One message per payment: each coupon entry and each redemption entry is told once, with its figures.
    const messages = async (lang?: 'nl' | 'zh-Hans') =>
      (
        await h.call(inboxApi.getMessages, { pageSize: 100 }, { token: u.token, ...(lang ? { lang } : {}) })
      ).body.data.list.filter((m) => m.kind === 'bondCouponPaid' || m.kind === 'bondRedeemed');
    const told = await messages();
    const byKind = (kind: string) => told.filter((m) => m.kind === kind);
    expect(byKind('bondCouponPaid')).toHaveLength(rows.filter((r) => r.type === 'bondCoupon').length);
    expect(byKind('bondRedeemed')).toHaveLength(rows.filter((r) => r.type === 'bondRedemption').length);
    expect(told.every((m) => m.link === '/pages/bonds/close' && !m.read)).toBe(true);
    const couponOf = (holding: { code: string; quantity: number }, date: string, amount: string, currency: string) =>
      `The coupon of ${date} on your ${holding.quantity} bonds ${holding.code} was paid: ${amount} ${currency}`;
    const bodies = told.map((m) => m.body);
    expect(bodies).toContainEqual(expect.stringContaining(couponOf(usShort, '2026-11-15', '40.00', 'USD')));
    expect(bodies).toContainEqual(expect.stringContaining(couponOf(usLong, '2027-08-31', '20.62', 'USD')));
    expect(bodies).toContainEqual(expect.stringContaining(couponOf(dsl, '2027-01-15', '55.00', 'EUR')));
    expect(bodies).toContainEqual(
      expect.stringContaining(
        `Your 2 bonds ${usShort.code} matured on 2027-05-15 and were redeemed at face value: 2,000.00 USD into your`,
      ),
    );
    const nl = (await messages('nl')).find((m) => m.kind === 'bondRedeemed' && m.body.includes(usShort.code));
    expect(nl?.title).toBe('Obligatie afgelost op de vervaldatum');
    expect(nl?.body).toContain('2.000,00 USD');
    const zh = (await messages('zh-Hans')).find((m) => m.kind === 'bondCouponPaid');
    expect(zh?.title).toBe('债券利息已支付');

    const page = (await h.call(bonds.treasuryBondPageList, { pageSize: 100 }, { token: u.token })).body.data.list;
    const state = Object.fromEntries(page.map((x) => [x.id, [x.status, x.interest]]));
    expect(state).toEqual({
      [usShort.id]: ['redeemed', '80.00'],
      [usLong.id]: ['bought', '41.24'],
      [tbill.id]: ['redeemed', '0.00'],
      [bund.id]: ['redeemed', '7.50'],
      [olo.id]: ['redeemed', '8.00'],
      [dsl.id]: ['sold', '55.00'],
    });
    const usd = rows
      .filter((r) => [usShort.id, usLong.id, tbill.id].some((id) => r.reference.split(':')[1] === String(id)))
      .reduce((s, r) => s.plus(r.amount), new Decimal(0));
    const eur = rows
      .filter((r) => [bund.id, olo.id, dsl.id].some((id) => r.reference.split(':')[1] === String(id)))
      .reduce((s, r) => s.plus(r.amount), new Decimal(0));
    expect((await h.balance(u.token, 'US_STOCK'))?.balance).toBe(paidIn.USD.plus(20000).plus(usd).toFixed(2));
    expect((await h.balance(u.token, 'BALANCE'))?.balance).toBe(paidIn.EUR.plus(20000).plus(eur).toFixed(2));
    const totals = (await h.call(bonds.getTreasuryBondTotal, {}, { token: u.token })).body.data.totals;
    expect(totals.map((t) => [t.currency, t.holdings, t.income])).toEqual([
      ['EUR', 0, '70.50'],
      ['USD', 1, '121.24'],
    ]);

    // A row set back as if its last write were lost: the ledger's reference per coupon still refuses a second payment.
    const before = (await h.balance(u.token, 'US_STOCK'))?.balance;
    await h.db
      .update(bondHoldings)
      .set({ paidThrough: '2027-03-01', nextDue: '2027-08-31' })
      .where(eq(bondHoldings.id, usLong.id));
    expect(await createBondJob(h.deps).runOnce()).toEqual({ coupons: 0, redeemed: 0, failed: 1 });
    expect((await h.balance(u.token, 'US_STOCK'))?.balance).toBe(before);
    // The refused payment's transaction took its message with it.
    expect(await messages()).toHaveLength(told.length);
  }, 300_000);
});
