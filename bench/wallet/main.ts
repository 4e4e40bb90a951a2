/**
 * `npm run bench -- wallet`: wallet transfers per second of the real server against pgbench on the same
 * PostgreSQL in the same run, 64 concurrent clients each, with p50/p99 latency; report in
 * bench/reports/wallet.md. BENCH_QUICK=1: one short round. Exits 0 when everything was measured (a missed
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
import type { Breakdown } from './breakdown.js';
import { createBenchUsers } from './fixtures.js';
import { renderReport, type WalletOutcome, type WalletRun } from './report.js';
import { TRANSFER_SCRIPT } from './transfer-sql.js';

const quick = process.env.BENCH_QUICK === '1';
const CLIENTS = 64;

export async function main(): Promise<number> {
  const outcome: WalletOutcome = {
    machine: machineInfo(),
    commit: commitOf(),
    settings: ratioSettings(quick, CLIENTS),
    runs: [],
    failures: [],
    seconds: 0,
    loadAverageAtEnd: Number.NaN,
  };
  const started = performance.now();
  const code = await runScenario('wallet', 290_000, async ({ tmpDir, dataDir, pg: embedded, databaseUrl, log }) => {
    const s = outcome.settings;
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    let server: AppProcess | undefined;
    let loader: ChildProcess | undefined;
    try {
      const info = await postgresInfo(db);
      outcome.pgVersion = info.version;
      outcome.pgSettings = info.settings;
      log(`${s.users} customers, each with EUR 1,000,000 in BALANCE and STOCK and USD 1,000,000 in US_STOCK`);
      const users = await createBenchUsers({
        databaseUrl,
        count: s.users,
        funding: { BALANCE: '1000000', STOCK: '1000000', US_STOCK: '1000000' },
        tag: 'wallet',
      });
      server = await startAppProcess({
        databaseUrl,
        dataDir,
        port: await freePort(),
        probeToken: users[0]!.token,
        env: { DB_POOL_MAX: String(s.poolMax), WORKERS: String(s.workers) },
      });
      const app = server;
      log(
        `server (node --import tsx apps/server/src/main.ts, DB_POOL_MAX=${s.poolMax}) up in ${(app.startMs / 1000).toFixed(1)} s`,
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
        outcome.failures.push('pgbench not found: apt-get install postgresql-client (the reference was skipped)');
        log('pgbench not found: apt-get install postgresql-client; measuring the app alone');
      }

      const postmaster = postmasterPid(path.join(tmpDir, 'pg'));
      const serverPid = app.child.pid!;
      const transfers = async () =>
        Number(
          (await db.query<{ n: string }>(`select count(*) as n from journal_entries where type = 'transfer'`)).rows[0]!
            .n,
        );

      const failures = outcome.failures;
      const measureApp = (round: number, mode: 'same' | 'fx'): Promise<WalletRun> => {
        const [a, b] = mode === 'same' ? ['BALANCE', 'STOCK'] : ['BALANCE', 'US_STOCK'];
        log(
          `  round ${round}: app, ${mode === 'same' ? 'EUR -> EUR' : 'EUR <-> USD'}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
        );
        return measureEndpoint({
          target: mode === 'same' ? 'app' : 'app-fx',
          round,
          settings: s,
          load,
          job: {
            url: app.baseUrl,
            tokens: users.map((u) => u.token),
            path: '/web/wallet/transfer',
            // There and back, so no wallet runs dry.
            bodies: [
              JSON.stringify({ from: a, to: b, amount: '1.00' }),
              JSON.stringify({ from: b, to: a, amount: '1.00' }),
            ],
          },
          postmaster,
          serverPid,
          written: transfers,
          failures,
        });
      };

      // The transfer's own statements need the customers' ids to be consecutive (they are, on a fresh database).
      const uidmin = users[0]!.id;
      const sqlReference = users.every((u, i) => u.id === uidmin + i);
      if (!sqlReference)
        outcome.failures.push('customer ids are not consecutive: the transfer-SQL reference was skipped');

      const measureReference = (round: number, kind: 'tpcb' | 'sql'): Promise<WalletRun> => {
        log(
          `  round ${round}: pgbench ${kind === 'sql' ? "with the transfer's SQL" : 'TPC-B'} -c ${s.clients} -j ${s.pgbenchThreads}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
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
            ? { script: TRANSFER_SCRIPT, defines: { uidmin, users: users.length }, protocol: 'prepared' as const }
            : {}),
        });
      };

      for (let round = 1; round <= s.rounds; round++) {
        outcome.runs.push(await measureApp(round, 'same'));
        if (pgbench) outcome.runs.push(await measureReference(round, 'tpcb'));
        outcome.runs.push(await measureApp(round, 'fx'));
        if (pgbench && sqlReference) outcome.runs.push(await measureReference(round, 'sql'));
      }

      log('  breakdown of one transfer inside the app (statements, time)');
      const child = forkTs('bench/wallet/breakdown.ts', { BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir });
      outcome.breakdown = await nextMessage<Breakdown>(child, 'breakdown', 120_000);
      await stopChild(child);

      outcome.audit = await auditLedger(db);
      return 0;
    } catch (error) {
      outcome.failures.push((error as Error).message);
      return 2;
    } finally {
      if (loader) await stopChild(loader);
      if (server) await stopAppProcess(server);
      await db.end();
    }
  });
  outcome.seconds = (performance.now() - started) / 1000;
  outcome.loadAverageAtEnd = os.loadavg()[0] ?? Number.NaN;
  const reportFile = path.join(repoRoot, 'bench/reports/wallet.md');
  const report = renderReport(outcome);
  await fsp.writeFile(reportFile, report.markdown);
  console.log('');
  for (const line of report.summary) console.log(line);
  for (const failure of outcome.failures) console.log(`error: ${failure}`);
  console.log(`report: ${path.relative(process.cwd(), reportFile)} (${outcome.seconds.toFixed(0)} s)`);
  return code;
}
