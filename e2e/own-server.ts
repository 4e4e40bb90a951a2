/**
 * A server of a spec's own, for specs that need the simulated clock somewhere else than the shared webServer's
 * (playwright.config.ts): the same command and environment, with its own port, data folder and SIM_CLOCK_START.
 * Nothing test-only: time passes as it does for any deployment. Starting again on the same data folder with a later
 * clock is the server having been down meanwhile (its jobs catch up; the demo data and the IPO calendar stay as they
 * were written at the first start, apps/server/src/main.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface OwnServer {
  baseURL: string;
  dataDir: string;
  /**
   * The server's simulated clock now, in ms (within a second or two: the server fixes its clock when its process
   * starts, just after the spawn this counts from).
   */
  now: () => number;
  /** Stops the server (SIGTERM to its process group, SIGKILL if it does not end in time) and waits for it. */
  stop: () => Promise<void>;
}

/** The port of a spec's own server: the shared server's E2E_PORT plus `offset` (each spec its own offset). */
export const ownPort = (offset: number) => Number(process.env.E2E_PORT ?? 3210) + offset;

/** A fresh data folder (embedded database, uploads), as playwright.config.ts makes for the shared server. */
export function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beurs-e2e-own-'));
  fs.chmodSync(dir, 0o777);
  return dir;
}

/** Removes a data folder of freshDataDir once its server has stopped (a database is tens of megabytes). */
export function removeDataDir(dir: string) {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` on `port` with `dataDir` and the simulated clock starting at
 * `clockStart`, and waits until it answers. The MAIL lines go to the shared mail log (E2E_MAIL_LOG_FILE), where
 * support.ts's mailedCode reads them: every test's email address is its own.
 */
export async function startServer(opts: { port: number; dataDir: string; clockStart: string }): Promise<OwnServer> {
  const baseURL = `http://localhost:${opts.port}`;
  const output: string[] = [];
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      MAIL_LOG_FILE: process.env.E2E_MAIL_LOG_FILE ?? path.join(opts.dataDir, 'mail.log'),
      LOG_LEVEL: 'warn',
      SIM_CLOCK_START: opts.clockStart,
      OPERATOR_TOTP_REQUIRED: 'false',
    },
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: OwnServer = {
    baseURL,
    dataDir: opts.dataDir,
    now: () => Date.parse(opts.clockStart) + (Date.now() - spawnedAt),
    stop: () => stopProcess(child, exited),
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}):\n${output.join('')}`);
    const up = await fetch(`${baseURL}/web/appVersion/getPublishAppVersion`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`the server did not answer on ${baseURL} within 120 s:\n${output.join('')}`);
}

async function stopProcess(child: ChildProcess, exited: Promise<void>) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid;
  /** Sends `name` to the group (0 only tests it): false once none of the group is left. */
  const signal = (name: NodeJS.Signals | 0) => {
    try {
      process.kill(group, name);
      return true;
    } catch {
      return false;
    }
  };
  // The server stops its embedded PostgreSQL on SIGTERM; a restart on the same data folder needs it stopped.
  signal('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 20_000)),
  ]);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  }
  // Whatever the group still holds (a database process finishing its shutdown), and then until none of it is left:
  // a restart on the same data folder must not find the last server's database still there.
  signal('SIGKILL');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && signal(0)) await new Promise((r) => setTimeout(r, 50));
}
