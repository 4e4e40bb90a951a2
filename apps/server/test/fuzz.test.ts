/**
 * Walks every registered /web route and sends it many schema-invalid bodies, queries and path
 * parameters: every answer must be an envelope whose HTTP status mirrors its code, a 4xx for
 * input the contract rejects, and never a 5xx. Routes added by later modules are covered as
 * soon as they are in `allEndpoints`; a route missing from it fails the first test.
 */
import { allEndpoints, consoleApi, type Endpoint } from '@beurs/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../src/platform/db/schema.js';
import { hashPassword } from '../src/platform/passwords.js';
import { createHarness, type Harness } from './harness.js';

let h: Harness;
let userToken: string;
let operatorToken: string;

/** Routes that are not contract endpoints on purpose (signed files, API reference, the quotes WebSocket). */
const NON_CONTRACT = [/^\/web\/file\/:id$/, /^\/web\/docs/, /^\/web\/ws\/quotes$/];

beforeAll(async () => {
  h = await createHarness();
  userToken = (await h.registerUser()).token;
  await h.db
    .insert(operators)
    .values({ username: 'fuzz', passwordHash: await hashPassword('FuzzPass1'), role: 'admin' });
  operatorToken = (await h.call(consoleApi.consoleLogin, { username: 'fuzz', password: 'FuzzPass1' })).body.data.token;
});

const nasty: unknown[] = [
  null,
  [],
  'string',
  0,
  -1,
  1e308,
  true,
  { __proto__: { admin: true } },
  { constructor: { prototype: { polluted: true } } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { email: 'a'.repeat(100_000) },
  { username: ['array'], password: { nested: true } },
  { id: '1; drop table users' },
  { id: -1 },
  { id: 1e30 },
  { page: 0, pageSize: 10_000 },
  { amount: 'NaN' },
  { type: "brand' or 1=1 --" },
  Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, i])),
];

function bodiesFor(endpoint: Endpoint): unknown[] {
  const random = fc.sample(fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }), {
    numRuns: 40,
    seed: endpoint.path.length * 7919,
  });
  const objects = fc.sample(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), {
    numRuns: 20,
    seed: endpoint.path.length * 104729,
  });
  // What the server sees is the JSON form of the value; keep only what the contract refuses.
  const asSent = (b: unknown) => {
    const json = JSON.stringify(b);
    return json === undefined ? undefined : JSON.parse(json);
  };
  return [...nasty, ...random, ...objects].filter((b) => !endpoint.request.safeParse(asSent(b)).success);
}

const tokenFor = (e: Endpoint) => (e.auth === 'operator' ? operatorToken : userToken);
const withParams = (path: string, value: string) => path.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(value));

function expectEnvelope(res: { statusCode: number; body: string }, context: string) {
  let body: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new Error(`${context}: not JSON: ${res.body.slice(0, 200)}`);
  }
  expect(typeof body.code, context).toBe('number');
  expect(typeof body.msg, context).toBe('string');
  expect('data' in body, context).toBe(true);
  expect(res.statusCode, context).toBe(body.code);
  expect(res.statusCode, context).toBeLessThan(500);
  return body.code as number;
}

describe('fuzz: every route answers bad input with a 4xx envelope', () => {
  it('every /web route is a contract endpoint', () => {
    const known = new Set(allEndpoints.map((e) => `${e.method} /web${e.path}`));
    const missing = h.routes
      .filter((r) => r.url.startsWith('/web/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => !NON_CONTRACT.some((re) => re.test(r.url)))
      .filter((r) => !known.has(`${r.method} ${r.url}`));
    expect(missing).toEqual([]);
  });

  it.each(allEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_name, endpoint) => {
    const bodies = bodiesFor(endpoint);
    expect(bodies.length).toBeGreaterThan(10);
    const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const paramValues = ['0', '-1', 'abc', '1e99', '%00', "1' or '1'='1", 'x'.repeat(300)];
    for (const [i, body] of bodies.entries()) {
      const path = withParams(endpoint.path, paramValues[i % paramValues.length] ?? '0');
      const pairs: Array<[string, string]> =
        body && typeof body === 'object' && !Array.isArray(body)
          ? Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])
          : [['q', JSON.stringify(body) ?? '']];
      const url = isQuery ? `/web${path}?${new URLSearchParams(pairs).toString()}` : `/web${path}`;
      // Raw: drawn bodies and path parameters of any shape, which the contract's types refuse.
      const res = await h.app.inject({
        method: endpoint.method,
        url,
        headers: { authorization: tokenFor(endpoint), 'content-type': 'application/json', 'accept-language': 'nl' },
        ...(isQuery ? {} : { payload: JSON.stringify(body) ?? 'undefined' }),
      });
      const code = expectEnvelope(res, `${endpoint.method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`);
      if (!isQuery && !endpoint.params)
        expect(code, `${endpoint.path} accepted ${JSON.stringify(body)?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    }
    // Broken JSON and wrong content types.
    if (!isQuery) {
      for (const [payload, type] of [
        ['{"unterminated": ', 'application/json'],
        ['', 'application/json'],
        ['a=b', 'application/x-www-form-urlencoded'],
        ['<xml/>', 'text/xml'],
      ] as const) {
        // Raw: a content type no contract takes.
        const res = await h.app.inject({
          method: endpoint.method,
          url: `/web${withParams(endpoint.path, '1')}`,
          headers: { authorization: tokenFor(endpoint), 'content-type': type },
          payload,
        });
        expectEnvelope(res, `${endpoint.path} with ${type} ${payload}`);
      }
    }
  });
});
