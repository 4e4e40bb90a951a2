/**
 * Two database roles (docs/security.md "The database role"): the owner runs the migrations and owns every
 * table, trigger and function; the serving processes connect as APP_ROLE, which can read and write rows but
 * owns nothing. Only an owner (or a superuser) may ALTER TABLE … DISABLE TRIGGER, so the app cannot switch off
 * the ledger's append-only triggers; on top of that the append-only tables are granted SELECT and INSERT alone,
 * so even a trigger dropped by mistake would not let the app rewrite history. TRUNCATE is never granted.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/**
 * The app role of a database: `<database>_app` (`beurs_app` for the embedded default). One per database, because
 * a role belongs to the whole server: two apps on one server (or a test run and the server it starts) must not
 * reset each other's password.
 */
export const appRoleOf = (database: string) => `${database}_app`.slice(0, 63);

/** Rows that are written once and never changed: the journal, its postings, the audit log and support messages. */
export const APPEND_ONLY_TABLES = ['journal_entries', 'ledger_postings', 'audit_log', 'support_messages'] as const;

/**
 * Rows that change but never go away, because rows refer to them without a foreign key: the ledger's accounts
 * (postings, migration 0038; holds, 0040), customers and holds (an order's rows, migration 0040). Their triggers
 * refuse the owner too, but for an account without postings or holds.
 */
export const KEPT_TABLES = ['ledger_accounts', 'users', 'ledger_holds'] as const;
/** The owner's bookkeeping, which the app never needs: the SQL functions' checksums (sql-functions.ts). */
export const OWNER_ONLY_TABLES = ['sql_functions'] as const;

/**
 * Gives `role` what the app needs on the owner's objects, and no more. Run after every migration (GRANT is
 * idempotent), so tables that new migrations add are covered without a migration having to know the role.
 */
export async function grantAppPrivileges(owner: pg.Pool | pg.PoolClient, role: string): Promise<void> {
  const r = quoteIdent(role);
  await owner.query(`
    GRANT USAGE ON SCHEMA public TO ${r};
    REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    REVOKE UPDATE, DELETE ON ${APPEND_ONLY_TABLES.join(', ')} FROM ${r};
    REVOKE DELETE ON ${KEPT_TABLES.join(', ')} FROM ${r};
    REVOKE ALL ON ${OWNER_ONLY_TABLES.join(', ')} FROM ${r};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${r};
  `);
}

/**
 * Makes sure the app role of the owner's database exists with `password` and may log in, then grants it; answers
 * its name. Needs an owner that may create roles (the embedded server's superuser; for DATABASE_URL, CREATEROLE).
 */
export async function ensureAppRole(owner: pg.Pool, password: string): Promise<string> {
  const { rows } = await owner.query<{ db: string }>('select current_database() as db');
  const database = rows[0]?.db ?? '';
  const role = appRoleOf(database);
  const r = quoteIdent(role);
  const { rowCount } = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
  // Not a superuser, no role creation, no bypass of row security: a plain login.
  const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS PASSWORD ${quoteLiteral(password)}`;
  await owner.query(rowCount ? `ALTER ROLE ${r} ${attributes}` : `CREATE ROLE ${r} ${attributes}`);
  await owner.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${r}`);
  await grantAppPrivileges(owner, role);
  return role;
}

/** The app role's password, made once and kept in DATA_DIR beside the embedded database's own. */
export async function appRolePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'app-db.password');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(18).toString('hex');
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

/** The same server and database as `ownerUrl`, logged in as `role`. */
export function appRoleUrl(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`;
