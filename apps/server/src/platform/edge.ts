/**
 * The HTTP edge: security headers on every answer (the API's JSON answers what data needs; the customer app, the
 * console, the API reference and the customers' files (asDocument) the page's policy; static files that are not
 * documents without the document-only ones) and the built clients served precompressed with caching that suits their
 * file names. docs/security.md "The HTTP edge".
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** A Host header that is a host name or address with an optional port, so it can go into a header as is. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The live-quotes socket of this host. CSP Level 3 lets 'self' cover ws:/wss: of the same host, but not every
 * browser in use follows it yet; naming the socket's origin costs nothing.
 */
const socketOrigins = (req: IncomingMessage) => {
  const host = req.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * helmet's middleware, built once: @fastify/helmet calls helmet(options) on every request, which parses and dashifies
 * the directives again each time (about 1.4 % of an order's server CPU in the orders bench profile, 2 Dec).
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // No inline script anywhere: the clients and the API reference load theirs from files.
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // antd and antd-mobile write their CSS-in-JS into <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // data: for inline SVG icons, blob: for the preview of a picture being uploaded.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", socketOrigins],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
    },
  },
  // Only when the request came over TLS (below); an HSTS header on plain HTTP would be a promise not kept.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  // Older browsers read this instead of frame-ancestors.
  frameguard: { action: 'deny' },
});

type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * helmet's headers for a Host, worked out once: only the policy's connect-src (socketOrigins) depends on the
 * request, and through the Host alone, while running the middleware validates and joins every directive again
 * (about 2 % of an order's server CPU in the orders bench profile, 4 Dec). A few Hosts are remembered (the names
 * the server is reached by); beyond that a Host is worked out each time, so made-up Hosts cannot grow the map.
 */
const headersByHost = new Map<string, HeaderList>();
const HOSTS_REMEMBERED = 32;

function securityHeadersFor(req: IncomingMessage): HeaderList {
  const host = req.headers.host ?? '';
  const known = headersByHost.get(host);
  if (known) return known;
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, String(value)]),
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader: () => {},
  };
  securityHeaders(req, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  if (!headers.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('helmet set no Content-Security-Policy (did its middleware become asynchronous?)');
  }
  if (headersByHost.size < HOSTS_REMEMBERED) headersByHost.set(host, headers);
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP's REST security headers): it is data, never a page. Opened on its own
 * it may load nothing and be framed by nobody, nosniff keeps it from being taken for a script or a style, and
 * another site cannot embed it. helmet's page headers (the page's policy with its sources, the opener policy,
 * Origin-Agent-Cluster and the legacy switches) act on documents only: about 0.56 KB less on every answer.
 */
const JSON_ANSWER_HEADERS: HeaderList = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/**
 * The API's JSON answers, errors and 404s: everything under /web/ but the API reference (a page with its scripts).
 * A route under /web/ that answers something a browser shows as a document says so itself (asDocument).
 */
const answersJson = (url: string) => url.startsWith('/web/') && !url.startsWith('/web/docs');

/**
 * For a route under /web/ whose answer a browser shows as a document (a customer's image opened on its own): the
 * page's headers instead of the JSON answer's, which they replace name for name.
 */
export function asDocument(reply: FastifyReply): FastifyReply {
  for (const [name, value] of securityHeadersFor(reply.request.raw)) reply.raw.setHeader(name, value);
  return reply;
}

export async function installSecurityHeaders(app: FastifyInstance) {
  // On every answer, before any handler: the JSON answer's headers, or helmet's on the raw response.
  app.addHook('onRequest', (req, reply, done) => {
    const headers = answersJson(req.url) ? JSON_ANSWER_HEADERS : securityHeadersFor(req.raw);
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  // req.protocol is https only over TLS: behind a proxy that TRUST_PROXY trusts, from its X-Forwarded-Proto.
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * What the API reads, compressed for a client that asks (brotli, else gzip): only GET answers under /web/ of 1 KB
 * or more. A market list with its sparklines is 18 KB of JSON and 4-5 KB compressed, on the critical path of the
 * market tab's first paint. Left out:
 * - requests that change something (sign-in, money, orders): their answers are small, and a secret (a token) never
 *   shares a compressed body with what the request sent back (BREACH);
 * - the built clients, already compressed at build time (serveClients), and the quotes socket;
 * - compressed request bodies (`globalDecompression: false`): a body limit counts what arrives, not what it inflates
 *   to.
 * Must run before any route is declared (its onRoute hook decides per route) and before @fastify/static.
 */
export async function installCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const read = methods.every((method) => method === 'GET' || method === 'HEAD');
    if (!read || !route.url.startsWith('/web/') || 'websocket' in route) route.compress = false;
  });
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
}

/**
 * Answers Fastify makes before any hook runs (a malformed URL, an over-long path parameter) get the headers a JSON
 * error needs: nothing may load from it, frame it or sniff it.
 */
export function lockedDown(reply: FastifyReply): FastifyReply {
  return reply.headers(Object.fromEntries(JSON_ANSWER_HEADERS));
}

/**
 * What only a document acts on: the page's policy, framing, referrer, window and legacy browser switches. A script,
 * stylesheet, image or font loaded by a page ignores them (the page's own policy governs it), so a static file that
 * is not a document goes without them (about 0.55 KB a file).
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * What a built file that is not a document needs besides its body, and why; everything else is taken off (every
 * byte of headers is paid again for each of the first visit's ~50 scripts over HTTP/1.1):
 * - content-type, content-length, content-encoding: how to read the body (set by @fastify/static);
 * - vary: accept-encoding: a cache must not hand the brotli twin to a client that did not ask for it;
 * - cache-control: a year and immutable for hashed names, no-cache for the rest;
 * - x-content-type-options: nosniff: a script or style is run only if its type says so;
 * - date: HTTP wants it from a server with a clock, caches reckon age from it (with Node's connection headers).
 * Taken off besides the document-only ones: cross-origin-resource-policy, as the build is the same public bytes
 * for everyone (nothing for another site that embeds it to learn; the customer's files at /files keep it), and for
 * hashed files the revalidation and range validators (etag, last-modified, accept-ranges): an immutable file is
 * never revalidated, and a script or style is never fetched in parts.
 */
const NOT_FOR_RESOURCES = [...DOCUMENT_ONLY_HEADERS, 'cross-origin-resource-policy'];
const NOT_FOR_IMMUTABLE = ['etag', 'last-modified', 'accept-ranges'];

/**
 * Static files that are documents: pages, the service worker (its policy is what the worker may fetch) and SVG,
 * which runs script when opened on its own. Named as on disk, maybe with the .br/.gz twin's extension.
 */
const isDocument = (file: string) => {
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  return name === 'sw.js' || /\.(html|svg)$/.test(name);
};

/**
 * Hashed build output (Vite's /assets/) never changes under its name; everything else is checked each time.
 * Files that are not documents shed what only a document or a private answer needs (above).
 */
export function staticFileHeaders(reply: FastifyReply, file: string) {
  const hashed = file.split(path.sep).includes('assets');
  reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  // helmet writes to the raw response (an onRequest hook), so that is where its headers are taken off.
  if (!isDocument(file)) for (const name of NOT_FOR_RESOURCES) reply.raw.removeHeader(name);
  if (hashed && !isDocument(file)) for (const name of NOT_FOR_IMMUTABLE) reply.removeHeader(name);
}

/** The built customer app at / and the console at /console/, with their .br/.gz twins made at build time. */
export function serveClients(app: FastifyInstance, config: Config) {
  const has = (dir: string) => fs.existsSync(path.join(dir, 'index.html'));
  const common = {
    wildcard: true,
    // A list: with preCompressed, @fastify/static finds the index of / only from a list (a string answers 404).
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: staticFileHeaders,
  };
  if (has(config.webDist)) {
    app.register(fastifyStatic, { ...common, root: config.webDist, prefix: '/' });
  }
  if (has(config.consoleDist)) {
    app.register(fastifyStatic, {
      ...common,
      root: config.consoleDist,
      prefix: '/console/',
      decorateReply: !has(config.webDist),
    });
    // The wildcard route does not answer the bare folder; /console and /console/ open the app.
    app.get('/console/', (_req, reply) => reply.sendFile('index.html', config.consoleDist));
  }
}
