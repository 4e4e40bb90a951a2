/**
 * The role the app serves as cannot rewrite history: it owns no table, so it cannot switch triggers off, and the
 * journal, postings and audit log take inserts only (platform/db/roles.ts). The harness serves every integration
 * test as this role, so the rest of the suite proves the app needs nothing more.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, freshDatabase } from '../../../test/harness.js';
import { createDb } from './client.js';
import { APPEND_ONLY_TABLES, appRoleOf, KEPT_TABLES } from './roles.js';

const { db: owner, appUrl } = await freshDatabase();
const app = createDb(appUrl, 2);
/** The template's role: clones carry the template's grants. */
const APP_ROLE = appRoleOf('beurs_template');
afterAll(async () => {
  await app.$client.end();
  await owner.$client.end();
});

/** The SQLSTATE PostgreSQL answers a statement with, or 'ok'. */
async function outcome(statement: string): Promise<string> {
  try {
    await app.$client.query(statement);
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

describe('the app database role', () => {
  it('is who the app connects as', async () => {
    const h = await createHarness();
    const { rows } = await h.deps.db.execute<{ who: string }>(sql`select current_user as who`);
    expect(rows[0]?.who).toBe(APP_ROLE);
  });

  it.each(APPEND_ONLY_TABLES)('cannot switch off, drop or bypass the triggers of %s', async (table) => {
    expect(await outcome(`ALTER TABLE ${table} DISABLE TRIGGER ALL`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`ALTER TABLE ${table} DISABLE TRIGGER USER`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome('SET session_replication_role = replica')).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it.each(APPEND_ONLY_TABLES)('may not update, delete or truncate %s', async (table) => {
    expect(await outcome(`UPDATE ${table} SET id = id WHERE false`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`DELETE FROM ${table} WHERE false`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`TRUNCATE ${table}`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it.each(KEPT_TABLES)('may update %s but not delete or truncate it', async (table) => {
    expect(await outcome(`UPDATE ${table} SET id = id WHERE false`)).toBe('ok');
    expect(await outcome(`DELETE FROM ${table} WHERE false`)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`TRUNCATE ${table}`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it("may not read or write the SQL functions' checksums", async () => {
    expect(await outcome('SELECT name FROM sql_functions')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`UPDATE sql_functions SET checksum = 'x'`)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('writes the audit log by insert and reads it back', async () => {
    expect(await outcome(`INSERT INTO audit_log (action) VALUES ('roles.test')`)).toBe('ok');
    const { rows } = await app.$client.query(`SELECT action FROM audit_log WHERE action = 'roles.test'`);
    expect(rows).toHaveLength(1);
  });

  it('cannot change the schema, make roles or grant itself more', async () => {
    expect(await outcome('CREATE TABLE sneaky (id int)')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome('DROP TABLE ledger_postings')).toBe(INSUFFICIENT_PRIVILEGE);
    expect(
      await outcome(
        'CREATE OR REPLACE FUNCTION ledger_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$',
      ),
    ).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await outcome(`CREATE ROLE sneaky`)).toBe(INSUFFICIENT_PRIVILEGE);
    // A grant by a non-owner is a warning that grants nothing, not an error: what matters is what follows.
    await outcome(`GRANT UPDATE, DELETE ON ledger_postings TO ${APP_ROLE}`);
    expect(await outcome('DELETE FROM ledger_postings WHERE false')).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('the owner still can (the migrations need it)', async () => {
    const { rows } = await owner.execute<{ n: number }>(sql`select count(*)::int as n from ledger_postings`);
    expect(rows[0]?.n).toBeGreaterThanOrEqual(0);
  });
});
