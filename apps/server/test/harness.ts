/**
 * Builds the real app on a fresh database cloned from the migrated template, with a test
 * clock, and gives tests a small client that speaks the envelope.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  auth as authApi,
  consoleApi,
  type DataOf,
  type Endpoint,
  endpointUrl,
  type ParamsOf,
  type RequestOf,
  user as userApi,
  type Wallet,
  type WalletBalance,
  wallet as walletApi,
} from '@beurs/contracts';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { TestClock } from '../src/platform/clock.js';
import { createDb, type Db } from '../src/platform/db/client.js';
import { operators } from '../src/platform/db/schema.js';
import { hashPassword } from '../src/platform/passwords.js';
import { seedContent } from '../src/seed.js';
import { multipart, PNG_1x1 } from './fixtures.js';

/** A page of a list answer. */
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T; field?: string; reason?: string; requestId?: string };
}

/** Who calls and how: the session token, the language, an Idempotency-Key (a fresh one when the contract asks). */
export interface CallOptions {
  token?: string;
  lang?: string;
  /** null: no key, even where the contract asks for one (the tests of a missing key). */
  key?: string | null;
  /** The caller's address (the tests of per-source limits); 127.0.0.1 otherwise. */
  remoteAddress?: string;
}

/** An endpoint with path parameters takes them in its options; the others take none. */
export type CallArgs<E extends Endpoint> = [NonNullable<E['params']>] extends [never]
  ? [request: RequestOf<E>, options?: CallOptions & { params?: undefined }]
  : [request: RequestOf<E>, options: CallOptions & { params: ParamsOf<E> }];

/**
 * A fresh database cloned from the migrated template. `db` is the owner's connection (for fixtures and
 * checks a test makes behind the app's back); `appUrl` logs in as the role the server runs as.
 */
export async function freshDatabase(): Promise<{ db: Db; url: string; appUrl: string; name: string }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = createDb(inject('pgAdminUrl'), 1);
  await admin.$client.query(`create database ${name} template beurs_template`);
  await admin.$client.end();
  const url = inject('pgUrlTemplate').replace('{db}', name);
  return { db: createDb(url, 10), url, appUrl: inject('pgAppUrlTemplate').replace('{db}', name), name };
}

export async function createHarness(
  opts: {
    rateLimits?: boolean;
    config?: Partial<Config>;
    startAt?: string;
    /** Logger options (a test that reads the log passes a stream); silent by default. */
    logger?: object;
    /** Serve the built clients from config.webDist / config.consoleDist (the edge tests point them at a temp folder). */
    serveClients?: boolean;
  } = {},
) {
  const { db, appUrl } = await freshDatabase();
  await seedContent(db);
  // The app serves as the least-privileged role, as `npm start` does; the test keeps the owner's connection.
  const appDb = createDb(appUrl, 10);
  const dataDir = await fs.mkdtemp(path.join(inject('scratchDir'), 'data-'));
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    seedDemo: false,
    // Tests of other features log operators in with a password alone; the second-factor tests turn this on.
    operatorTotpRequired: false,
    // Codes are read where a developer reads them (the MAIL line), never from the outbox an operator reads.
    mailLogFile: path.join(dataDir, 'mail.log'),
    // The primary-markets job runs on the test clock only when a test runs it (createPrimaryJob).
    primaryJobMs: 0,
    ...opts.config,
  };
  // Monday 10:00 UTC: European exchanges and forex open, US in pre-market, Hong Kong closed for the day.
  const clock = new TestClock(Date.parse(opts.startAt ?? '2026-11-02T10:00:00Z'));
  const { app, deps, routes } = await buildApp({
    db: appDb,
    config,
    clock,
    logger: opts.logger ?? false,
    rateLimits: opts.rateLimits ?? false,
    serveClients: opts.serveClients ?? false,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await appDb.$client.end();
    await db.$client.end();
  });

  /** A request as it is written, for the tests of what no contract allows (wrong methods, bodies, headers). */
  async function request<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const res = await app.inject({
      method,
      url: `/web${url}`,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  }

  /**
   * Calls `endpoint` as a client does, through its contract: the request is typed by its schema, so a renamed
   * field fails the typecheck, and a success's data is parsed by the contract's data schema (typed, and proof
   * the server answered its DTO). Path parameters come in options.params; an idempotent endpoint gets a fresh
   * Idempotency-Key unless options.key names one.
   */
  async function call<E extends Endpoint>(endpoint: E, ...[body, options]: CallArgs<E>): Promise<Answer<DataOf<E>>> {
    const headers: Record<string, string> = {
      ...(options?.token ? { authorization: options.token } : {}),
      ...(options?.lang ? { 'accept-language': options.lang } : {}),
      ...((endpoint.idempotent && options?.key !== null) || options?.key
        ? { 'idempotency-key': options?.key ?? randomUUID() }
        : {}),
    };
    const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const res = await app.inject({
      method: endpoint.method,
      url: `/web${endpointUrl(endpoint, body, options?.params as Record<string, unknown> | undefined)}`,
      headers: { ...(isQuery ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(isQuery ? {} : { payload: JSON.stringify(body ?? {}) }),
      ...(options?.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    const answer: Answer<DataOf<E>> = { status: res.statusCode, body: res.json() };
    if (answer.body.code === 200) answer.body.data = endpoint.data.parse(answer.body.data) as DataOf<E>;
    return answer;
  }

  const post = <T = unknown>(url: string, body: unknown = {}, token?: string, lang?: string) =>
    request<T>('POST', url, body, {
      ...(token ? { authorization: token } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    });
  const get = <T = unknown>(url: string, token?: string, lang?: string) =>
    request<T>('GET', url, undefined, {
      ...(token ? { authorization: token } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    });

  /** A money-moving POST with its Idempotency-Key (a fresh one unless given). */
  const postKeyed = <T = unknown>(
    url: string,
    body: unknown,
    token: string,
    key: string = randomUUID(),
    lang?: string,
  ) =>
    request<T>('POST', url, body, {
      authorization: token,
      'idempotency-key': key,
      ...(lang ? { 'accept-language': lang } : {}),
    });

  /** Puts money in a customer's wallet the way an operator adjustment does: one balanced journal entry. */
  async function fund(userId: number, wallet: Wallet, amount: string) {
    await db.transaction(async (tx) => {
      const account = await deps.ledger.walletAccount(tx, userId, wallet);
      const source = await deps.ledger.systemAccount(tx, 'adjustments', account.currency);
      await deps.ledger.post(tx, {
        type: 'adjustment',
        reason: 'test funding',
        at: clock.now(),
        postings: [
          { account: source, amount: `-${amount}` },
          { account, amount },
        ],
      });
    });
  }

  /** One wallet's balance, as the customer reads it. */
  async function balance(token: string, walletType = 'BALANCE'): Promise<WalletBalance | undefined> {
    // Tests name wallets as strings; the contract answers 400 for one that does not exist.
    const res = await call(walletApi.getWalletBalance, { walletType: walletType as Wallet }, { token });
    if (res.status !== 200) throw new Error(`getWalletBalance: ${JSON.stringify(res.body)}`);
    return res.body.data[0];
  }

  /** Adds an admin and a reviewer to the console and logs both in; their session tokens. */
  async function consoleOperators(names: { admin: string; reviewer: string }) {
    const password = 'OperatorPass1';
    const passwordHash = await hashPassword(password);
    await db.insert(operators).values([
      { username: names.admin, passwordHash, role: 'admin' },
      { username: names.reviewer, passwordHash, role: 'reviewer' },
    ]);
    const login = async (username: string) =>
      (await call(consoleApi.consoleLogin, { username, password })).body.data.token;
    return { admin: await login(names.admin), reviewer: await login(names.reviewer) };
  }

  /** The code of the newest mail to this address, from the server's MAIL line (the outbox keeps it redacted). */
  async function lastCode(email: string): Promise<string> {
    const lines = await fs.readFile(config.mailLogFile ?? '', 'utf8').catch(() => '');
    // The newest mail with a code: notices without one (a lockout mail: `code=-`) are passed over.
    const code = lines
      .split('\n')
      .filter((line) => line.startsWith(`MAIL to=${email} `))
      .map((line) => line.match(/ code=(\d{6}) /)?.[1])
      .filter((found) => found !== undefined)
      .at(-1);
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  /**
   * Uploads a file as the customer with `token` through the real endpoint (an operator's through
   * /web/console/file/upload when `url` says so); its file id.
   */
  async function uploadFile(
    token: string,
    name = 'id.png',
    content: Buffer = PNG_1x1,
    url = '/web/file/upload',
  ): Promise<string> {
    const m = multipart('file', name, content);
    const res = await app.inject({
      method: 'POST',
      url,
      payload: m.payload,
      headers: { ...m.headers, authorization: token },
    });
    const body = res.json() as { code: number; data?: { fileId: string } };
    if (body.code !== 200 || !body.data) throw new Error(`upload: ${res.body}`);
    return body.data.fileId;
  }

  /**
   * The customer sends Anna Bakker's ID card (front and back uploaded here unless `fields` names them) for
   * identity review; `fields` overrides any field. The /updateReal answer.
   */
  async function submitIdentity(token: string, fields: Partial<RequestOf<typeof userApi.updateReal>> = {}) {
    return call(
      userApi.updateReal,
      {
        firstName: 'Anna',
        lastName: 'Bakker',
        country: 'NL',
        idType: 'idCard',
        idNumber: 'NX1234567',
        ...fields,
        frontFileId: fields.frontFileId ?? (await uploadFile(token, 'front.png')),
        backFileId: fields.backFileId ?? (await uploadFile(token, 'back.png')),
      },
      { token },
    );
  }

  let seq = 0;
  /** Registers an individual through the real endpoints and returns its session. */
  async function registerUser(overrides: Partial<RequestOf<typeof authApi.register>> = {}) {
    seq += 1;
    const tag = `${randomBytes(3).toString('hex')}${seq}`;
    const email = overrides.email ?? `user${tag}@example.com`;
    const sent = await call(authApi.getEmailCode, { email, purpose: 'register' });
    if (sent.status !== 200) throw new Error(`getEmailCode: ${JSON.stringify(sent.body)}`);
    const password = overrides.password ?? 'Secret123!';
    const res = await call(authApi.register, {
      userId: `u_${tag}`,
      email,
      emailCode: await lastCode(email),
      password,
      firstName: 'Anna',
      lastName: 'Bakker',
      country: 'NL',
      agree: true,
      ...overrides,
    });
    if (res.status !== 200) throw new Error(`register: ${JSON.stringify(res.body)}`);
    return { ...res.body.data, email, password };
  }

  return {
    app,
    deps,
    routes,
    db,
    clock,
    config,
    call,
    request,
    post,
    postKeyed,
    fund,
    balance,
    get,
    lastCode,
    registerUser,
    consoleOperators,
    uploadFile,
    submitIdentity,
  };
}
export type Harness = Awaited<ReturnType<typeof createHarness>>;
