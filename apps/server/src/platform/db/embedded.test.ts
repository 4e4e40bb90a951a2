import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

describe('the embedded PostgreSQL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beurs-embedded-'));
  fs.chmodSync(dir, 0o777);
  const taken = net.createServer();
  afterAll(() => {
    taken.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("that cannot start says why, in PostgreSQL's own words, instead of failing with nothing", async () => {
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const pg = path.join(dir, 'pg');
    // Caught as a value: `rejects.toThrow` also passes on a rejection with nothing, the failure this guards against.
    const error = await startEmbeddedPostgres({ dir: pg, port, persistent: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain(`PostgreSQL stopped while starting (${pg}, port ${port})`);
    expect(message).toMatch(/could not bind IPv4 address "127\.0\.0\.1": Address already in use/);
  }, 60_000);
});
