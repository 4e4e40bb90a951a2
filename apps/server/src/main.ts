/**
 * Process entry: config -> database -> app -> listen. With WORKERS (platform/workers.ts) the primary
 * prepares the database once and forks workers that each build the app and share the port.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type Clock, offsetClock } from './platform/clock.js';
import { createDb, type Db, migrateDb } from './platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/db/embedded.js';
import { loadFileUrlSecret } from './platform/files.js';
import { startWorkerPool, stopWorkerOn } from './platform/workers.js';
import { DEMO, seedContent, seedDemo } from './seed.js';

const config = loadConfig();
if (cluster.isWorker) await serveWorker(config);
else await servePrimary(config);

/** Embedded PostgreSQL (unless DATABASE_URL), migrations and seed: once, in the primary process. */
async function prepareDatabase(config: Config) {
  let embedded: EmbeddedDb | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'pg'),
      port: Number(process.env.PG_PORT) || undefined,
    });
    const admin = createDb(embedded.url, 1);
    const exists = await admin.$client.query("select 1 from pg_database where datname = 'beurs'");
    if (exists.rowCount === 0) await admin.$client.query('create database beurs');
    await admin.$client.end();
    databaseUrl = embedded.urlFor('beurs');
  }
  const db = createDb(databaseUrl, config.dbPoolMax);
  await migrateDb(db);
  let seeded = false;
  if (config.seedDemo) seeded = await seedDemo(db, config);
  else await seedContent(db);
  return { embedded, databaseUrl, db, seeded };
}

async function servePrimary(config: Config) {
  const { workers } = config;
  const simStart = process.env.SIM_CLOCK_START ? new Date(process.env.SIM_CLOCK_START) : undefined;
  if (simStart && Number.isNaN(simStart.getTime())) throw new Error('SIM_CLOCK_START is not a date');
  // Fixed once here, so every worker runs the same simulated clock to the millisecond.
  const clockOffsetMs = simStart ? simStart.getTime() - Date.now() : undefined;
  const { embedded, databaseUrl, db, seeded } = await prepareDatabase(config);
  let stopServing: (() => Promise<void>) | undefined;
  let log = (line: string) => console.log(line);
  let stopping = false;
  async function shutdown(reason: string, code = 0) {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping`);
    await stopServing?.().catch(() => undefined);
    await db.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(code);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (workers === 1) {
    const { app } = await buildApp({ db, config, ...clockOption(clockOffsetMs) });
    log = (line) => app.log.info(line);
    stopServing = () => app.close();
    await app.listen({ port: config.port, host: config.host });
  } else {
    // The workers have pools of their own; this one was for migrating and seeding.
    await db.$client.end();
    // Workers read the secret that signs file URLs from DATA_DIR: make it before they race to.
    await loadFileUrlSecret(config);
    const pool = startWorkerPool({
      count: workers,
      env: {
        DATABASE_URL: databaseUrl,
        ...(clockOffsetMs === undefined ? {} : { SIM_CLOCK_OFFSET_MS: String(clockOffsetMs) }),
      },
      onFailed: (reason) => void shutdown(reason, 1),
    });
    stopServing = () => pool.stop();
    const listening = await pool.ready.then(
      () => true,
      () => false,
    );
    // A failed pool is shutting down already (onFailed).
    if (!listening) return;
  }
  if (stopping) return;
  printBanner(config, { embedded, seeded, workers });
}

/**
 * A worker of WORKERS=n: the primary prepared the database and passes its URL as DATABASE_URL, and with
 * SIM_CLOCK_START the offset of the simulated clock as SIM_CLOCK_OFFSET_MS.
 */
async function serveWorker(config: Config) {
  if (!config.databaseUrl) throw new Error('a worker needs DATABASE_URL from the primary');
  const db: Db = createDb(config.databaseUrl, config.dbPoolMax);
  const offset = process.env.SIM_CLOCK_OFFSET_MS;
  const { app } = await buildApp({ db, config, ...clockOption(offset ? Number(offset) : undefined) });
  stopWorkerOn(async () => {
    await app.close();
    await db.$client.end();
  });
  await app.listen({ port: config.port, host: config.host });
}

/** SIM_CLOCK_START: real time shifted by the offset the primary fixed at start. */
function clockOption(offsetMs: number | undefined): { clock?: Clock } {
  return offsetMs === undefined ? {} : { clock: offsetClock(new Date(Date.now() + offsetMs)) };
}

function printBanner(config: Config, run: { embedded: EmbeddedDb | undefined; seeded: boolean; workers: number }) {
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Customer app   ${url}/`,
    `  Console        ${url}/console/`,
    `  API            ${url}/web   (reference: ${url}/web/docs)`,
    `  Database       ${run.embedded ? `embedded PostgreSQL on port ${run.embedded.port}, data in ${config.dataDir}` : 'DATABASE_URL'}${run.seeded ? ' (demo data written)' : ''}`,
    ...(run.workers > 1 ? [`  Processes      ${run.workers} workers sharing port ${config.port} (WORKERS)`] : []),
    '',
    '  Demo logins',
    `    customer     ${DEMO.customer.userId} / ${DEMO.customer.password}   (transaction password ${DEMO.customer.payPassword})`,
    `    company      ${DEMO.company.userId} / ${DEMO.company.password}`,
    `    console      ${DEMO.admin.username} / ${DEMO.admin.password}   ·   ${DEMO.reviewer.username} / ${DEMO.reviewer.password}`,
    '  Email codes are printed to this log (MAIL to=... code=...) and shown in the console outbox.',
    '',
  ];
  console.log(lines.join('\n'));
}
