/**
 * Transfers written in batches (group commit, docs/money.md "Wallets and transfers"): the ledger's batch
 * (ledger.postOnceEach, the ledger_post_once_each SQL function) answers each transfer on its own, in one
 * transaction; through HTTP, a burst of transfers shares commits, each keeps its own answer, key and refusal, and
 * a batch that fails as a whole is written one by one with the same answers.
 */
import { randomUUID } from 'node:crypto';
import { Decimal, type TransferResult, type Wallet, wallet as walletApi } from '@beurs/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import type { PostOnceOutcome, PostOnceRequest } from '../../ledger/ledger.js';
import { AppError } from '../../platform/errors.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

type Answer = { amount: string };

/** The transfer batch function's signature (ledger/sql/ledger_post_once_each.sql). */
const POST_ONCE_EACH =
  'ledger_post_once_each(text[], text[], text[], text[], text[], text[], timestamptz[], numeric[], jsonb[], text[], text[], int[], bigint[], text[], numeric[])';

/** A BALANCE -> STOCK transfer of `amount` for postOnceEach, under `key` (the hash stands for the body). */
async function request(userId: number, amount: string, key: string, hash = amount): Promise<PostOnceRequest<Answer>> {
  const from = await h.deps.ledger.walletAccount(h.db, userId, 'BALANCE');
  const to = await h.deps.ledger.walletAccount(h.db, userId, 'STOCK');
  return {
    key: { scope: `u:${userId}`, key, endpoint: '/wallet/transfer', requestHash: hash },
    input: {
      type: 'transfer',
      at: new Date(),
      postings: [
        { account: from, amount: new Decimal(amount).negated() },
        { account: to, amount },
      ],
      detail: { from: 'BALANCE', to: 'STOCK' },
    },
    answer: { amount },
  };
}

const funded = async (amount: string) => {
  const u = await h.registerUser();
  if (amount !== '0') await h.fund(u.user.id, 'BALANCE', amount);
  return u;
};

const errorOf = (outcome: PostOnceOutcome<Answer> | undefined) =>
  outcome && 'error' in outcome && outcome.error instanceof AppError ? outcome.error : undefined;

/** The transactions that wrote the transfer entries of these users (xmin: one per committed transaction). */
async function transferTransactions(userIds: number[]) {
  const { rows } = await h.db.$client.query<{ entries: number; transactions: number }>(
    `select count(distinct e.id)::int as entries, count(distinct e.xmin::text)::int as transactions
       from journal_entries e join ledger_postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      where e.type = 'transfer' and a.user_id = any($1)`,
    [userIds],
  );
  return rows[0]!;
}

describe('the ledger writes a batch of transfers (postOnceEach)', () => {
  it('answers each on its own in one transaction: a short wallet is refused alone, and nothing of it is written', async () => {
    const [a, poor, c] = await Promise.all([funded('100'), funded('5'), funded('100')]);
    const requests = await Promise.all([
      request(a.user.id, '40.00', randomUUID()),
      request(poor.user.id, '5.01', randomUUID()),
      request(c.user.id, '100.00', randomUUID()),
    ]);
    const outcomes = await h.deps.ledger.postOnceEach(h.db, requests);

    expect(outcomes[0]).toEqual({ answer: { amount: '40.00', entryId: expect.any(Number) } });
    expect(errorOf(outcomes[1])).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(errorOf(outcomes[1])?.params).toMatchObject({ available: '5.00', currency: 'EUR' });
    expect(outcomes[2]).toEqual({ answer: { amount: '100.00', entryId: expect.any(Number) } });
    // Written together: one transaction for both entries.
    expect(await transferTransactions([a.user.id, poor.user.id, c.user.id])).toEqual({ entries: 2, transactions: 1 });
    expect(await h.balance(a.token, 'BALANCE')).toMatchObject({ balance: '60.00' });
    expect(await h.balance(a.token, 'STOCK')).toMatchObject({ balance: '40.00' });
    expect(await h.balance(poor.token, 'BALANCE')).toMatchObject({ balance: '5.00' });
    expect(await h.balance(poor.token, 'STOCK')).toMatchObject({ balance: '0.00' });
    expect(await h.balance(c.token, 'BALANCE')).toMatchObject({ balance: '0.00' });

    // The same keys again: the written ones replay their answers, the refused one stored nothing and runs again.
    await h.fund(poor.user.id, 'BALANCE', '1');
    const again = await h.deps.ledger.postOnceEach(h.db, requests);
    expect(again[0]).toEqual(outcomes[0]);
    expect(again[1]).toEqual({ answer: { amount: '5.01', entryId: expect.any(Number) } });
    expect(again[2]).toEqual(outcomes[2]);
    // A key used for another body: 409 for that one, the others unaffected.
    const other = await request(a.user.id, '1.00', requests[0]!.key.key, 'another body');
    const fresh = await request(c.user.id, '0.01', randomUUID());
    const mixed = await h.deps.ledger.postOnceEach(h.db, [other, fresh]);
    expect(errorOf(mixed[0])).toMatchObject({ code: 409 });
    expect(errorOf(mixed[1])).toMatchObject({ reason: 'insufficientBalance' });
    expect(await h.balance(a.token, 'BALANCE')).toMatchObject({ balance: '60.00' });
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('refuses a call with one wallet account in two requests, or one key twice, and writes nothing of it', async () => {
    const u = await funded('100');
    const [one, two] = await Promise.all([
      request(u.user.id, '1.00', randomUUID()),
      request(u.user.id, '2.00', randomUUID()),
    ]);
    await expect(h.deps.ledger.postOnceEach(h.db, [one, two])).rejects.toThrow(/two entries/);
    await expect(h.deps.ledger.postOnceEach(h.db, [one, { ...one, answer: { amount: '9' } }])).rejects.toThrow(
      /one key/,
    );
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '100.00' });
  });

  it('stores each answer as it was sent, with its entry id, and replays it unchanged', async () => {
    const [a, b] = await Promise.all([funded('100'), funded('100')]);
    const odd = { note: 'quote " backslash \\ newline \n tab \t 中文 é 😀', amount: '1.00', none: null };
    const requests: PostOnceRequest<object>[] = [
      { ...(await request(a.user.id, '1.00', randomUUID())), answer: odd },
      { ...(await request(b.user.id, '2.00', randomUUID())), answer: {} },
    ];
    const first = await h.deps.ledger.postOnceEach(h.db, requests);
    expect(first).toEqual([
      { answer: { ...odd, entryId: expect.any(Number) } },
      { answer: { entryId: expect.any(Number) } },
    ]);
    expect(await h.deps.ledger.postOnceEach(h.db, requests)).toEqual(first);
    expect(await h.balance(a.token, 'BALANCE')).toMatchObject({ balance: '99.00' });
  });

  it('refuses a malformed call as a whole and writes nothing of it', async () => {
    const u = await funded('100');
    const from = await h.deps.ledger.walletAccount(h.db, u.user.id, 'BALANCE');
    const to = await h.deps.ledger.walletAccount(h.db, u.user.id, 'STOCK');
    // One transfer, one array per field (ledger/sql/ledger_post_once_each.sql).
    const good = (): unknown[] => [
      [`u:${u.user.id}`],
      [randomUUID()],
      ['/wallet/transfer'],
      ['h'],
      ['{"amount":"1.00"}'],
      ['transfer'],
      [new Date().toISOString()],
      [null],
      ['{"from":"BALANCE","to":"STOCK"}'],
      [null],
      [null],
      [1, 1],
      [from.id, to.id],
      ['EUR', 'EUR'],
      ['-1.00', '1.00'],
    ];
    const call = (values: unknown[]) =>
      h.db.$client.query(`select ledger_post_once_each(${values.map((_, i) => `$${i + 1}`).join(', ')}) as r`, values);
    const broken: Array<[string, (v: unknown[]) => void, RegExp]> = [
      ['a field one element short', (v) => v.splice(13, 1, ['EUR']), /not of one length/],
      ['a posting of no request', (v) => v.splice(11, 1, [1, 2]), /no request/],
      ['an entry without postings', (v) => v.splice(11, 4, [], [], [], []), /without postings/],
      ['an answer that is not a JSON object', (v) => v.splice(4, 1, ['"text"']), /not a JSON object/],
      ['an answer that is not JSON', (v) => v.splice(4, 1, ['{amount}']), /json/i],
      ['an unbalanced entry', (v) => v.splice(14, 1, ['-1.00', '0.50']), /balance/],
    ];
    for (const [, breakIt, message] of broken) {
      const values = good();
      breakIt(values);
      await expect(call(values)).rejects.toThrow(message);
    }
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '100.00' });
    // The same call unbroken is written.
    const { rows } = await call(good());
    expect(rows[0].r).toEqual([{ replayed: false, entryId: expect.any(Number) }]);
    expect(await h.balance(u.token, 'BALANCE')).toMatchObject({ balance: '99.00' });
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });
});

const transfer = (token: string, amount: string, key?: string, to: Wallet = 'STOCK') =>
  h.call(walletApi.transfer, { from: 'BALANCE', to, amount }, { token, key });

/** Batches that failed as a whole and were written one by one (the service logs each). */
function failedBatches() {
  const error = vi.spyOn(h.deps.log, 'error');
  return () => error.mock.calls.filter((call) => String(call[1]).startsWith('ledger_post_once_each failed')).length;
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('transfers sent at once', () => {
  it('share commits, and each keeps its own answer, key and refusal', async () => {
    const many = await Promise.all(Array.from({ length: 24 }, () => funded('100')));
    const twice = many[0]!;
    const poor = await funded('5');
    const key = randomUUID();
    const failed = failedBatches();
    const [sameKey, twoOfOne, refused, all] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => transfer(twice.token, '10.00', key))),
      Promise.all([transfer(twice.token, '1.00'), transfer(twice.token, '2.00', undefined, 'US_STOCK')]),
      transfer(poor.token, '5.01'),
      Promise.all(many.slice(1).map((u, i) => transfer(u.token, i % 2 ? '100.00' : '99.99'))),
    ]);

    // One key, five requests: one transfer, five identical answers.
    expect(new Set(sameKey.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(sameKey[0]!.body.code).toBe(200);
    // Two transfers of one wallet: both written (in different batches).
    expect(twoOfOne.map((a) => a.body.code)).toEqual([200, 200]);
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('insufficientBalance');
    expect(refused.body.msg).toContain('5.00');
    expect(all.every((a) => a.body.code === 200)).toBe(true);

    const ids = [sameKey[0]!, ...twoOfOne, ...all].map((a) => a.body.data.entryId);
    expect(new Set(ids).size).toBe(ids.length);
    const written = await transferTransactions([...many, poor].map((u) => u.user.id));
    expect(written.entries).toBe(ids.length);
    // Written in fewer transactions than transfers: transfers that arrive together share a commit.
    expect(written.transactions).toBeLessThan(ids.length);
    expect(await h.balance(twice.token, 'BALANCE')).toMatchObject({ balance: '87.00' });
    expect(await h.balance(poor.token, 'BALANCE')).toMatchObject({ balance: '5.00' });
    expect(failed()).toBe(0);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('a burst with repeated keys and wallets that run dry: each key once, balances exact, books whole', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded('50')));
    // Seeded, so a failure can be reproduced: 120 transfers of 0.01-19.99, a third of them repeating a key.
    let seed = 20_261_127;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    const sent: Array<{ user: number; amount: string; key: string }> = [];
    for (let i = 0; i < 120; i++) {
      const earlier = i > 0 && next(3) === 0 ? sent[next(i)] : undefined;
      sent.push(
        earlier ?? { user: next(users.length), amount: ((1 + next(1999)) / 100).toFixed(2), key: randomUUID() },
      );
    }
    const failed = failedBatches();
    const answers = await Promise.all(sent.map((s) => transfer(users[s.user]!.token, s.amount, s.key)));
    expect(failed()).toBe(0);

    const byKey = new Map<string, string>();
    for (const [i, a] of answers.entries()) {
      const s = sent[i]!;
      expect([200, 422]).toContain(a.status);
      const seen = byKey.get(s.key);
      // Every request with one key gets the same answer (written or refused alike).
      if (seen !== undefined && a.status === 200) expect(JSON.stringify(a.body.data)).toBe(seen);
      if (a.status === 200) byKey.set(s.key, JSON.stringify(a.body.data));
    }
    // Each key written once, and each wallet moved exactly by its written transfers.
    const ids = new Set([...byKey.values()].map((v) => (JSON.parse(v) as TransferResult).entryId));
    const written = await transferTransactions(users.map((u) => u.user.id));
    expect(written.entries).toBe(ids.size);
    for (const [n, u] of users.entries()) {
      const moved = [...byKey.entries()]
        .filter(([k]) => sent.find((s) => s.key === k)?.user === n)
        .reduce((sum, [, v]) => sum.plus((JSON.parse(v) as TransferResult).debited.amount), new Decimal(0));
      const balance = await h.balance(u.token, 'BALANCE');
      expect(new Decimal(balance!.balance).toFixed(2)).toBe(new Decimal(50).minus(moved).toFixed(2));
      expect(new Decimal(balance!.balance).gte(0)).toBe(true);
    }
    expect(written.transactions).toBeLessThan(written.entries);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('when a batch fails as a whole, its transfers are written one by one with the same answers', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded('100')));
    const poor = await funded('5');
    // Every batch now fails (the function is gone); the one-transfer function ledger_post_once remains.
    const failed = failedBatches();
    await h.db.$client.query(`alter function ${POST_ONCE_EACH} rename to ledger_post_once_each_away`);
    try {
      const answers = await Promise.all([...users, poor].map((u) => transfer(u.token, '10.00')));
      expect(answers.map((a) => a.body.reason ?? a.body.code)).toEqual([
        ...users.map(() => 200),
        'insufficientBalance',
      ]);
      expect(await transferTransactions(users.map((u) => u.user.id))).toEqual({ entries: 6, transactions: 6 });
      expect(await h.balance(users[0]!.token, 'BALANCE')).toMatchObject({ balance: '90.00' });
      expect(failed()).toBeGreaterThan(0);
    } finally {
      await h.db.$client.query(
        `alter function ${POST_ONCE_EACH.replace('each(', 'each_away(')} rename to ledger_post_once_each`,
      );
    }
    expect((await transfer(users[0]!.token, '1.00')).body.code).toBe(200);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });
});
