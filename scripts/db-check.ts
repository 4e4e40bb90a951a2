/**
 * Checks that the drizzle schema files and the migrations agree: runs `drizzle-kit generate` (the config of
 * `npm run db:generate`, which reads the platform's schema and every module's) against a throwaway copy of
 * apps/server/drizzle and fails, printing the SQL, if it would write a migration.
 *
 *   node --import tsx scripts/db-check.ts            # exit 1 and the SQL when the schema and migrations differ
 *   node --import tsx scripts/db-check.ts --snapshot # after a hand-written migration: keep drizzle-kit's view
 *
 * A hand-written migration (0016 onwards: functions, partial indexes, tables of a module) leaves drizzle-kit's last
 * snapshot behind. Once the printed SQL is what the hand-written migration already does, `--snapshot` stores the
 * new snapshot as apps/server/drizzle/meta/<last migration>_snapshot.json, so the next `npm run db:generate` writes
 * only real changes. Nothing else in apps/server/drizzle is touched; the throwaway copy is removed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const drizzleDir = path.join(root, 'apps/server/drizzle');
const configFile = path.join(root, 'apps/server/drizzle.config.ts');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'db-check-'));
const out = path.join(tmp, 'drizzle');
const tmpConfig = path.join(root, 'apps/server', `.db-check-${process.pid}.drizzle.config.ts`);
try {
  fs.cpSync(drizzleDir, out, { recursive: true });
  // drizzle-kit reads `out` relative to the working directory (the repository root).
  const config = fs.readFileSync(configFile, 'utf8');
  const rewritten = config.replace(/out: '[^']*'/, `out: '${path.relative(root, out)}'`);
  if (rewritten === config) throw new Error('db-check: no `out` in apps/server/drizzle.config.ts');
  fs.writeFileSync(tmpConfig, rewritten);
  // drizzle-kit exits 0 when it cannot load the schema (it prints the error and writes nothing), which would read
  // as "they agree": its own words for either outcome are required instead.
  const kit = spawnSync('npx', ['drizzle-kit', 'generate', '--config', tmpConfig], { cwd: root, encoding: 'utf8' });
  if (kit.status !== 0 || !/No schema changes|Your SQL migration file/.test(kit.stdout)) {
    throw new Error(`db-check: drizzle-kit did not compare the schema:\n${kit.stdout}${kit.stderr}`);
  }

  const before = new Set(fs.readdirSync(drizzleDir));
  const added = fs.readdirSync(out).filter((f) => f.endsWith('.sql') && !before.has(f));
  if (added.length === 0) {
    console.log('db-check: the schema files and the migrations agree (drizzle-kit would write no migration).');
  } else {
    const sqlFile = added[0]!;
    console.log(
      `db-check: drizzle-kit would write a migration:\n\n${fs.readFileSync(path.join(out, sqlFile), 'utf8')}\n`,
    );
    if (process.argv.includes('--snapshot')) {
      const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
        entries: { idx: number; tag: string }[];
      };
      // drizzle-kit compares against the highest-numbered snapshot, whatever the journal's order.
      const last = journal.entries.reduce((a, b) => (b.idx > a.idx ? b : a));
      const generated = path.join(out, 'meta', `${sqlFile.slice(0, 4)}_snapshot.json`);
      const target = path.join(drizzleDir, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`);
      fs.copyFileSync(generated, target);
      console.log(`db-check: stored drizzle-kit's view of the schema as ${path.relative(root, target)}.`);
    } else {
      console.log(
        'db-check: write a migration for it, or (when a hand-written one already does this) run with --snapshot.',
      );
      process.exitCode = 1;
    }
  }
} finally {
  fs.rmSync(tmpConfig, { force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
}
