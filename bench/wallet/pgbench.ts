/**
 * The reference of the wallet bench: pgbench's built-in TPC-B-like script on the same PostgreSQL, in a
 * database of its own, with per-transaction logs for its latency percentiles.
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
 * The statements a transfer sends (9, counted by bench/wallet/breakdown.ts), as a pgbench script on the app's
 * own database: session lookup, then BEGIN, idempotency key, journal entry, the two guarded balance updates in
 * id order, the two postings with their balances after, the stored answer, END. Same tables, indexes, foreign
 * keys and deferred balance trigger as the app; client `c` moves 1.00 between the BALANCE and STOCK wallets of
 * customer `uidmin + c`, so clients never share a row, as in the app's load.
 */
export const TRANSFER_SCRIPT = `\\set uid :uidmin + (:client_id % :users)
\\set r random(1, 2000000000)
SELECT s.id, s.user_id, u.disabled FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.user_id = :uid AND s.revoked_at IS NULL LIMIT 1;
BEGIN;
INSERT INTO idempotency_keys (scope, key, endpoint, request_hash, created_at) VALUES ('pgbench:' || :uid, 'k' || :client_id || '-' || :r, '/web/wallet/transfer', 'pgbench', now()) ON CONFLICT DO NOTHING;
INSERT INTO journal_entries (type, detail, created_at) VALUES ('transfer', '{"from": "BALANCE", "to": "STOCK"}', now()) RETURNING id AS entry_id \\gset
UPDATE ledger_accounts SET balance = balance - 1.00 WHERE user_id = :uid AND wallet = 'BALANCE' AND balance - held - 1.00 >= 0 RETURNING id AS a_id, balance AS a_bal \\gset
UPDATE ledger_accounts SET balance = balance + 1.00 WHERE user_id = :uid AND wallet = 'STOCK' AND balance - held + 1.00 >= 0 RETURNING id AS b_id, balance AS b_bal \\gset
INSERT INTO ledger_postings (entry_id, account_id, currency, amount, balance_after, created_at) VALUES (:entry_id, :a_id, 'EUR', -1.00, :a_bal, now()), (:entry_id, :b_id, 'EUR', 1.00, :b_bal, now()) RETURNING id, entry_id, account_id, currency, amount, balance_after, created_at;
UPDATE idempotency_keys SET response = '{"entryId": 0}' WHERE scope = 'pgbench:' || :uid AND key = 'k' || :client_id || '-' || :r;
END;
`;

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
