import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoop } from './open-loop.js';

/** A server that answers at once, except the requests arriving from 1.2 s to 1.4 s after its first: 200 ms late. */
let server: http.Server;
let url = '';
beforeAll(async () => {
  let first = 0;
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const now = performance.now();
      first ||= now;
      const since = now - first;
      setTimeout(() => res.end('{}'), since >= 1200 && since < 1400 ? 200 : 0);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe('the open-loop load generator (issue 14)', () => {
  it('answers each second of the window its own p99, so a stall shows in the second it fell in', async () => {
    const before = Date.now();
    const r = await openLoop({
      cmd: 'run',
      url,
      tokens: ['a', 'b'],
      connections: 16,
      seconds: 3,
      path: '/',
      bodies: ['{}'],
      rate: 100,
    });
    expect(r.ok).toBe(300);
    const seconds = r.bySecond!;
    expect(seconds.p99).toHaveLength(3);
    expect(seconds.from).toBeGreaterThanOrEqual(before - 1);
    expect(seconds.p99[1]).toBeGreaterThanOrEqual(190);
    expect(seconds.p99[0]).toBeLessThan(100);
    expect(seconds.p99[2]).toBeLessThan(100);
    // The whole window's p99 is the stall's: 20 of its 300 answers were late.
    expect(r.latencyMs.p99).toBeGreaterThanOrEqual(190);
  });
});
