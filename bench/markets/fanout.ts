/**
 * (b) WebSocket fan-out: thousands of quote sockets from load-generator processes, each following a handful
 * of instruments whose market is open now (so every one of them ticks every second), and the delay from the
 * server's send time of each tick (`sentAt`, in every tick frame) to the moment each socket has the frame.
 * The app is measured as `npm start` serves it (one process: the goal), then served by several processes
 * (BENCH_WORKERS, as `WORKERS=n npm start`); the same sockets and frames are then measured against a bare
 * `ws` server, the machine's own cost of that fan-out from one process.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { allInstruments } from '../../apps/server/src/market/instruments/index.js';
import { ask, ensureOpenFiles, ensureOpenFilesOf, forkTs, nextMessage, stopChild } from '../lib/children.js';
import { type Summary, summarize } from '../lib/stats.js';
import type { TickRecord } from '../servers/app-server.js';
import type { ServerReport } from '../servers/control.js';

interface ClientResult {
  type: 'result';
  rounds: Array<{ time: number; delays: number[]; sentAt: number[] }>;
  heartbeats: Array<{ time: number; first: number; last: number; count: number }>;
  sockets: number;
  minTicksPerSocket: number;
  maxTicksPerSocket: number;
  closedDuringRun: number;
  errors: number;
}

export interface RoundFigures {
  /** Seconds since the first tick of the window. */
  at: number;
  /** The longest send loop of the server's processes for this tick. */
  fanoutMs: number;
  p50: number;
  last: number;
  /** Heartbeat frames (a ping and a JSON heartbeat each) delivered while this tick was being delivered. */
  heartbeats: number;
}

export interface FanoutRun {
  name: string;
  /** Processes serving the sockets. */
  processes: number;
  socketsWanted: number;
  socketsConnected: number;
  connectFailed: number;
  connectSeconds: number;
  openFilesLimit: { server: number; clients: number };
  rounds: number;
  expected: number;
  delivered: number;
  closedDuringRun: number;
  ticksPerSocket: { min: number; max: number };
  /** The server's send time (`sentAt` of the frame) -> frame in the client's hands, every (socket, tick). */
  delay: Summary;
  /** Per tick: the last socket's delay. */
  lastSocketDelay: Summary;
  /** Per tick and process: the server's synchronous send loop over that process's sockets. */
  fanout: Summary;
  /** Per tick and process: the send loop divided by the process's sockets, in µs. */
  fanoutPerSocketUs: Summary;
  /** The quoted second (`time` of the quotes) -> client: includes where in the second the loop fires. */
  sinceQuotedSecond: Summary;
  /** Publication moment within the quoted second: the loop's phase plus quoting time. */
  loopPhase: Summary;
  perRound: RoundFigures[];
  heartbeats: { frames: number; groups: number; largestGroup: number; longestSpreadMs: number };
  server: {
    cpuPercent: number;
    /** The server's CPU time over the window divided by the ticks in it (the send loops plus everything else). */
    cpuMsPerTick: number;
    eventLoopDelayMs: { p50: number; p99: number; max: number };
  };
}

export interface FanoutResult {
  /** Load-generator processes. */
  processes: number;
  /** Processes serving the app in the `workers` run (1: not measured). */
  workers: number;
  keysPerSocket: number;
  pool: string[];
  measureSeconds: number;
  /** The app as `npm start` serves it, in one process: the figure the goal is judged on. */
  app: FanoutRun;
  /** The app as `WORKERS=<workers> npm start` serves it, when workers > 1. */
  clustered?: FanoutRun;
  bare?: FanoutRun;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TickItem {
  key: string;
  marketOpen: boolean;
  time: number;
}

/** The first tick after `sub`: the current compact quote of every key, with marketOpen. */
async function firstTick(url: string, keys: readonly string[]): Promise<TickItem[]> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  try {
    return await new Promise<TickItem[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no first tick from the quotes socket')), 15_000);
      ws.on('open', () => ws.send(JSON.stringify({ op: 'sub', keys })));
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const m = JSON.parse(raw.toString()) as { type: string; data?: TickItem[] };
        if (m.type !== 'tick' || !m.data) return;
        clearTimeout(timer);
        resolve(m.data);
      });
    });
  } finally {
    ws.terminate();
  }
}

/** Up to `max` open instruments, taken in turn from each market source so the pool is as varied as the hour allows. */
async function openPool(url: string, max: number): Promise<TickItem[]> {
  const all = allInstruments.map((i) => `${i.source}:${i.code}`);
  const open: TickItem[] = [];
  for (let i = 0; i < all.length; i += 200) {
    open.push(...(await firstTick(url, all.slice(i, i + 200))).filter((q) => q.marketOpen));
  }
  const bySource = new Map<string, TickItem[]>();
  for (const q of open) {
    const source = q.key.slice(0, q.key.indexOf(':'));
    bySource.set(source, [...(bySource.get(source) ?? []), q]);
  }
  const pool: TickItem[] = [];
  const queues = [...bySource.values()];
  while (pool.length < max && queues.some((q) => q.length > 0)) {
    for (const q of queues) {
      const item = q.shift();
      if (item && pool.length < max) pool.push(item);
    }
  }
  return pool;
}

async function measureFanout(opts: {
  name: FanoutRun['name'];
  server: ChildProcess;
  /** The processes that hold the sockets (cluster workers, or the server itself). */
  serverPids: number[];
  port: number;
  keysets: string[][];
  processes: number;
  settleSeconds: number;
  measureSeconds: number;
  log: (line: string) => void;
}): Promise<FanoutRun> {
  const url = `ws://127.0.0.1:${opts.port}/web/ws/quotes`;
  const sockets = opts.keysets.length;
  const serverFiles = Math.min(
    ensureOpenFiles(opts.server, sockets + 500),
    ...opts.serverPids.map((pid) => ensureOpenFilesOf(pid, sockets + 500)),
  );
  const clients: ChildProcess[] = [];
  try {
    let clientFiles = Number.POSITIVE_INFINITY;
    const share = Math.ceil(sockets / opts.processes);
    for (let p = 0; p < opts.processes; p++) {
      const child = forkTs('bench/load/ws-clients.ts');
      clients.push(child);
      await nextMessage(child, 'ready', 30_000);
      clientFiles = Math.min(clientFiles, ensureOpenFiles(child, share + 200));
    }

    opts.log(`  (b) ${opts.name}: connecting ${sockets} sockets from ${opts.processes} processes`);
    const connected = await Promise.all(
      clients.map((c, p) =>
        ask<{ type: string; ok: number; failed: number; ms: number }>(
          c,
          { cmd: 'connect', url, keysets: opts.keysets.slice(p * share, (p + 1) * share), concurrency: 50 },
          'connected',
          120_000,
        ),
      ),
    );
    const socketsConnected = connected.reduce((n, c) => n + c.ok, 0);
    const connectFailed = connected.reduce((n, c) => n + c.failed, 0);
    const connectSeconds = Math.max(...connected.map((c) => c.ms)) / 1000;
    opts.log(
      `  (b) ${opts.name}: ${socketsConnected} connected (${connectFailed} failed) in ${connectSeconds.toFixed(1)} s; measuring ${opts.measureSeconds} s`,
    );
    await sleep(opts.settleSeconds * 1000);

    // Clients record a little past the server's window, so the last published tick is not cut off.
    const graceMs = 2_000;
    const results = clients.map((c) =>
      ask<ClientResult>(c, { cmd: 'measure', ms: opts.measureSeconds * 1000 + graceMs }, 'result', 60_000 + graceMs),
    );
    await sleep(50);
    await ask(opts.server, { cmd: 'mark' }, 'marked', 10_000);
    await sleep(opts.measureSeconds * 1000);
    const server = await ask<ServerReport>(opts.server, { cmd: 'report' }, 'report', 10_000);
    const clientResults = await Promise.all(results);
    const ticks = (server.extra as { ticks: TickRecord[] }).ticks;

    // The window: the quoted seconds every publishing process ticked within it (the processes get `mark`
    // and `report` a moment apart, so one may have a tick more at an edge).
    const byProcess = new Map<number, Set<number>>();
    for (const t of ticks) {
      const seconds = byProcess.get(t.worker ?? 0) ?? new Set<number>();
      seconds.add(t.time);
      byProcess.set(t.worker ?? 0, seconds);
    }
    const sets = [...byProcess.values()];
    const window = [...(sets[0] ?? [])].filter((time) => sets.every((set) => set.has(time))).sort((a, b) => a - b);
    const inWindow = new Set(window);
    const origin = window[0] ?? 0;

    // Heartbeat groups as the clients saw them: first to last arrival over every socket of a group.
    const groups = new Map<number, { first: number; last: number; count: number }>();
    for (const h of clientResults.flatMap((c) => c.heartbeats)) {
      const seen = groups.get(h.time);
      if (seen) {
        seen.first = Math.min(seen.first, h.first);
        seen.last = Math.max(seen.last, h.last);
        seen.count += h.count;
      } else groups.set(h.time, { ...h });
    }

    const byTime = new Map<number, { delays: number[]; sentAt: number[] }>();
    for (const r of clientResults.flatMap((c) => c.rounds)) {
      if (!inWindow.has(r.time)) continue;
      const seen = byTime.get(r.time) ?? { delays: [], sentAt: [] };
      seen.delays.push(...r.delays);
      seen.sentAt.push(...r.sentAt);
      byTime.set(r.time, seen);
    }
    const delays: number[] = [];
    const sinceQuoted: number[] = [];
    const perRound: RoundFigures[] = [];
    for (const time of window) {
      const round = byTime.get(time) ?? { delays: [], sentAt: [] };
      delays.push(...round.delays);
      sinceQuoted.push(...round.delays.map((d, i) => d + round.sentAt[i]! - time));
      const s = summarize(round.delays);
      const from = Math.min(...round.sentAt);
      const to = Math.max(...round.delays.map((d, i) => d + round.sentAt[i]!));
      perRound.push({
        at: (time - origin) / 1000,
        fanoutMs: Math.max(...ticks.filter((t) => t.time === time).map((t) => t.fanoutMs)),
        p50: s.p50,
        last: s.max,
        heartbeats: [...groups.values()]
          .filter((g) => g.first <= to && g.last >= from)
          .reduce((n, g) => n + g.count, 0),
      });
    }
    const windowTicks = ticks.filter((t) => inWindow.has(t.time));
    return {
      name: opts.name,
      processes: (server.extra as { processes?: number }).processes ?? 1,
      socketsWanted: sockets,
      socketsConnected,
      connectFailed,
      connectSeconds,
      openFilesLimit: { server: serverFiles, clients: clientFiles },
      rounds: window.length,
      expected: window.length * socketsConnected,
      delivered: delays.length,
      closedDuringRun: clientResults.reduce((n, c) => n + c.closedDuringRun, 0),
      ticksPerSocket: {
        min: Math.min(...clientResults.map((c) => c.minTicksPerSocket)),
        max: Math.max(...clientResults.map((c) => c.maxTicksPerSocket)),
      },
      delay: summarize(delays),
      lastSocketDelay: summarize(perRound.map((r) => r.last)),
      fanout: summarize(windowTicks.map((t) => t.fanoutMs)),
      fanoutPerSocketUs: summarize(
        windowTicks.map((t) => (t.fanoutMs * 1000) / Math.max(1, t.sockets ?? socketsConnected)),
      ),
      sinceQuotedSecond: summarize(sinceQuoted),
      loopPhase: summarize(windowTicks.map((t) => t.publishedAt - t.time)),
      perRound,
      heartbeats: {
        frames: [...groups.values()].reduce((n, g) => n + g.count, 0),
        groups: groups.size,
        largestGroup: Math.max(0, ...[...groups.values()].map((g) => g.count)),
        longestSpreadMs: Math.max(0, ...[...groups].map(([time, g]) => g.last - time)),
      },
      server: {
        cpuPercent: server.cpuPercent,
        cpuMsPerTick: ((server.cpuPercent / 100) * server.wallMs) / Math.max(1, window.length),
        eventLoopDelayMs: server.eventLoopDelayMs,
      },
    };
  } finally {
    await Promise.all(clients.map((c) => stopChild(c)));
  }
}

export async function benchFanout(opts: {
  app: ChildProcess;
  appPort: number;
  /** The environment of bench/servers/app-server.ts (database, data folder), to start the app with workers. */
  appEnv: Record<string, string>;
  /** With more than 1, the app is measured served by that many processes as well. */
  workers: number;
  tmpDir: string;
  sockets: number;
  processes: number;
  keysPerSocket: number;
  poolSize: number;
  settleSeconds: number;
  measureSeconds: number;
  withReference: boolean;
  log: (line: string) => void;
}): Promise<FanoutResult> {
  const pool = await openPool(`ws://127.0.0.1:${opts.appPort}/web/ws/quotes`, opts.poolSize);
  if (pool.length === 0) throw new Error('no market is open: nothing would tick');
  const keys = pool.map((q) => q.key);
  const perSocket = Math.min(opts.keysPerSocket, keys.length);
  const keysets = Array.from({ length: opts.sockets }, (_, i) =>
    Array.from({ length: perSocket }, (_, j) => keys[(i + j) % keys.length]!),
  );
  opts.log(`  (b) open instruments followed: ${keys.join(' ')}`);
  const common = {
    keysets,
    processes: opts.processes,
    settleSeconds: opts.settleSeconds,
    measureSeconds: opts.measureSeconds,
    log: opts.log,
  };
  const app = await measureFanout({
    ...common,
    name: 'app',
    server: opts.app,
    serverPids: opts.app.pid ? [opts.app.pid] : [],
    port: opts.appPort,
  });
  const result: FanoutResult = {
    processes: opts.processes,
    workers: opts.workers,
    keysPerSocket: perSocket,
    pool: keys,
    measureSeconds: opts.measureSeconds,
    app,
  };

  if (opts.workers > 1) {
    const served = forkTs('bench/servers/app-server.ts', { ...opts.appEnv, BENCH_WORKERS: String(opts.workers) });
    try {
      const { port, pids } = await nextMessage<{ type: string; port: number; pids: number[] }>(
        served,
        'listening',
        90_000,
      );
      opts.log(`  (b) app with ${opts.workers} workers listening on 127.0.0.1:${port} (pids ${pids.join(', ')})`);
      result.clustered = await measureFanout({
        ...common,
        name: `app, ${opts.workers} workers`,
        server: served,
        serverPids: pids,
        port,
      });
    } finally {
      await stopChild(served);
    }
  }
  if (!opts.withReference) return result;

  const templatesFile = path.join(opts.tmpDir, 'compact-quotes.json');
  await fs.writeFile(templatesFile, JSON.stringify(pool));
  const bare = forkTs('bench/servers/bare-ws-server.ts', { BENCH_TEMPLATES_FILE: templatesFile });
  try {
    const { port } = await nextMessage<{ type: string; port: number }>(bare, 'listening', 30_000);
    result.bare = await measureFanout({
      ...common,
      name: 'bare ws',
      server: bare,
      serverPids: bare.pid ? [bare.pid] : [],
      port,
    });
  } finally {
    await stopChild(bare);
  }
  return result;
}
