/**
 * Hostile input gets a translated 4xx and nothing else: a NUL (or another control character, or a lone surrogate)
 * in any string field of any endpoint is a 400 naming the field, before validation and before the database
 * (PostgreSQL refuses NUL in text: that was a 500 on 15 endpoints). Whole numbers are decimal digits only. An
 * oversized JSON body says so. The string fields walked are read from the contract, not from a list kept here.
 */
import { randomUUID } from 'node:crypto';
import {
  allEndpoints,
  consoleApi,
  type Endpoint,
  inbox,
  market,
  messageCatalogue,
  user as userApi,
  V,
} from '@beurs/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operators } from '../src/platform/db/schema.js';
import { findHostileText } from '../src/platform/hostile-input.js';
import { hashPassword } from '../src/platform/passwords.js';
import { createHarness, type Harness } from './harness.js';

let h: Harness;
let userToken: string;
let operatorToken: string;

beforeAll(async () => {
  h = await createHarness();
  userToken = (await h.registerUser()).token;
  const passwordHash = await hashPassword('HostilePass1');
  // The most powerful role there is, so no endpoint answers 403 before the text check.
  await h.db
    .insert(operators)
    .values({ username: 'hostile', passwordHash, role: 'supervisor' })
    .catch(() => h.db.insert(operators).values({ username: 'hostile', passwordHash, role: 'admin' }));
  const login = await h.call(consoleApi.consoleLogin, { username: 'hostile', password: 'HostilePass1' });
  operatorToken = login.body.data.token;
});

const nl = messageCatalogue.nl.validation.badCharacters;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  values?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Paths of the request fields that take a string (text, enums, decimal-string numbers), nested objects included. */
function stringPaths(schema: z.ZodType, at: string[] = [], depth = 0): string[][] {
  const def = defOf(schema);
  if (depth > 8) return [];
  switch (def.type) {
    case 'string':
    case 'enum':
      return [at];
    case 'literal':
      return def.values?.some((v) => typeof v === 'string') ? [at] : [];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => stringPaths(v, [...at, k], depth + 1));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? stringPaths(def.innerType, at, depth + 1) : [];
    case 'pipe':
      return def.in ? stringPaths(def.in, at, depth + 1) : [];
    case 'union': {
      const seen = new Map<string, string[]>();
      for (const o of def.options ?? []) for (const p of stringPaths(o, at, depth + 1)) seen.set(p.join('.'), p);
      return [...seen.values()];
    }
    default:
      return [];
  }
}

const nest = (path: string[], value: unknown): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

const tokenFor = (e: Endpoint) => (e.auth === 'operator' ? operatorToken : userToken);

async function send(endpoint: Endpoint, path: string[], value: string) {
  const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  const url = `/web${endpoint.path.replace(/:([A-Za-z_]+)/g, '1')}`;
  // Raw: a hostile value in any field of any endpoint, which the contract's checks refuse.
  return h.app.inject({
    method: endpoint.method,
    url: isQuery ? `${url}?${new URLSearchParams([[path.join('.'), value]]).toString()}` : url,
    headers: {
      authorization: tokenFor(endpoint),
      'accept-language': 'nl',
      'idempotency-key': randomUUID(),
      ...(isQuery ? {} : { 'content-type': 'application/json' }),
    },
    ...(isQuery ? {} : { payload: JSON.stringify(nest(path, value)) }),
  });
}

const cases = allEndpoints
  .filter((e) => !e.multipart)
  .flatMap((e) => {
    const isQuery = e.method === 'GET' || e.method === 'DELETE';
    // A query string is flat: only its top-level keys.
    const paths = stringPaths(e.request).filter((p) => p.length > 0 && (!isQuery || p.length === 1));
    return paths.map((p) => [`${e.method} ${e.path} ${p.join('.')}`, e, p] as const);
  });

describe('a NUL in any string field of any endpoint is a translated 400 naming the field', () => {
  it('the walk covers the contract (the public sign-up fields among them)', () => {
    expect(cases.length).toBeGreaterThan(100);
    const names = cases.map(([n]) => n);
    for (const n of [
      'POST /register email',
      'POST /register password',
      'POST /getEmailCode email',
      'POST /login password',
    ])
      expect(names.some((x) => x.endsWith(n.split(' ').slice(1).join(' ')))).toBe(true);
  });

  it.each(cases)('%s', async (_name, endpoint, path) => {
    const res = await send(endpoint, path, 'a\u0000b');
    const body = res.json();
    expect({ status: res.statusCode, field: body.field, msg: body.msg }).toEqual({
      status: 400,
      field: path.join('.'),
      msg: nl,
    });
  });

  it('path parameters too', async () => {
    const withParams = allEndpoints.filter((e) => /:[A-Za-z_]+/.test(e.path));
    expect(withParams.length).toBeGreaterThan(0);
    for (const e of withParams) {
      // Raw: a NUL as a path parameter.
      const res = await h.app.inject({
        method: e.method,
        url: `/web${e.path.replace(/:([A-Za-z_]+)/g, '%00')}`,
        headers: { authorization: tokenFor(e), 'accept-language': 'nl', 'idempotency-key': randomUUID() },
        ...(e.method === 'GET' || e.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, e.path).toBe(400);
      expect(res.json().msg, e.path).toBe(nl);
    }
  });
});

describe('other control characters and lone surrogates', () => {
  const register = allEndpoints.find((e) => e.path === '/register');
  it.each([
    ['escape', '\u001b[31m'],
    ['vertical tab', 'a\u000bb'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', 'a\udfffb'],
  ])('%s in a public endpoint is a 400 naming the field, and nothing is written', async (_name, value) => {
    if (!register) throw new Error('no /register in the contract');
    const res = await send(register, ['firstName'], value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'firstName', msg: nl });
  });

  it('a hostile key is refused without being echoed', () => {
    expect(findHostileText({ bank: { 'x\u0000': 1 } })).toBe('bank');
    expect(findHostileText({ 'x\u0000': 1 })).toBe('body');
    expect(findHostileText({ list: ['ok', 'b\u0000'] })).toBe('list.1');
  });

  it('tab and line breaks pass the check; one-line fields refuse them by their own rule', async () => {
    expect(findHostileText({ reason: 'Line one.\r\nLine two.\tEnd' })).toBeUndefined();
    const res = await h.call(userApi.updateProfile, { city: 'Amster\ndam' }, { token: userToken, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('city');
    expect(res.body.msg).toBe(messageCatalogue.en.validation.singleLine);
  });

  it('a valid request with an emoji and accents still works', async () => {
    const res = await h.call(userApi.updateProfile, { city: 'Zoë’s Ærø 😀 北京' }, { token: userToken });
    expect(res.status).toBe(200);
  });
});

describe('whole numbers are decimal digits', () => {
  const watchlist = market.watchlist;
  it.each(['0x10', '0b11', '1e2', ' 12', '12 ', '+12', 'true', '1.0', ''])(
    'query pageSize=%j is a 400 naming the field',
    async (value) => {
      // Raw: the query text as written (the typed call writes numbers its own way).
      const res = await h.app.inject({
        method: 'GET',
        url: `/web${watchlist.path}?pageSize=${encodeURIComponent(value)}`,
        headers: { authorization: userToken, 'accept-language': 'nl' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('pageSize');
      expect(res.json().msg).toBe(messageCatalogue.nl.validation.invalid);
    },
  );

  it('decimal digits and JSON integers are read', async () => {
    // Raw: a leading zero the typed call would not write.
    const res = await h.app.inject({
      method: 'GET',
      url: `/web${watchlist.path}?pageSize=12&page=01`,
      headers: { authorization: userToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pageSize).toBe(12);
  });

  it.each([true, '0x10', '1e2', 1.5])('a body id of %j is a 400', async (value) => {
    // Raw: ids of a type the contract refuses.
    const res = await h.post(inbox.updateRead.path, { ids: [value] }, userToken);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('ids.0');
  });
});

describe('an oversized body', () => {
  it('answers 413 saying the request is too large, not that a file is', async () => {
    // Raw: a body over the limit, refused before any route reads it.
    const res = await h.app.inject({
      method: 'POST',
      url: '/web/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe('The request is too large (max 1 MB)');
    expect(V.badCharacters).toBe('validation.badCharacters');
  });
});
