/**
 * `npm run bench -- orders`: market orders placed per second by the real server against pgbench on the same
 * PostgreSQL in the same run, 64 concurrent clients each, with p50/p99 latency; report in
 * bench/reports/orders.md. BENCH_QUICK=1: one short round. Exits 0 when everything was measured (a missed
 * goal is a finding in the report), 2 when something could not be.
 */
import type { ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/platform/db/embedded.js';
import { auditLedger } from '../../apps/server/test/ledger-audit.js';
import { type AppProcess, startAppProcess, stopAppProcess } from '../lib/app-process.js';
import { forkTs, nextMessage, repoRoot, stopChild } from '../lib/children.js';
import { machineInfo } from '../lib/machine.js';
import { findPgbench, initPgbench } from '../lib/pgbench.js';
import { postmasterPid } from '../lib/proc-cpu.js';
import { measureEndpoint, measurePgbench, postgresInfo, ratioSettings } from '../lib/ratio.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import { createBenchUsers } from '../wallet/fixtures.js';
import type { OrdersBreakdown } from './breakdown.js';
import { MARKET_OPEN_AT, ORDER, ORDER_SCRIPT } from './order.js';
import { type OrdersOutcome, type OrdersRun, renderReport } from './report.js';

const quick = process.env.BENCH_QUICK === '1';
const CLIENTS = 64;

export async function main(): Promise<number> {
  const outcome: OrdersOutcome = {
    machine: machineInfo(),
    commit: commitOf(),
    settings: ratioSettings(quick, CLIENTS),
    runs: [],
    failures: [],
    seconds: 0,
    loadAverageAtEnd: Number.NaN,
  };
  const started = performance.now();
  const code = await runScenario('orders', 290_000, async ({ tmpDir, dataDir, pg: embedded, databaseUrl, log }) => {
    const s = outcome.settings;
    const failures = outcome.failures;
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    let server: AppProcess | undefined;
    let loader: ChildProcess | undefined;
    try {
      const info = await postgresInfo(db);
      outcome.pgVersion = info.version;
      outcome.pgSettings = info.settings;
      log(`${s.users} verified customers, each with USD 10,000,000 in US_STOCK`);
      const users = await createBenchUsers({
        databaseUrl,
        count: s.users,
        funding: { US_STOCK: '10000000' },
        tag: 'orders',
        verified: true,
        at: new Date(MARKET_OPEN_AT),
      });
      server = await startAppProcess({
        databaseUrl,
        dataDir,
        port: await freePort(),
        probeToken: users[0]!.token,
        env: { DB_POOL_MAX: String(s.poolMax), WORKERS: String(s.workers), SIM_CLOCK_START: MARKET_OPEN_AT },
      });
      const app = server;
      log(
        `server (node --import tsx apps/server/src/main.ts, DB_POOL_MAX=${s.poolMax}, SIM_CLOCK_START=${MARKET_OPEN_AT}) up in ${(app.startMs / 1000).toFixed(1)} s`,
      );
      loader = forkTs('bench/lib/endpoint-load.ts');
      const load = loader;
      await nextMessage(load, 'ready', 30_000);

      const pgbench = findPgbench();
      const pgbenchUrl = embedded.urlFor('pgbench');
      if (pgbench) {
        outcome.pgbenchVersion = pgbench.version;
        await db.query('create database pgbench');
        log(`pgbench -i -s ${s.pgbenchScale} (a database of its own on the same server)`);
        outcome.pgbenchInitSeconds = await initPgbench(pgbench.bin, pgbenchUrl, s.pgbenchScale);
      } else {
        failures.push('pgbench not found: apt-get install postgresql-client (the reference was skipped)');
        log('pgbench not found: apt-get install postgresql-client; measuring the app alone');
      }

      const postmaster = postmasterPid(path.join(tmpDir, 'pg'));
      const orders = async () =>
        Number((await db.query<{ n: string }>('select count(*) as n from trade_orders')).rows[0]!.n);
      const uidmin = users[0]!.id;
      const sqlReference = users.every((u, i) => u.id === uidmin + i);
      if (!sqlReference) failures.push('customer ids are not consecutive: the order-SQL reference was skipped');

      const measureApp = (round: number): Promise<OrdersRun> => {
        log(`  round ${round}: app, market buy, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`);
        return measureEndpoint({
          target: 'app',
          round,
          settings: s,
          load,
          job: {
            url: app.baseUrl,
            tokens: users.map((u) => u.token),
            path: '/web/stock/create',
            bodies: [JSON.stringify(ORDER)],
          },
          postmaster,
          serverPid: app.child.pid!,
          written: orders,
          failures,
        });
      };
      const measureReference = (round: number, kind: 'tpcb' | 'sql'): Promise<OrdersRun> => {
        log(
          `  round ${round}: pgbench ${kind === 'sql' ? "with the order's SQL" : 'TPC-B'} -c ${s.clients} -j ${s.pgbenchThreads}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
        );
        return measurePgbench({
          target: kind === 'sql' ? 'pgbench-sql' : 'pgbench',
          round,
          settings: s,
          bin: pgbench!.bin,
          url: kind === 'sql' ? databaseUrl : pgbenchUrl,
          logDir: path.join(tmpDir, 'pgbench-log'),
          postmaster,
          failures,
          ...(kind === 'sql'
            ? { script: ORDER_SCRIPT, defines: { uidmin, users: users.length }, protocol: 'prepared' as const }
            : {}),
        });
      };

      for (let round = 1; round <= s.rounds; round++) {
        outcome.runs.push(await measureApp(round));
        if (pgbench) outcome.runs.push(await measureReference(round, 'tpcb'));
        if (pgbench && sqlReference) outcome.runs.push(await measureReference(round, 'sql'));
      }
      outcome.openPositions = Number(
        (await db.query<{ n: string }>('select count(*) as n from trade_positions where status = 1')).rows[0]!.n,
      );

      log('  breakdown of one order inside the app (statements, time)');
      const child = forkTs('bench/orders/breakdown.ts', {
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_DATA_DIR: dataDir,
        SIM_CLOCK_START: MARKET_OPEN_AT,
      });
      outcome.breakdown = await nextMessage<OrdersBreakdown>(child, 'breakdown', 120_000);
      await stopChild(child);

      outcome.audit = await auditLedger(db);
      return 0;
    } catch (error) {
      failures.push((error as Error).message);
      return 2;
    } finally {
      if (loader) await stopChild(loader);
      if (server) await stopAppProcess(server);
      await db.end();
    }
  });
  outcome.seconds = (performance.now() - started) / 1000;
  outcome.loadAverageAtEnd = os.loadavg()[0] ?? Number.NaN;
  const reportFile = path.join(repoRoot, 'bench/reports/orders.md');
  const report = renderReport(outcome);
  await fsp.writeFile(reportFile, report.markdown);
  console.log('');
  for (const line of report.summary) console.log(line);
  for (const failure of outcome.failures) console.log(`error: ${failure}`);
  console.log(`report: ${path.relative(process.cwd(), reportFile)} (${outcome.seconds.toFixed(0)} s)`);
  return code;
}
