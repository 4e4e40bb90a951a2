/**
 * The SQL functions' current source (ledger/sql, modules/trading/sql) is applied after the migrations
 * (sql-functions.ts). A database built that way has the functions the migrations alone define, body for body,
 * and a file is applied again only when its checksum changed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, sqlFunctionFolders } from '../../config.js';
import { createDb, type Db } from './client.js';
import { applySqlFunctions, readSqlFunctions } from './sql-functions.js';

const opened: Db[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.$client.end()));
});

/** A new database, empty or a clone of the template (built by migrateDb, as every test database is). */
async function newDatabase(template?: string): Promise<Db> {
  const name = `f_${randomBytes(6).toString('hex')}`;
  const admin = createDb(inject('pgAdminUrl'), 1);
  await admin.$client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.$client.end();
  const db = createDb(inject('pgUrlTemplate').replace('{db}', name), 2);
  opened.push(db);
  return db;
}

/** A new database with the migrations alone: the functions as migrations 0003-0008 left them. */
async function migrationsOnly(): Promise<Db> {
  const db = await newDatabase();
  await migrate(db, { migrationsFolder });
  return db;
}

/** Every function of the public schema, by name and arguments, as PostgreSQL prints it. */
async function functionDefs(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.$client.query<{ name: string; def: string }>(
    `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name, pg_get_functiondef(p.oid) as def
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.def]));
}

describe('SQL functions applied after the migrations', () => {
  it('define every function as the migrations do, but those changed on purpose since', async () => {
    const before = await functionDefs(await migrationsOnly());
    const built = await newDatabase('beurs_template');
    const after = await functionDefs(built);
    // Every file was applied and recorded, so the comparison below compares the files' bodies.
    const { rows } = await built.$client.query<{ name: string }>('select name from sql_functions order by name');
    expect(rows.map((r) => r.name)).toEqual((await readSqlFunctions()).map((f) => f.name).sort());
    // Changed on purpose since the move, each for the reason given; every other function is as the migrations left it.
    const changed: Record<string, string> = {
      'ledger_post(p_type text, p_at timestamp with time zone, p_accounts bigint[], p_currencies text[], p_amounts numeric[], p_reason text, p_reference text, p_operator bigint, p_rate numeric, p_detail jsonb)':
        'a comment only: a posting to no account is refused by the balance check now, not by a foreign key (migration 0038)',
      'ledger_check_entry()':
        'checks an entry once per transaction, not once per posting (ledger.checked records entry and highest posting id), with ledger_assert_balanced',
      'trade_open_now(p_scope text, p_key text, p_endpoint text, p_hash text, p_user bigint, p_account bigint, p_fees_account bigint, p_margin numeric, p_fee numeric, p_at timestamp with time zone, p_position jsonb, p_order jsonb, p_message jsonb, p_answer jsonb)':
        'answers the new ids, not the answer the server holds',
      // Migration 0024 creates a placeholder so that it can create the triggers; the body is the file's.
      'trade_exposure_track()': 'the statement triggers of trade_positions record changes (was a placeholder)',
    };
    const added = [
      // The keys of a batch's requests, locked and looked up (the order and transfer batches, issue 14).
      'idempotency_begin_each(p_scope text[], p_key text[], p_endpoint text[], p_hash text[], OUT key_found boolean[], OUT key_same boolean[], OUT key_response json[])',
      // The balance check, one query for one entry (the trigger) or a batch's (issue 14).
      'ledger_assert_balanced(p_entries bigint[])',
      // The balance check of a batch's entries in one query (issue 14), by the two batch writers below.
      'ledger_check_postings(p_first bigint, p_last bigint)',
      'ledger_hold_and_charge_each(p_account bigint[], p_amount numeric[], p_reference text[], p_at timestamp with time zone[], p_fee numeric[], p_fee_account bigint[], p_fee_reference text[], p_fee_detail jsonb[], p_fee_type text, OUT hold_ids bigint[], OUT entry_ids bigint[], OUT available text[])',
      // The transfer batch (group commit, docs/money.md "Wallets and transfers"), one typed array per field as the
      // order batch's (issue 14); it answers new entry ids only.
      'ledger_post_each(p_type text[], p_at timestamp with time zone[], p_rate numeric[], p_detail jsonb[], p_reason text[], p_reference text[], p_leg_entry integer[], p_leg_account bigint[], p_leg_currency text[], p_leg_amount numeric[], OUT entry_ids bigint[], OUT short_accounts bigint[], OUT short_available text[])',
      'ledger_post_once_each(p_scope text[], p_key text[], p_endpoint text[], p_hash text[], p_answer text[], p_type text[], p_at timestamp with time zone[], p_rate numeric[], p_detail jsonb[], p_reason text[], p_reference text[], p_leg_entry integer[], p_leg_account bigint[], p_leg_currency text[], p_leg_amount numeric[])',
      // The close-out screen's sums (docs/trading.md "The matching job").
      'trade_exposure_fold()',
      // A table's columns in their order, for the order batch's record literals and its check of them.
      'trade_row_columns(p_table regclass)',
      // The order batch takes one typed array per field (issue 14); it writes its money through
      // ledger_hold_and_charge_each and answers new ids only.
      'trade_open_batch(p_scope text[], p_key text[], p_endpoint text[], p_hash text[], p_user bigint[], p_account bigint[], p_fees_account bigint[], p_margin numeric[], p_fee numeric[], p_at timestamp with time zone[], p_code text[], p_position text[], p_order text[], p_message_kind text[], p_message_params jsonb[], p_answer_order text[], p_answer_position text[], p_position_columns text, p_order_columns text)',
    ];
    // Replaced by a function of the same name with other arguments (dropped first by its file).
    const removed = ['trade_open_batch(p_orders jsonb)'];
    expect(Object.keys(after).sort()).toEqual(
      [...Object.keys(before).filter((name) => !removed.includes(name)), ...added].sort(),
    );
    for (const name of Object.keys(changed)) expect(after[name]).not.toEqual(before[name]);
    const unchanged = (defs: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(defs).filter(([name]) => !(name in changed) && !added.includes(name) && !removed.includes(name)),
      );
    expect(unchanged(after)).toEqual(unchanged(before));
    expect(Object.keys(unchanged(after))).toHaveLength(9);
  });

  it('apply a file again only when its checksum changed', async () => {
    const db = await newDatabase('beurs_template');
    // The template was built by migrateDb: everything is recorded and unchanged.
    expect((await applySqlFunctions(db)).applied).toEqual([]);

    // A copy of the sources with one function changed: that file alone is applied, and recorded.
    const scratch = await fs.mkdtemp(path.join(inject('scratchDir'), 'sql-'));
    const folders = await Promise.all(
      sqlFunctionFolders.map(async (folder, i) => {
        const copy = path.join(scratch, String(i));
        await fs.cp(folder, copy, { recursive: true });
        return copy;
      }),
    );
    const file = path.join(folders[0] as string, 'ledger_immutable.sql');
    const source = await fs.readFile(file, 'utf8');
    await fs.writeFile(file, source.replace('is append-only', 'is append-only, always'));
    const changed = await applySqlFunctions(db, folders);
    expect(changed.applied).toEqual(['ledger_immutable']);
    const { rows } = await db.$client.query<{ src: string }>(
      `select prosrc as src from pg_proc where proname = 'ledger_immutable'`,
    );
    expect(rows[0]?.src).toContain('is append-only, always');
    expect((await applySqlFunctions(db, folders)).applied).toEqual([]);
    // Back to the real source: applied again, as any changed file is.
    expect((await applySqlFunctions(db)).applied).toEqual(['ledger_immutable']);
  });
});
