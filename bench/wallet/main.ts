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
import { ask, forkTs, nextMessage, repoRoot, stopChild } from '../lib/children.js';
import { type CpuSnapshot, cpuSnapshot, machineBusyPercent, machineInfo } from '../lib/machine.js';
import { postmasterPid, treeCpuSeconds } from '../lib/proc-cpu.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import type { Breakdown } from './breakdown.js';
import { createBenchUsers } from './fixtures.js';
import type { LoadJob, LoadResult } from './load.js';
import { findPgbench, initPgbench, runPgbench, TRANSFER_SCRIPT } from './pgbench.js';
import { renderReport, type WalletOutcome, type WalletRun } from './report.js';

const quick = process.env.BENCH_QUICK === '1';
const CLIENTS = 64;

export async function main(): Promise<number> {
  const outcome: WalletOutcome = {
    machine: machineInfo(),
    commit: commitOf(),
    settings: {
      clients: CLIENTS,
      users: CLIENTS,
      warmupSeconds: quick ? 2 : 3,
      durationSeconds: quick ? 5 : 10,
      rounds: quick ? 1 : 2,
      poolMax: Number(process.env.BENCH_DB_POOL_MAX) || 32,
      workers: Number(process.env.BENCH_SERVER_WORKERS) || 1,
      pgbenchScale: Number(process.env.BENCH_PGBENCH_SCALE) || 64,
      pgbenchThreads: 2,
    },
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
      outcome.pgVersion = (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
      const pgSettings = await db.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections')`,
      );
      outcome.pgSettings = Object.fromEntries(pgSettings.rows.map((r) => [r.name, r.setting]));
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
      loader = forkTs('bench/wallet/load.ts');
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

      async function measureApp(round: number, mode: LoadJob['mode']): Promise<WalletRun> {
        const job = (seconds: number): LoadJob => ({
          cmd: 'run',
          url: app.baseUrl,
          tokens: users.map((u) => u.token),
          connections: s.clients,
          seconds,
          mode,
        });
        log(
          `  round ${round}: app, ${mode === 'same' ? 'EUR -> EUR' : 'EUR <-> USD'}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
        );
        await ask<LoadResult>(load, job(s.warmupSeconds), 'result', (s.warmupSeconds + 60) * 1000);
        // Requests the warm-up cut off may still commit: let them finish before counting.
        await new Promise((done) => setTimeout(done, 500));
        const entriesBefore = await transfers();
        const before = snapshot(postmaster, serverPid);
        const r = await ask<LoadResult>(load, job(s.durationSeconds), 'result', (s.durationSeconds + 60) * 1000);
        const after = snapshot(postmaster, serverPid);
        // Requests autocannon cut off at the end may still commit: let them finish before counting.
        await new Promise((done) => setTimeout(done, 500));
        const entries = (await transfers()) - entriesBefore;
        if (r.errors + r.timeouts + r.non2xx > 0) {
          outcome.failures.push(`app ${mode}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers`);
        }
        return {
          target: mode === 'same' ? 'app' : 'app-fx',
          round,
          perSecond: r.requestsPerSecond,
          total: r.total,
          ok: r.ok,
          entries,
          latencyMs: r.latencyMs,
          ...cpu(before, after),
          loadGeneratorCpuPercent: r.cpuPercent,
        };
      }

      // The transfer's own statements need the customers' ids to be consecutive (they are, on a fresh database).
      const uidmin = users[0]!.id;
      const sqlReference = users.every((u, i) => u.id === uidmin + i);
      if (!sqlReference)
        outcome.failures.push('customer ids are not consecutive: the transfer-SQL reference was skipped');

      async function measurePgbench(round: number, kind: 'tpcb' | 'sql'): Promise<WalletRun> {
        const opts = {
          clients: s.clients,
          threads: s.pgbenchThreads,
          logDir: path.join(tmpDir, 'pgbench-log'),
          ...(kind === 'sql'
            ? { script: TRANSFER_SCRIPT, defines: { uidmin, users: users.length }, protocol: 'prepared' as const }
            : {}),
        };
        const target = kind === 'sql' ? databaseUrl : pgbenchUrl;
        log(
          `  round ${round}: pgbench ${kind === 'sql' ? "with the transfer's SQL" : 'TPC-B'} -c ${s.clients} -j ${s.pgbenchThreads}, ${s.warmupSeconds} s warm-up + ${s.durationSeconds} s`,
        );
        await runPgbench(pgbench!.bin, target, { ...opts, seconds: s.warmupSeconds });
        const before = snapshot(postmaster, null);
        const r = await runPgbench(pgbench!.bin, target, { ...opts, seconds: s.durationSeconds });
        const after = snapshot(postmaster, null);
        if (r.failed > 0) outcome.failures.push(`pgbench: ${r.failed} failed transactions`);
        return {
          target: kind === 'sql' ? 'pgbench-sql' : 'pgbench',
          round,
          perSecond: r.tps,
          total: r.transactions,
          ok: r.transactions - r.failed,
          entries: Number.NaN,
          latencyMs: r.latencyMs,
          ...cpu(before, after),
          loadGeneratorCpuPercent: Number.NaN,
        };
      }

      for (let round = 1; round <= s.rounds; round++) {
        outcome.runs.push(await measureApp(round, 'same'));
        if (pgbench) outcome.runs.push(await measurePgbench(round, 'tpcb'));
        outcome.runs.push(await measureApp(round, 'fx'));
        if (pgbench && sqlReference) outcome.runs.push(await measurePgbench(round, 'sql'));
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

interface Snapshot {
  machine: CpuSnapshot;
  pgSeconds: number;
  serverSeconds: number;
  at: number;
}

function snapshot(postmaster: number, serverPid: number | null): Snapshot {
  return {
    machine: cpuSnapshot(),
    pgSeconds: treeCpuSeconds(postmaster),
    // With WORKERS > 1 the server is a primary and its cluster workers.
    serverSeconds: serverPid === null ? Number.NaN : treeCpuSeconds(serverPid),
    at: performance.now(),
  };
}

function cpu(a: Snapshot, b: Snapshot) {
  const wall = (b.at - a.at) / 1000;
  return {
    machineBusyPercent: machineBusyPercent(a.machine, b.machine),
    postgresCpuPercent: ((b.pgSeconds - a.pgSeconds) / wall) * 100,
    serverCpuPercent: ((b.serverSeconds - a.serverSeconds) / wall) * 100,
  };
}
