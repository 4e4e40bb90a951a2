/**
 * The open-loop load of the money benches (issue 14): requests arrive at a fixed rate, evenly spaced, whatever
 * the answers do, on up to `connections` keep-alive sockets; each request's latency counts from the moment it was
 * due, so a server (or a load generator) that falls behind shows in the figures instead of slowing the arrivals
 * (no coordinated omission). autocannon's overallRate is not this: each connection sends its share of a second
 * back to back at the start of the second and then waits, a burst of closed-loop load every second.
 * Customers take the requests in turn; each customer sends `bodies` in turn (a transfer there and back).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { LoadJob, LoadResult } from './load-job.js';
import { summarize } from './stats.js';
import type { ClientMarks } from './timeline.js';

/** Epoch ms with the fraction (the server's timeline uses the same clock). */
const epoch = (t: number) => performance.timeOrigin + t;

/** How long an answer may take before it counts as a timeout, ms. */
const TIMEOUT_MS = 20_000;

export function openLoop(job: LoadJob & { rate: number }): Promise<LoadResult> {
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const sent = job.tokens.map(() => 0);
  /** The latencies of the answered requests, by the second of the window they were due in (every due time falls in one). */
  const seconds: number[][] = Array.from({ length: Math.ceil(job.seconds) }, () => []);
  const marks: ClientMarks[] = [];
  const counts = { ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const total = Math.round(job.rate * job.seconds);
  let due = 0;
  let pending = 0;
  let maxInFlight = 0;
  let queued = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();

  const send = (n: number, dueAt: number, finished: () => void) => {
    const user = n % job.tokens.length;
    const body = job.bodies[sent[user]!++ % job.bodies.length]!;
    const key = randomUUID();
    const mark: ClientMarks | undefined = job.timeline
      ? { key, due: epoch(dueAt), sent: epoch(performance.now()), ok: false }
      : undefined;
    if (mark) marks.push(mark);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: job.path,
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: job.tokens[user]!,
          'idempotency-key': key,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode && res.statusCode < 300) {
            const now = performance.now();
            counts.ok++;
            seconds[Math.floor((dueAt - started) / 1000)]!.push(now - dueAt);
            if (mark) {
              mark.end = epoch(now);
              mark.ok = true;
            }
          } else counts.non2xx++;
          finished();
        });
      },
    );
    let timedOut = false;
    req.on('timeout', () => {
      timedOut = true;
      counts.timeouts++;
      req.destroy();
    });
    req.on('error', () => {
      if (!timedOut) counts.errors++;
      finished();
    });
    if (mark) {
      req.on('socket', () => (mark.socket = epoch(performance.now())));
      req.on('finish', () => (mark.written = epoch(performance.now())));
    }
    req.end(body);
  };

  return new Promise((resolve) => {
    const done = () => {
      agent.destroy();
      loop.disable();
      const used = process.cpuUsage(cpu);
      const l = summarize(seconds.flat());
      resolve({
        type: 'result',
        requestsPerSecond: counts.ok / job.seconds,
        total: due,
        ...counts,
        latencyMs: { mean: l.mean, p50: l.p50, p90: l.p90, p99: l.p99, max: l.max },
        cpuPercent: ((used.user + used.system) / 1000 / (performance.now() - started)) * 100,
        // The histogram records the whole time between its 1 ms timer's firings: the delay is what came on top.
        generator: {
          loopP99Ms: Math.max(0, loop.percentile(99) / 1e6 - 1),
          loopMaxMs: Math.max(0, loop.max / 1e6 - 1),
          maxInFlight,
          queued,
        },
        bySecond: { from: epoch(started), p99: seconds.map((l) => summarize(l).p99) },
        ...(job.timeline ? { marks, window: { from: epoch(started), to: epoch(performance.now()) } } : {}),
      });
    };
    const finished = () => {
      pending--;
      if (due >= total && pending === 0) done();
    };
    // Sends every request that has come due; the timer's own lateness counts in their latencies.
    const tick = setInterval(() => {
      const now = performance.now();
      while (due < total && started + (due * 1000) / job.rate <= now) {
        if (pending >= job.connections) queued++;
        pending++;
        if (pending > maxInFlight) maxInFlight = pending;
        send(due, started + (due * 1000) / job.rate, finished);
        due++;
      }
      if (due >= total) {
        clearInterval(tick);
        if (pending === 0) done();
      }
    }, 1);
  });
}
