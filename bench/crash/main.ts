/**
 * `npm run bench -- crash`: crash safety of transfers and of orders (bench/crash/crash.ts) on a PostgreSQL of its own;
 * the report goes to bench/reports/crash.md. Exits 0 when every check held, 1 when one did not (money was
 * lost or half-written: a finding that must not pass quietly), 2 when it could not be run.
 * `BENCH_CRASH_ROUNDS` kill -9 rounds of each kind (default 20; BENCH_QUICK=1: one).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/src/platform/db/embedded.js';
import { reportPath } from '../lib/children.js';
import { type Machine, machineInfo } from '../lib/machine.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import { type CrashOptions, type CrashResult, crashTest, ORDERS, TRANSFERS } from './crash.js';

const quick = process.env.BENCH_QUICK === '1';
const rounds = quick ? 1 : Number(process.env.BENCH_CRASH_ROUNDS ?? 20);
/**
 * The whole run's bound: a round is a server start, a few hundred requests and an audit, about 5 s on a quiet
 * machine; 45 s each leaves room for a busy one (a server start alone took 15-20 s on a loaded 2-core machine),
 * for transfers and orders.
 */
const LIMIT_MS = 120_000 + 2 * rounds * 45_000;

export async function main(): Promise<number> {
  const machine = machineInfo();
  const commit = commitOf();
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`BENCH_CRASH_ROUNDS must be a whole number of at least 1, not ${process.env.BENCH_CRASH_ROUNDS}`);
    return 2;
  }
  return runScenario('crash', LIMIT_MS, async ({ databaseUrl, dataDir, pg: embedded, log }) => {
    const settings: Omit<CrashOptions, 'operation' | 'databaseUrl' | 'dataDir' | 'port' | 'log'> = {
      rounds,
      users: 8,
      concurrency: 16,
      killAfterAcks: [100, 400],
    };
    const versionPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const { rows } = await versionPool.query<{ server_version: string }>('show server_version');
    await versionPool.end();
    const results: CrashResult[] = [];
    for (const operation of [TRANSFERS, ORDERS]) {
      log(`${operation.name}s`);
      results.push(await crashTest({ ...settings, operation, databaseUrl, dataDir, port: await freePort(), log }));
    }
    const reportFile = reportPath('crash');
    await fsp.writeFile(
      reportFile,
      renderReport({ machine, commit, settings, results, pgPort: embedded.port, pgVersion: rows[0]?.server_version }),
    );
    console.log('');
    for (const result of results) {
      console.log(
        `crash safety of ${result.operation}s: ${result.passed ? 'PASS' : 'FAIL'}: ${result.acked} acknowledged over ${result.rounds.length} kill -9 ` +
          `rounds, ${result.ackedStored} stored, ${result.ackedReplayedSame} replayed identically; ` +
          `${result.inFlight} in flight at the kills (${result.inFlightCommitted} committed); audit ${result.finalAudit.length === 0 ? 'clean' : 'FAILED'}`,
      );
      for (const p of result.problems.slice(0, 20)) console.log(`problem: ${p}`);
    }
    const seconds = results.reduce((t, r) => t + r.seconds, 0);
    console.log(`report: ${path.relative(process.cwd(), reportFile)} (${seconds.toFixed(0)} s)`);
    return results.every((r) => r.passed) ? 0 : 1;
  });
}

const WHAT: Record<string, string> = {
  transfer:
    '`POST /web/wallet/transfer` one after the other, each with a fresh Idempotency-Key, random amounts (0.02-49.99: USD 0.01 converts to less than a euro cent and is refused) between BALANCE, STOCK and US_STOCK (half of them converting EUR<->USD), which the server writes in batches of the transfers that arrive together (docs/money.md "Wallets and transfers"); customers with EUR 1,000,000 in BALANCE and STOCK and USD 1,000,000 in US_STOCK',
  order:
    '`POST /web/stock/create` one after the other, each with a fresh Idempotency-Key, market buys of 1-5 AAPL (the server on `SIM_CLOCK_START` on a Monday morning in New York, so the market is open), which the server writes in batches of the orders that arrive together (docs/trading.md "The placement path"); identity-verified customers with USD 10,000,000 in US_STOCK',
};

function renderReport(r: {
  machine: Machine;
  commit: string;
  settings: Omit<CrashOptions, 'operation' | 'databaseUrl' | 'dataDir' | 'port' | 'log'>;
  results: CrashResult[];
  pgPort: number;
  pgVersion: string | undefined;
}): string {
  const { machine: m, settings: s } = r;
  const yes = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const seconds = r.results.reduce((t, x) => t + x.seconds, 0);
  const section = (x: CrashResult) => {
    const name = x.operation;
    const auditClean = x.finalAudit.length === 0 && x.rounds.every((q) => q.auditAfterKill.length === 0);
    return [
      `## ${name[0]!.toUpperCase()}${name.slice(1)}s`,
      '',
      `${s.concurrency} clients on 127.0.0.1 send ${WHAT[name] ?? name} (${s.users} customers, written into the database, funded by ledger entries). After a random number of acknowledged ${name}s (${s.killAfterAcks[0]}-${s.killAfterAcks[1]}) the server gets \`kill -9\`.`,
      '',
      '| round | server start | load until the kill | acknowledged (200) | other answers | no answer (in flight at the kill) | of these committed | audit right after the kill |',
      '|---|---|---|---|---|---|---|---|',
      ...x.rounds.map(
        (q) =>
          `| ${q.round} | ${(q.serverStartMs / 1000).toFixed(1)} s | ${(q.killedAfterMs / 1000).toFixed(1)} s | ${q.acked} | ${q.otherAnswers} | ${q.inFlight} | ${q.inFlightCommitted} | ${q.auditAfterKill.length === 0 ? 'clean' : q.auditAfterKill.join('; ')} |`,
      ),
      '',
      '| check | result | |',
      '|---|---|---|',
      `| every acknowledged ${name}'s key is stored with the acknowledged answer (same ${name === 'transfer' ? 'entryId' : 'order id'}) | ${x.ackedStored} / ${x.acked} | ${yes(x.ackedStored === x.acked)} |`,
      `| replaying each acknowledged key to the restarted server answers the first answer | ${x.ackedReplayedSame} / ${x.acked} | ${yes(x.ackedReplayedSame === x.acked)} |`,
      `| requests in flight at a kill, retried with their key after the restart: the committed ones replay, the others run now | ${x.inFlightRetriedOk} / ${x.inFlight} answered 200 | ${yes(x.inFlightRetriedOk === x.inFlight)} |`,
      `| exactly one ${name === 'transfer' ? 'transfer entry' : 'order'} per stored key (nothing written twice, nothing without its key) | ${x.written} written, ${x.storedKeys} keys | ${yes(x.written === x.storedKeys)} |`,
      `| no key stored without its answer | ${x.keysWithoutAnswer} | ${yes(x.keysWithoutAnswer === 0)} |`,
      `| no partly written entry: every entry has 2+ postings and balances per currency; cached balances equal postings; held equals active holds; postings sum to 0 per currency (after each kill and at the end) | ${auditClean ? 'clean' : 'problems below'} | ${yes(auditClean)} |`,
      '',
      `**Result: ${yes(x.passed)}.**${x.problems.length > 0 ? '' : ` No acknowledged ${name} was lost, none was written twice, and no kill left a partial entry.`}`,
      '',
      ...(x.problems.length > 0 ? ['Problems:', '', ...x.problems.slice(0, 50).map((p) => `- ${p}`), ''] : []),
    ];
  };
  const lines = [
    '# Crash safety bench',
    '',
    `Written by \`npm run bench -- crash\` (bench/crash/main.ts, bench/crash/crash.ts); overwritten on every run. Run of ${m.date}, ${seconds.toFixed(0)} s (time limit ${(LIMIT_MS / 1000).toFixed(0)} s).`,
    '',
    '| machine | |',
    '|---|---|',
    `| cores (nproc) | ${m.nproc} |`,
    `| CPU | ${m.cpuModel} |`,
    `| memory | ${m.memoryGiB} GiB |`,
    `| Node | ${m.node} |`,
    `| kernel | ${m.kernel} |`,
    `| PostgreSQL | ${r.pgVersion ?? 'unknown'} (embedded, its own data folder, default durability: fsync and synchronous_commit on) |`,
    `| load average (1 min) at start / end | ${m.loadAverage.toFixed(2)} / ${(os.loadavg()[0] ?? Number.NaN).toFixed(2)} |`,
    `| commit | ${r.commit} |`,
    '',
    '## What is done',
    '',
    `The real server, as \`npm start\` runs it (\`node --import tsx apps/server/src/main.ts\`, WORKERS=1, DATABASE_URL of a PostgreSQL that outlives it), in a child process, under a load of one kind of money-moving request (wallet transfers, then market orders), every answer recorded. After a random number of acknowledged requests the server gets \`kill -9\` (SIGKILL: no shutdown hook, transactions cut off wherever they were) while the other clients' requests are in flight. The database is audited at once, before anything restarts. ${s.rounds} such rounds for each kind, each on a freshly started server; then the server is started once more and checked through HTTP.`,
    '',
    ...r.results.flatMap(section),
    '## Why it holds',
    '',
    "A transfer is written in one PostgreSQL transaction with the other transfers of its batch, each with its idempotency key, journal entry, postings and both cached balances (ledger_post_once_each, ledger/ledger.ts); an order is written in one transaction with the other orders of its batch, each with its key, hold, fee entry, position, order and message (trade_open_batch). A kill before COMMIT leaves none of it, a kill after COMMIT leaves all of it, and the 200 is sent only after COMMIT returned. PostgreSQL itself keeps running here, so this tests the application process dying, not the database host losing power (that is PostgreSQL's WAL and fsync, left on in this run). The deferred trigger (drizzle/0003_ledger_invariants.sql) would refuse at COMMIT an entry whose postings do not balance, whatever wrote it.",
    '',
    'The same checks run in the unit tests with one round each (apps/server/test/ledger-crash.test.ts).',
    '',
  ];
  return lines.join('\n');
}
