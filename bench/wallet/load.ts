/**
 * The load generator of the wallet bench, in a process of its own: autocannon with N keep-alive connections,
 * each bound to one customer (setupClient), each request `POST /web/wallet/transfer` of 1.00 between two of
 * that customer's wallets with a fresh Idempotency-Key, alternating direction so no wallet runs dry.
 * `same`: BALANCE <-> STOCK (EUR, EUR); `fx`: BALANCE <-> US_STOCK (EUR <-> USD at the live rate).
 * Receives its job over IPC ({cmd: 'run', ...}) and answers {type: 'result', ...}.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

export interface LoadJob {
  cmd: 'run';
  url: string;
  tokens: string[];
  connections: number;
  seconds: number;
  mode: 'same' | 'fx';
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
}

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

const WALLETS = { same: ['BALANCE', 'STOCK'], fx: ['BALANCE', 'US_STOCK'] } as const;

function run(job: LoadJob): Promise<LoadResult> {
  let nextUser = 0;
  const [a, b] = WALLETS[job.mode];
  const bodies = [
    JSON.stringify({ from: a, to: b, amount: '1.00' }),
    JSON.stringify({ from: b, to: a, amount: '1.00' }),
  ];
  const cpu = process.cpuUsage();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.seconds,
        timeout: 20,
        // Each connection is one customer moving money between two of its own wallets.
        setupClient: (client: AutocannonClient) => {
          const token = job.tokens[nextUser++ % job.tokens.length]!;
          let n = 0;
          client.setRequests([
            {
              method: 'POST',
              path: '/web/wallet/transfer',
              setupRequest: (req: Record<string, unknown>) => ({
                ...req,
                headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() },
                body: bodies[n++ % 2],
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
  run(job).then(
    (result) => process.send?.(result),
    (error: Error) => process.send?.({ type: 'error', message: error.message }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ type: 'ready' });
