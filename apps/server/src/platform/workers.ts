/**
 * Serving from several processes (`WORKERS`, main.ts). The primary prepares the database once (embedded
 * PostgreSQL, migrations, seed) and forks `node:cluster` workers; each worker builds the whole app on that
 * database and listens on the same port, which the primary accepts on and hands out round-robin. A worker
 * holds its own sockets, tick loop and caches: the market simulator is deterministic from the clock, so
 * every worker quotes the same prices at the same second without talking to the others. What must hold
 * across processes already lives in PostgreSQL (sessions, login throttles, email codes, the outbox).
 *
 * The primary restarts a worker that dies after it listened; a worker that ends before listening (a port
 * in use, a database that refuses) would fail again, so the pool reports it and the primary stops. On
 * Ctrl-C every process of the terminal gets SIGINT: workers close their app and database pool, the primary
 * waits for them before it stops PostgreSQL.
 */
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/** `auto` never forks more than this: each worker holds a database pool (20) and its own memory. */
export const MAX_AUTO_WORKERS = 8;

/**
 * Serving processes for a WORKERS setting: unset, empty or `1` one process (no cluster); `auto` one per
 * core (at most MAX_AUTO_WORKERS); a number that many. Anything else is refused rather than guessed.
 */
export function workerCount(setting: string | undefined, cores = os.availableParallelism()): number {
  const value = setting?.trim().toLowerCase();
  if (!value) return 1;
  if (value === 'auto') return Math.max(1, Math.min(cores, MAX_AUTO_WORKERS));
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WORKERS must be auto or 1-64, not "${setting}"`);
  return n;
}

export interface WorkerPool {
  /** The port once every worker listens; rejects when a worker ends before it listened. */
  ready: Promise<number>;
  /** The workers alive now. */
  workers(): Worker[];
  /** Stops every worker (SIGTERM, SIGKILL after `graceMs`) and waits until all have ended; no restarts. */
  stop(graceMs?: number): Promise<void>;
}

export function startWorkerPool(opts: {
  count: number;
  /** Added to each worker's environment (the database URL the primary prepared). */
  env?: Record<string, string>;
  /** A worker ended before it listened; the pool does not restart it. */
  onFailed: (reason: string) => void;
  log?: (line: string) => void;
  restartDelayMs?: number;
}): WorkerPool {
  if (!cluster.isPrimary) throw new Error('startWorkerPool runs in the primary process');
  const log = opts.log ?? ((line: string) => console.log(line));
  const listening = new Set<Worker>();
  const alive = new Set<Worker>();
  let stopping = false;
  let failed = false;
  let resolveReady!: (port: number) => void;
  let rejectReady!: (error: Error) => void;
  const ready = new Promise<number>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A caller that only awaits `ready` later must not see an unhandled rejection in between.
  ready.catch(() => undefined);
  let port = 0;

  function fork(): Worker {
    const worker = cluster.fork(opts.env ?? {});
    alive.add(worker);
    worker.once('listening', (address) => {
      listening.add(worker);
      port = address.port;
      if (listening.size === opts.count) resolveReady(port);
    });
    worker.once('exit', (code, signal) => {
      alive.delete(worker);
      const wasListening = listening.delete(worker);
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!wasListening) {
        if (failed) return;
        failed = true;
        const reason = `worker ${worker.process.pid} ended (${how}) before it listened`;
        rejectReady(new Error(reason));
        opts.onFailed(reason);
        return;
      }
      log(`worker ${worker.process.pid} ended (${how}); starting another`);
      setTimeout(() => {
        if (!stopping) fork();
      }, opts.restartDelayMs ?? 1000).unref();
    });
    return worker;
  }

  for (let i = 0; i < opts.count; i++) fork();

  return {
    ready,
    workers: () => [...alive],
    async stop(graceMs = 10_000) {
      stopping = true;
      await Promise.all(
        [...alive].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
              const force = setTimeout(() => worker.process.kill('SIGKILL'), graceMs);
              force.unref();
              worker.once('exit', () => clearTimeout(force));
            }),
        ),
      );
    },
  };
}

/**
 * In a worker: runs `stop` once on SIGINT (Ctrl-C reaches every process of the terminal), on SIGTERM (from
 * the primary) and when the primary is gone (its IPC channel closed), then ends the process.
 */
export function stopWorkerOn(stop: () => Promise<void>) {
  let stopping = false;
  const end = (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code), 10_000);
    force.unref();
    stop()
      .catch(() => undefined)
      .finally(() => process.exit(code));
  };
  process.on('SIGINT', () => end(0));
  process.on('SIGTERM', () => end(0));
  process.on('disconnect', () => end(1));
}
