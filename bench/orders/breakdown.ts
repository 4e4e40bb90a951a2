/**
 * What one market order costs inside the app, without HTTP or concurrency: buildApp on the bench database
 * (clock at SIM_CLOCK_START, markets open), one verified customer, orders one at a time through app.inject,
 * counting every statement sent to PostgreSQL and timing each request. Runs in a process of its own (the count
 * patches pg's Client) and answers {type: 'breakdown', ...} over IPC.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { offsetClock } from '../../apps/server/src/platform/clock.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { countStatements } from '../lib/count-statements.js';
import { createBenchUsers } from '../wallet/fixtures.js';
import { ORDER } from './order.js';

export interface OrdersBreakdown {
  type: 'breakdown';
  orders: number;
  /** Statements per order request, by kind. */
  statements: Record<string, number>;
  statementsPerOrder: number;
  /** Mean time of one request through app.inject, one at a time, µs. */
  micros: number;
}

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const dataDir = process.env.BENCH_DATA_DIR!;
const ORDERS = 300;
const counter = countStatements();

const [user] = await createBenchUsers({
  databaseUrl,
  count: 1,
  funding: { US_STOCK: '10000000' },
  tag: 'breakdown',
  verified: true,
  at: new Date(process.env.SIM_CLOCK_START!),
});
const db = createDb(databaseUrl, 4);
const config: Config = {
  ...loadConfig({}),
  dataDir,
  uploadsDir: path.join(dataDir, 'uploads'),
  seedDemo: false,
  tradingJobMs: 0,
};
const clock = offsetClock(new Date(process.env.SIM_CLOCK_START!));
const { app } = await buildApp({ db, config, clock, logger: false, rateLimits: false, serveClients: false });
await app.ready();

async function place(n: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/web/stock/create',
      headers: { 'content-type': 'application/json', authorization: user!.token, 'idempotency-key': randomUUID() },
      payload: JSON.stringify(ORDER),
    });
    if (res.statusCode !== 200) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
  }
  return ((performance.now() - started) * 1000) / n;
}

// Warm-up (JIT, caches, prepared plans), then the counted and timed run.
await place(100);
const micros = await counter.during(() => place(ORDERS));
await app.close();
await db.$client.end();
const per = counter.per(ORDERS);
const result: OrdersBreakdown = {
  type: 'breakdown',
  orders: ORDERS,
  statements: per.byKind,
  statementsPerOrder: per.total,
  micros,
};
process.send?.(result);
process.disconnect?.();
