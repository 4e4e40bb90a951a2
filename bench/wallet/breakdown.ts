/**
 * What one transfer costs inside the app, without HTTP or concurrency: buildApp on the bench database, one
 * customer, transfers one at a time through app.inject, counting every statement sent to PostgreSQL (by its
 * first words) and timing each request. Runs in a process of its own (the count patches pg's Client) and
 * answers {type: 'breakdown', ...} over IPC.
 */
import { randomUUID } from 'node:crypto';
import { appInProcess } from '../lib/app-in-process.js';
import { countStatements } from '../lib/count-statements.js';
import { createBenchUsers } from './fixtures.js';

export interface Breakdown {
  type: 'breakdown';
  transfers: number;
  /** Statements per transfer request, by kind (BEGIN, COMMIT, insert into "idempotency_keys", ...). */
  statements: Record<string, number>;
  statementsPerTransfer: number;
  /** Mean time of one request through app.inject, one at a time, µs. */
  sameMicros: number;
  fxMicros: number;
}

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const dataDir = process.env.BENCH_DATA_DIR!;
const TRANSFERS = 300;

const counter = countStatements();

const [user] = await createBenchUsers({
  databaseUrl,
  count: 1,
  funding: { BALANCE: '1000000', STOCK: '1000000', US_STOCK: '1000000' },
  tag: 'breakdown',
});
const { app, close } = await appInProcess({ databaseUrl, dataDir });

async function transfers(to: string, n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/web/wallet/transfer',
      headers: { 'content-type': 'application/json', authorization: user!.token, 'idempotency-key': randomUUID() },
      payload: JSON.stringify(
        i % 2 ? { from: to, to: 'BALANCE', amount: '1.00' } : { from: 'BALANCE', to, amount: '1.00' },
      ),
    });
    if (res.statusCode !== 200) throw new Error(`transfer answered ${res.statusCode}: ${res.body}`);
  }
  return ((performance.now() - started) * 1000) / n;
}

// Warm-up (JIT, caches of accounts and prepared plans), then the counted and timed runs.
await transfers('STOCK', 100);
await transfers('US_STOCK', 100);
const sameMicros = await counter.during(() => transfers('STOCK', TRANSFERS));
const fxMicros = await transfers('US_STOCK', TRANSFERS);
await close();
const perTransfer = counter.per(TRANSFERS);
const result: Breakdown = {
  type: 'breakdown',
  transfers: TRANSFERS,
  statements: perTransfer.byKind,
  statementsPerTransfer: perTransfer.total,
  sameMicros,
  fxMicros,
};
process.send?.(result);
process.disconnect?.();
