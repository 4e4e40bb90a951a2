/**
 * The HTTP edge: security headers on every answer (the API's JSON answers what data needs; the customer app, the
 * console and the API reference the page's policy; a hashed script only what a public, immutable resource needs),
 * HSTS only when a trusted proxy says the request came over TLS, and the built clients served from their
 * precompressed twins with hashed assets cached for a year and index.html revalidated. The clients here are a
 * temporary dist folder laid out as Vite builds it (the .br/.gz made with zlib, as vite-plugin-compression2 does).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { trading as tradingApi } from '@beurs/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness, type Harness } from './harness.js';
import { placeOrder, STOCK_TERMS, trader } from './trading.js';

const JS = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`;

async function writeDist(dir: string, base: string) {
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><script type="module" src="${base}assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>`,
    'assets/index-AbC123.js': JS,
    // The customer app's service worker (vite-plugin-pwa).
    ...(base === '/' ? { 'sw.js': 'self.skipWaiting();\n' } : {}),
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    await fs.writeFile(file, text);
    await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(text));
    await fs.writeFile(`${file}.gz`, zlib.gzipSync(text));
  }
}

let h: Harness;
let proxied: Harness;

beforeAll(async () => {
  const root = await fs.mkdtemp(path.join(inject('scratchDir'), 'dist-'));
  const webDist = path.join(root, 'web');
  const consoleDist = path.join(root, 'console');
  await writeDist(webDist, '/');
  await writeDist(consoleDist, '/console/');
  h = await createHarness({ serveClients: true, config: { webDist, consoleDist } });
  proxied = await createHarness({ config: { trustProxy: true } });
});

/** Raw: the edge is about each answer's headers (which the typed call does not return), for any address. */
const get = (url: string, headers: Record<string, string> = {}, app = h.app) =>
  app.inject({ method: 'GET', url, headers: { host: 'kade.example:3000', ...headers } });

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives['default-src'], what).toEqual(["'self'"]);
  expect(directives['script-src'], what).toEqual(["'self'"]);
  expect(csp, what).not.toContain('unsafe-eval');
  expect(directives['script-src-attr'], what).toEqual(["'none'"]);
  expect(directives['frame-ancestors'], what).toEqual(["'none'"]);
  expect(directives['object-src'], what).toEqual(["'none'"]);
  expect(directives['connect-src'], what).toEqual(["'self'", 'ws://kade.example:3000', 'wss://kade.example:3000']);
  expect(directives['img-src'], what).toEqual(["'self'", 'data:', 'blob:']);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['x-frame-options'], what).toBe('DENY');
  // Plain HTTP: no promise of HTTPS.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

describe('security headers', () => {
  it("on the API's JSON answers, errors and 404s: what data needs, no page policy", async () => {
    const user = await h.registerUser();
    // Raw: the headers of each answer are what is checked; the 400 sends a NUL the contract's checks refuse.
    const answers = [
      [
        'an API answer',
        await h.app.inject({
          method: 'POST',
          url: '/web/api/user/info',
          payload: {},
          headers: { host: 'kade.example:3000', authorization: user.token },
        }),
      ],
      [
        'a 401',
        await h.app.inject({
          method: 'POST',
          url: '/web/api/user/info',
          payload: {},
          headers: { host: 'kade.example:3000' },
        }),
      ],
      [
        'a 400',
        await h.app.inject({
          method: 'POST',
          url: '/web/loginByUsername',
          headers: { host: 'kade.example:3000' },
          payload: { username: 'a\u0000' },
        }),
      ],
      ['a 404', await get('/web/no-such-thing')],
    ] as const;
    for (const [what, res] of answers) {
      const label = `${what} (${res.statusCode})`;
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      // Opened on its own it loads nothing and is framed by nobody; never sniffed; not embedded by another site.
      expect(res.headers['content-security-policy'], label).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['x-frame-options'], label).toBe('DENY');
      expect(res.headers['referrer-policy'], label).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], label).toBe('same-origin');
      // The whole set: a page-only header of helmet's coming back fails here.
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ]) {
        expect(res.headers[name], `${label}: ${name}`).toBeUndefined();
      }
      expect(res.headers['strict-transport-security'], label).toBeUndefined();
    }
    expect(answers[0][1].statusCode).toBe(200);
  });

  it("on the API reference, a page under /web/, the page's policy", async () => {
    const res = await get('/web/docs/');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers, 'the API reference');
  });

  it('on the documents of the customer app and the console: pages and the service worker', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/console/', '/console']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers, url);
    }
  });

  it('on their hashed scripts only what a public, immutable resource needs: nosniff, no page policy, no validators', async () => {
    for (const url of ['/assets/index-AbC123.js', '/console/assets/index-AbC123.js']) {
      for (const [encoding, encoded] of [
        ['br', ['content-encoding']],
        ['identity', []],
      ] as const) {
        const res = await get(url, { 'accept-encoding': encoding });
        const what = `${url} (${encoding})`;
        expect(res.statusCode, what).toBe(200);
        expect(res.headers['x-content-type-options'], what).toBe('nosniff');
        // The whole set: a document-only header, a validator or a resource policy coming back fails here.
        expect(Object.keys(res.headers).sort(), what).toEqual(
          [
            'cache-control',
            'connection',
            'content-length',
            'content-type',
            'date',
            'vary',
            'x-content-type-options',
            ...encoded,
          ].sort(),
        );
      }
    }
  });

  it('on the answers Fastify makes before any hook (a malformed URL, an over-long parameter)', async () => {
    for (const url of ['/web/userMessage/%E0%A4%A', `/web/userMessage/${'x'.repeat(600)}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('a Host header that is not a host name stays out of the policy', async () => {
    const res = await get('/web/docs/', { host: "evil; script-src 'unsafe-inline'" });
    expect(String(res.headers['content-security-policy'])).not.toContain("unsafe-inline'; ");
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self'\s*;/);
  });

  it('each Host gets the socket origin of its own name, however often each is asked in turn (the policy is kept per Host)', async () => {
    for (const round of [1, 2]) {
      for (const host of ['a.example', 'b.example:8443', 'a.example']) {
        const res = await get('/web/docs/', { host });
        expect(String(res.headers['content-security-policy']), `${host}, round ${round}`).toMatch(
          new RegExp(`connect-src 'self' ws://${host} wss://${host};`),
        );
      }
    }
  });

  it('HSTS only over TLS as told by a trusted proxy', async () => {
    const tls = await get('/web/no-such-thing', { 'x-forwarded-proto': 'https' }, proxied.app);
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await get('/web/no-such-thing', { 'x-forwarded-proto': 'http' }, proxied.app);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY the header is anyone's to forge: ignored.
    const untrusted = await get('/web/no-such-thing', { 'x-forwarded-proto': 'https' });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('static files', () => {
  it.each([['/assets/index-AbC123.js'], ['/console/assets/index-AbC123.js']])(
    '%s is sent precompressed and cached for a year',
    async (url) => {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
      expect(br.rawPayload.length).toBeLessThan(JS.length / 10);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(JS);
    },
  );

  it.each([['/'], ['/index.html'], ['/console/'], ['/console']])(
    '%s is compressed and revalidated on every load',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
    },
  );
});

describe('compressed API answers', () => {
  const list = '/web/m_ft/stock_list?market=US&page=1&pageSize=15&withSpark=1';
  const parse = (raw: Buffer) => JSON.parse(raw.toString()) as { code: number; data: { list: unknown[] } };

  it('a market list is sent compressed to a client that asks (brotli, else gzip), as it is to one that does not', async () => {
    const plain = await get(list);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(parse(plain.rawPayload).data.list).toHaveLength(15);
    const br = await get(list, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(parse(zlib.brotliDecompressSync(br.rawPayload)).data.list).toHaveLength(15);
    const gz = await get(list, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(parse(zlib.gunzipSync(gz.rawPayload)).data.list).toHaveLength(15);
  });

  it('an answer under 1 KB is sent as it is', async () => {
    const small = await get('/web/m_ft/stock_list?market=US&page=1&pageSize=1', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('an answer to a request that changes something is never compressed (an order, replayed: over 1 KB)', async () => {
    const { token } = await trader(h, { US_STOCK: '100000' });
    const ticket = { stockCode: 'AAPL', direction: 0, quantity: 1, termsVersion: STOCK_TERMS } as const;
    const key = randomUUID();
    expect((await placeOrder(h, tradingApi.stockCreate, ticket, { token, key })).body.code).toBe(200);
    const replay = await h.app.inject({
      method: 'POST',
      url: `/web${tradingApi.stockCreate.path}`,
      headers: {
        authorization: token,
        'idempotency-key': key,
        'content-type': 'application/json',
        'accept-encoding': 'br',
      },
      payload: JSON.stringify(ticket),
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.rawPayload.length).toBeGreaterThan(1024);
    expect(replay.headers['content-encoding']).toBeUndefined();
    expect(parse(replay.rawPayload).code).toBe(200);
  });
});
