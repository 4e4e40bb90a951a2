import type { ClientMarks } from './timeline.js';

/** A job of the money benches' load generator (endpoint-load.ts) and its answer. */
export interface LoadJob {
  cmd: 'run';
  url: string;
  tokens: string[];
  connections: number;
  seconds: number;
  /** e.g. /web/wallet/transfer */
  path: string;
  /** JSON bodies each connection sends in turn. */
  bodies: string[];
  /**
   * Open loop (open-loop.ts): requests per second, evenly spaced, whatever the answers do. Absent: closed loop,
   * autocannon, each connection sending its next request when the last is answered.
   */
  rate?: number;
  /** Open loop: answer each request's marks (timeline.ts) too. */
  timeline?: boolean;
}

export interface LoadResult {
  type: 'result';
  requestsPerSecond: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** This process's CPU over the run, percent of one core. */
  cpuPercent: number;
  /**
   * Open loop: the generator's own event-loop delay (ms), the most requests it had in flight at once, and how many
   * found every socket waiting on an answer (so queued in its agent until one was freed).
   */
  generator?: { loopP99Ms: number; loopMaxMs: number; maxInFlight: number; queued: number };
  /**
   * Open loop: each second's p99 latency (ms) of the requests due in it, in order, and the epoch ms the first
   * second began: where in a window a stall fell, to set beside the server's log.
   */
  bySecond?: { from: number; p99: number[] };
  /** Open loop with `timeline`: each request's marks, and the window (epoch ms). */
  marks?: ClientMarks[];
  window?: { from: number; to: number };
}
