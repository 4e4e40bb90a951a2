import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { ledgerAccounts, ledgerHolds, ledgerPostings } from '../platform/db/schema.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

describe('account lookups', () => {
  it('does not remember an account made by a transaction that rolled back', async () => {
    const { ledger } = h.deps;
    const fees = and(
      isNull(ledgerAccounts.userId),
      eq(ledgerAccounts.system, 'fees'),
      eq(ledgerAccounts.currency, 'USD'),
    );
    // A system account that is not there yet (made at start; removed here, it has no postings).
    await h.db.delete(ledgerAccounts).where(fees);
    const made = await h.db
      .transaction(async (tx) => {
        const first = await ledger.systemAccount(tx, 'fees', 'USD');
        // Asked again in the same transaction: found, but still not committed.
        expect(await ledger.systemAccount(tx, 'fees', 'USD')).toEqual(first);
        tx.rollback();
      })
      .catch(() => 'rolled back');
    expect(made).toBe('rolled back');
    expect(await h.db.select().from(ledgerAccounts).where(fees)).toHaveLength(0);

    const u = await h.registerUser();
    await h.fund(u.user.id, 'US_STOCK', '10');
    await h.db.transaction(async (tx) => {
      const fee = await ledger.systemAccount(tx, 'fees', 'USD');
      const wallet = await ledger.walletAccount(tx, u.user.id, 'US_STOCK');
      await ledger.post(tx, {
        type: 'adjustment',
        reason: 'fee',
        at: h.clock.now(),
        postings: [
          { account: wallet, amount: '-1' },
          { account: fee, amount: '1' },
        ],
      });
    });
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '9.00' });
  });
});

describe('a hold with its fee (holdAndCharge)', () => {
  it('holds and charges in one guarded step: both fit or nothing is written', async () => {
    const { ledger } = h.deps;
    const u = await h.registerUser();
    await h.fund(u.user.id, 'US_STOCK', '100');
    const wallet = await ledger.walletAccount(h.db, u.user.id, 'US_STOCK');
    const fees = await ledger.systemAccount(h.db, 'fees', 'USD');
    const at = h.clock.now();
    const charge = (amount: string, fee: string, n: number) =>
      h.db.transaction((tx) =>
        ledger.holdAndCharge(tx, {
          account: wallet,
          amount,
          reference: `test:${u.user.id}:${n}`,
          at,
          fee: { amount: fee, to: fees, type: 'tradeFee', reference: `test:${u.user.id}:${n}` },
        }),
      );
    const writes = async () => ({
      holds: (await h.db.select().from(ledgerHolds).where(eq(ledgerHolds.accountId, wallet.id))).length,
      postings: (await h.db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, wallet.id))).length,
    });

    // 99.99 + 0.02 is one cent more than the 100 available: refused with what is available, nothing written.
    const before = await writes();
    await expect(charge('99.99', '0.02', 1)).rejects.toMatchObject({
      reason: 'insufficientBalance',
      params: { available: '100.00', currency: 'USD' },
    });
    expect(await writes()).toEqual(before);

    // Exactly the available balance: the hold, and the fee as an entry with the balance after.
    const done = await charge('99.98', '0.02', 2);
    expect(done.entryId).not.toBeNull();
    const postings = await h.db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, done.entryId!));
    expect(postings.map((p) => [p.accountId, Number(p.amount), p.balanceAfter && Number(p.balanceAfter)])).toEqual([
      [wallet.id, -0.02, 99.98],
      [fees.id, 0.02, null],
    ]);
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '0.00', usedBalance: '99.98' });

    // A fee of 0 writes the hold alone; a customer account is not a fee account.
    await h.fund(u.user.id, 'US_STOCK', '5');
    expect((await charge('1', '0', 3)).entryId).toBeNull();
    const other = await ledger.walletAccount(h.db, u.user.id, 'BALANCE');
    await expect(
      h.db.transaction((tx) =>
        ledger.holdAndCharge(tx, {
          account: wallet,
          amount: '1',
          reference: `test:${u.user.id}:4`,
          at,
          fee: { amount: '1', to: other, type: 'tradeFee', reference: `test:${u.user.id}:4` },
        }),
      ),
    ).rejects.toThrow(/system account/);
    expect(await h.balance(u.token, 'US_STOCK')).toMatchObject({ balance: '4.00', usedBalance: '100.98' });
  });
});

describe('holds with their fees for several accounts (ledger_hold_and_charge_each, the order batch)', () => {
  it('charges each account that carries its hold and fee, and answers the available balance of the others', async () => {
    const { ledger } = h.deps;
    const [rich, poor] = [await h.registerUser(), await h.registerUser()];
    await h.fund(rich.user.id, 'US_STOCK', '50');
    await h.fund(poor.user.id, 'US_STOCK', '10');
    const richWallet = await ledger.walletAccount(h.db, rich.user.id, 'US_STOCK');
    const poorWallet = await ledger.walletAccount(h.db, poor.user.id, 'US_STOCK');
    const fees = await ledger.systemAccount(h.db, 'fees', 'USD');
    const item = (account: number, amount: string, fee: string) => ({
      account,
      amount,
      reference: `each:${account}`,
      at: h.clock.now().toISOString(),
      fee,
      feeAccount: fees.id,
      feeReference: `each:${account}`,
      feeDetail: { test: true },
    });
    type Item = ReturnType<typeof item>;
    // One array per field, item k at index k of each (sql/ledger_hold_and_charge_each.sql).
    const fields = ['account', 'amount', 'reference', 'at', 'fee', 'feeAccount', 'feeReference', 'feeDetail'] as const;
    const each = (items: Array<Partial<Item>>) =>
      h.db.$client.query<{ hold_ids: Array<string | null>; entry_ids: Array<string | null>; available: unknown[] }>(
        `select * from ledger_hold_and_charge_each($1, $2, $3, $4, $5, $6, $7, $8, 'tradeFee')`,
        fields.map((field) => items.map((i) => (field === 'feeDetail' ? JSON.stringify(i[field]) : i[field]))),
      );
    const { rows } = await each([item(richWallet.id, '40', '0.50'), item(poorWallet.id, '9.99', '0.02')]);
    // 9.99 + 0.02 is a cent more than the 10 available: that one wrote nothing and says what is available.
    expect(rows[0]).toEqual({
      hold_ids: [expect.any(String), null],
      entry_ids: [expect.any(String), null],
      available: [null, '10.00000000'],
    });
    expect(await h.balance(rich.token, 'US_STOCK')).toMatchObject({ balance: '9.50', usedBalance: '40.00' });
    expect(await h.balance(poor.token, 'US_STOCK')).toMatchObject({ balance: '10.00', usedBalance: '0.00' });
    const poorWrites = await h.db.select().from(ledgerHolds).where(eq(ledgerHolds.accountId, poorWallet.id));
    expect(poorWrites).toHaveLength(0);

    // Two holds on one account in one call are a mistake: refused whole.
    await expect(
      each([item(poorWallet.id, '1', '0'), { ...item(poorWallet.id, '1', '0'), reference: 'other' }]),
    ).rejects.toThrow(/two holds on one account/);

    // Each other mistake refuses the whole call too, whichever item carries it, and writes nothing.
    const good = { ...item(richWallet.id, '1', '0.01'), reference: 'each:good', feeReference: 'each:good' };
    const notCustomer = /not a customer account or a fee account not a system account/;
    await expect(each([good, item(fees.id, '1', '0')])).rejects.toThrow(notCustomer);
    await expect(each([good, item(2 ** 31, '1', '0')])).rejects.toThrow(notCustomer);
    await expect(each([good, { ...item(poorWallet.id, '1', '0'), feeAccount: richWallet.id }])).rejects.toThrow(
      notCustomer,
    );
    await expect(each([good, item(poorWallet.id, '1', '-0.01')])).rejects.toThrow(/a fee not negative/);
    await expect(each([good, { ...item(poorWallet.id, '1', '0'), fee: undefined }])).rejects.toThrow(
      /a fee not negative/,
    );
    await expect(each([good, item(poorWallet.id, '0', '0')])).rejects.toThrow(/a hold must be positive/);
    await expect(
      h.db.$client.query(
        `select * from ledger_hold_and_charge_each($1, $2, $3, $4, $5, $6, $7, $8, 'tradeFee')`,
        fields.map((field, k) => (k === 4 ? [] : [good].map((i) => (field === 'feeDetail' ? '{}' : i[field])))),
      ),
    ).rejects.toThrow(/not of one length/);
    expect(await h.balance(rich.token, 'US_STOCK')).toMatchObject({ balance: '9.50', usedBalance: '40.00' });
    expect(await h.db.select().from(ledgerHolds).where(eq(ledgerHolds.accountId, poorWallet.id))).toHaveLength(0);
  });
});
