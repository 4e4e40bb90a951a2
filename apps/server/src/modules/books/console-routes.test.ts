import { consoleApi, consoleMoney, user as userApi, type Wallet, wallet as walletApi } from '@beurs/contracts';
import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { journalEntries, ledgerAccounts, operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

let h: Harness;
let admin: string;
let reviewer: string;
/** A second admin, who approves what `admin` proposes. */
let checker: string;
beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'anke', reviewer: 'rita' }));
  await h.db
    .insert(operators)
    .values({ username: 'bert', passwordHash: await hashPassword('BertPass12'), role: 'admin' });
  checker = (await h.call(consoleApi.consoleLogin, { username: 'bert', password: 'BertPass12' })).body.data.token;
});

/**
 * A manual adjustment as the console makes one (four eyes: adjustments.test.ts): proposed by one admin,
 * approved by another. `amount` is signed.
 */
async function adjust(customerId: number, body: { walletType: Wallet; amount: string; reason: string }) {
  const debit = body.amount.startsWith('-');
  const proposed = await h.call(
    consoleMoney.adjustmentPropose,
    {
      walletType: body.walletType,
      direction: debit ? 'debit' : 'credit',
      amount: debit ? body.amount.slice(1) : body.amount,
      category: 'correction',
      reason: body.reason,
    },
    { token: admin, params: { id: customerId } },
  );
  if (proposed.status !== 200) throw new Error(`propose: ${JSON.stringify(proposed.body)}`);
  const approved = await h.call(
    consoleMoney.adjustmentApprove,
    {},
    { token: checker, params: { id: proposed.body.data.id } },
  );
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
}

const trialBalance = async () => (await h.call(consoleMoney.trialBalance, {}, { token: reviewer })).body.data;

describe('trial balance', () => {
  it('sums to zero per currency and every account matches its postings after a mix of operations', async () => {
    const u = await h.registerUser();
    await adjust(u.user.id, { walletType: 'BALANCE', amount: '1000', reason: 'Opening balance' });
    await adjust(u.user.id, { walletType: 'US_STOCK', amount: '300', reason: 'Opening balance' });
    const t = await h.call(
      walletApi.transfer,
      { from: 'BALANCE', to: 'US_STOCK', amount: '333.33' },
      { token: u.token },
    );
    expect(t.status).toBe(200);
    const back = await h.call(
      walletApi.transfer,
      { from: 'US_STOCK', to: 'STOCK', amount: '99.99' },
      { token: u.token },
    );
    expect(back.status).toBe(200);
    const cancel = await h.call(walletApi.cancelTransfer, { entryId: t.body.data.entryId }, { token: u.token });
    expect(cancel.status).toBe(200);
    await adjust(u.user.id, { walletType: 'BALANCE', amount: '-0.01', reason: 'Rounding correction' });
    await h.db.transaction(async (tx) => {
      const account = await h.deps.ledger.walletAccount(tx, u.user.id, 'BALANCE');
      await h.deps.ledger.hold(tx, { account, amount: '12.5', reference: `tb:${u.user.id}`, at: h.clock.now() });
    });

    const tb = await trialBalance();
    expect(tb.accountsMatchPostings).toBe(true);
    const [entries] = await h.db.select({ n: count() }).from(journalEntries);
    expect(tb.entries).toBe(entries?.n);
    expect(tb.currencies.map((c) => c.currency)).toEqual(['EUR', 'USD']);
    for (const c of tb.currencies) {
      expect(c.postingsSum).toBe('0.00');
      // Customer money is exactly what the system accounts gave out.
      const system = c.systemAccounts.reduce((s, a) => s + Math.round(Number(a.balance) * 100), 0);
      expect(Math.round(Number(c.customerBalances) * 100) + system).toBe(0);
      expect(c.systemAccounts.map((a) => a.name)).toEqual(expect.arrayContaining(['adjustments', 'fx']));
    }
    const eur = tb.currencies.find((c) => c.currency === 'EUR');
    expect(Number(eur?.customerHolds)).toBeGreaterThanOrEqual(12.5);
  });

  it('notices an account whose cached balance or hold differs from its postings', async () => {
    const u = await h.registerUser();
    await adjust(u.user.id, { walletType: 'FOREX', amount: '10', reason: 'Opening balance' });
    const tamper = async (column: 'balance' | 'held', delta: string) =>
      h.db
        .update(ledgerAccounts)
        .set({ [column]: sql`${ledgerAccounts[column]} + ${delta}::numeric` })
        .where(sql`${ledgerAccounts.userId} = ${u.user.id} and ${ledgerAccounts.wallet} = 'FOREX'`);
    expect((await trialBalance()).accountsMatchPostings).toBe(true);
    await tamper('balance', '1');
    expect((await trialBalance()).accountsMatchPostings).toBe(false);
    await tamper('balance', '-1');
    await tamper('held', '1');
    expect((await trialBalance()).accountsMatchPostings).toBe(false);
    await tamper('held', '-1');
    expect((await trialBalance()).accountsMatchPostings).toBe(true);
  });

  it('counts what waits for review; readers only', async () => {
    const before = (await trialBalance()).pending;
    const u = await h.registerUser();
    const sent = await h.call(
      userApi.updateReal,
      {
        firstName: 'Anna',
        lastName: 'Bakker',
        country: 'NL',
        idType: 'passport',
        idNumber: 'NX1234567',
        frontFileId: await h.uploadFile(u.token),
      },
      { token: u.token },
    );
    expect(sent.body.code).toBe(200);
    expect((await trialBalance()).pending).toEqual({ ...before, kyc: before.kyc + 1 });
    expect((await h.call(consoleMoney.trialBalance, {}, { token: u.token })).body.code).toBe(401);
  });
});
