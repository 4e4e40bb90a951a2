/**
 * The real app under test: buildApp on the bench's PostgreSQL, logger and rate limits off, on 127.0.0.1 at
 * a port the system chooses. BENCH_WORKERS=n (n > 1) serves it the way `WORKERS=n npm start` does: the app's
 * own worker pool (apps/server/src/platform/workers.ts) forks n cluster workers that each build the app and
 * share the port; this primary relays the bench's mark / report / stop to them and adds up their reports.
 *
 * The quote bus is wrapped (here, not in the server) to note, per tick batch, when the loop published it
 * and how long the hub took to hand it to every socket of its process. The tick-to-client delay itself is
 * measured from the `sentAt` the server puts in every tick frame.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { CompactQuote } from '@beurs/contracts';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { QUOTE_TICKS } from '../../apps/server/src/modules/market/live.js';
import type { Channel } from '../../apps/server/src/platform/bus.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { startWorkerPool } from '../../apps/server/src/platform/workers.js';
import { type ServerReport, sendListening, serveControl } from './control.js';

export interface TickRecord {
  /** The quoted second of the batch (`time` of its quotes). */
  time: number;
  /** Date.now() when the loop published the batch: comparable with the clients' Date.now(). */
  publishedAt: number;
  /** How long the hub's synchronous send loop over the sockets of its process took. */
  fanoutMs: number;
  items: number;
  /** Sockets of the process that published it. */
  sockets?: number;
  /** Which worker (1..n) published it; absent with one process. */
  worker?: number;
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl || !dataDir) throw new Error('BENCH_DATABASE_URL and BENCH_DATA_DIR are required');
const workers = Number(process.env.BENCH_WORKERS) || 1;

if (workers > 1 && cluster.isPrimary) await servePrimary(workers);
else await serveApp();

async function serveApp() {
  const db = createDb(databaseUrl!);
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    dataDir: dataDir!,
    uploadsDir: path.join(dataDir!, 'uploads'),
    seedDemo: false,
  };
  const { app, deps } = await buildApp({ db, config, logger: false, rateLimits: false, serveClients: false });

  let recording = false;
  let ticks: TickRecord[] = [];
  /** Upgraded connections of this process: its share of the sockets. */
  let sockets = 0;
  app.server.on('upgrade', (_req, socket) => {
    sockets += 1;
    socket.once('close', () => {
      sockets -= 1;
    });
  });
  const publish = deps.bus.publish.bind(deps.bus);
  deps.bus.publish = <T>(ch: Channel<T>, message: T) => {
    if (!recording || ch.name !== QUOTE_TICKS.name) {
      publish(ch, message);
      return;
    }
    const publishedAt = Date.now();
    const start = performance.now();
    publish(ch, message);
    const fanoutMs = performance.now() - start;
    const batch = message as unknown as CompactQuote[];
    ticks.push({
      time: batch[0]?.time ?? 0,
      publishedAt,
      fanoutMs,
      items: batch.length,
      sockets,
      ...(cluster.isWorker ? { worker: cluster.worker!.id } : {}),
    });
  };

  serveControl({
    onMark: () => {
      ticks = [];
      recording = true;
    },
    extra: () => {
      recording = false;
      return { ticks, processes: 1 };
    },
    stop: async () => {
      await app.close();
      await db.$client.end();
    },
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  // A worker's address is the shared one; the primary tells the bench.
  if (cluster.isPrimary) {
    const address = app.server.address();
    sendListening(typeof address === 'object' && address ? address.port : 0);
  }
}

/** The primary of BENCH_WORKERS=n: the app's worker pool, and the bench's control relayed to every worker. */
async function servePrimary(count: number) {
  const pool = startWorkerPool({
    count,
    onFailed: (reason) => {
      console.error(`bench app server: ${reason}`);
      process.exit(1);
    },
    log: (line) => console.error(`bench app server: ${line}`),
  });

  /** Sends `cmd` to every worker and waits for each one's answer of `type`. */
  const askAll = <T>(cmd: string, type: string) =>
    Promise.all(
      pool.workers().map(
        (worker: Worker) =>
          new Promise<T>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no ${type} from worker ${worker.id}`)), 5_000);
            const onMessage = (m: { type?: string }) => {
              if (m?.type !== type) return;
              clearTimeout(timer);
              worker.off('message', onMessage);
              resolve(m as T);
            };
            worker.on('message', onMessage);
            worker.send({ cmd });
          }),
      ),
    );

  // The primary only accepts connections and hands them out; its own CPU is counted as well.
  serveControl({
    relay: {
      mark: () => askAll('mark', 'marked').then(() => undefined),
      report: async (own) => {
        const reports = await askAll<ServerReport>('report', 'report');
        const extras = reports.map((r) => r.extra as { ticks: TickRecord[] });
        return {
          ...own,
          cpuPercent: own.cpuPercent + reports.reduce((n, r) => n + r.cpuPercent, 0),
          eventLoopDelayMs: {
            p50: Math.max(...reports.map((r) => r.eventLoopDelayMs.p50)),
            p99: Math.max(...reports.map((r) => r.eventLoopDelayMs.p99)),
            max: Math.max(...reports.map((r) => r.eventLoopDelayMs.max)),
          },
          extra: { ticks: extras.flatMap((e) => e.ticks), processes: reports.length },
        };
      },
    },
    stop: () => pool.stop(),
  });

  sendListening(
    await pool.ready,
    pool.workers().flatMap((w) => (w.process.pid ? [w.process.pid] : [])),
  );
}
