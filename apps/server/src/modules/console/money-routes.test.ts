import { randomUUID } from 'node:crypto';
import {
  type BillItem,
  type DepositChannel,
  isIban,
  type TransferResult,
  type UserMessage,
  type WalletBalance,
} from '@beurs/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type Page } from '../../../test/harness.js';
import { auditLog, idempotencyKeys, journalEntries, ledgerAccounts, userMessages } from '../../platform/db/schema.js';

let h: Harness;
let admin: string;
let reviewer: string;
type ConsoleBillItem = BillItem & { operator: string | null };
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
});

const adjust = (customerId: number, body: unknown, token = admin, key?: string) =>
  h.postKeyed<ConsoleBillItem>(`/console/customers/${customerId}/adjust`, body, token, key);

/** What an auditor would count: entries, messages, audit rows and stored idempotency keys. */
async function written() {
  const n = async (table: typeof journalEntries | typeof userMessages | typeof auditLog | typeof idempotencyKeys) =>
    (await h.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    entries: await n(journalEntries),
    messages: await n(userMessages),
    audit: await n(auditLog),
    keys: await n(idempotencyKeys),
  };
}

const trialBalance = async () => (await h.get<TrialBalance>('/console/ledger/trial-balance', reviewer)).body.data;

describe('manual adjustments', () => {
  // First in the file on purpose: the adjustments account does not exist yet when this debit is refused.
  it('refuses a debit beyond the available balance and writes nothing; the books stay usable', async () => {
    const u = await h.registerUser();
    const before = await written();
    const key = randomUUID();
    const refused = await adjust(u.user.id, { walletType: 'BALANCE', amount: '-50', reason: 'Correction' }, admin, key);
    expect(refused.body).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(refused.body.msg).toContain('0.00 EUR');
    expect(await written()).toEqual(before);

    // The refused request stored nothing, so the same key may be used once there is money.
    expect((await adjust(u.user.id, { walletType: 'BALANCE', amount: '80', reason: 'Goodwill' })).status).toBe(200);
    const retried = await adjust(u.user.id, { walletType: 'BALANCE', amount: '-50', reason: 'Correction' }, admin, key);
    expect(retried.body).toMatchObject({ code: 200, data: { amount: '-50.00', balanceAfter: '30.00' } });
  });

  it('credits and debits with the reason in the bill and inbox; the operator only in the console', async () => {
    const u = await h.registerUser();
    const reason = 'Goodwill for the outage of 3 November';
    const credit = await adjust(u.user.id, { walletType: 'BALANCE', amount: '250', reason });
    expect(credit.body).toMatchObject({
      code: 200,
      data: {
        walletType: 'BALANCE',
        currency: 'EUR',
        amount: '250.00',
        balanceAfter: '250.00',
        type: 'adjustment',
        reason,
        reference: null,
        cancellableUntil: null,
        operator: 'anke',
        createTimeTimestamp: h.clock.now().getTime(),
      },
    });
    h.clock.advance(1000);
    const debit = await adjust(u.user.id, { walletType: 'BALANCE', amount: '-50.5', reason: 'Duplicate credit' });
    expect(debit.body.data).toMatchObject({ amount: '-50.50', balanceAfter: '199.50', operator: 'anke' });
    const usd = await adjust(u.user.id, { walletType: 'US_STOCK', amount: '10.01', reason: 'Dividend correction' });
    expect(usd.body.data).toMatchObject({ currency: 'USD', amount: '10.01' });

    const bill = await h.post<Page<BillItem>>('/wallet/getWalletBill', { walletType: 'BALANCE' }, u.token);
    expect(bill.body.data.list.map((b) => [b.type, b.amount, b.reason])).toEqual([
      ['adjustment', '-50.50', 'Duplicate credit'],
      ['adjustment', '250.00', reason],
    ]);
    expect(bill.body.data.list[0]?.id).toBe(debit.body.data.id);
    expect(JSON.stringify(bill.body.data)).not.toContain('anke');
    expect(bill.body.data.list[0]).not.toHaveProperty('operator');

    const messages = (await h.get<Page<UserMessage>>('/userMessage/getMessage', u.token)).body.data.list;
    expect(messages.map((m) => m.kind)).toEqual(['adjustmentCredit', 'adjustmentDebit', 'adjustmentCredit']);
    expect(messages[1]).toMatchObject({
      title: 'Balance adjusted',
      body: '50.50 EUR was debited from your Funding wallet.\n\nReason: Duplicate credit',
      link: '/pages/profile/transaction',
    });
    const nl = (await h.get<UserMessage>(`/userMessage/${messages[0]?.id}`, u.token, 'nl')).body.data;
    expect(nl.body).toContain('10.01 USD');
    expect(nl.body).not.toContain('anke');

    const ledger = await h.get<Page<ConsoleBillItem>>(`/console/customers/${u.user.id}/ledger`, reviewer);
    expect(ledger.body.data.total).toBe(3);
    expect(ledger.body.data.list.map((b) => b.operator)).toEqual(['anke', 'anke', 'anke']);
    const onlyUsd = await h.get<Page<ConsoleBillItem>>(
      `/console/customers/${u.user.id}/ledger?walletType=US_STOCK&pageSize=1`,
      reviewer,
    );
    expect(onlyUsd.body.data).toMatchObject({ total: 1, pageSize: 1, list: [{ amount: '10.01', currency: 'USD' }] });

    const wallets = await h.get<WalletBalance[]>(`/console/customers/${u.user.id}/wallets`, reviewer);
    expect(wallets.body.data).toHaveLength(10);
    expect(wallets.body.data.find((w) => w.walletType === 'BALANCE')).toMatchObject({
      balance: '199.50',
      usedBalance: '0.00',
      total: '199.50',
    });

    const audit = await h.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.adjust'));
    expect(audit.filter((a) => a.targetId === String(u.user.id)).map((a) => a.detail)).toEqual([
      expect.objectContaining({ entryId: credit.body.data.entryId, amount: '250.00', currency: 'EUR', reason }),
      expect.objectContaining({ entryId: debit.body.data.entryId, amount: '-50.50', reason: 'Duplicate credit' }),
      expect.objectContaining({ entryId: usd.body.data.entryId, amount: '10.01', currency: 'USD' }),
    ]);
    const [entry] = await h.db.select().from(journalEntries).where(eq(journalEntries.id, debit.body.data.entryId));
    expect(entry).toMatchObject({ type: 'adjustment', reason: 'Duplicate credit', operatorId: expect.any(Number) });
  });

  it('debits only what is available: money on hold cannot be taken', async () => {
    const u = await h.registerUser();
    await adjust(u.user.id, { walletType: 'BALANCE', amount: '100', reason: 'Opening balance' });
    await h.db.transaction(async (tx) => {
      const account = await h.deps.ledger.walletAccount(tx, u.user.id, 'BALANCE');
      await h.deps.ledger.hold(tx, { account, amount: '70', reference: `test:${u.user.id}`, at: h.clock.now() });
    });
    const before = await written();
    const refused = await adjust(u.user.id, { walletType: 'BALANCE', amount: '-30.01', reason: 'Correction' });
    expect(refused.body).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(refused.body.msg).toContain('30.00 EUR');
    expect(await written()).toEqual(before);
    const ok = await adjust(u.user.id, { walletType: 'BALANCE', amount: '-30', reason: 'Correction' });
    expect(ok.body.data).toMatchObject({ amount: '-30.00', balanceAfter: '70.00' });
  });

  it('replays a repeated Idempotency-Key: one entry, the first answer', async () => {
    const u = await h.registerUser();
    const key = randomUUID();
    const body = { walletType: 'STOCK', amount: '12.34', reason: 'Fee refund' };
    const first = await adjust(u.user.id, body, admin, key);
    const before = await written();
    const [again, concurrent] = await Promise.all([
      adjust(u.user.id, body, admin, key),
      adjust(u.user.id, body, admin, key),
    ]);
    expect(again.body).toEqual(first.body);
    expect(concurrent.body).toEqual(first.body);
    expect(await written()).toEqual(before);
    expect((await adjust(u.user.id, { ...body, amount: '12.35' }, admin, key)).body.code).toBe(409);
    const noKey = await h.post(`/console/customers/${u.user.id}/adjust`, body, admin);
    expect(noKey.body).toMatchObject({ code: 400, field: 'Idempotency-Key' });
    const bill = await h.post<Page<BillItem>>('/wallet/getWalletBill', {}, u.token);
    expect(bill.body.data.total).toBe(1);
  });

  it('is for admins; reviewers read wallets and the ledger; unknown customers are 404', async () => {
    const u = await h.registerUser();
    const body = { walletType: 'BALANCE', amount: '5', reason: 'Goodwill' };
    expect((await adjust(u.user.id, body, reviewer)).body.code).toBe(403);
    expect((await adjust(u.user.id, body, u.token)).body.code).toBe(401);
    expect((await h.get(`/console/customers/${u.user.id}/wallets`, u.token)).body.code).toBe(401);
    expect((await h.get(`/console/customers/${u.user.id}/wallets`, reviewer)).body.code).toBe(200);
    const before = await written();
    expect((await adjust(99999999, body)).body.code).toBe(404);
    expect(await written()).toEqual(before);
    expect((await h.get('/console/customers/99999999/wallets', reviewer)).body.code).toBe(404);
    expect((await h.get('/console/customers/99999999/ledger', reviewer)).body.code).toBe(404);
    expect((await adjust(u.user.id, { ...body, amount: '0.00' })).body).toMatchObject({ code: 400, field: 'amount' });
    expect((await adjust(u.user.id, { ...body, amount: '1.001' })).body.code).toBe(400);
    expect((await adjust(u.user.id, { ...body, reason: '' })).body).toMatchObject({ code: 400, field: 'reason' });
    expect((await adjust(u.user.id, { ...body, walletType: 'CASH' })).body.code).toBe(400);
  });
});

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
    expect(audit[2]?.detail).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
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
    const file = async () => {
      const { multipart, PNG_1x1 } = await import('../../../test/fixtures.js');
      const m = multipart('file', 'id.png', PNG_1x1);
      const res = await h.app.inject({
        method: 'POST',
        url: '/web/file/upload',
        payload: m.payload,
        headers: { ...m.headers, authorization: u.token },
      });
      return res.json().data.fileId as string;
    };
    const sent = await h.post(
      '/updateReal',
      {
        firstName: 'Anna',
        lastName: 'Bakker',
        country: 'NL',
        idType: 'passport',
        idNumber: 'NX1234567',
        frontFileId: await file(),
      },
      u.token,
    );
    expect(sent.body.code).toBe(200);
    expect((await trialBalance()).pending).toEqual({ ...before, kyc: before.kyc + 1 });
    expect((await h.get('/console/ledger/trial-balance', u.token)).body.code).toBe(401);
  });
});
