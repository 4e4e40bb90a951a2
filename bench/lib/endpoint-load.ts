/**
 * The load generator of the money benches (wallet transfers, orders), in a process of its own: autocannon
 * with N keep-alive connections, each bound to one customer (setupClient), each request `POST <path>` with
 * a fresh Idempotency-Key and the next of `bodies` in turn (e.g. a transfer there and back, so no wallet
 * runs dry). Receives its job over IPC ({cmd: 'run', ...}) and answers {type: 'result', ...}.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { LoadJob, LoadResult } from './load-job.js';
import { openLoop } from './open-loop.js';

export type { LoadJob, LoadResult } from './load-job.js';

interface AutocannonClient {
  setRequests(requests: unknown[]): void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { mean: number; p50: number; p90: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>, done: (err: Error | null, result: AutocannonResult) => void) => void;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function run(job: LoadJob): Promise<LoadResult> {
  let nextUser = 0;
  const { bodies } = job;
  const cpu = process.cpuUsage();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        timeout: 20,
        // Each connection is one customer.
        setupClient: (client: AutocannonClient) => {
          const token = job.tokens[nextUser++ % job.tokens.length]!;
          let n = 0;
          client.setRequests([
            {
              method: 'POST',
              path: job.path,
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() },
                body: bodies[n++ % bodies.length],
              }),
            },
          ]);
        },
      },
      (err, r) => {
        if (err) return reject(err);
        const used = process.cpuUsage(cpu);
        resolve({
          type: 'result',
          requestsPerSecond: r.requests.average,
          total: r.requests.total,
          ok: r['2xx'],
          non2xx: r.non2xx,
          errors: r.errors,
          timeouts: r.timeouts,
          latencyMs: r.latency,
          cpuPercent: ((used.user + used.system) / 1000 / (performance.now() - started)) * 100,
        });
      },
    );
  });
}

process.on('message', (job: LoadJob) => {
  if (job?.cmd !== 'run') return;
  (job.rate ? openLoop({ ...job, rate: job.rate }) : run(job)).then(
    (result) => process.send?.(result),
    (error: Error) => process.send?.({ type: 'error', message: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
