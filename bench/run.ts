/**
 * `npm run bench`: the Markets benchmarks. (a) quote list throughput of the real app as a ratio to a bare
 * Fastify route measured in the same run; (b) tick-to-client delay of the quotes WebSocket with thousands
 * of sockets. Everything runs on 127.0.0.1, is bounded in count and time, and is stopped at the end; the
 * report goes to bench/reports/markets.md.
 *
 * BENCH_QUICK=1 makes a short smoke run (fewer sockets, shorter windows) for checking the bench itself.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateDb } from '../apps/server/src/platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.js';
import { workerCount } from '../apps/server/src/platform/workers.js';
import { seedContent } from '../apps/server/src/seed.js';
import { forkTs, nextMessage, repoRoot, reportPath, runningChildren, stopAllChildren } from './lib/children.js';
import { machineInfo } from './lib/machine.js';
import { benchFanout } from './markets/fanout.js';
import { benchQuoteList } from './markets/quote-list.js';
import { type Outcome, passes, renderReport, summaryLines } from './markets/report.js';

/**
 * `npm run bench -- <scenario>` runs one other scenario instead, with its own database and report:
 * `batch` (bench/batch: the CPU of the order batch function by the batch's size), `crash` (bench/crash: kill -9 of the server under a load of transfers, then the books), `wallet`
 * (bench/wallet: transfers per second against pgbench), `orders` (bench/orders: market orders per second
 * against pgbench), `machine` (bench/machine: whether this machine can judge those two now; no report). No argument
 * (or `markets`): the Markets benchmarks.
 */
const SCENARIOS: Record<string, () => Promise<{ main: () => Promise<number> }>> = {
  batch: () => import('./batch/main.js'),
  crash: () => import('./crash/main.js'),
  'first-visit': () => import('./first-visit/main.js'),
  lighthouse: () => import('./lighthouse/main.js'),
  machine: () => import('./machine/main.js'),
  orders: () => import('./orders/main.js'),
  strategies: () => import('./strategies/main.js'),
  wallet: () => import('./wallet/main.js'),
};
const scenario = process.argv[2];
if (scenario !== undefined && scenario !== 'markets') {
  const load = SCENARIOS[scenario];
  if (!load) {
    console.error(`bench: unknown scenario "${scenario}" (markets, ${Object.keys(SCENARIOS).join(', ')})`);
    process.exit(2);
  }
  process.exit(await (await load()).main());
}

const quick = process.env.BENCH_QUICK === '1';
/** The fan-out benchmark also measures the app served by this many processes, as `WORKERS` of `npm start`. */
const fanoutWorkers = workerCount(process.env.BENCH_WORKERS ?? 'auto');
const settings = quick
  ? { connections: 32, warmup: 1, duration: 3, rounds: 1, sockets: 500, measure: 5 }
  : { connections: 32, warmup: 3, duration: 10, rounds: 2, sockets: 5000, measure: 20 };
/** The whole run must end by itself well within five minutes. */
const RUN_LIMIT_MS = 280_000;

const started = Date.now();
const log = (line: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

let tmpDir: string | undefined;
let pg: EmbeddedDb | undefined;
let cleaning: Promise<void> | undefined;

/** Stops what this run started (children by pid, then PostgreSQL) and removes its temporary folder. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAllChildren();
    await pg?.stop().catch(() => undefined);
    if (tmpDir) await fsp.rm(tmpDir, { recursive: true, force: true }).catch(() => undefined);
  })();
  return cleaning;
}

/** Processes this run started that are still alive: tracked children, and anything running from its folder (PostgreSQL). */
function leftovers(): string[] {
  const found = runningChildren().map((pid) => `child ${pid}`);
  if (!tmpDir) return found;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmdline.includes(tmpDir)) found.push(`${entry} (${cmdline.trim().slice(0, 80)})`);
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${RUN_LIMIT_MS / 1000} s; stopping everything`);
  void cleanUp().finally(() => process.exit(2));
}, RUN_LIMIT_MS);
watchdog.unref();
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.once(event, (error) => {
    console.error(`bench: ${event}:`, error);
    void cleanUp().finally(() => process.exit(2));
  });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}; stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

const outcome: Outcome = {
  machine: machineInfo(),
  commit: commitOf(),
  seconds: 0,
  loadAverageAtEnd: Number.NaN,
  failures: [],
  leftovers: [],
};

try {
  log(`machine: ${outcome.machine.nproc} cores, ${outcome.machine.cpuModel}, Node ${outcome.machine.node}`);
  tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'beurs-bench-'));
  // PostgreSQL runs as another user when we are root (embedded.ts): it must be able to write here.
  await fsp.chmod(tmpDir, 0o777);
  pg = await startEmbeddedPostgres({ dir: path.join(tmpDir, 'pg'), persistent: false });
  log(`PostgreSQL on 127.0.0.1:${pg.port}`);
  const admin = createDb(pg.url, 1);
  await admin.$client.query('create database beurs');
  await admin.$client.end();
  const databaseUrl = pg.urlFor('beurs');
  const db = createDb(databaseUrl, 1);
  await migrateDb(db);
  await seedContent(db);
  await db.$client.end();

  const dataDir = path.join(tmpDir, 'data');
  await fsp.mkdir(dataDir);
  const appEnv = { BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_DIR: dataDir };
  const app = forkTs('bench/servers/app-server.ts', appEnv);
  const { port } = await nextMessage<{ type: string; port: number }>(app, 'listening', 60_000);
  log(`app listening on 127.0.0.1:${port} (pid ${app.pid})`);

  try {
    outcome.quoteList = await benchQuoteList({
      app,
      appPort: port,
      tmpDir,
      connections: settings.connections,
      warmupSeconds: settings.warmup,
      durationSeconds: settings.duration,
      rounds: settings.rounds,
      log,
    });
  } catch (error) {
    outcome.failures.push(`(a) ${(error as Error).message}`);
  }

  try {
    outcome.fanout = await benchFanout({
      app,
      appPort: port,
      appEnv,
      workers: fanoutWorkers,
      tmpDir,
      sockets: settings.sockets,
      processes: 2,
      keysPerSocket: 5,
      poolSize: 20,
      settleSeconds: 3,
      measureSeconds: settings.measure,
      withReference: true,
      log,
    });
  } catch (error) {
    outcome.failures.push(`(b) ${(error as Error).message}`);
  }
} catch (error) {
  outcome.failures.push((error as Error).message);
} finally {
  log('stopping servers, load generators and PostgreSQL');
  await cleanUp();
}

outcome.leftovers = leftovers();
outcome.seconds = (Date.now() - started) / 1000;
outcome.loadAverageAtEnd = os.loadavg()[0] ?? Number.NaN;
const reportFile = reportPath('markets');
await fsp.writeFile(reportFile, renderReport(outcome));

console.log('');
for (const line of summaryLines(outcome)) console.log(line);
for (const failure of outcome.failures) console.log(`error: ${failure}`);
if (outcome.leftovers.length > 0) console.log(`still running: ${outcome.leftovers.join(', ')}`);
console.log(`report: ${path.relative(process.cwd(), reportFile)} (${outcome.seconds.toFixed(0)} s)`);

const verdicts = passes(outcome);
clearTimeout(watchdog);
process.exitCode = outcome.failures.length > 0 || outcome.leftovers.length > 0 ? 2 : 0;
// A goal that is missed is a finding for the report, not a crash of the bench.
if (verdicts.quoteList === false || verdicts.fanout === false) console.log('at least one goal was missed');
