/** Process entry: config -> database -> app -> listen. */
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { offsetClock } from './platform/clock.js';
import { createDb, migrateDb } from './platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/db/embedded.js';
import { DEMO, seedContent, seedDemo } from './seed.js';

const config = loadConfig();
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

const db = createDb(databaseUrl);
await migrateDb(db);
let seeded = false;
if (config.seedDemo) seeded = await seedDemo(db);
else await seedContent(db);
const simStart = process.env.SIM_CLOCK_START ? new Date(process.env.SIM_CLOCK_START) : undefined;
if (simStart && Number.isNaN(simStart.getTime())) throw new Error('SIM_CLOCK_START is not a date');
const { app } = await buildApp({ db, config, ...(simStart ? { clock: offsetClock(simStart) } : {}) });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: stopping`);
  await app.close().catch(() => undefined);
  await db.$client.end().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [
  '',
  `  Customer app   ${url}/`,
  `  Console        ${url}/console/`,
  `  API            ${url}/web   (reference: ${url}/web/docs)`,
  `  Database       ${embedded ? `embedded PostgreSQL on port ${embedded.port}, data in ${config.dataDir}` : 'DATABASE_URL'}${seeded ? ' (demo data written)' : ''}`,
  '',
  '  Demo logins',
  `    customer     ${DEMO.customer.userId} / ${DEMO.customer.password}   (transaction password ${DEMO.customer.payPassword})`,
  `    company      ${DEMO.company.userId} / ${DEMO.company.password}`,
  `    console      ${DEMO.admin.username} / ${DEMO.admin.password}   ·   ${DEMO.reviewer.username} / ${DEMO.reviewer.password}`,
  '  Email codes are printed to this log (MAIL to=... code=...) and shown in the console outbox.',
  '',
];
console.log(lines.join('\n'));
