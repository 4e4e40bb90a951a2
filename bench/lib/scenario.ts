/**
 * What a bench scenario (`npm run bench -- <name>`) needs around it, as bench/run.ts does for the markets
 * benchmarks: a temporary folder, its own embedded PostgreSQL (a real, crash-safe one: fsync on) with the
 * migrated schema and content, a watchdog, and a clean-up that stops every child by pid and PostgreSQL,
 * on success, on an error, on Ctrl-C or when time runs out.
 */
import { execFileSync } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateDb } from '../../apps/server/src/platform/db/client.js';
import { type EmbeddedDb, startEmbeddedPostgres } from '../../apps/server/src/platform/db/embedded.js';
import { seedContent } from '../../apps/server/src/seed.js';
import { repoRoot, runningChildren, stopAllChildren } from './children.js';

export interface ScenarioContext {
  tmpDir: string;
  dataDir: string;
  pg: EmbeddedDb;
  /** The app's database, migrated and seeded with content (no demo users). */
  databaseUrl: string;
  log: (line: string) => void;
}

export function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}

/**
 * Runs `work` with a fresh database; answers its exit code, or 2 when it threw, timed out or left a child
 * running. `limitMs` bounds the whole scenario.
 */
export async function runScenario(
  name: string,
  limitMs: number,
  work: (ctx: ScenarioContext) => Promise<number>,
  /** More PostgreSQL settings for the scenario's server (startEmbeddedPostgres `settings`). */
  pgSettings?: Record<string, string>,
): Promise<number> {
  const started = Date.now();
  const log = (line: string) =>
    console.log(`[bench ${name} ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
  let tmpDir: string | undefined;
  let pg: EmbeddedDb | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () => {
    cleaning ??= (async () => {
      await stopAllChildren();
      await pg?.stop().catch(() => undefined);
      if (tmpDir) await fsp.rm(tmpDir, { recursive: true, force: true }).catch(() => undefined);
    })();
    return cleaning;
  };
  const watchdog = setTimeout(() => {
    console.error(`bench ${name}: still running after ${limitMs / 1000} s; stopping everything`);
    void cleanUp().finally(() => process.exit(2));
  }, limitMs);
  watchdog.unref();
  const onSignal = () => {
    console.error(`bench ${name}: interrupted; stopping everything`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let code = 2;
  try {
    tmpDir = await fsp.mkdtemp(path.join(os.tmpdir(), `beurs-bench-${name}-`));
    // PostgreSQL runs as another user when we are root (embedded.ts): it must be able to write here.
    await fsp.chmod(tmpDir, 0o777);
    pg = await startEmbeddedPostgres({ dir: path.join(tmpDir, 'pg'), persistent: false, settings: pgSettings });
    log(`PostgreSQL on 127.0.0.1:${pg.port}`);
    const admin = createDb(pg.url, 1);
    await admin.$client.query('create database beurs');
    await admin.$client.end();
    const databaseUrl = pg.urlFor('beurs');
    const db = createDb(databaseUrl, 1);
    await migrateDb(db);
    await seedContent(db);
    await db.$client.end();
    const dataDir = path.join(tmpDir, 'data');
    await fsp.mkdir(dataDir);
    code = await work({ tmpDir, dataDir, pg, databaseUrl, log });
  } catch (error) {
    console.error(`bench ${name}:`, error);
    code = 2;
  } finally {
    log('stopping the server, load generators and PostgreSQL');
    await cleanUp();
    clearTimeout(watchdog);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const left = runningChildren();
  if (left.length > 0) {
    console.error(`bench ${name}: still running: ${left.join(', ')}`);
    code = 2;
  }
  return code;
}
