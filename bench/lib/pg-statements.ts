/**
 * The statements a window sent to PostgreSQL, from pg_stat_statements (loaded by the money benches' server,
 * shared_preload_libraries): calls and execution time of each top-level statement of one database, so the report
 * can give statements (round trips: each call is one, the app's are prepared) per operation for the app and for
 * pgbench alike. Statements called from inside a SQL function are part of their caller's call.
 */
import type pg from 'pg';

/**
 * Off unless BENCH_PG_STATEMENTS=1: loaded on the server that also runs TPC-B, pg_stat_statements' shared
 * per-statement counters slow the reference more than the batched app (2026-11-27, same machine, back to back:
 * TPC-B at 64 clients 581 tps with it and 3.0 ms of PostgreSQL CPU per transaction, 917 tps and 1.9 ms without),
 * which flatters the ratio. Turn it on to see the statements, not to judge the goal.
 */
export const TRACK_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';

export const STATEMENTS_SETTINGS: Record<string, string> = TRACK_STATEMENTS
  ? { shared_preload_libraries: 'pg_stat_statements' }
  : {};

export interface StatementCount {
  query: string;
  calls: number;
  /** Execution time in PostgreSQL over the window, ms (wall time of the statement, not CPU). */
  totalMs: number;
}

/** Creates the extension; false when the server did not load it (the report then says so). */
export async function enableStatements(db: pg.Pool): Promise<boolean> {
  try {
    await db.query('create extension if not exists pg_stat_statements');
    await db.query('select 1 from pg_stat_statements limit 1');
    return true;
  } catch {
    return false;
  }
}

export async function resetStatements(db: pg.Pool): Promise<void> {
  await db.query('select pg_stat_statements_reset()');
}

/** What database `database` ran since the last reset, most calls first (this module's own queries left out). */
export async function readStatements(db: pg.Pool, database: string): Promise<StatementCount[]> {
  const { rows } = await db.query<{ query: string; calls: string; total_ms: number }>(
    `select query, calls, total_exec_time as total_ms from pg_stat_statements
      where dbid = (select oid from pg_database where datname = $1) and query not like '%pg_stat_statements%'
      order by calls desc`,
    [database],
  );
  return rows.map((r) => ({ query: r.query, calls: Number(r.calls), totalMs: r.total_ms }));
}

/** A statement's text for the report: its first words, with a function call's name kept. */
export function statementLabel(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const call = text.match(/^select (\w+)\(/i);
  if (call) return `select ${call[1]}(...)`;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
