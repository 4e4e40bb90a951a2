/**
 * The built customer app as `npm start` serves it (`node --import tsx apps/server/src/main.ts`: the API and
 * apps/web/dist precompressed through platform/edge.ts), on a free port of 127.0.0.1 against the scenario's
 * database. Builds nothing: a missing build is an error that says which command makes it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { repoRoot, track } from '../lib/children.js';

export interface BuiltApp {
  baseUrl: string;
  /** The server's process id (its CPU tells when it is idle). */
  pid: number;
  stop: () => Promise<void>;
}

/** A port nothing listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The build the server will serve: WEB_DIST when set (the server reads it too, config.ts), else apps/web/dist. */
export function webDist(): string {
  return process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
}

export function assertBuilt(): void {
  const dist = webDist();
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(
      `${path.relative(repoRoot, dist) || dist} has no index.html: run \`npm run build -w apps/web\` first`,
    );
}

export async function startBuiltApp(opts: {
  databaseUrl: string;
  dataDir: string;
  timeoutMs?: number;
}): Promise<BuiltApp> {
  assertBuilt();
  const port = await freePort();
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: opts.databaseUrl,
        DATA_DIR: opts.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        WORKERS: '1',
        LOG_LEVEL: 'warn',
        // Markets open whatever day the bench runs, as in the browser tests: a quote screen shows live prices.
        SIM_CLOCK_START: '2026-11-23T15:30:00Z',
      },
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server ended (${child.exitCode}) before answering`);
    try {
      const res = await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return { baseUrl, pid: child.pid ?? Number.NaN, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`server did not answer within ${(opts.timeoutMs ?? 90_000) / 1000} s`);
}
