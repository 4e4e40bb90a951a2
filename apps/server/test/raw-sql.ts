/** Raw SQL behind the app's back, for tests of what the database itself refuses, whatever code wrote the rows. */
import type pg from 'pg';

export type RawQuery = (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * Runs `work` on one connection of `pool` in a transaction, then commits (or, with `commit: false`, rolls back
 * whatever happens); answers the error of whichever step failed, or null.
 */
export async function rawTransaction(
  pool: pg.Pool,
  work: (q: RawQuery) => Promise<void>,
  opts: { commit: boolean } = { commit: true },
): Promise<{ code?: string; message: string } | null> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    try {
      await work((sql, values) => client.query(sql, values));
      await client.query(opts.commit ? 'commit' : 'rollback');
      return null;
    } catch (error) {
      await client.query('rollback');
      return error as { code?: string; message: string };
    }
  } finally {
    client.release();
  }
}

/** How many rows `table` holds now. */
export async function countRows(pool: pg.Pool, table: string): Promise<number> {
  return Number((await pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
}
