/**
 * Loans on the real database and the deterministic clock (Monday 2 Nov 2026 10:00 UTC), with SAP pinned at 250 / 250.2
 * EUR: a customer who holds 40 SAP (worth 10,000.00 at the bid) may borrow 5,000.00 (LTV 50 %). Applying, the console's
 * decision (reject with a reason, approve through the ledger), interest charged daily to the cent over simulated days
 * (exactly once, even by two jobs at once), a partial and a full repayment, the collateral alert when SAP falls,
 * translated refusals that change nothing, idempotent and concurrent apply and repay, another customer's loan 404,
 * and the books balanced after every test (the loans account is minus what is owed).
 */
import { randomUUID } from 'node:crypto';
import {
  consoleApi,
  Decimal,
  inbox as inboxApi,
  loan as loanApi,
  trading as tradingApi,
  wallet as walletApi,
} from '@beurs/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { type PinnedMarket, pinMarket, pinRates, placeOrder, trader } from '../../../test/trading.js';
import { createTrialBalanceJob, trialBalance } from '../books/index.js';
import { createLoanJob } from './job.js';

const DAY = 86_400_000;
let h: Harness;
let m: PinnedMarket;
/** The reviewer's session, signed in again before each test (the simulated days outlast a console session). */
let reviewer: string;
const REVIEWER = { username: 'rita', password: 'OperatorPass1' };

beforeAll(async () => {
  // Sessions last the simulated weeks.
  h = await createHarness({
    config: { tradingJobMs: 0, tokenIdleSeconds: 90 * 86_400, tokenAbsoluteSeconds: 90 * 86_400 },
  });
  m = pinMarket(h);
  await h.consoleOperators({ admin: 'anke', reviewer: REVIEWER.username });
});
beforeEach(async () => {
  reviewer = (await h.call(consoleApi.consoleLogin, REVIEWER)).body.data.token;
  m.clear();
  pinRates(m);
  m.set('SAP', 0, { bid: '250', ask: '250.2' });
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
  // The loans account holds minus what every loan in use owes, to the cent.
  const { rows } = await h.db.$client.query<{ owed: string; account: string }>(`
    select (select coalesce(sum(principal + interest), 0) from loans where status = 3 and repaid_at is null) as owed,
           (select coalesce(sum(p.amount), 0) from ledger_postings p join ledger_accounts a on a.id = p.account_id
             where a.system = 'loans') as account`);
  expect(new Decimal(rows[0]?.owed ?? 'NaN').plus(rows[0]?.account ?? 'NaN').toFixed(2)).toBe('0.00');
});

/** A verified customer holding 40 SAP bought at 250.2 (worth 10,000.00 at the bid), with `cash` left in BALANCE. */
async function borrower(cash = '0') {
  const u = await trader(h, { BALANCE: new Decimal(cash).plus('10100').toFixed(2) });
  const bought = await placeOrder(
    h,
    tradingApi.stockCreate,
    { stockCode: 'SAP', direction: 0, quantity: 40, leverage: 1 },
    { token: u.token },
  );
  expect(bought.status).toBe(200);
  // Whatever the fee was, leave exactly `cash`.
  const left = new Decimal((await h.balance(u.token))?.balance ?? 0).minus(cash);
  if (left.gt(0)) {
    await h.db.transaction(async (tx) => {
      const account = await h.deps.ledger.walletAccount(tx, u.user.id, 'BALANCE');
      const sink = await h.deps.ledger.systemAccount(tx, 'adjustments', 'EUR');
      await h.deps.ledger.post(tx, {
        type: 'adjustment',
        reason: 'test: leave the cash asked for',
        at: h.clock.now(),
        postings: [
          { account, amount: left.negated() },
          { account: sink, amount: left },
        ],
      });
    });
  }
  return u;
}

const apply = (token: string, amount: string, key?: string, lang?: string) =>
  h.call(loanApi.loanApply, { amount }, { token, ...(key ? { key } : {}), ...(lang ? { lang } : {}) });
const repay = (token: string, id: number, amount: string, key?: string) =>
  h.call(loanApi.loanApplyRepay, { id, amount }, { token, ...(key ? { key } : {}) });
const cash = async (token: string) => (await h.balance(token))?.balance ?? '0.00';
const loansOf = async (token: string) => (await h.call(loanApi.loanApplyList, {}, { token })).body.data.list;
const messages = async (token: string, lang?: string) =>
  (await h.call(inboxApi.getMessages, {}, { token, ...(lang ? { lang } : {}) })).body.data.list;

async function queueRow(email: string, status: 1 | 2 | 3 = 1) {
  const q = await h.call(loanApi.loanQueue, { q: email, status }, { token: reviewer });
  expect(q.status).toBe(200);
  return q.body.data.list[0];
}
const approve = (id: number) => h.call(loanApi.loanApprove, {}, { token: reviewer, params: { id } });

/** Applies and has the application approved; the loan. */
async function borrowed(u: { token: string; email: string }, amount: string) {
  const applied = await apply(u.token, amount);
  expect(applied.status).toBe(200);
  const approved = await approve(applied.body.data.id);
  expect(approved.status).toBe(200);
  return applied.body.data.id;
}

describe('the limit', () => {
  it('is the published LTV of the holdings, shown with its parts', async () => {
    const u = await borrower();
    const res = await h.call(loanApi.loanLimitRead, {}, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      currency: 'EUR',
      walletType: 'BALANCE',
      annualRate: '0.06',
      classes: [
        { collateral: 'stock', value: '10000.00', ltv: '0.5', limit: '5000.00' },
        { collateral: 'bond', value: '0.00', ltv: '0.7', limit: '0.00' },
      ],
      limit: '5000.00',
      outstanding: '0.00',
      inReview: '0.00',
      available: '5000.00',
      collateralShort: false,
    });
  });
});

describe('applying and the decision', () => {
  it('refuses bad input with a translated error and stores nothing', async () => {
    const u = await borrower();
    const low = await apply(u.token, '99.99', undefined, 'nl');
    expect(low.status).toBe(422);
    expect(low.body.msg).toBe('De kleinste lening is 100,00 EUR.');
    const high = await apply(u.token, '5000.01');
    expect(high.body).toMatchObject({
      code: 422,
      reason: 'loanAboveLimit',
      msg: 'You can borrow at most 5,000.00 EUR now.',
    });
    expect((await apply(u.token, '12.345')).status).toBe(400);
    expect((await apply(u.token, 'abc')).status).toBe(400);
    expect(await loansOf(u.token)).toEqual([]);
    const unverified = await h.registerUser();
    expect((await apply(unverified.token, '100')).body.reason).toBe('kycRequired');
  });

  it('waits in review, is rejected with a reason the customer reads, then approved through the ledger', async () => {
    const u = await borrower();
    const first = await apply(u.token, '3000');
    expect(first.body.data).toMatchObject({
      status: 'review',
      amount: '3000.00',
      amountDue: '0.00',
      longAuditTime: null,
    });
    expect((await apply(u.token, '100')).status).toBe(409);

    const row = await queueRow(u.email);
    expect(row).toMatchObject({ amount: '3000.00', identityVerified: true, limitNow: '5000.00', withinLimit: true });
    const rejected = await h.call(
      loanApi.loanReject,
      { reason: 'Please hold the shares a month first' },
      { token: reviewer, params: { id: first.body.data.id } },
    );
    expect(rejected.body.data).toMatchObject({ status: 2, loanStatus: 'rejected', reviewer: 'rita' });
    expect((await loansOf(u.token))[0]).toMatchObject({
      status: 'rejected',
      reason: 'Please hold the shares a month first',
    });
    expect((await messages(u.token))[0]).toMatchObject({ kind: 'loanRejected', link: '/pages/loan/index' });
    expect(await cash(u.token)).toBe('0.00');

    const second = await apply(u.token, '4000');
    const approved = await approve(second.body.data.id);
    expect(approved.body.data).toMatchObject({ status: 3, loanStatus: 'inUse' });
    expect((await approve(second.body.data.id)).status).toBe(409);
    expect(await cash(u.token)).toBe('4000.00');
    expect((await loansOf(u.token))[0]).toMatchObject({ status: 'inUse', principal: '4000.00', amountDue: '4000.00' });
    const told = (await messages(u.token, 'nl'))[0];
    expect(told).toMatchObject({ kind: 'loanApproved', title: 'Lening goedgekeurd' });
    expect(told?.body).toContain('4.000,00 EUR');
    const limit = (await h.call(loanApi.loanLimitRead, {}, { token: u.token })).body.data;
    expect(limit).toMatchObject({ outstanding: '4000.00', available: '1000.00' });
    // The payout is in the customer's bill with its description.
    const bill = await h.call(walletApi.getWalletBill, { type: 'loanDisbursement' }, { token: u.token });
    expect(bill.body.data.list[0]).toMatchObject({ amount: '4000.00', type: 'loanDisbursement' });
    expect(bill.body.data.list[0]?.reason).toBe(`Loan #${second.body.data.id} paid out`);
    // The decision is audited.
    const { rows } = await h.db.$client.query(`select action from audit_log where target_type = 'loan' order by id`);
    expect(rows.map((r) => r.action)).toEqual(['loan.reject', 'loan.approve']);
  });

  it('refuses an approval the holdings no longer carry', async () => {
    const u = await borrower();
    const applied = await apply(u.token, '5000');
    m.set('SAP', 0, { bid: '200', ask: '200.2' });
    const refused = await approve(applied.body.data.id);
    expect(refused.body).toMatchObject({ code: 422, reason: 'loanCriteriaUnmet' });
    expect(await cash(u.token)).toBe('0.00');
    expect((await queueRow(u.email))?.withinLimit).toBe(false);
  });

  it('is idempotent and one application at a time, even sent at once', async () => {
    const u = await borrower();
    const key = randomUUID();
    const a = await apply(u.token, '1000', key);
    const b = await apply(u.token, '1000', key);
    expect(b.body.data.id).toBe(a.body.data.id);
    await h.call(
      loanApi.loanReject,
      { reason: 'Try a smaller amount' },
      { token: reviewer, params: { id: a.body.data.id } },
    );
    const at = await Promise.all(Array.from({ length: 6 }, () => apply(u.token, '900')));
    expect(at.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await loansOf(u.token)).filter((l) => l.status === 'review')).toHaveLength(1);
  });
});

describe('interest and repayment', () => {
  it('charges each ended day once to the cent, takes a part repayment interest first, and closes when repaid', async () => {
    const u = await borrower('50');
    const id = await borrowed(u, '4000');
    // Two jobs at once every day, as two nodes without the lock: each day is charged once.
    const jobs = [createLoanJob(h.deps), createLoanJob(h.deps)];
    for (let day = 1; day <= 10; day++) {
      h.clock.advance(DAY);
      await Promise.all(jobs.map((j) => j.runUnlocked({ collateral: false })));
    }
    // 4000 × 6 % / 365 = 0.657534… → 0.66 a day, for 2 Nov (approved that day) to 11 Nov: 10 days.
    const should = (await h.call(loanApi.loanShouldRepayAmount, { id }, { token: u.token })).body.data;
    expect(should).toEqual({ id, currency: 'EUR', principal: '4000.00', interest: '6.60', amountDue: '4006.60' });
    const { rows: charged } = await h.db.$client.query(
      `select count(*)::int as n, sum(p.amount)::text as s from journal_entries e join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id where e.type = 'loanInterest' and a.system = 'loanInterest' and e.reference like $1`,
      [`loan:${id}:%`],
    );
    expect(charged[0]).toEqual({ n: 10, s: '6.60000000' });

    // Repay 1,000: 6.60 of interest, 993.40 of principal.
    const part = await repay(u.token, id, '1000');
    expect(part.status).toBe(200);
    expect(part.body.data.repayment).toMatchObject({
      amount: '1000.00',
      interest: '6.60',
      principal: '993.40',
      amountDueAfter: '3006.60',
    });
    expect(part.body.data.loan).toMatchObject({
      status: 'inUse',
      principal: '3006.60',
      interest: '0.00',
      repaidAmount: '1000.00',
    });
    expect(await cash(u.token)).toBe('3050.00');

    // Then 3006.60 × 6 % / 365 = 0.494235… → 0.49 a day. Two days later, without the job: read on the fly.
    h.clock.advance(2 * DAY);
    expect((await h.call(loanApi.loanShouldRepayAmount, { id }, { token: u.token })).body.data.amountDue).toBe(
      '3007.58',
    );
    // More than is due is refused and changes nothing.
    const over = await repay(u.token, id, '3007.59');
    expect(over.body).toMatchObject({
      code: 422,
      reason: 'loanRepayAboveDue',
      msg: 'At most 3,007.58 EUR is due on this loan.',
    });
    expect(await cash(u.token)).toBe('3050.00');
    // The rest: the two days are charged first, then all of it repaid.
    const rest = await repay(u.token, id, '3007.58');
    expect(rest.body.data.loan).toMatchObject({
      status: 'repaid',
      amountDue: '0.00',
      interestCharged: '7.58',
      repaidAmount: '4007.58',
    });
    expect(await cash(u.token)).toBe('42.42');
    expect((await repay(u.token, id, '1')).body.reason).toBe('loanNotInUse');
    h.clock.advance(3 * DAY);
    await jobs[0]?.runUnlocked({ collateral: false });
    expect((await loansOf(u.token))[0]).toMatchObject({ status: 'repaid', interestCharged: '7.58' });
    const list = (await h.call(loanApi.loanRepayList, { id }, { token: u.token })).body.data;
    expect(list.list.map((r) => r.amount)).toEqual(['3007.58', '1000.00']);
  });

  it('repays at most what the wallet holds, idempotently, and concurrent repayments never overdraw', async () => {
    const u = await borrower();
    const id = await borrowed(u, '1000');
    // The wallet holds the 1,000 lent: a repayment of 300 sent twice with one key, then four more at once.
    const key = randomUUID();
    const same = await Promise.all([repay(u.token, id, '300', key), repay(u.token, id, '300', key)]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    expect(same[1]?.body.data.repayment.id).toBe(same[0]?.body.data.repayment.id);
    const at = await Promise.all(Array.from({ length: 4 }, () => repay(u.token, id, '300')));
    const ok = at.filter((r) => r.status === 200).length;
    expect(ok).toBe(2);
    // The others find too little left in the wallet or owed on the loan, whichever they meet first.
    for (const r of at.filter((x) => x.status !== 200)) {
      expect(['insufficientBalance', 'loanRepayAboveDue']).toContain(r.body.reason);
    }
    expect(await cash(u.token)).toBe('100.00');
    expect((await h.call(loanApi.loanShouldRepayAmount, { id }, { token: u.token })).body.data.amountDue).toBe(
      '100.00',
    );
  });

  it("answers 404 for another customer's loan", async () => {
    const owner = await borrower();
    const id = await borrowed(owner, '500');
    const other = await borrower();
    expect((await h.call(loanApi.loanShouldRepayAmount, { id }, { token: other.token })).status).toBe(404);
    expect((await repay(other.token, id, '1')).status).toBe(404);
    expect((await h.call(loanApi.loanRepayList, { id }, { token: other.token })).status).toBe(404);
    expect(await loansOf(other.token)).toEqual([]);
  });
});

describe('the books check', () => {
  it('finds the loans account equal to minus what the loans owe, and says so when either side is changed', async () => {
    const u = await borrower('50');
    const id = await borrowed(u, '1000');
    h.clock.advance(3 * DAY);
    expect((await repay(u.token, id, '20')).status).toBe(200);
    const job = createTrialBalanceJob(h.deps);
    expect((await trialBalance(h.db)).loansMatchLedger).toBe(true);
    expect((await job.checkUnlocked()).balanced).toBe(true);

    const breakWith = async (set: string) => {
      await h.db.$client.query(`update loans set ${set} where id = $1`, [id]);
      const figures = await trialBalance(h.db);
      const check = await job.checkUnlocked();
      return { ok: figures.loansMatchLedger, problems: check.problems };
    };
    const restore = (values: { interest: string; charged: string; amount: string }) =>
      h.db.$client.query('update loans set interest = $2, interest_charged = $3, amount = $4 where id = $1', [
        id,
        values.interest,
        values.charged,
        values.amount,
      ]);
    const { rows } = await h.db.$client.query<{ interest: string; charged: string; amount: string }>(
      'select interest, interest_charged as charged, amount from loans where id = $1',
      [id],
    );
    const before = rows[0];
    if (!before) throw new Error('no loan');
    // Interest owed that no entry charged: both the account and the loan's own sum disagree.
    const unposted = await breakWith('interest = interest + 0.01');
    expect(unposted.ok).toBe(false);
    expect(unposted.problems).toEqual([
      'the loans account differs from what the loans owe (lent plus interest charged less repaid)',
    ]);
    await restore(before);
    // Interest owed and recorded as charged, but never posted: the account disagrees.
    expect((await breakWith('interest = interest + 0.01, interest_charged = interest_charged + 0.01')).ok).toBe(false);
    await restore(before);
    // A loan whose lent amount was changed afterwards: its own sum disagrees, though the account agrees.
    expect((await breakWith('amount = amount + 1')).ok).toBe(false);
    await restore(before);
    expect((await trialBalance(h.db)).loansMatchLedger).toBe(true);
  });
});

describe('the collateral alert', () => {
  it('tells the customer once when the holdings fall below the published cover, with the time to act', async () => {
    const u = await borrower();
    await borrowed(u, '4000');
    const job = createLoanJob(h.deps);
    const alerts = async () => (await messages(u.token)).filter((x) => x.kind === 'loanCollateralShort');
    // 40 × 190 × 0.5 = 3,800: 95 % of 4,000, above the 90 % cover: no alert.
    m.set('SAP', 0, { bid: '190', ask: '190.2' });
    await job.checkCollateral(h.clock.now());
    expect(await alerts()).toHaveLength(0);
    // 40 × 170 × 0.5 = 3,400: 85 %. Told once, however often the job looks.
    m.set('SAP', 0, { bid: '170', ask: '170.2' });
    await job.checkCollateral(h.clock.now());
    await job.checkCollateral(h.clock.now());
    const alert = await alerts();
    expect(alert).toHaveLength(1);
    expect(alert[0]?.body).toContain('3,400.00 EUR');
    // The published time to act: five days from the alert.
    const deadline = h.clock.now().getTime() + 5 * DAY;
    expect(alert[0]?.body).toContain(`${new Date(deadline).toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    const limit = (await h.call(loanApi.loanLimitRead, {}, { token: u.token })).body.data;
    expect(limit).toMatchObject({ collateralShort: true, cureDeadlineTimestamp: deadline });
    // Covered again, then short again: a new alert.
    m.set('SAP', 0, { bid: '250', ask: '250.2' });
    await job.checkCollateral(h.clock.now());
    m.set('SAP', 0, { bid: '150', ask: '150.2' });
    await job.checkCollateral(h.clock.now());
    expect(await alerts()).toHaveLength(2);
    // Withdrawals stay free: the cash lent may still be moved.
    expect(await cash(u.token)).toBe('4000.00');
  });
});
