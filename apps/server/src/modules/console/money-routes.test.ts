import { type DepositChannel, isIban, type TransferResult } from '@beurs/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog, journalEntries, ledgerAccounts, operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

let h: Harness;
let admin: string;
let reviewer: string;
/** A second admin, who approves what `admin` proposes. */
let checker: string;
type TrialBalance = {
  currencies: Array<{
    currency: string;
    postingsSum: string;
    customerBalances: string;
    customerHolds: string;
    systemAccounts: Array<{ name: string; balance: string }>;
  }>;
  entries: number;
  accountsMatchPostings: boolean;
  pending: { kyc: number; deposits: number; withdrawals: number };
};

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'anke', reviewer: 'rita' }));
  await h.db
    .insert(operators)
    .values({ username: 'bert', passwordHash: await hashPassword('BertPass12'), role: 'admin' });
  checker = (await h.post<{ token: string }>('/console/login', { username: 'bert', password: 'BertPass12' })).body.data
    .token;
});

/**
 * A manual adjustment as the console makes one (four eyes: adjustments.test.ts): proposed by one admin,
 * approved by another. `amount` is signed.
 */
async function adjust(customerId: number, body: { walletType: string; amount: string; reason: string }) {
  const debit = body.amount.startsWith('-');
  const proposed = await h.post<{ id: number }>(
    `/console/customers/${customerId}/adjustments`,
    {
      walletType: body.walletType,
      direction: debit ? 'debit' : 'credit',
      amount: debit ? body.amount.slice(1) : body.amount,
      category: 'correction',
      reason: body.reason,
    },
    admin,
  );
  if (proposed.status !== 200) throw new Error(`propose: ${JSON.stringify(proposed.body)}`);
  const approved = await h.postKeyed(`/console/adjustments/${proposed.body.data.id}/approve`, {}, checker);
  if (approved.status !== 200) throw new Error(`approve: ${JSON.stringify(approved.body)}`);
}

const trialBalance = async () => (await h.get<TrialBalance>('/console/ledger/trial-balance', reviewer)).body.data;

describe('deposit channels', () => {
  const tron = {
    type: 'crypto',
    asset: 'USDT',
    network: 'TRC20',
    address: 'TSMt6aZTtcwc9YDg2fxeUaLvdadvqCHMjz',
    walletType: 'US_STOCK',
    minAmount: '10',
  };
  const sepa = {
    type: 'bank',
    asset: 'EUR',
    bank: {
      bankName: 'ABN AMRO Bank',
      accountName: 'Kade Markets B.V.',
      iban: 'NL91 ABNA 0417 1643 00',
      swift: 'abnanl2a',
      bankAddress: 'Gustav Mahlerlaan 10, Amsterdam',
    },
    walletType: 'BALANCE',
  };

  it('admins add channels in the credited wallet currency; customers see the enabled ones', async () => {
    const crypto = await h.post<DepositChannel>('/console/deposit-channels', tron, admin);
    expect(crypto.body).toMatchObject({
      code: 200,
      data: { asset: 'USDT', network: 'TRC20', currency: 'USD', minAmount: '10.00', confirmations: 3, bank: null },
    });
    const bank = await h.post<DepositChannel>('/console/deposit-channels', sepa, admin);
    expect(bank.body.data).toMatchObject({
      type: 'bank',
      currency: 'EUR',
      network: null,
      address: null,
      minAmount: '1.00',
      bank: { iban: 'NL91ABNA0417164300', swift: 'ABNANL2A' },
    });
    expect(isIban(bank.body.data.bank?.iban ?? '')).toBe(true);

    const list = await h.get<DepositChannel[]>('/console/deposit-channels', reviewer);
    expect(list.body.data.map((c) => c.id)).toEqual([crypto.body.data.id, bank.body.data.id]);

    // Disabling hides it from customers; the change is audited with what it was before.
    const off = await h.post<DepositChannel>(
      `/console/deposit-channels/${crypto.body.data.id}`,
      { ...tron, enabled: false },
      admin,
    );
    expect(off.body.data).toMatchObject({ id: crypto.body.data.id, enabled: false });
    const u = await h.registerUser();
    const offered = await h.post<DepositChannel[]>('/recharge/currency/selectList', {}, u.token);
    expect(offered.body.data.map((c) => c.id)).toEqual([bank.body.data.id]);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.targetType, 'depositChannel'));
    expect(audit.map((a) => a.action)).toEqual([
      'depositChannel.create',
      'depositChannel.create',
      'depositChannel.update',
    ]);
    // Every console write carries the old and the new values (a creation has no old).
    expect(audit[0]?.detail).toMatchObject({ old: null, new: { id: crypto.body.data.id, asset: 'USDT' } });
    expect(audit[2]?.detail).toMatchObject({ old: { enabled: true }, new: { enabled: false } });
  });

  it.each([
    ['a USDT channel into a EUR wallet', { ...tron, walletType: 'BALANCE' }, 422, 'channelWalletCurrency'],
    ['a EUR bank account into the USD wallet', { ...sepa, walletType: 'US_STOCK' }, 422, 'channelWalletCurrency'],
    [
      'a volatile coin',
      { ...tron, asset: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      400,
      'network',
    ],
    ['a Tron address with a typo', { ...tron, address: 'TSMt6aZTtcwc9YDg2fxeUaLvdadvqCHMjZ' }, 400, 'address'],
    ['an ERC20 address on TRC20', { ...tron, address: '0xb3cF95bD32aAA12f88cdB13e26EFeD7d4781be1B' }, 400, 'address'],
    [
      'an IBAN with wrong check digits',
      { ...sepa, bank: { ...sepa.bank, iban: 'NL92ABNA0417164300' } },
      400,
      'bank.iban',
    ],
    ['a malformed SWIFT', { ...sepa, bank: { ...sepa.bank, swift: 'ABN' } }, 400, 'bank.swift'],
    ['a bank without a name', { ...sepa, bank: { ...sepa.bank, bankName: ' ' } }, 400, 'bank.bankName'],
    ['a crypto channel without an address', { ...tron, address: null }, 400, 'address'],
  ] as const)('refuses %s', async (_name, body, code, fieldOrReason) => {
    const before = (await h.db.select({ n: count() }).from(auditLog))[0]?.n;
    const res = await h.post('/console/deposit-channels', body, admin);
    expect(res.body.code).toBe(code);
    expect(code === 422 ? res.body.reason : res.body.field).toBe(fieldOrReason);
    expect((await h.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(before);
  });

  it('is written by admins only; an unknown channel is 404', async () => {
    expect((await h.post('/console/deposit-channels', tron, reviewer)).body.code).toBe(403);
    expect((await h.post('/console/deposit-channels/1', tron, reviewer)).body.code).toBe(403);
    expect((await h.post('/console/deposit-channels/99999999', tron, admin)).body.code).toBe(404);
  });
});

describe('trial balance', () => {
  it('sums to zero per currency and every account matches its postings after a mix of operations', async () => {
    const u = await h.registerUser();
    await adjust(u.user.id, { walletType: 'BALANCE', amount: '1000', reason: 'Opening balance' });
    await adjust(u.user.id, { walletType: 'US_STOCK', amount: '300', reason: 'Opening balance' });
    const t = await h.postKeyed<TransferResult>(
      '/wallet/transfer',
      { from: 'BALANCE', to: 'US_STOCK', amount: '333.33' },
      u.token,
    );
    expect(t.status).toBe(200);
    const back = await h.postKeyed('/wallet/transfer', { from: 'US_STOCK', to: 'STOCK', amount: '99.99' }, u.token);
    expect(back.status).toBe(200);
    const cancel = await h.postKeyed('/wallet/cancelTransfer', { entryId: t.body.data.entryId }, u.token);
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
    const sent = await h.post(
      '/updateReal',
      {
        firstName: 'Anna',
        lastName: 'Bakker',
        country: 'NL',
        idType: 'passport',
        idNumber: 'NX1234567',
        frontFileId: await h.uploadFile(u.token),
      },
      u.token,
    );
    expect(sent.body.code).toBe(200);
    expect((await trialBalance()).pending).toEqual({ ...before, kyc: before.kyc + 1 });
    expect((await h.get('/console/ledger/trial-balance', u.token)).body.code).toBe(401);
  });
});
