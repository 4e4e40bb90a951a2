/**
 * The SQL functions' current source: one file per function (`CREATE OR REPLACE FUNCTION`, a DROP first when its
 * signature changed), applied after the migrations (docs/money.md "Where the SQL lives"). A migration is history
 * and never edited; a function's body is edited in its file, and the next start applies it.
 *
 * All files are applied in one transaction, in a fixed order (the folders' order, then by file name), under an
 * advisory lock so two processes starting at once apply them once. Each file's checksum is recorded in
 * `sql_functions` (migration 0016): an unchanged file is skipped, a changed one is applied again. Bodies are not
 * checked at creation (as pg_dump does), so a function may call one whose file comes later.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { sqlFunctionFolders } from '../../config.js';

interface SqlFile {
  /** The file name without `.sql`: the function's name. */
  name: string;
  source: string;
  checksum: string;
}

/** The files of `folders`, in the order they are applied. Two files of one name are a mistake. */
export async function readSqlFunctions(folders: readonly string[] = sqlFunctionFolders): Promise<SqlFile[]> {
  const files: SqlFile[] = [];
  for (const folder of folders) {
    const names = (await fs.readdir(folder)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of names) {
      const source = await fs.readFile(path.join(folder, file), 'utf8');
      const name = file.slice(0, -'.sql'.length);
      if (files.some((f) => f.name === name)) throw new Error(`two SQL function files named ${name}`);
      files.push({ name, source, checksum: createHash('sha256').update(source).digest('hex') });
    }
  }
  return files;
}

/** Applies the files whose checksum is not the one recorded; answers their names, in the order applied. */
export async function applySqlFunctions(
  // Only the pool: a Db would make client.ts (which calls this) and this file import each other.
  db: { $client: pg.Pool },
  folders: readonly string[] = sqlFunctionFolders,
): Promise<{ applied: string[] }> {
  const files = await readSqlFunctions(folders);
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('sql_functions'))`);
    await client.query('SET LOCAL check_function_bodies = off');
    const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM sql_functions');
    const recorded = new Map(rows.map((r) => [r.name, r.checksum]));
    const applied: string[] = [];
    for (const file of files) {
      if (recorded.get(file.name) === file.checksum) continue;
      await client.query(file.source);
      await client.query(
        `INSERT INTO sql_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = excluded.checksum, applied_at = now()`,
        [file.name, file.checksum],
      );
      applied.push(file.name);
    }
    await client.query('COMMIT');
    return { applied };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}
