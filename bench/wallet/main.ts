/**
 * `npm run bench -- wallet`: wallet transfers per second of the real server against pgbench on the same
 * PostgreSQL in the same run, 64 concurrent clients each, with p50/p99 latency; report in
 * bench/reports/wallet.md. BENCH_QUICK=1: short windows. Exits 0 when everything was measured (a missed
 * goal is a finding in the report), 2 when something could not be.
 */
import { FEW_CLIENTS } from '../lib/ratio.js';
import { newOutcome, type RatioContext, type RoundWindow, runRatioBench } from '../lib/ratio-bench.js';
import type { Breakdown } from './breakdown.js';
import { createBenchUsers } from './fixtures.js';
import { renderReport, type WalletOutcome, type WalletRun } from './report.js';
import { TRANSFER_SCRIPT } from './transfer-sql.js';

/** Transfer journal entries stored so far: what a window wrote. */
const transfersOf = (ctx: RatioContext<WalletRun>) => async () =>
  Number(
    (await ctx.db.query<{ n: string }>(`select count(*) as n from journal_entries where type = 'transfer'`)).rows[0]!.n,
  );

/** There and back, so no wallet runs dry. */
const bodies = (a: string, b: string) => [
  JSON.stringify({ from: a, to: b, amount: '1.00' }),
  JSON.stringify({ from: b, to: a, amount: '1.00' }),
];

export function main(): Promise<number> {
  const outcome: WalletOutcome = newOutcome(process.env.BENCH_QUICK === '1', 64);
  const s = outcome.settings;
  return runRatioBench<WalletRun, Breakdown, WalletOutcome>({
    name: 'wallet',
    outcome,
    usersText: 'each with EUR 1,000,000 in BALANCE and STOCK and USD 1,000,000 in US_STOCK',
    users: (databaseUrl, count) =>
      createBenchUsers({
        databaseUrl,
        count,
        funding: { BALANCE: '1000000', STOCK: '1000000', US_STOCK: '1000000' },
        tag: 'wallet',
      }),
    windows: (ctx) => {
      const transfers = transfersOf(ctx);
      const window = `${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`;
      const pgbench = `-c ${s.clients} -j ${s.pgbenchThreads}, ${window}`;
      const defines = { uidmin: ctx.uidmin, users: ctx.users.length };
      const windows: RoundWindow<WalletRun>[] = [
        {
          target: 'app',
          text: `app, EUR -> EUR, ${window}`,
          measure: (round) => ctx.app('app', round, '/web/wallet/transfer', bodies('BALANCE', 'STOCK'), transfers),
        },
        {
          target: 'pgbench',
          text: `pgbench TPC-B ${pgbench}`,
          measure: (round) => ctx.reference('pgbench', round),
        },
        {
          target: 'pgbench-few',
          text: `pgbench TPC-B -c ${FEW_CLIENTS} -j ${s.pgbenchThreads}, ${window}`,
          measure: (round) => ctx.reference('pgbench-few', round, undefined, FEW_CLIENTS),
        },
        {
          target: 'app-fx',
          text: `app, EUR <-> USD, ${window}`,
          measure: (round) =>
            ctx.app('app-fx', round, '/web/wallet/transfer', bodies('BALANCE', 'US_STOCK'), transfers),
        },
        {
          target: 'pgbench-sql',
          text: `pgbench with the transfer's SQL ${pgbench}`,
          measure: (round) => ctx.reference('pgbench-sql', round, { text: TRANSFER_SCRIPT, defines }),
        },
      ];
      // Without pgbench only the app's windows run; the transfer's SQL needs consecutive customer ids.
      return windows.filter(
        (w) => !w.target.startsWith('pgbench') || (ctx.pgbench && (w.target !== 'pgbench-sql' || ctx.consecutive)),
      );
    },
    openLoop: (ctx, rate) =>
      ctx.app('app-open', 0, '/web/wallet/transfer', bodies('BALANCE', 'STOCK'), transfersOf(ctx), rate),
    breakdown: { script: 'bench/wallet/breakdown.ts', what: 'transfer' },
    report: renderReport,
  });
}
