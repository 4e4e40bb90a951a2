/**
 * The real server as `npm start` runs it (`node --import tsx apps/server/src/main.ts`), in a child process
 * against a PostgreSQL that outlives it: started, waited for, stopped or killed by its own pid.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, track } from './children.js';

export interface AppProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** How long it took from spawn until it answered. */
  startMs: number;
  /** The last lines it printed (for an error message). */
  output: () => string;
}

export interface AppProcessOptions {
  databaseUrl: string;
  dataDir: string;
  port: number;
  /** A customer token: the server is ready when it answers this customer's wallet balance. */
  probeToken: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** BENCH_SERVER_NODE_ARGS: extra node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** BENCH_SERVER_LOG: a file the server's whole output is appended to (with `--trace-gc` above, its GC pauses). */
const serverLog = process.env.BENCH_SERVER_LOG;

export async function startAppProcess(opts: AppProcessOptions): Promise<AppProcess> {
  const started = performance.now();
  const child = track(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: opts.databaseUrl,
        DATA_DIR: opts.dataDir,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        WORKERS: '1',
        LOG_LEVEL: 'warn',
        ...opts.env,
      },
    }),
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    if (serverLog) appendFileSync(serverLog, chunk);
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const output = () => lines.join('\n');
  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server ended (${child.signalCode ?? child.exitCode}) before answering:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/web/wallet/getWalletBalance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: opts.probeToken },
        body: '{}',
        signal: AbortSignal.timeout(2_000),
      });
      await res.arrayBuffer();
      if (res.status === 200) return { child, port: opts.port, baseUrl, startMs: performance.now() - started, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within ${(opts.timeoutMs ?? 90_000) / 1000} s:\n${output()}`);
}

const ended = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** `kill -9`: no shutdown hook runs, open transactions are cut off where they are. */
export async function killAppProcess(app: AppProcess): Promise<void> {
  app.child.kill('SIGKILL');
  await ended(app.child);
}

/** SIGTERM (the server closes and ends its pool), SIGKILL after `graceMs`. */
export async function stopAppProcess(app: AppProcess, graceMs = 15_000): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  const timer = setTimeout(() => app.child.kill('SIGKILL'), graceMs);
  app.child.kill('SIGTERM');
  await ended(app.child);
  clearTimeout(timer);
}
