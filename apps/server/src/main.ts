/**
 * Process entry: config -> database -> app -> listen. With WORKERS (platform/workers.ts) the primary
 * prepares the database once and forks workers that each build the app and share the port.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { buildApp } from './app.js';
import { type Config, isLoopbackHost, loadConfig } from './config.js';
import { demoOperators } from './modules/console/index.js';
import { type Clock, offsetClock } from './platform/clock.js';
import { createDb, type Db, migrateDb } from './platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from './platform/db/embedded.js';
import { appRolePassword, appRoleUrl, ensureAppRole, grantAppPrivileges } from './platform/db/roles.js';
import { operators } from './platform/db/schema.js';
import { loadFileUrlSecret } from './platform/files.js';
import { verifyPassword } from './platform/passwords.js';
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
  // The owner migrates and seeds; the serving processes connect as the app's own role (platform/db/roles.ts).
  const owner = createDb(databaseUrl, 2);
  await migrateDb(owner);
  let seeded = false;
  // The IPO calendar is dated from the server's clock, which SIM_CLOCK_START may have moved.
  const now = process.env.SIM_CLOCK_START ? new Date(process.env.SIM_CLOCK_START) : new Date();
  if (config.seedDemo) seeded = await seedDemo(owner, { ...config, now });
  else await seedContent(owner);
  const serving = await servingRole(config, owner, databaseUrl);
  await owner.$client.end();
  const db = createDb(serving.url, config.dbPoolMax);
  return { embedded, databaseUrl: serving.url, db, seeded, role: serving };
}

/**
 * Which role serves: APP_DATABASE_URL when given (granted here), else the app role made and granted here with a
 * password kept in DATA_DIR. An owner that may not create roles (a managed PostgreSQL without CREATEROLE)
 * serves itself, and the banner says so: the triggers still hold, but the app could switch them off.
 */
async function servingRole(
  config: Config,
  owner: Db,
  ownerUrl: string,
): Promise<{ url: string; role: string; restricted: boolean }> {
  if (config.appDatabaseUrl) {
    const role = decodeURIComponent(new URL(config.appDatabaseUrl).username);
    await grantAppPrivileges(owner.$client, role);
    return { url: config.appDatabaseUrl, role, restricted: true };
  }
  try {
    const password = await appRolePassword(config.dataDir);
    const role = await ensureAppRole(owner.$client, password);
    return { url: appRoleUrl(ownerUrl, role, password), role, restricted: true };
  } catch (err) {
    console.warn(`could not make the app's database role (${(err as Error).message}): serving as the owner`);
    return { url: ownerUrl, role: decodeURIComponent(new URL(ownerUrl).username), restricted: false };
  }
}

async function servePrimary(config: Config) {
  const { workers } = config;
  const simStart = process.env.SIM_CLOCK_START ? new Date(process.env.SIM_CLOCK_START) : undefined;
  if (simStart && Number.isNaN(simStart.getTime())) throw new Error('SIM_CLOCK_START is not a date');
  // Fixed once here, so every worker runs the same simulated clock to the millisecond.
  const clockOffsetMs = simStart ? simStart.getTime() - Date.now() : undefined;
  const { embedded, databaseUrl, db, seeded, role } = await prepareDatabase(config);
  const refusedDemo = isLoopbackHost(config.host) ? [] : await demoOperatorsWithPublishedPasswords(db);
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
  printBanner(config, { embedded, seeded, workers, role, refusedDemo });
}

/** The demo operators whose stored password is still the published one (refused on a non-loopback bind). */
async function demoOperatorsWithPublishedPasswords(db: Db): Promise<string[]> {
  const names = [...demoOperators().keys()];
  const rows = await db
    .select({ username: operators.username, hash: operators.passwordHash })
    .from(operators)
    .where(inArray(operators.username, names));
  const still = await Promise.all(
    rows.map(async (r) => ((await verifyPassword(r.hash, demoOperators().get(r.username) ?? '')) ? r.username : null)),
  );
  return still.filter((name): name is string => name !== null);
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

function printBanner(
  config: Config,
  run: {
    embedded: EmbeddedDb | undefined;
    seeded: boolean;
    workers: number;
    role: { role: string; restricted: boolean };
    refusedDemo: string[];
  },
) {
  const loopback = isLoopbackHost(config.host);
  const url = `http://${loopback ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const lines = [
    '',
    `  Customer app   ${url}/`,
    `  Console        ${url}/console/`,
    `  API            ${url}/web   (reference: ${url}/web/docs)`,
    `  Database       ${run.embedded ? `embedded PostgreSQL on port ${run.embedded.port}, data in ${config.dataDir}` : 'DATABASE_URL'}${run.seeded ? ' (demo data written)' : ''}`,
    `  Database role  ${run.role.role}${run.role.restricted ? ' (rows only: cannot alter tables or switch off the ledger triggers)' : ' (owner: set APP_DATABASE_URL to serve as a role with fewer rights)'}`,
    ...(run.workers > 1 ? [`  Processes      ${run.workers} workers sharing port ${config.port} (WORKERS)`] : []),
    loopback
      ? `  Listening      on loopback only (${config.host}); HOST=0.0.0.0 opens it to the network`
      : `  Listening      on ${config.host}: open to the network (HOST)`,
    ...(run.refusedDemo.length
      ? [
          `  REFUSED        demo operators ${run.refusedDemo.join(', ')} still have their published passwords and cannot sign in`,
          '                 on this bind: npm run operator -- password <name> sets a new one',
        ]
      : []),
    '',
    '  Demo logins',
    `    customer     ${DEMO.customer.userId} / ${DEMO.customer.password}   (transaction password ${DEMO.customer.payPassword})`,
    `    company      ${DEMO.company.userId} / ${DEMO.company.password}`,
    `    console      ${DEMO.admin.username} / ${DEMO.admin.password}   ·   ${DEMO.reviewer.username} / ${DEMO.reviewer.password}`,
    `                 ${DEMO.supervisor.username} / ${DEMO.supervisor.password}   (approves adjustments above the limit)`,
    '  Email codes are printed to this log (MAIL to=... code=...); the console outbox keeps mails with codes hidden.',
    '',
  ];
  console.log(lines.join('\n'));
}
