/**
 * Where one request's time goes, for the money benches (issue 14; bench/README.md "Where an order's time goes").
 * Off unless TIMELINE_FILE names a file: then every request with an Idempotency-Key appends one JSON line there
 * with its marks (epoch milliseconds, fractional: performance.timeOrigin + performance.now(), the same clock the
 * bench's load generator uses), every second one line of event-loop delay (perf_hooks.monitorEventLoopDelay), and
 * one line per garbage collection (PerformanceObserver 'gc'). It records only while the file `<TIMELINE_FILE>.on`
 * exists (looked for once a second), so the bench turns it on for the window it studies and the other windows pay
 * nothing but a boolean test per request.
 *
 *   arrived   the onRequest hook (headers read; before the body, auth, validation)
 *   enqueued  the request's item handed to a batcher (platform/batcher.ts)
 *   started   its batch began (runBatch called)
 *   dbDone    PostgreSQL's clock_timestamp() at the end of the batch's statement, before its commit (a batch writer
 *             that reports it: markDbDone)
 *   written   the batch's statement answered (committed, WAL flushed, rows back to Node)
 *   done      the answer written to the socket (onResponse)
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

const FILE = process.env.TIMELINE_FILE || undefined;
export const timelineOn = FILE !== undefined;

export const epochNow = () => performance.timeOrigin + performance.now();

export interface Marks {
  key?: string;
  arrived: number;
  enqueued?: number;
  started?: number;
  dbDone?: number;
  written?: number;
  /** Items in the request's batch. */
  size?: number;
  done?: number;
}

const current = new AsyncLocalStorage<Marks>();
/** The marks of the request whose handler is running (inside runWithMarks), or undefined. */
export const currentMarks = (): Marks | undefined => (timelineOn ? current.getStore() : undefined);
export const runWithMarks = <T>(marks: Marks | undefined, fn: () => T): T => (marks ? current.run(marks, fn) : fn());

/** A batch's items array -> PostgreSQL's clock at the end of its statement (set by the batch writer). */
const dbDoneOf = new WeakMap<object, number>();
export const markDbDone = (items: object, at: number) => {
  if (timelineOn) dbDoneOf.set(items, at);
};
export const dbDoneFor = (items: object) => dbDoneOf.get(items);

let lines: string[] = [];
let recording = false;
const flush = () => {
  if (!FILE || lines.length === 0) return;
  const text = `${lines.join('\n')}\n`;
  lines = [];
  fs.appendFile(FILE, text, () => undefined);
};

declare module 'fastify' {
  interface FastifyRequest {
    marks?: Marks;
  }
}

/** Installs the hooks and samplers (no-op when TIMELINE_FILE is not set). */
export function installTimeline(app: FastifyInstance) {
  if (!timelineOn) return;
  app.addHook('onRequest', async (req) => {
    if (!recording) return;
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string') req.marks = { key, arrived: epochNow() };
  });
  app.addHook('onResponse', async (req, reply) => {
    const m = req.marks;
    if (!m) return;
    m.done = epochNow();
    lines.push(JSON.stringify({ t: 'req', status: reply.statusCode, ...m }));
  });
  const resolutionMs = 10;
  const loop = monitorEventLoopDelay({ resolution: resolutionMs });
  const gc = new PerformanceObserver((list) => {
    if (!recording) return;
    for (const e of list.getEntries()) {
      lines.push(JSON.stringify({ t: 'gc', at: performance.timeOrigin + e.startTime, ms: e.duration }));
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    // The histogram is in nanoseconds and records the whole time between its timer's firings, the resolution
    // included (an idle loop reads 10 ms): the delay is what came on top of it.
    const ms = (ns: number) => Math.max(0, ns / 1e6 - resolutionMs);
    const was = recording;
    recording = fs.existsSync(`${FILE}.on`);
    if (was) {
      const at = epochNow();
      lines.push(
        JSON.stringify({
          t: 'loop',
          at,
          p50: ms(loop.percentile(50)),
          p99: ms(loop.percentile(99)),
          max: ms(loop.max),
        }),
      );
    }
    if (recording && !was) loop.enable();
    if (was && !recording) loop.disable();
    loop.reset();
    flush();
  }, 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    loop.disable();
    gc.disconnect();
    flush();
  });
}
