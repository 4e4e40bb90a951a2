/**
 * The console's fund products and the accrual job's work, on the real database and the deterministic clock (Monday
 * 2 Nov 2026 10:00 UTC): an admin publishes a product in three languages and closes it to new money and reopens it,
 * each audited; a reviewer reads but cannot write; bad input is refused translated and writes nothing; an order keeps
 * the terms it was sold with whatever becomes of its product; the job's days and totals; a customer's funds.
 */
import { auth as authApi, consoleApi, Decimal, funds } from '@beurs/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { auditLog, users } from '../../platform/db/schema.js';
import { createFundJob } from './job.js';
import { fundOrders, fundProducts } from './schema.js';
import { seedFundProducts } from './service.js';

const PAY = '135790';
const DAY = 86_400_000;
let h: Harness;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  h = await createHarness({ config: { tokenIdleSeconds: 400 * 86_400, tokenAbsoluteSeconds: 400 * 86_400 } });
  await seedFundProducts(h.db, h.clock.now());
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'fundadmin', reviewer: 'fundreviewer' }));
});

/** The operators sign in again after the simulated days (an operator's session ends sooner than a customer's). */
async function signInAgain() {
  const login = async (username: string) =>
    (await h.call(consoleApi.consoleLogin, { username, password: 'OperatorPass1' })).body.data.token;
  admin = await login('fundadmin');
  reviewer = await login('fundreviewer');
}
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
});

async function customer(financial: string) {
  const u = await h.registerUser();
  await h.db.update(users).set({ kycStatus: 3 }).where(eq(users.id, u.user.id));
  await h.call(authApi.settingPayPassword, { payPassword: PAY }, { token: u.token });
  await h.fund(u.user.id, 'FINANCIAL', financial);
  return u;
}

const regularInput = (over: Partial<funds.FundProductInput> = {}): funds.FundProductInput => ({
  code: 'KM-FIX60',
  name: 'Kade Fixed 60 days',
  nameNl: 'Kade Vast 60 dagen',
  nameZh: 'Kade 定期 60 天',
  type: 'regular',
  termDays: 60,
  annualRate: '3.1',
  minAmount: '250',
  ...over,
});

const audits = (action: string, id: number) =>
  h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))));

const productCount = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(fundProducts))[0]?.n;

describe('publishing and closing a fund product', () => {
  it('publishes in three languages, closes to new money and reopens, each audited; the order keeps its terms', async () => {
    const published = await h.call(funds.consoleFundProductCreate, regularInput(), { token: admin });
    expect(published.status).toBe(200);
    const p = published.body.data;
    expect(p).toMatchObject({
      code: 'KM-FIX60',
      name: 'Kade Fixed 60 days',
      nameNl: 'Kade Vast 60 dagen',
      nameZh: 'Kade 定期 60 天',
      type: 'regular',
      termDays: 60,
      annualRate: '3.1000',
      managementFee: null,
      minAmount: '250.00',
      open: true,
      ordersInProgress: 0,
      held: '0.00',
    });
    const created = await audits('fundProduct.create', p.id);
    expect(created).toHaveLength(1);
    expect(created[0]?.detail).toMatchObject({ old: null, new: { code: 'KM-FIX60', annualRate: '3.1000' } });

    // Customers see it in their language, after the demo's products.
    const nl = (await h.call(funds.fundProductPageList, { pageSize: 100 }, { lang: 'nl' })).body.data.list;
    expect(nl.at(-1)).toMatchObject({ code: 'KM-FIX60', name: 'Kade Vast 60 dagen', annualRate: '3.1000' });

    const u = await customer('20000');
    const order = (
      await h.call(
        funds.fundOrderCreate,
        { productId: p.id, amount: '10000', annualRate: '3.1000', payPassword: PAY },
        { token: u.token },
      )
    ).body.data;
    expect(order).toMatchObject({ annualRate: '3.1000', termDays: 60, maturityDate: '2027-01-02' });

    // Closed to new money: gone from the customers' list, a subscription refused (translated), nothing moves.
    const closed = await h.call(funds.consoleFundProductOpen, { open: false }, { token: admin, params: { id: p.id } });
    expect(closed.body.data).toMatchObject({ open: false, ordersInProgress: 1, held: '10000.00' });
    const closing = await audits('fundProduct.close', p.id);
    expect(closing).toHaveLength(1);
    expect(closing[0]?.detail).toMatchObject({ old: { open: true }, new: { open: false } });
    const list = (await h.call(funds.fundProductPageList, { pageSize: 100 })).body.data.list;
    expect(list.map((x) => x.code)).not.toContain('KM-FIX60');
    const refused = await h.call(
      funds.fundOrderCreate,
      { productId: p.id, amount: '500', payPassword: PAY },
      { token: u.token, lang: 'nl' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('Kade Vast 60 dagen is gesloten voor nieuw geld. Er is niets ingelegd.');
    expect((await h.balance(u.token, 'FINANCIAL'))?.balance).toBe('10000.00');
    // Closing again changes nothing and records nothing.
    await h.call(funds.consoleFundProductOpen, { open: false }, { token: admin, params: { id: p.id } });
    expect(await audits('fundProduct.close', p.id)).toHaveLength(1);

    // No console call changes a product's terms or touches an order. Even were the product's row changed behind the
    // console's back, the order accrues at the terms it was sold with, copied onto it.
    await h.db.update(fundProducts).set({ annualRate: '0.09', termDays: 5 }).where(eq(fundProducts.id, p.id));
    h.clock.advance(DAY - 9.5 * 3_600_000 + DAY); // 4 Nov 00:30: 3 Nov accrued
    await createFundJob(h.deps).runUnlocked();
    await signInAgain();
    const profit = (await h.call(funds.fundProfit, { id: order.id }, { token: u.token })).body.data;
    expect(profit.days).toEqual([{ date: '2026-11-03', annualRate: '3.1000', profit: '0.84' }]); // 10,000 × 3.1 % / 365
    const seen = await h.call(funds.consoleCustomerFunds, {}, { token: reviewer, params: { id: u.user.id } });
    expect(seen.body.data.list).toHaveLength(1);
    expect(seen.body.data.list[0]).toMatchObject({
      id: order.id,
      annualRate: '3.1000',
      termDays: 60,
      maturityDate: '2027-01-02',
      income: '0.84',
      status: 'inProgress',
    });
    await h.db.update(fundProducts).set({ annualRate: '0.031', termDays: 60 }).where(eq(fundProducts.id, p.id));

    // Reopened: listed again.
    const reopened = await h.call(funds.consoleFundProductOpen, { open: true }, { token: admin, params: { id: p.id } });
    expect(reopened.body.data.open).toBe(true);
    expect(await audits('fundProduct.reopen', p.id)).toHaveLength(1);
    const again = (await h.call(funds.fundProductPageList, { pageSize: 100 })).body.data.list;
    expect(again.map((x) => x.code)).toContain('KM-FIX60');

    // The console's list has every product, open or closed, with what is held.
    const all = (await h.call(funds.consoleFundProducts, {}, { token: reviewer })).body.data;
    expect(all.map((x) => x.code)).toEqual(['KM-LIQ', 'KM-FIX30', 'KM-FIX90', 'KM-FIX180', 'KM-FIX365', 'KM-FIX60']);
    expect(all.find((x) => x.code === 'KM-FIX60')).toMatchObject({ ordersInProgress: 1, held: '10000.84' });
    expect(all.find((x) => x.code === 'KM-LIQ')?.marketYield).not.toBeNull();
  });

  it('publishes a Current with its management fee; its rate is the market’s', async () => {
    const res = await h.call(
      funds.consoleFundProductCreate,
      regularInput({ code: 'km-liq2', type: 'current', termDays: null, annualRate: null, managementFee: '0.5' }),
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'KM-LIQ2', type: 'current', termDays: null, managementFee: '0.5000' });
    const y = new Decimal(res.body.data.marketYield ?? '0');
    const rate = Decimal.max(0, y.minus('0.5'));
    expect(new Decimal(res.body.data.annualRate).minus(rate).abs().lte('0.0001')).toBe(true);
  });

  it('refuses bad input, a code in use and a reviewer, translated, writing nothing', async () => {
    const before = await productCount();
    const noTerm = await h.call(funds.consoleFundProductCreate, regularInput({ code: 'KM-X1', termDays: null }), {
      token: admin,
      lang: 'nl',
    });
    expect(noTerm.status).toBe(400);
    expect(noTerm.body).toMatchObject({ field: 'termDays', msg: 'Deze waarde is niet geldig' });
    const noFee = await h.call(
      funds.consoleFundProductCreate,
      regularInput({ code: 'KM-X2', type: 'current', termDays: null, annualRate: null }),
      { token: admin },
    );
    expect(noFee.status).toBe(400);
    expect(noFee.body.field).toBe('managementFee');
    const tooHigh = await h.call(funds.consoleFundProductCreate, regularInput({ code: 'KM-X3', annualRate: '25' }), {
      token: admin,
    });
    expect(tooHigh.status).toBe(400);
    const noName = await h.call(funds.consoleFundProductCreate, regularInput({ code: 'KM-X4', nameZh: ' ' }), {
      token: admin,
    });
    expect(noName.status).toBe(400);
    const taken = await h.call(funds.consoleFundProductCreate, regularInput({ code: 'KM-FIX30' }), {
      token: admin,
      lang: 'zh-Hans',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('KM-FIX30 已是某基金产品的代码。未发布任何产品。');
    const byReviewer = await h.call(funds.consoleFundProductCreate, regularInput({ code: 'KM-X5' }), {
      token: reviewer,
    });
    expect(byReviewer.status).toBe(403);
    const closeByReviewer = await h.call(
      funds.consoleFundProductOpen,
      { open: false },
      { token: reviewer, params: { id: 1 } },
    );
    expect(closeByReviewer.status).toBe(403);
    expect(await productCount()).toBe(before);
    const unknown = await h.call(
      funds.consoleFundProductOpen,
      { open: false },
      { token: admin, params: { id: 99_999 } },
    );
    expect(unknown.status).toBe(404);
    const nobody = await h.call(funds.consoleCustomerFunds, {}, { token: reviewer, params: { id: 999_999 } });
    expect(nobody.status).toBe(404);
    const u = await customer('1');
    expect((await h.call(funds.consoleFundProducts, {}, { token: u.token })).status).toBe(401);
  });
});

describe("the accrual job's days", () => {
  it('counts per day the orders accrued, the interest and the Regular orders paid, as the ledger has them', async () => {
    const u = await customer('5000');
    const list = (await h.call(funds.fundProductPageList, { pageSize: 100 })).body.data.list;
    const fix30 = list.find((x) => x.code === 'KM-FIX30');
    if (!fix30) throw new Error('no KM-FIX30');
    await h.call(funds.fundOrderCreate, { productId: fix30.id, amount: '3000', payPassword: PAY }, { token: u.token });
    const job = createFundJob(h.deps);
    h.clock.advance(DAY);
    await signInAgain();
    const waiting = (await h.call(funds.consoleFundAccruals, {}, { token: reviewer })).body.data;
    expect(waiting.ordersDue).toBeGreaterThan(0);
    for (let d = 0; d < 32; d++) {
      await job.runUnlocked();
      h.clock.advance(DAY);
    }
    await job.runUnlocked();
    await signInAgain();
    const page = (await h.call(funds.consoleFundAccruals, { pageSize: 100 }, { token: reviewer })).body.data;
    expect(page.ordersDue).toBe(0);
    expect(page.lastAccrualTimestamp).not.toBeNull();
    // Every day as the ledger has it: its fundInterest entries of the day (one per order that earned a cent that
    // day; an order's day below a cent is accrued with no entry) and the interest they moved into the funds account.
    const { rows } = await h.db.execute<{ day: string; n: number; s: string }>(sql`
      select e.detail->>'day' as day, count(*)::int as n, sum(p.amount)::numeric(24, 2)::text as s
      from journal_entries e join ledger_postings p on p.entry_id = e.id and p.amount > 0
      where e.type = 'fundInterest' group by 1 order by 1 desc`);
    expect(rows.length).toBeGreaterThan(30);
    const earned = page.list.filter((d) => new Decimal(d.interest).gt(0));
    expect(earned.map((d) => [d.date, d.interest])).toEqual(rows.map((r) => [r.day, r.s]));
    for (const [i, r] of rows.entries()) expect(earned[i]?.ordersAccrued).toBeGreaterThanOrEqual(r.n);
    const ledgerTotal = rows.reduce((s, r) => s.plus(r.s), new Decimal(0));
    expect(page.totals.interest).toBe(ledgerTotal.toFixed(2));
    const [paid] = await h.db
      .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${fundOrders.paidOut}), 0)::text` })
      .from(fundOrders)
      .where(and(eq(fundOrders.type, 'regular'), eq(fundOrders.status, 'completed')));
    expect(page.totals.matured).toBe(paid?.n);
    expect(page.totals.maturedPaid).toBe(new Decimal(paid?.s ?? 0).toFixed(2));
    expect(page.totals.matured).toBeGreaterThan(0);
    // The 30-day order matured on its day: 3,000 + 30 days at 1.9 % = 3,004.68.
    const day = page.list.find((d) => d.maturedPaid === '3004.68');
    expect(day?.matured).toBeGreaterThanOrEqual(1);
  });
});
