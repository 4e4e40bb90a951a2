/**
 * The batch functions look up each request's stored key by the key table's primary key, however many keys it holds
 * (docs/money.md "How a posting is written"). Their lookup runs as a cached generic plan, which counts 100 requests a
 * call whatever the call holds: written as a plain join, it hashed them and scanned the whole key table (below some
 * tens of thousands of keys), once per batch, which doubled PostgreSQL's time per transfer in the open-loop bench.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/** One call of `fn` that replays stored key `key` of scope `scope` (so it writes nothing). */
type Replay = (scope: string, key: string, feesAccount: number) => unknown;

const replays: Array<[string, string, Replay]> = [
  [
    'ledger_post_once_each (transfers)',
    'ledger_post_once_each',
    (scope, key) => [{ scope, key, endpoint: '/x', hash: 'h', answer: {}, entry: {} }],
  ],
  [
    'trade_open_batch (orders)',
    'trade_open_batch',
    (scope, key, feesAccount) => [
      {
        scope,
        key,
        endpoint: '/x',
        hash: 'h',
        account: 1,
        feesAccount,
        margin: '1',
        fee: '0',
        answerOrder: '',
        answerPosition: '',
      },
    ],
  ],
];

describe('a batch finds its stored keys by their primary key', () => {
  it.each(replays)('%s, with 10,000 keys stored', async (_, fn, call) => {
    const c = await h.db.$client.connect();
    const scope = `plan-${fn}`;
    try {
      await c.query(
        `insert into idempotency_keys (scope, key, endpoint, request_hash, response, created_at)
         select $1, 'k' || g, '/x', 'h', '{"stored": true}', now() from generate_series(1, 10000) g`,
        [scope],
      );
      await c.query('analyze idempotency_keys');
      const fees = await c.query<{ id: number }>('select id::int from ledger_accounts where user_id is null limit 1');
      // This connection's own count (pg_stat_xact_user_tables: no other connection's scans), taken within one
      // transaction (the count can still hold the last transaction's until it is flushed, never during one).
      const scans = async () =>
        (
          await c.query<{ n: number }>(
            `select seq_scan::int as n from pg_stat_xact_user_tables where relname = 'idempotency_keys'`,
          )
        ).rows[0]!.n;
      await c.query('begin');
      const before = await scans();
      // More calls than the 5 PostgreSQL plans for their own values before it keeps a generic plan.
      for (let i = 1; i <= 8; i++) {
        const { rows } = await c.query(`select ${fn}($1) as r`, [
          JSON.stringify(call(scope, `k${i}`, fees.rows[0]!.id)),
        ]);
        expect(rows[0].r).toEqual([{ replayed: true, answer: { stored: true } }]);
      }
      expect(await scans()).toBe(before);
    } finally {
      await c.query('rollback');
      await c.query('delete from idempotency_keys where scope = $1', [scope]);
      c.release();
    }
  });
});
