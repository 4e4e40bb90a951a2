/**
 * The real app under test: buildApp on the bench's PostgreSQL, logger and rate limits off, on 127.0.0.1 at
 * a port the system chooses. The quote bus is wrapped (here, not in the server) to note when each tick batch
 * is published and how long the hub takes to hand it to every socket; that is the start of the
 * tick-to-client delay the WebSocket bench measures.
 */
import path from 'node:path';
import type { CompactQuote } from '@beurs/contracts';
import { buildApp } from '../../apps/server/src/app.js';
import { type Config, loadConfig } from '../../apps/server/src/config.js';
import { QUOTE_TICKS } from '../../apps/server/src/modules/market/live.js';
import type { Channel } from '../../apps/server/src/platform/bus.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { sendListening, serveControl } from './control.js';

export interface TickRecord {
  /** The quoted second of the batch (`time` of its quotes). */
  time: number;
  /** Date.now() when the loop published the batch: comparable with the clients' Date.now(). */
  publishedAt: number;
  /** How long the hub's synchronous send loop over all sockets took. */
  fanoutMs: number;
  items: number;
}

const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!databaseUrl || !dataDir) throw new Error('BENCH_DATABASE_URL and BENCH_DATA_DIR are required');

const db = createDb(databaseUrl);
const config: Config = {
  ...loadConfig({}),
  host: '127.0.0.1',
  port: 0,
  dataDir,
  uploadsDir: path.join(dataDir, 'uploads'),
  seedDemo: false,
};
const { app, deps } = await buildApp({ db, config, logger: false, rateLimits: false, serveClients: false });

let recording = false;
let ticks: TickRecord[] = [];
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
  ticks.push({ time: batch[0]?.time ?? 0, publishedAt, fanoutMs, items: batch.length });
};

serveControl({
  onMark: () => {
    ticks = [];
    recording = true;
  },
  extra: () => {
    recording = false;
    return { ticks };
  },
  stop: async () => {
    await app.close();
    await db.$client.end();
  },
});

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
sendListening(typeof address === 'object' && address ? address.port : 0);
