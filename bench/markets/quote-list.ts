/**
 * (a) Quote list throughput: GET /web/m_ft/stock_list (US, first page of 20) on the real app against a
 * bare Fastify route answering the same JSON, each server in its own process and autocannon in another,
 * alternating app and reference over several rounds so drift of the machine hits both alike.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ask, forkTs, nextMessage, runCommand, stopChild } from '../lib/children.js';
import { cpuSnapshot, machineBusyPercent } from '../lib/machine.js';
import { mean } from '../lib/stats.js';
import type { ServerReport } from '../servers/control.js';
import type { Breakdown } from './breakdown.js';

export const QUOTE_LIST_PATH = '/web/m_ft/stock_list?market=US&page=1&pageSize=20';

export interface LoadRun {
  target: 'app' | 'bare';
  round: number;
  requestsPerSecond: number;
  total: number;
  latencyMs: { mean: number; p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The server process's CPU over the window, percent of one core. */
  serverCpuPercent: number;
  /** The whole machine (all cores) busy over the window, percent. */
  machineBusyPercent: number;
  serverEventLoopP99Ms: number;
}

export interface QuoteListResult {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  appBytes: number;
  bareBytes: number;
  rows: number;
  runs: LoadRun[];
  app: { requestsPerSecond: number; p50: number; p99: number };
  bare: { requestsPerSecond: number; p50: number; p99: number };
  ratio: number;
  /** In-process cost of the pieces of one request, µs (bench/markets/breakdown.ts). */
  breakdown?: Breakdown;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { mean: number; p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

const autocannonBin = createRequire(import.meta.url).resolve('autocannon');

async function autocannon(url: string, connections: number, seconds: number): Promise<AutocannonJson> {
  const out = await runCommand(
    process.execPath,
    [
      autocannonBin,
      '--json',
      '--connections',
      String(connections),
      '--duration',
      String(seconds),
      '--timeout',
      '10',
      url,
    ],
    (seconds + 30) * 1000,
  );
  return JSON.parse(out) as AutocannonJson;
}

async function fetchBody(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text() };
}

async function measure(
  target: LoadRun['target'],
  round: number,
  server: ChildProcess,
  url: string,
  opts: { connections: number; warmupSeconds: number; durationSeconds: number },
): Promise<LoadRun> {
  await autocannon(url, opts.connections, opts.warmupSeconds);
  await ask(server, { cmd: 'mark' }, 'marked', 5_000);
  const before = cpuSnapshot();
  const r = await autocannon(url, opts.connections, opts.durationSeconds);
  const after = cpuSnapshot();
  const server_ = await ask<ServerReport>(server, { cmd: 'report' }, 'report', 5_000);
  return {
    target,
    round,
    requestsPerSecond: r.requests.average,
    total: r.requests.total,
    latencyMs: { mean: r.latency.mean, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    serverCpuPercent: server_.cpuPercent,
    machineBusyPercent: machineBusyPercent(before, after),
    serverEventLoopP99Ms: server_.eventLoopDelayMs.p99,
  };
}

export async function benchQuoteList(opts: {
  app: ChildProcess;
  appPort: number;
  tmpDir: string;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<QuoteListResult> {
  const appUrl = `http://127.0.0.1:${opts.appPort}${QUOTE_LIST_PATH}`;
  const real = await fetchBody(appUrl);
  const envelope = JSON.parse(real.text) as { code: number; data?: { list?: unknown[] } };
  const rows = envelope.data?.list?.length ?? 0;
  if (real.status !== 200 || envelope.code !== 200 || rows !== 20) {
    throw new Error(`stock_list answered ${real.status} with ${rows} rows: ${real.text.slice(0, 200)}`);
  }

  // The reference answers the very object the app answered, so both serialise a payload of the same size.
  const payloadFile = path.join(opts.tmpDir, 'stock_list.json');
  await fs.writeFile(payloadFile, real.text);
  const bare = forkTs('bench/servers/bare-server.ts', { BENCH_PAYLOAD_FILE: payloadFile });
  try {
    const { port } = await nextMessage<{ type: string; port: number }>(bare, 'listening', 30_000);
    const bareUrl = `http://127.0.0.1:${port}/bare`;
    const reference = await fetchBody(bareUrl);
    if (reference.status !== 200) throw new Error(`bare route answered ${reference.status}`);

    const runs: LoadRun[] = [];
    for (let round = 1; round <= opts.rounds; round++) {
      for (const [target, server, url] of [
        ['app', opts.app, appUrl],
        ['bare', bare, bareUrl],
      ] as const) {
        opts.log(
          `  (a) round ${round}/${opts.rounds}: ${target}, ${opts.warmupSeconds} s warm-up + ${opts.durationSeconds} s`,
        );
        const run = await measure(target, round, server, url, opts);
        if (run.errors + run.timeouts + run.non2xx > 0) {
          throw new Error(`${target}: ${run.errors} errors, ${run.timeouts} timeouts, ${run.non2xx} non-2xx answers`);
        }
        runs.push(run);
      }
    }

    const of = (target: LoadRun['target']) => {
      const mine = runs.filter((r) => r.target === target);
      return {
        requestsPerSecond: mean(mine.map((r) => r.requestsPerSecond)),
        p50: mean(mine.map((r) => r.latencyMs.p50)),
        p99: mean(mine.map((r) => r.latencyMs.p99)),
      };
    };
    const app = of('app');
    const reference_ = of('bare');
    opts.log('  (a) breakdown of one request inside the app');
    const breakdownProcess = forkTs('bench/markets/breakdown.ts');
    const breakdown = await nextMessage<Breakdown>(breakdownProcess, 'breakdown', 60_000);
    await stopChild(breakdownProcess);
    return {
      breakdown,
      connections: opts.connections,
      warmupSeconds: opts.warmupSeconds,
      durationSeconds: opts.durationSeconds,
      appBytes: Buffer.byteLength(real.text),
      bareBytes: Buffer.byteLength(reference.text),
      rows,
      runs,
      app,
      bare: reference_,
      ratio: app.requestsPerSecond / reference_.requestsPerSecond,
    };
  } finally {
    await stopChild(bare);
  }
}
