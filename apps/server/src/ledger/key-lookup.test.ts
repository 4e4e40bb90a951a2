/**
 * The batch functions look up each request's stored key by the key table's primary key, however many keys it holds
 * (docs/money.md "How a posting is written"). Their lookup runs as a cached generic plan, which counts 100 requests a
 * call whatever the call holds: written as a plain join, it hashed them and scanned the whole key table (below some
 * tens of thousands of keys), once per batch, which doubled PostgreSQL's time per transfer in the open-loop bench.
 */
import type { PoolClient } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

/**
 * The sequential scans of `tables` by connection `c`'s current transaction (pg_stat_xact_user_tables: no other
 * connection's scans), by table name. Read within one transaction: the view can still hold the last transaction's
 * counts until they are flushed, never during one.
 */
async function seqScans(c: PoolClient, tables: string[]): Promise<Record<string, number>> {
  const { rows } = await c.query<{ relname: string; n: number }>(
    'select relname, seq_scan::int as n from pg_stat_xact_user_tables where relname = any ($1)',
    [tables],
  );
  return Object.fromEntries(rows.map((r) => [r.relname, r.n]));
}

/** A table's columns in their order, as the server sends them and trade_open_batch checks them. */
const columnsOf = (table: string) => `trade_row_columns('${table}')`;
const ORDER_ROWS = `array_fill('(%1$s)'::text, array[$n]), array_fill('(%1$s)'::text, array[$n])`;

/** One call that replays stored key `key` of scope `scope` (so it writes nothing): its SQL and values. */
type Replay = (scope: string, key: string, feesAccount: number) => { text: string; values: unknown[] };

const replays: Array<[string, string, Replay]> = [
  [
    'ledger_post_once_each (transfers)',
    'ledger_post_once_each',
    // One request, one array per field (ledger/sql/ledger_post_once_each.sql); a replay reads no entry.
    (scope, key) => ({
      text: `select ledger_post_once_each($1, $2, '{/x}', '{h}', '{"{}"}', '{transfer}', array[now()], '{NULL}',
        '{NULL}', '{NULL}', '{NULL}', '{}', '{}', '{}', '{}') as r`,
      values: [[scope], [key]],
    }),
  ],
  [
    'trade_open_batch (orders)',
    'trade_open_batch',
    // One order, one array per field (modules/trading/sql/trade_open_batch.sql).
    (scope, key, feesAccount) => ({
      text: `select trade_open_batch($1, $2, '{/x}', '{h}', '{1}', '{1}', $3, '{1}', '{0}', array[now()], '{X}',
        ${ORDER_ROWS.replaceAll('$n', '1')}, '{orderFilled}', array['{}'::jsonb], '{""}', '{""}',
        ${columnsOf('trade_positions')}, ${columnsOf('trade_orders')}) as r`,
      values: [[scope], [key], [feesAccount]],
    }),
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
      const scans = () => seqScans(c, ['idempotency_keys']);
      await c.query('begin');
      const before = await scans();
      // More calls than the 5 PostgreSQL plans for their own values before it keeps a generic plan.
      for (let i = 1; i <= 8; i++) {
        const { rows } = await c.query(call(scope, `k${i}`, fees.rows[0]!.id));
        expect(rows[0].r).toEqual([{ replayed: true, answer: { stored: true } }]);
      }
      expect(await scans()).toEqual(before);
    } finally {
      await c.query('rollback');
      await c.query('delete from idempotency_keys where scope = $1', [scope]);
      c.release();
    }
  });
});

/**
 * The same plan shape, for the customers and their accounts: written as a join (or `id IN (...)`) against the
 * batch's rows, the cached plan counted 100 of them and hashed them against the whole `users` or `ledger_accounts`
 * table while it held up to some tens of thousands of rows (with 20,000 dormant customers in the orders bench, 2,000
 * to 2,400 orders a second against 3,000 to 3,300 without them, 2026-12-06). Each batch must probe its own rows by
 * primary key, whatever the number of customers.
 */
describe('a batch reads its own customers and accounts by their primary keys', () => {
  it('with 20,000 customers: holds and fees, transfers and orders scan neither table', async () => {
    const c = await h.db.$client.connect();
    try {
      await c.query('begin');
      // Rolled back at the end, the statistics with them (ANALYZE in a transaction counts its own new rows). The
      // first 100 are verified, as a bench's active customers among dormant ones: the calls below use 72 of them.
      const { rows: accounts } = await c.query<{ id: string; user_id: string }>(
        `with u as (
           insert into users (username, email, password_hash, account_type, invitation_code, kyc_status)
           select 'plan_' || g, 'plan_' || g || '@test.invalid', 'x', 2, 'PLAN' || g, case when g <= 100 then 3 else 0 end
           from generate_series(1, 20000) g
           returning id)
         insert into ledger_accounts (user_id, wallet, currency, balance)
         select id, 'US_STOCK', 'USD', 1000 from u order by id returning id, user_id`,
      );
      await c.query('analyze users, ledger_accounts');
      const fees = (
        await c.query<{ id: string }>(`select id from ledger_accounts where system = 'fees' and currency = 'USD'`)
      ).rows[0]!.id;
      const scans = () => seqScans(c, ['users', 'ledger_accounts']);
      const before = await scans();
      const at = new Date().toISOString();
      // Three accounts a call, never one twice; more calls than the 5 PostgreSQL plans for their own values.
      const three = (call: number) => [0, 1, 2].map((i) => accounts[call * 3 + i]!);
      for (let call = 0; call < 8; call++) {
        const items = three(call).map((a) => ({
          account: Number(a.id),
          amount: '10',
          reference: `plan-hold:${a.id}`,
          at,
          fee: '1',
          feeAccount: Number(fees),
          feeReference: `plan-fee:${a.id}`,
          feeDetail: {},
        }));
        // One array per field (sql/ledger_hold_and_charge_each.sql).
        const { rows } = await c.query(
          `select * from ledger_hold_and_charge_each($1, $2, $3, $4, $5, $6, $7, $8, 'tradeFee')`,
          (['account', 'amount', 'reference', 'at', 'fee', 'feeAccount', 'feeReference', 'feeDetail'] as const).map(
            (field) => items.map((i) => (field === 'feeDetail' ? JSON.stringify(i[field]) : i[field])),
          ),
        );
        expect(rows[0].hold_ids).toHaveLength(3);
        expect(rows[0].hold_ids.every((id: string | null) => id !== null)).toBe(true);
      }
      for (let call = 8; call < 16; call++) {
        const [a, b, d] = three(call);
        // Two entries, one array per field (ledger/sql/ledger_post_each.sql); the second is short: answered, not
        // written.
        const { rows } = await c.query('select * from ledger_post_each($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
          ['transfer', 'transfer'],
          [at, at],
          [null, null],
          [null, null],
          [null, null],
          [null, null],
          [1, 1, 2],
          [a!.id, b!.id, d!.id],
          ['USD', 'USD', 'USD'],
          ['-5', '5', '-5000'],
        ]);
        expect(rows[0].entry_ids[0]).not.toBeNull();
        expect(Number(rows[0].short_available[1])).toBe(1000);
      }
      for (let call = 16; call < 24; call++) {
        // Each customer names another's account: trade_open_batch finds the customer verified, then no account of
        // theirs, so it refuses the order before writing anything (insufficient, as for a short wallet).
        const orders = three(call).map((a, i, all) => ({
          scope: `u:${a.user_id}`,
          key: `plan-order-${a.id}`,
          endpoint: '/x',
          hash: 'h',
          user: Number(a.user_id),
          account: Number(all[(i + 1) % 3]!.id),
          feesAccount: Number(fees),
          margin: '1',
          fee: '0',
          at,
        }));
        // One array per field (modules/trading/sql/trade_open_batch.sql), the rows and answers of no consequence.
        const { rows } = await c.query(
          `select trade_open_batch($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
             array_fill('X'::text, array[3]), ${ORDER_ROWS.replaceAll('$n', '3')}, array_fill('orderFilled'::text, array[3]),
             array_fill('{}'::jsonb, array[3]), array_fill(''::text, array[3]), array_fill(''::text, array[3]),
             ${columnsOf('trade_positions')}, ${columnsOf('trade_orders')}) as r`,
          (['scope', 'key', 'endpoint', 'hash', 'user', 'account', 'feesAccount', 'margin', 'fee', 'at'] as const).map(
            (field) => orders.map((o) => o[field]),
          ),
        );
        expect(rows[0].r.map((r: { error: string }) => r.error)).toEqual([
          'insufficient',
          'insufficient',
          'insufficient',
        ]);
      }
      expect(await scans()).toEqual(before);
    } finally {
      await c.query('rollback');
      c.release();
    }
  });
});
