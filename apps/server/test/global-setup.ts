/**
 * One real PostgreSQL per test run (embedded, fsync off), with a migrated template database;
 * each test file clones its own fresh database from the template (see harness.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateDb } from '../src/platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from '../src/platform/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgUrlTemplate: string;
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
  await tpl.$client.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgUrlTemplate', adminUrl.replace(/\/[^/]*$/, '/{db}'));
  project.provide('scratchDir', dir);
}

export async function teardown() {
  await pg?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}
