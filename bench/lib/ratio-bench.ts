/**
 * The frame of a money bench (bench/wallet, bench/orders): a fresh database, customers with money and a session
 * each, the real server as `npm start` runs it, the autocannon load generator, pgbench's own database; then the
 * bench's rounds; then the breakdown of one operation inside the app, the ledger audit, and the report. Everything
 * is stopped at the end, whatever happened.
 */
import type { ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/platform/db/embedded.js';
import { auditLedger } from '../../apps/server/test/ledger-audit.js';
import { type BenchUser, DORMANT_CUSTOMERS } from '../wallet/fixtures.js';
import { type AppProcess, startAppProcess, stopAppProcess } from './app-process.js';
import { forkTs, nextMessage, reportPath, stopChild } from './children.js';
import { type Machine, machineInfo } from './machine.js';
import { enableStatements, STATEMENTS_SETTINGS, TRACK_STATEMENTS } from './pg-statements.js';
import { findPgbench, initPgbench } from './pgbench.js';
import { postmasterPid } from './proc-cpu.js';
import {
  cpuSpeed,
  fsyncMicros,
  isQuiet,
  loadAverage,
  outsideCpuPercent,
  probeOutside,
  procSnapshot,
  type RoundRecord,
  stealPercent,
} from './quiet.js';
import {
  measureEndpoint,
  measurePgbench,
  medianWindow,
  OPEN_LOOP_WINDOWS,
  type OpenLoopRun,
  postgresInfo,
  type RatioRun,
  type RatioSettings,
  ratioSettings,
  secondsP99,
  summary,
  verdictOf,
} from './ratio.js';
import { roundOrder, type SettleRecord, settle } from './rounds.js';
import { commitOf, runScenario, type ScenarioContext } from './scenario.js';
import { fmt } from './stats.js';
import { timelineLine } from './timeline.js';

/** What every money bench's report knows; a bench adds its own fields. */
export interface RatioOutcome<R extends RatioRun = RatioRun, B = unknown> {
  machine: Machine;
  commit: string;
  settings: RatioSettings;
  pgVersion?: string;
  pgSettings?: Record<string, string>;
  pgbenchVersion?: string;
  pgbenchInitSeconds?: number;
  runs: R[];
  /** Each round (busy ones included) and how busy the machine was around it (bench/lib/quiet.ts). */
  rounds: RoundRecord[];
  breakdown?: B;
  /** Whether PostgreSQL counted each window's statements (pg_stat_statements). */
  statementsTracked?: boolean;
  /** The open-loop window after the rounds, at half the app's measured rate (issue 14). */
  openLoop?: OpenLoopRun<R>;
  /** The ledger audit of the database after the run (test/ledger-audit.ts): empty when the books are whole. */
  audit?: string[];
  failures: string[];
  seconds: number;
  loadAverageAtEnd: number;
}

export interface RatioContext<R extends RatioRun> {
  settings: RatioSettings;
  db: pg.Pool;
  users: BenchUser[];
  /** The first customer's id, and whether the ids run on from it (the pgbench scripts need it). */
  uidmin: number;
  consecutive: boolean;
  /** The pgbench binary, or null (the references are then skipped and the report says so). */
  pgbench: string | null;
  log: (line: string) => void;
  /**
   * A window of the app under load: POST `path` with `bodies` in turn, `written` counting its rows; closed loop
   * (autocannon), or open loop at `rate` requests per second (open-loop.ts).
   */
  app(
    target: R['target'],
    round: number,
    path: string,
    bodies: string[],
    written: () => Promise<number>,
    rate?: number,
  ): Promise<R>;
  /** Whether the app's open-loop windows record the server's timeline (off unless openLoopRound turns it on). */
  recordTimeline(on: boolean): void;
  /** pgbench in the same run: TPC-B, or `script` on the app's database; at `clients` (default: the app's). */
  reference(
    target: R['target'],
    round: number,
    script?: { text: string; defines: Record<string, number> },
    clients?: number,
  ): Promise<R>;
  /** VACUUM, CHECKPOINT and an idle writer before the window of `before` (bench/lib/rounds.ts). */
  settle(before: string): Promise<SettleRecord>;
  /** `pgbench -i` again, so every round's reference starts from the same tables; seconds (none without pgbench). */
  resetReference(): Promise<number | undefined>;
}

/** One window of a round: its target, what the log says of it, and its measurement. */
export interface RoundWindow<R extends RatioRun> {
  target: R['target'];
  text: string;
  measure: (round: number) => Promise<R>;
}

export function newOutcome<R extends RatioRun, B>(quick: boolean, clients: number): RatioOutcome<R, B> {
  return {
    machine: machineInfo(),
    commit: commitOf(),
    settings: ratioSettings(quick, clients),
    runs: [],
    rounds: [],
    failures: [],
    seconds: 0,
    loadAverageAtEnd: Number.NaN,
  };
}

/**
 * BENCH_OPEN_RATE: only the open-loop window, at this rate, after the history (below), without the closed-loop
 * rounds, pgbench and the breakdown (a quick look at where a request's time goes, bench/lib/timeline.ts; no verdict).
 */
const FIXED_OPEN_RATE = Number(process.env.BENCH_OPEN_RATE) || 0;

/** BENCH_HISTORY=0: no history window before round 1 (for an A/B of it). */
const HISTORY = process.env.BENCH_HISTORY !== '0';
/** What the reports say of it. */
export const historyText = (warmup: number, duration: number) =>
  HISTORY
    ? `Before round 1 the app's windows run once each, not recorded (history, ${warmup} + ${duration} s each; BENCH_HISTORY=0 leaves it out): round 1's \`VACUUM (ANALYZE)\` then sees tables of the size the later rounds see, not the fixtures' few rows, on which PostgreSQL cached plans that scan whole tables as they grow (round 1's p99 was about twice the later rounds').`
    : "No history before round 1 (BENCH_HISTORY=0): round 1 plans on the fixtures' few rows.";

/** The open-loop generator's own figures, for the log: whether the load generator or the server fell behind. */
const generatorText = (run: RatioRun) => {
  const g = run.generator;
  return g
    ? `; generator loop p99 ${fmt(g.loopP99Ms, 1)} max ${fmt(g.loopMaxMs, 1)} ms, in flight at most ${g.maxInFlight}, ${g.queued} waited for a socket`
    : '';
};

/** The whole run's limit (the scenario's watchdog); busy rounds are repeated only while one more fits in it. */
const LIMIT_MS = 600_000;
/** Time kept for the breakdown, the audit and the clean-up after the last round. */
const RESERVE_MS = 90_000;
/** Probes of the machine before a round, and the wait between them. */
const PROBES = 4;
const PROBE_WAIT_MS = 5_000;

/**
 * Runs `work` as round `n`: first probes the machine (up to PROBES times, PROBE_WAIT_MS apart) until it is quiet,
 * then records the outside CPU over the whole of `work` and whether the round was quiet.
 */
async function probedRound<R extends RatioRun>(
  ctx: RatioContext<R>,
  roots: number[],
  n: number,
  work: () => Promise<Partial<RoundRecord>>,
): Promise<RoundRecord> {
  let tries = 0;
  let startOutside = Number.NaN;
  for (;;) {
    tries++;
    startOutside = await probeOutside(roots);
    if (isQuiet({ startOutsidePercent: startOutside, outsidePercent: 0 }) || tries >= PROBES) break;
    ctx.log(`  round ${n}: machine busy (outside the bench ${startOutside.toFixed(0)} % of a core); waiting`);
    await new Promise((done) => setTimeout(done, PROBE_WAIT_MS));
  }
  const speed = cpuSpeed();
  const fsync = fsyncMicros();
  const loadAverageStart = loadAverage();
  const a = procSnapshot();
  const extra = await work();
  const b = procSnapshot();
  const record: RoundRecord = {
    ...extra,
    round: n,
    startOutsidePercent: startOutside,
    tries,
    outsidePercent: outsideCpuPercent(a, b, roots),
    stealPercent: stealPercent(a, b),
    cpuSpeed: speed,
    fsyncMicros: fsync,
    loadAverageStart,
    loadAverageEnd: loadAverage(),
    quiet: false,
  };
  record.quiet = isQuiet(record);
  return record;
}

const settleText = (s: SettleRecord) =>
  `settled in ${fmt((s.vacuumMs + s.checkpointMs + s.idleMs) / 1000, 1)} s (VACUUM ${fmt(s.vacuumMs / 1000, 1)} s, CHECKPOINT ${fmt(s.checkpointMs / 1000, 1)} s, ${s.idle ? 'writer idle' : 'writer STILL BUSY'} after ${fmt(s.idleMs / 1000, 1)} s)`;

/** The windows of round `n` in its order (roundOrder), each after the database was settled; pushed to the runs. */
async function roundWindows<R extends RatioRun>(
  ctx: RatioContext<R>,
  outcome: RatioOutcome<R>,
  windows: readonly RoundWindow<R>[],
  n: number,
): Promise<Pick<RoundRecord, 'order' | 'settles'>> {
  const order = roundOrder(windows, n);
  const settles: SettleRecord[] = [];
  for (const w of order) {
    const settled = await ctx.settle(w.target);
    settles.push(settled);
    ctx.log(`  round ${n}: ${settleText(settled)}; ${w.text}`);
    outcome.runs.push(await w.measure(n));
  }
  return { order: order.map((w) => w.target), settles };
}

/**
 * History before the first measured window: the app's windows once each, not recorded. Without it the first window
 * planned on tables of a few rows (the fixtures' funding entries): the VACUUM (ANALYZE) before it saw them that
 * small, and the cached plans of the foreign-key checks and of the balance trigger scanned whole tables, which grew
 * by tens of thousands of rows during the window (round 1's p99 was twice the later rounds'; an open-loop-only run
 * without it fell behind its rate in its first window, p99 44 s). A running broker's ledger is not empty; after this
 * the settle before the first window analyses tables of the size the later windows see.
 */
async function history<R extends RatioRun>(
  ctx: RatioContext<R>,
  windows: (ctx: RatioContext<R>) => RoundWindow<R>[],
): Promise<void> {
  if (!HISTORY) return;
  for (const w of windows(ctx).filter((w) => w.target.startsWith('app'))) {
    const t0 = performance.now();
    await w.measure(0);
    ctx.log(`  history: ${w.text}, not recorded (${fmt((performance.now() - t0) / 1000, 0)} s)`);
  }
}

/**
 * Runs rounds until `settings.rounds` of them were quiet, or 2 x rounds were run, or another would not fit in the
 * time left. Every round after the first starts from freshly initialised pgbench tables. Before each round the
 * machine is probed (up to PROBES times, PROBE_WAIT_MS apart) until it is quiet; each round's outside CPU is
 * measured over the whole round, and the round recorded as quiet or busy.
 */
async function quietRounds<R extends RatioRun>(
  ctx: RatioContext<R>,
  outcome: RatioOutcome<R>,
  roots: number[],
  started: number,
  windows: (ctx: RatioContext<R>) => RoundWindow<R>[],
): Promise<void> {
  const s = ctx.settings;
  await history(ctx, windows);
  let longest = 0;
  for (let n = 1; n <= 2 * s.rounds; n++) {
    if (outcome.rounds.filter((r) => r.quiet).length >= s.rounds) break;
    // The required rounds always run; a repeat only when it fits.
    if (n > s.rounds && performance.now() - started + longest + PROBES * PROBE_WAIT_MS + RESERVE_MS > LIMIT_MS) {
      ctx.log(`  no time left for another round in place of a busy one`);
      break;
    }
    const t0 = performance.now();
    const resetSeconds = n > 1 ? await ctx.resetReference() : undefined;
    if (resetSeconds !== undefined) ctx.log(`  round ${n}: pgbench -i again, ${fmt(resetSeconds, 1)} s`);
    const record = await probedRound(ctx, roots, n, () => roundWindows(ctx, outcome, windows(ctx), n));
    record.resetSeconds = resetSeconds;
    longest = Math.max(longest, performance.now() - t0);
    outcome.rounds.push(record);
    ctx.log(
      `  round ${n} (${record.order?.join(', ')}): ${record.quiet ? 'quiet' : 'BUSY'} (outside the bench ${record.startOutsidePercent.toFixed(0)} % of a core before, ${record.outsidePercent.toFixed(0)} % during; steal ${fmt(record.stealPercent ?? Number.NaN, 0)} % of a core during; one core ${fmt(record.cpuSpeed ?? Number.NaN, 0)} MB/s of SHA-256 and ${fmt(record.fsyncMicros ?? Number.NaN, 0)} µs per 8 KB fdatasync before; load ${record.loadAverageStart.toFixed(2)} -> ${record.loadAverageEnd.toFixed(2)})`,
    );
  }
}

/**
 * The open-loop windows (issue 14): the app at half the closed-loop rate of the `app` target in the verdict's
 * rounds (all rounds when none was quiet), OPEN_LOOP_WINDOWS of them, each probed and recorded like a round; the
 * verdict takes the median p99 (medianWindow). Then one more window at the same rate records the timeline.
 */
async function openLoopRound<R extends RatioRun>(
  ctx: RatioContext<R>,
  outcome: RatioOutcome<R>,
  roots: number[],
  window: (ctx: RatioContext<R>, rate: number) => Promise<R>,
): Promise<OpenLoopRun<R>> {
  const v = verdictOf(outcome);
  const maxPerSecond = FIXED_OPEN_RATE ? FIXED_OPEN_RATE * 2 : summary(v.none ? outcome.runs : v.runs, 'app').perSecond;
  const rate = Math.max(1, Math.round(maxPerSecond / 2));
  ctx.log(
    `  open loop: app at ${rate}/s (half of ${maxPerSecond.toFixed(0)}/s), ${OPEN_LOOP_WINDOWS} windows of ${ctx.settings.warmupSeconds} s warm-up + ${ctx.settings.durationSeconds} s`,
  );
  // The verdict's windows record nothing: the timeline's own cost (AsyncLocalStorage, a line per request, the GC
  // observer) would count against the app. A window after them at the same rate records where the time goes.
  ctx.recordTimeline(false);
  const windows: { run: R; record: RoundRecord }[] = [];
  for (let i = 0; i < OPEN_LOOP_WINDOWS; i++) {
    const n = outcome.rounds.length + 1 + i;
    let run: R | undefined;
    const record = await probedRound(ctx, roots, n, async () => {
      const settled = await ctx.settle('app-open');
      ctx.log(`  open loop ${i + 1}: ${settleText(settled)}`);
      run = { ...(await window(ctx, rate)), round: n };
      return { order: [run.target], settles: [settled] };
    });
    windows.push({ run: run!, record });
    ctx.log(
      `  open loop ${i + 1}: ${fmt(run!.perSecond, 0)}/s, p50 ${fmt(run!.latencyMs.p50, 1)} p99 ${fmt(run!.latencyMs.p99, 1)} ms, ${record.quiet ? 'quiet' : 'BUSY'}${generatorText(run!)}`,
    );
    ctx.log(
      `  open loop ${i + 1}: p99 by second ${secondsP99(run!)} ms, from ${new Date(run!.bySecond?.from ?? 0).toISOString()}`,
    );
  }
  const chosen = medianWindow(windows);
  ctx.recordTimeline(true);
  const settledAgain = await ctx.settle('app-open');
  ctx.log(`  open loop, recorded: ${settleText(settledAgain)}`);
  const recorded = await window(ctx, rate);
  ctx.recordTimeline(false);
  let run = chosen.run;
  if (recorded.timeline) run = { ...run, timeline: recorded.timeline };
  if (run.timeline) {
    const per = (pct: number) => fmt(((pct / 100) * 1e6) / run.perSecond, 0);
    ctx.log(
      `  open loop: the median window ${fmt(run.perSecond, 0)}/s, p50 ${fmt(run.latencyMs.p50, 1)} p99 ${fmt(run.latencyMs.p99, 1)} ms; CPU µs per request: PostgreSQL ${per(run.postgresCpuPercent)}, server ${per(run.serverCpuPercent)}; outside the bench ${fmt(chosen.record.outsidePercent, 0)} % of a core, steal ${fmt(chosen.record.stealPercent ?? Number.NaN, 0)} %`,
    );
    ctx.log(`  open loop, recorded: ${timelineLine(run.timeline)}`);
  }
  return {
    rate,
    maxPerSecond,
    run,
    record: chosen.record,
    windows: windows.map((w) => (w === chosen ? { ...w, run } : w)),
  };
}

/** The context a bench's windows run in: the app and pgbench measured on the run's database, settling, reset. */
function contextOf<R extends RatioRun>(d: {
  settings: RatioSettings;
  db: pg.Pool;
  pgbenchDb: pg.Pool | undefined;
  users: BenchUser[];
  uidmin: number;
  consecutive: boolean;
  pgbench: { bin: string } | null;
  pgbenchUrl: string;
  databaseUrl: string;
  tmpDir: string;
  load: ChildProcess;
  app: AppProcess;
  postmaster: number;
  statementsTracked: boolean | undefined;
  log: (line: string) => void;
  failures: string[];
  timelineFile: string;
}): RatioContext<R> {
  const { settings: s, db, pgbenchDb, users, pgbench, pgbenchUrl, databaseUrl, app, postmaster, failures } = d;
  const statementsIn = (url: string) =>
    d.statementsTracked ? { db, database: new URL(url).pathname.slice(1) } : undefined;
  let recording = false;
  return {
    recordTimeline: (on) => {
      recording = on;
    },
    settings: s,
    db,
    users,
    uidmin: d.uidmin,
    consecutive: d.consecutive,
    pgbench: pgbench?.bin ?? null,
    log: d.log,
    app: (target, round, urlPath, bodies, written, rate) =>
      measureEndpoint({
        target,
        round,
        settings: s,
        load: d.load,
        job: { url: app.baseUrl, tokens: users.map((u) => u.token), path: urlPath, bodies, rate },
        postmaster,
        serverPid: app.child.pid!,
        written,
        statements: statementsIn(databaseUrl),
        failures,
        timelineFile: recording ? d.timelineFile : undefined,
      }) as Promise<R>,
    reference: (target, round, script, clients) =>
      measurePgbench({
        target,
        round,
        settings: clients ? { ...s, clients } : s,
        bin: pgbench!.bin,
        url: script ? databaseUrl : pgbenchUrl,
        logDir: path.join(d.tmpDir, 'pgbench-log'),
        postmaster,
        serverPid: app.child.pid,
        failures,
        statements: statementsIn(script ? databaseUrl : pgbenchUrl),
        ...(script ? { script: script.text, defines: script.defines, protocol: 'prepared' as const } : {}),
      }) as Promise<R>,
    settle: (before) => settle(pgbenchDb ? [db, pgbenchDb] : [db], before),
    resetReference: async () => (pgbench ? await initPgbench(pgbench.bin, pgbenchUrl, s.pgbenchScale) : undefined),
  };
}

export async function runRatioBench<
  R extends RatioRun,
  B extends { type: string },
  O extends RatioOutcome<R, B>,
>(spec: {
  name: string;
  outcome: O;
  /** Customers with money and a valid session on the server's clock. */
  users: (databaseUrl: string, count: number) => Promise<BenchUser[]>;
  usersText: string;
  serverEnv?: Record<string, string>;
  /**
   * The windows of a round in the order of odd rounds (even rounds run them reversed: rounds.ts roundOrder); each
   * pushed to the outcome's runs with its round number.
   */
  windows: (ctx: RatioContext<R>) => RoundWindow<R>[];
  /**
   * The open-loop window after the rounds: the app at `rate` (half the closed-loop rate of the verdict's rounds)
   * with the target name and request of the bench's main closed-loop window.
   */
  openLoop?: (ctx: RatioContext<R>, rate: number) => Promise<R>;
  /** A script run in a process of its own that answers {type: 'breakdown', ...}. */
  breakdown: { script: string; env?: Record<string, string>; what: string };
  /** Anything to note in the outcome once the rounds are done (on the app's database). */
  after?: (db: pg.Pool) => Promise<void>;
  report: (o: O) => { markdown: string; summary: string[] };
}): Promise<number> {
  const { outcome } = spec;
  const s = outcome.settings;
  const failures = outcome.failures;
  const started = performance.now();
  const run = async ({ tmpDir, dataDir, pg: embedded, databaseUrl, log }: ScenarioContext) => {
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    let pgbenchDb: pg.Pool | undefined;
    let server: AppProcess | undefined;
    let loader: ChildProcess | undefined;
    try {
      const info = await postgresInfo(db);
      outcome.pgVersion = info.version;
      outcome.pgSettings = info.settings;
      outcome.statementsTracked = TRACK_STATEMENTS && (await enableStatements(db));
      log(`${s.users} customers, ${spec.usersText}; ${DORMANT_CUSTOMERS} more who never trade`);
      const users = await spec.users(databaseUrl, s.users);
      const timelineFile = path.join(tmpDir, 'timeline.jsonl');
      const env = {
        DB_POOL_MAX: String(s.poolMax),
        WORKERS: String(s.workers),
        ...spec.serverEnv,
        // Where one request's time goes (apps/server/src/platform/timeline.ts): recorded in the open-loop window only.
        TIMELINE_FILE: timelineFile,
      };
      server = await startAppProcess({
        databaseUrl,
        dataDir,
        port: await freePort(),
        probeToken: users[0]!.token,
        env,
      });
      const app = server;
      log(
        `server (node --import tsx apps/server/src/main.ts, ${Object.entries(env)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}) up in ${(app.startMs / 1000).toFixed(1)} s`,
      );
      loader = forkTs('bench/lib/endpoint-load.ts');
      const load = loader;
      await nextMessage(load, 'ready', 30_000);

      const pgbench = FIXED_OPEN_RATE ? null : findPgbench();
      const pgbenchUrl = embedded.urlFor('pgbench');
      if (pgbench) {
        outcome.pgbenchVersion = pgbench.version;
        await db.query('create database pgbench');
        log(`pgbench -i -s ${s.pgbenchScale} (a database of its own on the same server)`);
        outcome.pgbenchInitSeconds = await initPgbench(pgbench.bin, pgbenchUrl, s.pgbenchScale);
        pgbenchDb = new pg.Pool({ connectionString: pgbenchUrl, max: 1 });
      } else if (FIXED_OPEN_RATE) {
        log(
          `BENCH_OPEN_RATE=${FIXED_OPEN_RATE}: the open-loop window only, after the history (no rounds, no pgbench, no verdict)`,
        );
      } else {
        failures.push('pgbench not found: apt-get install postgresql-client (the reference was skipped)');
        log('pgbench not found: apt-get install postgresql-client; measuring the app alone');
      }
      const postmaster = postmasterPid(path.join(tmpDir, 'pg'));
      const uidmin = users[0]!.id;
      const consecutive = users.every((u, i) => u.id === uidmin + i);
      if (!consecutive) failures.push('customer ids are not consecutive: the SQL reference was skipped');

      const ctx = contextOf<R>({
        settings: s,
        db,
        pgbenchDb,
        users,
        uidmin,
        consecutive,
        pgbench,
        pgbenchUrl,
        databaseUrl,
        tmpDir,
        load,
        app,
        postmaster,
        statementsTracked: outcome.statementsTracked,
        log,
        failures,
        timelineFile,
      });
      const roots = [process.pid, postmaster];
      if (FIXED_OPEN_RATE) await history(ctx, spec.windows);
      else await quietRounds(ctx, outcome, roots, started, spec.windows);
      if (spec.openLoop) outcome.openLoop = await openLoopRound(ctx, outcome, roots, spec.openLoop);
      await spec.after?.(db);

      if (FIXED_OPEN_RATE) {
        outcome.audit = await auditLedger(db);
        return 0;
      }
      log(`  breakdown of one ${spec.breakdown.what} inside the app (statements, time)`);
      const child = forkTs(spec.breakdown.script, {
        BENCH_DATABASE_URL: databaseUrl,
        BENCH_DATA_DIR: dataDir,
        BENCH_POSTMASTER_PID: String(postmaster),
        ...spec.breakdown.env,
      });
      outcome.breakdown = await nextMessage<B>(child, 'breakdown', 120_000);
      await stopChild(child);

      outcome.audit = await auditLedger(db);
      return 0;
    } catch (error) {
      failures.push((error as Error).message);
      return 2;
    } finally {
      if (loader) await stopChild(loader);
      if (server) await stopAppProcess(server);
      await pgbenchDb?.end();
      await db.end();
    }
  };
  const code = await runScenario(spec.name, LIMIT_MS, run, STATEMENTS_SETTINGS);
  outcome.seconds = (performance.now() - started) / 1000;
  outcome.loadAverageAtEnd = os.loadavg()[0] ?? Number.NaN;
  const reportFile = reportPath(spec.name);
  const report = spec.report(outcome);
  await fsp.writeFile(reportFile, report.markdown);
  console.log('');
  for (const line of report.summary) console.log(line);
  for (const failure of outcome.failures) console.log(`error: ${failure}`);
  console.log(`report: ${path.relative(process.cwd(), reportFile)} (${outcome.seconds.toFixed(0)} s)`);
  return code;
}
