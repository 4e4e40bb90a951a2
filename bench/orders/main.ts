/**
 * `npm run bench -- orders`: market orders placed per second by the real server against pgbench on the same
 * PostgreSQL in the same run, 64 concurrent clients each, with p50/p99 latency; report in
 * bench/reports/orders.md. BENCH_QUICK=1: short windows. Exits 0 when everything was measured (a missed
 * goal is a finding in the report), 2 when something could not be.
 */
import { FEW_CLIENTS } from '../lib/ratio.js';
import { newOutcome, type RatioContext, type RoundWindow, runRatioBench } from '../lib/ratio-bench.js';
import { createBenchUsers } from '../wallet/fixtures.js';
import type { OrdersBreakdown } from './breakdown.js';
import { MARKET_OPEN_AT, ORDER, ORDER_SCRIPT } from './order.js';
import { type OrdersOutcome, type OrdersRun, renderReport } from './report.js';

/** Orders stored so far: what a window wrote. */
const orders = (ctx: RatioContext<OrdersRun>) => async () =>
  Number((await ctx.db.query<{ n: string }>('select count(*) as n from trade_orders')).rows[0]!.n);

export function main(): Promise<number> {
  const outcome: OrdersOutcome = newOutcome(process.env.BENCH_QUICK === '1', 64);
  const s = outcome.settings;
  return runRatioBench<OrdersRun, OrdersBreakdown, OrdersOutcome>({
    name: 'orders',
    outcome,
    usersText: 'identity verified, each with USD 10,000,000 in US_STOCK',
    users: (databaseUrl, count) =>
      createBenchUsers({
        databaseUrl,
        count,
        funding: { US_STOCK: '10000000' },
        tag: 'orders',
        verified: true,
        at: new Date(MARKET_OPEN_AT),
      }),
    serverEnv: { SIM_CLOCK_START: MARKET_OPEN_AT },
    windows: (ctx) => {
      const window = `${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`;
      const defines = { uidmin: ctx.uidmin, users: ctx.users.length };
      const windows: RoundWindow<OrdersRun>[] = [
        {
          target: 'app',
          text: `app, market buy, ${window}`,
          measure: (round) => ctx.app('app', round, '/web/stock/create', [JSON.stringify(ORDER)], orders(ctx)),
        },
        {
          target: 'pgbench',
          text: `pgbench TPC-B -c ${s.clients} -j ${s.pgbenchThreads}, ${window}`,
          measure: (round) => ctx.reference('pgbench', round),
        },
        {
          target: 'pgbench-few',
          text: `pgbench TPC-B -c ${FEW_CLIENTS} -j ${s.pgbenchThreads}, ${window}`,
          measure: (round) => ctx.reference('pgbench-few', round, undefined, FEW_CLIENTS),
        },
        {
          target: 'pgbench-sql',
          text: `pgbench with the order's SQL -c ${s.clients} -j ${s.pgbenchThreads}, ${window}`,
          measure: (round) => ctx.reference('pgbench-sql', round, { text: ORDER_SCRIPT, defines }),
        },
      ];
      // Without pgbench only the app's window runs; the order's SQL needs consecutive customer ids.
      return windows.filter(
        (w) => !w.target.startsWith('pgbench') || (ctx.pgbench && (w.target !== 'pgbench-sql' || ctx.consecutive)),
      );
    },
    openLoop: (ctx, rate) => ctx.app('app-open', 0, '/web/stock/create', [JSON.stringify(ORDER)], orders(ctx), rate),
    after: async (db) => {
      const open = await db.query<{ n: string }>('select count(*) as n from trade_positions where status = 1');
      outcome.openPositions = Number(open.rows[0]!.n);
    },
    breakdown: { script: 'bench/orders/breakdown.ts', env: { SIM_CLOCK_START: MARKET_OPEN_AT }, what: 'order' },
    report: renderReport,
  });
}
