/**
 * The reference of the money benches: pgbench's built-in TPC-B-like script on the same PostgreSQL, in a
 * database of its own (or a script of our own on the app's database), with per-transaction logs for its
 * latency percentiles.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { track } from '../lib/children.js';
import { percentile } from '../lib/stats.js';

export interface PgbenchRun {
  tps: number;
  transactions: number;
  failed: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  output: string;
}

/** The pgbench binary, or null (with the reason) when it is not installed. */
export function findPgbench(): { bin: string; version: string } | null {
  for (const bin of ['/usr/bin/pgbench', 'pgbench']) {
    try {
      const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
      return { bin, version };
    } catch {
      // not here
    }
  }
  return null;
}

function pgbench(bin: string, args: string[], timeoutMs: number): Promise<{ out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = track(spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr?.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ out, err });
      else reject(new Error(`pgbench ${args[0]} ended with ${signal ?? `code ${code}`}: ${err.slice(-500)}`));
    });
  });
}

/** `pgbench -i -s <scale>`, server-side data generation; answers the seconds it took. */
export async function initPgbench(bin: string, url: string, scale: number): Promise<number> {
  const started = performance.now();
  await pgbench(bin, ['-i', '-q', '-s', String(scale), '-I', 'dtGvp', url], 600_000);
  return (performance.now() - started) / 1000;
}

/**
 * \`pgbench -c <clients> -j <threads> -T <seconds>\` with the default (TPC-B-like) script, or with
 * \`script\` (written to a file in logDir's parent) and its \`-D\` variables.
 */
export async function runPgbench(
  bin: string,
  url: string,
  opts: {
    clients: number;
    threads: number;
    seconds: number;
    logDir: string;
    script?: string;
    defines?: Record<string, string | number>;
    /** pgbench's query mode: simple (its default, as for TPC-B) or prepared (as the app's hot path). */
    protocol?: 'simple' | 'prepared';
  },
): Promise<PgbenchRun> {
  await fs.rm(opts.logDir, { recursive: true, force: true });
  await fs.mkdir(opts.logDir, { recursive: true });
  const prefix = path.join(opts.logDir, 'tx');
  const scriptArgs: string[] = [];
  if (opts.script) {
    const file = path.join(path.dirname(opts.logDir), 'pgbench-script.sql');
    await fs.writeFile(file, opts.script);
    scriptArgs.push('-f', file, ...Object.entries(opts.defines ?? {}).flatMap(([k, v]) => ['-D', `${k}=${v}`]));
  }
  const { out } = await pgbench(
    bin,
    [
      '-n',
      ...scriptArgs,
      '-M',
      opts.protocol ?? 'simple',
      '-c',
      String(opts.clients),
      '-j',
      String(opts.threads),
      '-T',
      String(opts.seconds),
      '-l',
      `--log-prefix=${prefix}`,
      url,
    ],
    (opts.seconds + 120) * 1000,
  );
  const tps = Number(out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1] ?? Number.NaN);
  const transactions = Number(out.match(/number of transactions actually processed: (\d+)/)?.[1] ?? Number.NaN);
  const failed = Number(out.match(/number of failed transactions: (\d+)/)?.[1] ?? 0);
  // One line per transaction: client_id transaction_no time_us script_no time_epoch time_us_of_epoch ...
  const latencies: number[] = [];
  for (const file of await fs.readdir(opts.logDir)) {
    const text = await fs.readFile(path.join(opts.logDir, file), 'utf8');
    for (const line of text.split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) latencies.push(us / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    tps,
    transactions,
    failed,
    latencyMs: {
      mean: latencies.reduce((a, b) => a + b, 0) / latencies.length,
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? Number.NaN,
    },
    output: out,
  };
}
