/**
 * Auth is decided by the contract, before anything else (docs/security.md). Walks every endpoint the contracts
 * package exports (found in its namespaces, not a hand-kept list) and checks, for each:
 * - non-public: a guest (no token, or a token that is no session) gets 401 whatever it sends: no body, an empty
 *   object, wrong types, broken JSON, text/plain, a 1 MiB body and one over the body limit;
 * - operator endpoints: a customer's token gets 401, an operator below the contract's role 403 (even with a
 *   broken body), an operator with the role gets past the guard;
 * - customer endpoints: an operator's token gets 401, the customer gets past the guard;
 * - optional and public endpoints never answer a guest 401.
 */
import * as contracts from '@beurs/contracts';
import { allEndpoints, type Endpoint, OPERATOR_ROLES, type OperatorRole, roleAtLeast } from '@beurs/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { CurrentOperator, CurrentUser } from '../src/platform/auth.js';
import { operators } from '../src/platform/db/schema.js';
import { type HandlerContext, route } from '../src/platform/http.js';
import type { IdempotentRequest } from '../src/platform/idempotency.js';
import { hashPassword } from '../src/platform/passwords.js';
import { createHarness, type Harness } from './harness.js';

const isEndpoint = (value: unknown): value is Endpoint => {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<Endpoint>;
  return typeof e.method === 'string' && typeof e.path === 'string' && typeof e.auth === 'string' && !!e.request;
};

/** Every endpoint object the contracts package exports, at its top level or one namespace down (auth, wallet, ...). */
function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const add = (e: Endpoint) => {
    const key = `${e.method} ${e.path}`;
    const known = found.get(key);
    if (known && known !== e) throw new Error(`two contract endpoints for ${key}`);
    found.set(key, e);
  };
  for (const value of Object.values(contracts)) {
    if (isEndpoint(value)) add(value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.values(value)) if (isEndpoint(inner)) add(inner);
    }
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

const endpoints = contractEndpoints();
const keyOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
/** Routes that are not contract endpoints on purpose (signed files, API reference, the quotes WebSocket). */
const NON_CONTRACT = [/^\/web\/file\/:id$/, /^\/web\/docs/, /^\/web\/ws\/quotes$/];

/** A value the path parameter's schema accepts: an id, an asset class, an instrument code. */
function plausible(schema: z.ZodType | undefined): string {
  for (const candidate of ['1', 'stock', 'AAPL', 'EUR'])
    if (!schema || schema.safeParse(candidate).success) return candidate;
  return '1';
}
function urlOf(e: Endpoint, query = '') {
  const shape = (e.params as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  const path = e.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => encodeURIComponent(plausible(shape[name])));
  return `/web${path}${query}`;
}

/** A body with every field of the request of the wrong type (or, for a request without fields, not an object). */
function wrongTypes(e: Endpoint): unknown {
  const shape = (e.request as { shape?: Record<string, unknown> }).shape ?? {};
  const body = Object.fromEntries(Object.keys(shape).map((k) => [k, [[null], { nested: true }]]));
  return Object.keys(body).length > 0 && !e.request.safeParse(body).success ? body : [1, 'two'];
}
function wrongQuery(e: Endpoint) {
  const keys = Object.keys((e.request as { shape?: Record<string, unknown> }).shape ?? {});
  return `?${[...keys, 'page', 'pageSize'].map((k) => `${k}=%5B%5Bnull%5D%5D`).join('&')}`;
}

const MiB = 1024 * 1024;
type Sent = { name: string; payload?: string; type?: string; query?: string };
/** What a guest sends; each must answer 401 on a non-public endpoint. */
function guestSends(e: Endpoint): Sent[] {
  if (e.method === 'GET') return [{ name: 'no query' }, { name: 'wrong-type query', query: wrongQuery(e) }];
  return [
    { name: 'no body' },
    { name: 'empty object', payload: '{}', type: 'application/json' },
    { name: 'wrong types', payload: JSON.stringify(wrongTypes(e)), type: 'application/json' },
    { name: 'invalid JSON', payload: '{"unterminated": ', type: 'application/json' },
    { name: 'text/plain', payload: 'hello', type: 'text/plain' },
    { name: '1 MiB JSON', payload: JSON.stringify({ pad: 'x'.repeat(MiB - 16) }), type: 'application/json' },
    { name: 'over the body limit', payload: JSON.stringify({ pad: 'x'.repeat(MiB + 16) }), type: 'application/json' },
  ];
}
/** A request the contract refuses (so no handler runs), to show which answer comes from the guard. */
const refused = (e: Endpoint): Sent =>
  e.method === 'GET'
    ? { name: 'wrong-type query', query: wrongQuery(e) }
    : { name: 'invalid JSON', payload: '{"unterminated": ', type: 'application/json' };

let h: Harness;
let customer: string;
const operatorTokens = {} as Record<OperatorRole, string>;

/** Raw: every endpoint of the list, with whatever body and content type the case builds (often an invalid one). */
async function send(e: Endpoint, sent: Sent, token?: string) {
  const res = await h.app.inject({
    method: e.method,
    url: urlOf(e, sent.query),
    headers: { ...(token ? { authorization: token } : {}), ...(sent.type ? { 'content-type': sent.type } : {}) },
    ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
  });
  const body = res.json() as { code: number; msg: string; data: unknown };
  expect(res.statusCode, `${keyOf(e)} ${sent.name}: status mirrors code`).toBe(body.code);
  return body;
}

beforeAll(async () => {
  h = await createHarness();
  customer = (await h.registerUser()).token;
  const password = 'WalkPass1';
  const passwordHash = await hashPassword(password);
  for (const role of OPERATOR_ROLES) {
    await h.db.insert(operators).values({ username: `walk_${role}`, passwordHash, role });
    const login = await h.call(contracts.consoleApi.consoleLogin, { username: `walk_${role}`, password });
    if (login.status !== 200) throw new Error(`console login ${role}: ${JSON.stringify(login.body)}`);
    operatorTokens[role] = login.body.data.token;
  }
});

describe('the contract decides auth', () => {
  it('every contract endpoint is a route, every /web route a contract endpoint, and allEndpoints lists them all', () => {
    expect(endpoints.length).toBeGreaterThan(100);
    const routes = new Set(
      h.routes
        .filter((r) => r.url.startsWith('/web/') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .filter((r) => !NON_CONTRACT.some((re) => re.test(r.url)))
        .map((r) => `${r.method} ${r.url.slice('/web'.length)}`),
    );
    const contract = new Set(endpoints.map(keyOf));
    expect(
      [...contract].filter((k) => !routes.has(k)),
      'contract endpoints without a route',
    ).toEqual([]);
    expect(
      [...routes].filter((k) => !contract.has(k)),
      'routes without a contract endpoint',
    ).toEqual([]);
    expect(new Set(allEndpoints.map(keyOf)), 'allEndpoints (OpenAPI, fuzz test)').toEqual(contract);
  });

  it('handlers get the caller and idempotent request the contract promises (checked by tsc)', () => {
    type Ctx<E extends Endpoint> = HandlerContext<E>;
    expectTypeOf<Ctx<typeof contracts.wallet.transfer>['user']>().toEqualTypeOf<CurrentUser>();
    expectTypeOf<Ctx<typeof contracts.wallet.transfer>['idempotency']>().toEqualTypeOf<IdempotentRequest>();
    expectTypeOf<Ctx<typeof contracts.wallet.getWalletBalance>>().not.toHaveProperty('idempotency');
    expectTypeOf<Ctx<typeof contracts.consoleApi.consoleMe>['operator']>().toEqualTypeOf<CurrentOperator>();
    expectTypeOf<Ctx<typeof contracts.consoleApi.consoleMe>>().not.toHaveProperty('user');
    expectTypeOf<Ctx<typeof contracts.market.stockDetail>['user']>().toEqualTypeOf<CurrentUser | undefined>();
    expectTypeOf<Ctx<typeof contracts.auth.loginByUsername>>().not.toHaveProperty('user');
  });

  it('route() refuses a hand-written session guard, and an idempotent endpoint without a caller', async () => {
    const app = Fastify();
    app.decorate('sessions', h.deps.sessions);
    app.decorate('clock', h.clock);
    const never = () => {
      throw new Error('not called');
    };
    const { requireUser, optionalUser, requireOperator } = h.deps.sessions;
    // Even a guard that agrees with the contract: it would run after the body was parsed.
    expect(() => route(app, contracts.wallet.getWalletBalance, never, { preHandler: [requireUser] })).toThrow(
      /POST \/wallet\/getWalletBalance: auth comes from the contract \(auth 'user'\)/,
    );
    expect(() => route(app, contracts.market.stockList, never, { preHandler: [optionalUser] })).toThrow(/contract/);
    expect(() =>
      route(app, contracts.consoleApi.consoleAudit, never, { preHandler: [requireOperator('reviewer')] }),
    ).toThrow(/auth 'operator', role 'admin'/);
    expect(() => route(app, { ...contracts.wallet.transfer, auth: 'optional' as const }, never)).toThrow(/idempotent/);
    await app.close();
  });

  it('every idempotent endpoint has a caller to scope its keys, and only operator endpoints name a role', () => {
    for (const e of endpoints) {
      if (e.idempotent) expect(['user', 'operator'], keyOf(e)).toContain(e.auth);
      if (e.role) expect(e.auth, keyOf(e)).toBe('operator');
    }
  });

  it.each(endpoints.map((e) => [`${keyOf(e)} (${e.auth}${e.role ? ` ${e.role}` : ''})`, e] as const))(
    '%s',
    async (_name, e) => {
      if (e.auth === 'public' || e.auth === 'optional') {
        const guest = await send(e, { name: 'guest' });
        expect([401, 403], `${keyOf(e)}: a guest`).not.toContain(guest.code);
        if (e.auth === 'optional') expect((await send(e, refused(e), customer)).code).not.toBe(401);
        return;
      }
      const noSession = 'Bearer 0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
      for (const sent of guestSends(e)) {
        for (const token of [undefined, noSession]) {
          const answer = await send(e, sent, token);
          expect(answer, `${keyOf(e)} guest${token ? ' with a stale token' : ''}, ${sent.name}`).toMatchObject({
            code: 401,
            data: null,
          });
        }
      }
      if (e.method === 'GET') {
        // Fastify answers HEAD from the GET route, with the same hooks.
        // Raw: HEAD is no contract's method.
        const head = await h.app.inject({ method: 'HEAD', url: urlOf(e) });
        expect(head.statusCode, `HEAD ${e.path} as a guest`).toBe(401);
      }
      if (e.auth === 'user') {
        for (const role of OPERATOR_ROLES) {
          expect((await send(e, refused(e), operatorTokens[role])).code, `${keyOf(e)}: ${role}'s token`).toBe(401);
        }
        expect([401, 403], `${keyOf(e)}: the customer`).not.toContain((await send(e, refused(e), customer)).code);
        return;
      }
      expect((await send(e, refused(e), customer)).code, `${keyOf(e)}: a customer's token`).toBe(401);
      const needs = e.role ?? 'reviewer';
      for (const role of OPERATOR_ROLES) {
        const answer = await send(e, refused(e), operatorTokens[role]);
        if (roleAtLeast(role, needs)) expect([401, 403], `${keyOf(e)}: ${role}`).not.toContain(answer.code);
        else expect(answer, `${keyOf(e)}: ${role} below ${needs}`).toMatchObject({ code: 403, data: null });
      }
    },
  );
});
