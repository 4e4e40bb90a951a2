/**
 * `npm run bench -- batch`: what the order batch function costs PostgreSQL, by the batch's size, measured as the CPU
 * of the backend that runs it (about a minute; report in bench/reports/batch.md). The orders bench judges the whole
 * app against pgbench, but its runs move by 10 % from one to the next on this kind of machine, so a change of a few
 * per cent in the batch's SQL does not show there; this one isolates the SQL.
 *
 * The batches are the server's own: the app (buildApp, in this process) places one market order for each of 64
 * verified customers, one at a time, and the arguments of each `trade_open_batch` call are kept (pg's Client.query
 * is wrapped while it does). Then one connection calls the function with batches of 1 to 64 of those orders, each
 * with fresh idempotency keys, in a transaction of its own that commits as the server's do (the checks deferred to
 * the commit included; the wait for the WAL flush is not CPU), and reads its backend's CPU time from
 * /proc/<pid>/schedstat around each block of calls. Every call writes its orders (the customers are funded for far
 * more than the run places); no `VACUUM` between blocks: with it the next block cost three times as much for a
 * batch of one order (3.0 against 0.9 ms; why was not pinned down).
 *
 * BENCH_BATCH_SQL=<file.sql>: a file that defines `trade_open_batch_b` with the same arguments (a changed copy of
 * sql/trade_open_batch.sql, renamed), run in alternating blocks (A B B A) against the current function, at 4 and at 64
 * orders a batch: a change judged against the same database, the same machine and the same minute.
 * BENCH_BATCH_SQL=same runs the current function against a copy of itself (an A/A run: the method's own noise).
 * BENCH_BATCH_TOGGLE=<file.sql>, with BENCH_BATCH_SQL=same: a change of the schema rather than of the function. The
 * file's SQL before a line `--ON--` runs before each B block, the SQL after it once the block is done (for instance
 * a foreign key dropped, then added back NOT VALID), and every block starts with three calls not measured, so the
 * plans made again after the DDL are not counted (migration 0038 was judged so).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OPEN_BATCH_SQL } from '../../apps/server/src/modules/trading/statements.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { appInProcess } from '../lib/app-in-process.js';
import { repoRoot, reportPath } from '../lib/children.js';
import { watchQueries } from '../lib/count-statements.js';
import { machineInfo } from '../lib/machine.js';
import { commitOf, runScenario } from '../lib/scenario.js';
import { fmt, summarize } from '../lib/stats.js';
import { MARKET_OPEN_AT, ORDER } from '../orders/order.js';
import { createBenchUsers } from '../wallet/fixtures.js';
import { fitLine, joinBatches } from './columns.js';

const CUSTOMERS = 64;
const SIZES = [1, 4, 16, 32, 64];
const BLOCKS = 7;
const CALLS = 60;
/** Which argument holds the idempotency keys (statements.ts OPEN_BATCH_SQL, placement.ts batchColumns). */
const KEY_FIELD = 1;

interface Block {
  /** The sizes' own blocks (the current function alone), or the comparison with a variant. */
  phase: 'sizes' | 'variant';
  size: number;
  variant: 'A' | 'B';
  /** The backend's CPU per call, ms. */
  cpuMs: number;
}

/** The arguments of every `trade_open_batch` call the app makes while `work` runs. */
async function captureBatches(work: () => Promise<void>): Promise<unknown[][]> {
  const captured: unknown[][] = [];
  const stop = watchQueries((text, values) => {
    if (text.includes('trade_open_batch(') && values) captured.push(values);
  });
  try {
    await work();
  } finally {
    stop();
  }
  return captured;
}

/** The SQL that defines trade_open_batch_b: the file's, or for `same` a copy of the current function. */
function variantSql(file: string): string {
  if (file !== 'same') return fs.readFileSync(path.resolve(file), 'utf8');
  const current = fs.readFileSync(
    path.join(repoRoot, 'apps/server/src/modules/trading/sql/trade_open_batch.sql'),
    'utf8',
  );
  return current
    .replace(/^DROP FUNCTION[^;]*;$/gm, '')
    .replace('CREATE OR REPLACE FUNCTION trade_open_batch(', 'CREATE OR REPLACE FUNCTION trade_open_batch_b(');
}

const median = (xs: number[]) => summarize(xs).p50;

export function main(): Promise<number> {
  return runScenario('batch', 600_000, async ({ databaseUrl, dataDir, log }) => {
    const machine = machineInfo();
    const started = Date.now();
    const users = await createBenchUsers({
      databaseUrl,
      count: CUSTOMERS,
      funding: { US_STOCK: '10000000' },
      tag: 'batch',
      verified: true,
      at: new Date(MARKET_OPEN_AT),
    });
    const { app, close } = await appInProcess({ databaseUrl, dataDir, at: new Date(MARKET_OPEN_AT) });
    const orders = await captureBatches(async () => {
      for (const u of users) {
        const res = await app.inject({
          method: 'POST',
          url: '/web/stock/create',
          headers: { 'content-type': 'application/json', authorization: u.token, 'idempotency-key': randomUUID() },
          payload: JSON.stringify(ORDER),
        });
        if (res.statusCode !== 200) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
      }
    });
    await close();
    if (orders.length !== CUSTOMERS) throw new Error(`${orders.length} batches for ${CUSTOMERS} orders one at a time`);
    log(`${orders.length} orders placed by the app, one batch each; their arguments kept`);

    const db = createDb(databaseUrl, 1);
    const client = await db.$client.connect();
    const failures: string[] = [];
    const blocks: Block[] = [];
    const variantFile = process.env.BENCH_BATCH_SQL;
    const toggleFile = process.env.BENCH_BATCH_TOGGLE;
    try {
      if (variantFile) await client.query(variantSql(variantFile));
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const cpuMs = () => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      const texts = { A: OPEN_BATCH_SQL, B: OPEN_BATCH_SQL.replace('trade_open_batch(', 'trade_open_batch_b(') };
      // Each size's batch joined once; only its keys are new on every call.
      const joined = new Map(SIZES.map((size) => [size, joinBatches(orders.slice(0, size))]));
      const call = async (size: number, variant: 'A' | 'B') => {
        const values = [...joined.get(size)!];
        values[KEY_FIELD] = Array.from({ length: size }, () => randomUUID());
        await client.query('begin');
        const { rows } = await client.query<{ results: Array<{ replayed?: boolean }> }>({
          name: `batch-${variant}`,
          text: texts[variant],
          values,
        });
        await client.query('commit');
        const written = rows[0]?.results.filter((r) => r.replayed === false).length;
        if (written !== size) throw new Error(`${variant}: ${written} of ${size} orders written`);
      };
      const toggle = toggleFile ? fs.readFileSync(path.resolve(toggleFile), 'utf8').split(/^--ON--$/m) : undefined;
      if (toggle && (toggle.length !== 2 || variantFile !== 'same'))
        throw new Error('BENCH_BATCH_TOGGLE: one line --ON-- in the file, and BENCH_BATCH_SQL=same');
      const block = async (phase: Block['phase'], size: number, variant: 'A' | 'B') => {
        if (toggle && variant === 'B') await client.query(toggle[0]!);
        if (toggle) for (let i = 0; i < 3; i++) await call(size, variant);
        const before = cpuMs();
        for (let i = 0; i < CALLS; i++) await call(size, variant);
        blocks.push({ phase, size, variant, cpuMs: (cpuMs() - before) / CALLS });
        if (toggle && variant === 'B') await client.query(toggle[1]!);
      };
      const variants: Array<'A' | 'B'> = variantFile ? ['A', 'B'] : ['A'];
      for (const v of variants) for (const size of SIZES) for (let i = 0; i < 5; i++) await call(size, v);
      for (const size of SIZES) {
        for (let b = 0; b < BLOCKS; b++) await block('sizes', size, 'A');
        log(`${size} a batch: ${fmt(median(blocks.filter((x) => x.size === size).map((x) => x.cpuMs)), 2)} ms`);
      }
      if (variantFile) {
        for (const size of [4, 64]) {
          for (let b = 0; b < BLOCKS; b++)
            for (const v of ['A', 'B', 'B', 'A'] as const) await block('variant', size, v);
        }
      }
    } catch (error) {
      failures.push(String(error));
    } finally {
      client.release();
      await db.$client.end();
    }

    const out = reportPath('batch');
    fs.writeFileSync(
      out,
      renderReport({
        machine,
        commit: commitOf(),
        seconds: (Date.now() - started) / 1000,
        blocks,
        variantFile,
        toggleFile,
        failures,
      }),
    );
    log(`report: ${path.relative(process.cwd(), out)}`);
    return failures.length > 0 ? 2 : 0;
  });
}

function renderReport(o: {
  machine: ReturnType<typeof machineInfo>;
  commit: string;
  seconds: number;
  blocks: Block[];
  variantFile: string | undefined;
  toggleFile: string | undefined;
  failures: string[];
}): string {
  const m = o.machine;
  const bySize = SIZES.map((size) => {
    const cpu = summarize(o.blocks.filter((b) => b.phase === 'sizes' && b.size === size).map((b) => b.cpuMs));
    return { size, median: cpu.p50, min: cpu.min, max: cpu.max };
  });
  const fit = fitLine(bySize.map((s) => ({ x: s.size, y: s.median })));
  const lines = [
    '# Order batch function bench',
    '',
    `Written by \`npm run bench -- batch\` (bench/batch/main.ts); overwritten on every run. Run of ${m.date}, ${fmt(o.seconds, 0)} s, at ${o.commit}, on ${m.nproc} cores (${m.cpuModel}), load average ${fmt(m.loadAverage, 2)} at the start.`,
    '',
    `What \`trade_open_batch\` (apps/server/src/modules/trading/sql/) costs the PostgreSQL backend that runs it, in CPU, by the batch's size: the orders are the server's own (${CUSTOMERS} market buys of 1 AAPL placed through the app by ${CUSTOMERS} verified customers, among the orders bench's 20,000 dormant ones), each call with fresh idempotency keys in a transaction of its own, committed (the checks deferred to the commit included), ${BLOCKS} blocks of ${CALLS} calls a size, CPU from /proc/<pid>/schedstat. Without the wait for the WAL flush, the network and Node: this is the CPU of an order that the single batch writer pays (docs/trading.md "The placement path"), not a rate.`,
    '',
    '| orders a batch | backend CPU a batch, ms (median of blocks; min-max) | per order, µs |',
    '|---|---|---|',
    ...bySize.map(
      (s) =>
        `| ${s.size} | ${fmt(s.median, 2)} (${fmt(s.min, 2)}-${fmt(s.max, 2)}) | ${fmt((s.median * 1000) / s.size, 0)} |`,
    ),
    '',
    `As a straight line through the medians: **${fmt(fit.fixed, 2)} ms a batch + ${fmt(fit.perItem * 1000, 0)} µs an order.**`,
    '',
  ];
  if (o.variantFile) {
    lines.push(
      o.toggleFile
        ? `## Against the schema changed by ${path.basename(o.toggleFile)} during the B blocks (\`BENCH_BATCH_TOGGLE\`)`
        : o.variantFile === 'same'
          ? "## Against a copy of itself (`BENCH_BATCH_SQL=same`: the method's own noise)"
          : `## Against \`trade_open_batch_b\` (${path.basename(o.variantFile)})`,
      '',
      'Blocks in the order A B B A, each pair of neighbours compared:',
      '',
      '| orders a batch | A ms (median) | B ms (median) | B / A |',
      '|---|---|---|---|',
    );
    for (const size of [4, 64]) {
      const ab = o.blocks.filter((b) => b.phase === 'variant' && b.size === size);
      const a = median(ab.filter((b) => b.variant === 'A').map((b) => b.cpuMs));
      const b = median(ab.filter((b) => b.variant === 'B').map((b) => b.cpuMs));
      lines.push(`| ${size} | ${fmt(a, 2)} | ${fmt(b, 2)} | ${fmt(b / a, 3)} |`);
    }
    lines.push('');
  }
  if (o.failures.length > 0) lines.push('## Problems', '', ...o.failures.map((f) => `- ${f}`), '');
  return lines.join('\n');
}
