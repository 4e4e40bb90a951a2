/**
 * Money under concurrent requests, through HTTP (docs/money.md "Idempotency", "Wallets and transfers"):
 * the same Idempotency-Key many times at once runs once; many transfers from one wallet at once accept
 * exactly what the balance allows; two cancellations of one transfer at once let exactly one through.
 * The requests run at once on the app; the harness pool (10 connections) makes the surplus queue for a
 * connection, so the database sees up to 10 transactions at a time competing for the same rows.
 */
import { randomUUID } from 'node:crypto';
import { Decimal, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { auditLedger } from '../../test/ledger-audit.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const balances = async (token: string) => {
  const res = await h.call(walletApi.getWalletBalance, {}, { token });
  expect(res.status).toBe(200);
  return new Map(res.body.data.map((w) => [w.walletType, w]));
};

/** Journal entries with a posting on one of the user's accounts, by type. */
const entriesOf = async (userId: number) => {
  const { rows } = await h.db.$client.query<{ type: string; n: number }>(
    `select e.type, count(distinct e.id)::int as n from journal_entries e
       join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where a.user_id = $1 group by e.type`,
    [userId],
  );
  return Object.fromEntries(rows.map((r) => [r.type, r.n]));
};

describe('money under concurrent requests', () => {
  it('runs the same Idempotency-Key sent 20 times at once exactly once, with 20 identical answers', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '100');
    const key = randomUUID();
    const body: RequestOf<typeof walletApi.transfer> = { from: 'BALANCE', to: 'US_STOCK', amount: '12.34' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call(walletApi.transfer, body, { token: u.token, key })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const first = answers[0]!.body;
    for (const a of answers) {
      expect(a.body.code).toBe(200);
      expect(a.body.data).toEqual(first.data);
    }
    expect(await entriesOf(u.user.id)).toEqual({ adjustment: 1, transfer: 1 });
    const after = await balances(u.token);
    expect(after.get('BALANCE')).toMatchObject({ balance: '87.66' });
    expect(after.get('US_STOCK')).toMatchObject({ balance: first.data.credited.amount });
    // And once more, later: the same answer again.
    const later = await h.call(walletApi.transfer, body, { token: u.token, key });
    expect(later.body.data).toEqual(first.data);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('accepts exactly what the balance allows of 50 transfers at once from one wallet', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '1000');
    // Amounts from 10.00 to 99.99 (about 2,750 in all), seeded so a failure can be reproduced.
    let seed = 20_261_102;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const amounts = Array.from({ length: 50 }, () => new Decimal(1000 + Math.floor(next() * 9000)).dividedBy(100));
    const answers = await Promise.all(
      amounts.map((amount, i) =>
        h.call(
          walletApi.transfer,
          { from: 'BALANCE', to: i % 5 === 0 ? 'US_STOCK' : 'STOCK', amount: amount.toFixed(2) },
          { token: u.token },
        ),
      ),
    );
    for (const a of answers) {
      expect([200, 422]).toContain(a.status);
      if (a.status === 422) expect(a.body.reason).toBe('insufficientBalance');
    }
    const accepted = amounts.filter((_, i) => answers[i]!.status === 200);
    const refused = amounts.filter((_, i) => answers[i]!.status === 422);
    const after = await balances(u.token);
    const left = new Decimal(after.get('BALANCE')!.balance);
    const spent = accepted.reduce((sum, a) => sum.plus(a), new Decimal(0));
    expect(left.gte(0)).toBe(true);
    expect(left.plus(spent).toFixed(2)).toBe('1000.00');
    // The available balance only went down, so a refused transfer was larger than what is left even now:
    // none was refused that would have fitted when it ran.
    for (const r of refused) expect(r.gt(left), `refused ${r} with ${left} left`).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThan(10);
    expect(await entriesOf(u.user.id)).toEqual({ adjustment: 1, transfer: accepted.length });
    // The same-currency ones arrived in full in STOCK.
    const toStock = amounts.filter((_, i) => answers[i]!.status === 200 && i % 5 !== 0);
    expect(after.get('STOCK')!.balance).toBe(toStock.reduce((sum, a) => sum.plus(a), new Decimal(0)).toFixed(2));
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('lets exactly one of 10 cancellations of the same transfer at once through', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '50');
    const t = await h.call(walletApi.transfer, { from: 'BALANCE', to: 'US_STOCK', amount: '20' }, { token: u.token });
    expect(t.status).toBe(200);
    // Distinct keys: ten separate requests, not replays of one.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.call(walletApi.cancelTransfer, { entryId: t.body.data.entryId }, { token: u.token }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(422)]);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.reason).toBe('transferAlreadyCancelled');
    const after = await balances(u.token);
    expect(after.get('BALANCE')).toMatchObject({ balance: '50.00' });
    expect(after.get('US_STOCK')).toMatchObject({ balance: '0.00' });
    expect(await entriesOf(u.user.id)).toEqual({ adjustment: 1, transfer: 1, transferReversal: 1 });
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });
});
