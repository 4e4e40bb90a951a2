import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_AUTO_WORKERS, startWorkerPool, workerCount } from './workers.js';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/workers/pool-worker.mjs');

/** The pid of the worker that answers a fresh connection. */
const pidAt = (port: number) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(Number(body)));
      })
      .on('error', reject);
  });

async function until(test: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('workerCount', () => {
  it('reads WORKERS', () => {
    expect(workerCount(undefined, 4)).toBe(1);
    expect(workerCount('', 4)).toBe(1);
    expect(workerCount('1', 4)).toBe(1);
    expect(workerCount('3', 4)).toBe(3);
    expect(workerCount('auto', 4)).toBe(4);
    expect(workerCount(' AUTO ', 1)).toBe(1);
    expect(workerCount('auto', 64)).toBe(MAX_AUTO_WORKERS);
    for (const bad of ['0', '-2', '1.5', 'two', '65']) expect(() => workerCount(bad, 4)).toThrow(/WORKERS/);
  });
});

describe('startWorkerPool', () => {
  it('forks workers that share one port, replaces one that dies, and stops them all', async () => {
    cluster.setupPrimary({ exec: fixture, execArgv: [] });
    const failed: string[] = [];
    const pool = startWorkerPool({
      count: 2,
      onFailed: (reason) => failed.push(reason),
      log: () => undefined,
      restartDelayMs: 50,
    });
    try {
      const port = await pool.ready;
      const pids = pool.workers().map((w) => w.process.pid);
      expect(pids).toHaveLength(2);
      // Connections are handed out round-robin: both workers answer.
      const answered = new Set(await Promise.all(Array.from({ length: 6 }, () => pidAt(port))));
      expect([...answered].sort()).toEqual([...pids].sort());

      pool.workers()[0]!.process.kill('SIGKILL');
      await until(() => pool.workers().length === 2 && !pool.workers().some((w) => w.process.pid === pids[0]));
      await until(() => pool.workers().every((w) => w.isConnected()));
      expect(await pidAt(port)).toBeGreaterThan(0);
    } finally {
      await pool.stop();
    }
    expect(pool.workers()).toEqual([]);
    expect(failed).toEqual([]);
  });

  it('reports a worker that ends before it listens, without restarting it', async () => {
    cluster.setupPrimary({ exec: fixture, execArgv: [] });
    const failed: string[] = [];
    const pool = startWorkerPool({
      count: 2,
      env: { POOL_WORKER_FAIL: '1' },
      onFailed: (reason) => failed.push(reason),
      log: () => undefined,
      restartDelayMs: 50,
    });
    await expect(pool.ready).rejects.toThrow(/before it listened/);
    await pool.stop();
    expect(failed).toHaveLength(1);
    expect(pool.workers()).toEqual([]);
  });
});
