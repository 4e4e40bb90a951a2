/**
 * Crash safety in the unit tests: one round of bench/crash for transfers and one for orders (the real server in
 * a child process on a fresh database of the test PostgreSQL, requests with Idempotency-Keys, kill -9 mid-load,
 * restart), then every acknowledged request is there and replays the same answer, and the books are whole. `npm run bench --
 * crash` runs three rounds and writes bench/reports/crash.md.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { crashTest, ORDERS, TRANSFERS } from '../../../bench/crash/crash.js';
import { freePort } from '../src/platform/db/embedded.js';
import { freshDatabase } from './harness.js';

for (const operation of [TRANSFERS, ORDERS]) {
  it(`loses no acknowledged ${operation.name} and leaves no partial entry when the server is killed mid-load`, async () => {
    const { db, url } = await freshDatabase();
    await db.$client.end();
    const dataDir = await fs.mkdtemp(path.join(inject('scratchDir'), 'crash-'));
    const result = await crashTest({
      operation,
      databaseUrl: url,
      dataDir,
      port: await freePort(),
      rounds: 1,
      users: 4,
      concurrency: 8,
      killAfterAcks: [40, 120],
      log: () => undefined,
    });
    expect(result.problems.slice(0, 5)).toEqual([]);
    expect(result.acked).toBeGreaterThanOrEqual(40);
    expect(result.ackedReplayedSame).toBe(result.acked);
    expect(result.inFlight).toBeGreaterThan(0);
    expect(result.written).toBe(result.storedKeys);
    expect(result.passed).toBe(true);
  }, 120_000);
}
