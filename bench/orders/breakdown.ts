/**
 * What one market order costs inside the app, without HTTP: buildApp on the bench database (clock at
 * SIM_CLOCK_START, markets open), verified customers, orders through app.inject, one at a time and then from
 * CONCURRENT customers at once (so they share batches), counting every statement sent to PostgreSQL and this
 * process's CPU per order. Runs in a process of its own (the count
 * patches pg's Client) and answers {type: 'breakdown', ...} over IPC.
 */
import { randomUUID } from 'node:crypto';
import { appInProcess } from '../lib/app-in-process.js';
import { countStatements } from '../lib/count-statements.js';
import { treeCpuSeconds } from '../lib/proc-cpu.js';
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
  /**
   * This process's CPU per order, one at a time, µs (Node: the app, pg's client, app.inject; not PostgreSQL),
   * less what the process takes while idle (idleCpuPerSecond, µs per second) over the same time.
   */
  cpuMicros: number;
  /**
   * PostgreSQL's CPU per order meanwhile, µs: one order per batch, so each pays a batch's start-up and commit alone
   * (against `concurrent.pgCpuMicros`, where batches are shared, this is what a batch costs whatever its size).
   */
  pgCpuMicros: number;
  idleCpuPerSecond: number;
  /**
   * CONCURRENT customers placing orders at once, as the bench's clients do, so orders share batches: this
   * process's CPU per order and the statements per order.
   */
  concurrent: {
    clients: number;
    orders: number;
    cpuMicros: number;
    /** PostgreSQL's CPU per order meanwhile (postmaster and backends; BENCH_POSTMASTER_PID), µs. */
    pgCpuMicros: number;
    statementsPerOrder: number;
  };
}

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const dataDir = process.env.BENCH_DATA_DIR!;
const ORDERS = 300;
const postmaster = Number(process.env.BENCH_POSTMASTER_PID);
/** PostgreSQL's CPU so far (postmaster and backends), seconds; NaN without BENCH_POSTMASTER_PID. */
const pgSeconds = () => (postmaster ? treeCpuSeconds(postmaster) : Number.NaN);
const CONCURRENT = 64;
const counter = countStatements();

const users = await createBenchUsers({
  databaseUrl,
  count: CONCURRENT,
  funding: { US_STOCK: '10000000' },
  // Of this process, so the breakdown can run again on the same database.
  tag: `b${process.pid}`,
  verified: true,
  at: new Date(process.env.SIM_CLOCK_START!),
});
const { app, close } = await appInProcess({ databaseUrl, dataDir, at: new Date(process.env.SIM_CLOCK_START!) });

/**
 * This process's CPU while it places no order (the simulated market's ticks, timers), in µs per second: taken
 * out of the CPU per order below, which would otherwise depend on how fast the orders came.
 */
async function idleCpuPerSecond(ms: number): Promise<number> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await new Promise((done) => setTimeout(done, ms));
  const used = process.cpuUsage(cpu);
  return ((used.user + used.system) * 1000) / (performance.now() - started);
}

/** CPU µs since `cpu` and `started`, less the idle rate over the same time. */
const busyMicros = (cpu: NodeJS.CpuUsage, started: number) => {
  const used = process.cpuUsage(cpu);
  return used.user + used.system - (idlePerSecond * (performance.now() - started)) / 1000;
};

/** `n` orders one after the other by customer `u`; answers the wall time and this process's CPU per order, µs. */
async function place(n: number, u = 0): Promise<{ micros: number; cpuMicros: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/web/stock/create',
      headers: { 'content-type': 'application/json', authorization: users[u]!.token, 'idempotency-key': randomUUID() },
      payload: JSON.stringify(ORDER),
    });
    if (res.statusCode !== 200) throw new Error(`order answered ${res.statusCode}: ${res.body}`);
  }
  return { micros: ((performance.now() - started) * 1000) / n, cpuMicros: busyMicros(cpu, started) / n };
}

/** Every customer places `n` orders one after the other, all customers at once; CPU per order, µs. */
async function placeConcurrently(n: number): Promise<{ cpuMicros: number; pgCpuMicros: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const pgBefore = pgSeconds();
  await Promise.all(users.map((_, u) => place(n, u)));
  const orders = n * users.length;
  return {
    cpuMicros: busyMicros(cpu, started) / orders,
    pgCpuMicros: ((pgSeconds() - pgBefore) * 1e6) / orders,
  };
}

// Warm-up (JIT, caches, prepared plans), then the counted and timed runs.
let idlePerSecond = 0;
await place(100);
await placeConcurrently(3);
idlePerSecond = await idleCpuPerSecond(3000);
const pgBeforeOne = pgSeconds();
const { micros, cpuMicros } = await counter.during(() => place(ORDERS));
const pgCpuMicros = ((pgSeconds() - pgBeforeOne) * 1e6) / ORDERS;
const per = counter.per(ORDERS);
const concurrentCounter = countStatements();
const perClient = 10;
const concurrentCpu = await concurrentCounter.during(() => placeConcurrently(perClient));
await close();
const result: OrdersBreakdown = {
  type: 'breakdown',
  orders: ORDERS,
  statements: per.byKind,
  statementsPerOrder: per.total,
  micros,
  cpuMicros,
  pgCpuMicros,
  idleCpuPerSecond: idlePerSecond,
  concurrent: {
    clients: CONCURRENT,
    orders: perClient * CONCURRENT,
    ...concurrentCpu,
    statementsPerOrder: concurrentCounter.per(perClient * CONCURRENT).total,
  },
};
process.send?.(result);
process.disconnect?.();
