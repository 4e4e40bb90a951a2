import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { ledgerAccounts } from '../platform/db/schema.js';

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
