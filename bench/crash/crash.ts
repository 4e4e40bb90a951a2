/**
 * Crash safety of money movements (docs/money.md, docs/trading.md): the real server (`node --import tsx
 * apps/server/src/main.ts`) in a child process against a PostgreSQL that outlives it, a load of one kind of
 * money-moving request (wallet transfers, or market orders; the server writes both in batches) with
 * Idempotency-Keys from a few customers, `kill -9` of the server in the middle of the load, a restart, and
 * then the books:
 * - every acknowledged request (HTTP 200) is there: its key is stored with the same answer (the same entry or
 *   order id), and replaying the key to the restarted server answers the same answer;
 * - no entry was partly written: every entry has two or more postings and balances per currency, each
 *   customer account's cached balance equals the sum of its postings, and all postings sum to zero per
 *   currency (test/ledger-audit.ts), checked right after each kill, before anything restarts;
 * - a request that was in flight at the kill either committed whole (its key replays the stored answer) or
 *   left nothing (its key runs it afresh): afterwards there is exactly one transfer entry (or order) per
 *   stored key.
 * Bounded: a few rounds, a few hundred transfers each, loopback only. Used by `npm run bench -- crash`
 * (bench/crash/main.ts) and by apps/server/test/ledger-crash.test.ts.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { auditLedger } from '../../apps/server/test/ledger-audit.js';
import { type AppProcess, killAppProcess, startAppProcess, stopAppProcess } from '../lib/app-process.js';
import { MARKET_OPEN_AT, STOCK_TERMS } from '../orders/order.js';
import { type BenchUser, createBenchUsers } from '../wallet/fixtures.js';

/** What the load sends, and how its writes are counted. */
export interface CrashOperation {
  /** 'transfer' or 'order': names in logs and the report. */
  name: string;
  path: string;
  /** idempotency_keys.endpoint of this request (SQL LIKE). */
  endpointLike: string;
  funding: Parameters<typeof createBenchUsers>[0]['funding'];
  verified: boolean;
  /** The server's SIM_CLOCK_START (an open market for orders), or none. */
  clockStart?: string;
  body(): Record<string, unknown>;
  /** The id an answer names: the entry of a transfer, the order of an order. */
  idOf(answer: Record<string, unknown> | null | undefined): number | undefined;
  /** SQL counting what all the operations wrote: one row per stored key. */
  countSql: string;
}

const PAIRS: Array<[string, string]> = [
  ['BALANCE', 'STOCK'],
  ['STOCK', 'BALANCE'],
  ['BALANCE', 'US_STOCK'],
  ['US_STOCK', 'BALANCE'],
];

/**
 * Wallet transfers of 0.02-49.99 between BALANCE, STOCK and US_STOCK (half of them converting EUR <-> USD). Not
 * 0.01: USD 0.01 converts to less than a euro cent and is refused (422), so such a request caught in flight by a
 * kill answered 422 on its retry too, which the check below counted as a lost request (a run of 6 Dec 2026).
 */
export const TRANSFERS: CrashOperation = {
  name: 'transfer',
  path: '/web/wallet/transfer',
  endpointLike: '%/wallet/transfer',
  funding: { BALANCE: '1000000', STOCK: '1000000', US_STOCK: '1000000' },
  verified: false,
  body: () => {
    const [from, to] = PAIRS[randomInt(PAIRS.length)]!;
    return { from, to, amount: (randomInt(2, 5000) / 100).toFixed(2) };
  },
  idOf: (answer) => answer?.entryId as number | undefined,
  countSql: "select count(*)::int as n from journal_entries where type = 'transfer'",
};

/** Market buys of 1-5 AAPL on a Monday morning in New York (the server's clock), each opening a position. */
export const ORDERS: CrashOperation = {
  name: 'order',
  path: '/web/stock/create',
  endpointLike: '%/stock/create',
  funding: { US_STOCK: '10000000' },
  verified: true,
  clockStart: MARKET_OPEN_AT,
  body: () => ({ stockCode: 'AAPL', direction: 0, orderType: 0, quantity: randomInt(1, 6), termsVersion: STOCK_TERMS }),
  idOf: (answer) => (answer?.order as { id?: number } | undefined)?.id,
  countSql: 'select count(*)::int as n from trade_orders',
};

export interface CrashOptions {
  operation: CrashOperation;
  databaseUrl: string;
  dataDir: string;
  port: number;
  rounds: number;
  users: number;
  /** Concurrent requests in flight. */
  concurrency: number;
  /** Each round kills the server once between this many acknowledged requests (drawn at random). */
  killAfterAcks: [number, number];
  log: (line: string) => void;
}

export interface CrashRound {
  round: number;
  /** Acknowledged (200) requests of the round before the kill. */
  acked: number;
  /** Requests whose answer never came: the connection broke at the kill. */
  inFlight: number;
  /** Of those, committed before the kill (the key is stored). */
  inFlightCommitted: number;
  /** Answered with something else than 200 (should be none: the wallets hold plenty). */
  otherAnswers: number;
  /** Milliseconds from the start of the load to the kill. */
  killedAfterMs: number;
  serverStartMs: number;
  /** The ledger audit of the database right after the kill, before the restart. */
  auditAfterKill: string[];
}

export interface CrashResult {
  operation: string;
  rounds: CrashRound[];
  acked: number;
  /** Acknowledged requests whose key is stored with the acknowledged answer's id. */
  ackedStored: number;
  /** Acknowledged requests whose replay to the restarted server answered exactly the first answer. */
  ackedReplayedSame: number;
  inFlight: number;
  inFlightCommitted: number;
  /** In-flight requests retried after the restart (the uncommitted ones run now, the others replay). */
  inFlightRetriedOk: number;
  /** Transfer entries (or orders) written in all, and the keys stored for them. */
  written: number;
  storedKeys: number;
  keysWithoutAnswer: number;
  finalAudit: string[];
  problems: string[];
  passed: boolean;
  seconds: number;
}

interface Sent {
  key: string;
  user: BenchUser;
  body: Record<string, unknown>;
  state: 'sent' | 'acked' | 'other' | 'unknown';
  answer?: Record<string, unknown>;
  round: number;
}

async function postOnce(
  baseUrl: string,
  path: string,
  s: Pick<Sent, 'key' | 'user' | 'body'>,
): Promise<{ status: number; envelope: { code: number; data: Sent['answer'] } }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: s.user.token, 'idempotency-key': s.key },
    body: JSON.stringify(s.body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, envelope: (await res.json()) as { code: number; data: Sent['answer'] } };
}

/** Runs `work` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

export async function crashTest(opts: CrashOptions): Promise<CrashResult> {
  const started = performance.now();
  const problems: string[] = [];
  const op = opts.operation;
  const users = await createBenchUsers({
    databaseUrl: opts.databaseUrl,
    count: opts.users,
    funding: op.funding,
    tag: `crash${randomInt(1e6)}`,
    verified: op.verified,
    ...(op.clockStart ? { at: new Date(op.clockStart) } : {}),
  });
  const post = (baseUrl: string, s: Pick<Sent, 'key' | 'user' | 'body'>) => postOnce(baseUrl, op.path, s);
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  const sent: Sent[] = [];
  const rounds: CrashRound[] = [];
  let app: AppProcess | undefined;
  const start = () =>
    startAppProcess({
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      port: opts.port,
      probeToken: users[0]!.token,
      ...(op.clockStart ? { env: { SIM_CLOCK_START: op.clockStart } } : {}),
    });

  try {
    for (let round = 1; round <= opts.rounds; round++) {
      app = await start();
      const server = app;
      opts.log(`  crash round ${round}/${opts.rounds}: server up in ${(server.startMs / 1000).toFixed(1)} s`);
      const killAt = randomInt(opts.killAfterAcks[0], opts.killAfterAcks[1] + 1);
      let acked = 0;
      let killing: Promise<void> | undefined;
      const loadStarted = performance.now();
      let killedAfterMs = Number.NaN;

      // Each client sends request after request until its connection breaks at the kill.
      await Promise.all(
        Array.from({ length: opts.concurrency }, async (_, c) => {
          for (let n = 0; ; n++) {
            const s: Sent = {
              key: randomUUID(),
              user: users[(c + n) % users.length]!,
              body: op.body(),
              state: 'sent',
              round,
            };
            sent.push(s);
            try {
              const { status, envelope } = await post(server.baseUrl, s);
              if (status === 200 && envelope.code === 200 && envelope.data) {
                s.state = 'acked';
                s.answer = envelope.data;
                acked += 1;
                if (acked === killAt) {
                  killedAfterMs = performance.now() - loadStarted;
                  killing = killAppProcess(server);
                }
              } else {
                s.state = 'other';
              }
            } catch {
              s.state = 'unknown';
              return;
            }
          }
        }),
      );
      await killing;
      app = undefined;

      const mine = sent.filter((s) => s.round === round);
      const unknown = mine.filter((s) => s.state === 'unknown');
      const { rows: stored } = await db.query<{ key: string }>('select key from idempotency_keys where key = any($1)', [
        unknown.map((s) => s.key),
      ]);
      const auditAfterKill = await auditLedger(db);
      problems.push(...auditAfterKill.map((p) => `round ${round}, after the kill: ${p}`));
      rounds.push({
        round,
        acked,
        inFlight: unknown.length,
        inFlightCommitted: stored.length,
        otherAnswers: mine.filter((s) => s.state === 'other').length,
        killedAfterMs,
        serverStartMs: server.startMs,
        auditAfterKill,
      });
      opts.log(
        `  crash round ${round}: killed after ${acked} acknowledged ${op.name}s (${(killedAfterMs / 1000).toFixed(1)} s), ` +
          `${unknown.length} in flight, ${stored.length} of them committed; audit ${auditAfterKill.length === 0 ? 'clean' : 'FAILED'}`,
      );
    }

    // Every acknowledged request is stored with its answer, straight from the database.
    const ackedList = sent.filter((s) => s.state === 'acked');
    const { rows: keys } = await db.query<{ scope: string; key: string; response: Sent['answer'] | null }>(
      'select scope, key, response from idempotency_keys where endpoint like $1',
      [op.endpointLike],
    );
    const byKey = new Map(keys.map((k) => [`${k.scope} ${k.key}`, k]));
    let ackedStored = 0;
    for (const s of ackedList) {
      const id = op.idOf(s.answer);
      const k = byKey.get(`u:${s.user.id} ${s.key}`);
      if (id !== undefined && op.idOf(k?.response) === id) ackedStored += 1;
      else problems.push(`acknowledged ${op.name} ${s.key} (id ${id}) is not stored`);
    }

    // After a restart: every acknowledged key replays its first answer; every in-flight one is retried.
    app = await start();
    const server = app;
    opts.log(`  restarted in ${(server.startMs / 1000).toFixed(1)} s; replaying ${ackedList.length} acknowledged keys`);
    let ackedReplayedSame = 0;
    await eachLimited(ackedList, 16, async (s) => {
      const { status, envelope } = await post(server.baseUrl, s);
      if (status === 200 && isDeepStrictEqual(envelope.data, s.answer)) ackedReplayedSame += 1;
      else problems.push(`replay of ${s.key} answered ${status} ${JSON.stringify(envelope.data)}`);
    });
    const unknown = sent.filter((s) => s.state === 'unknown');
    let inFlightRetriedOk = 0;
    await eachLimited(unknown, 16, async (s) => {
      const { status } = await post(server.baseUrl, s);
      if (status === 200) inFlightRetriedOk += 1;
      else problems.push(`retry of in-flight ${s.key} answered ${status}`);
    });
    await stopAppProcess(server);
    app = undefined;

    const written = (await db.query<{ n: number }>(op.countSql)).rows[0]!.n;
    const { rows: counts } = await db.query<{ keys: number; unanswered: number }>(
      `select (select count(*) from idempotency_keys where endpoint like $1)::int as keys,
              (select count(*) from idempotency_keys where response is null)::int as unanswered`,
      [op.endpointLike],
    );
    const { keys: keyCount, unanswered } = counts[0]!;
    if (written !== keyCount) problems.push(`${written} ${op.name}s written for ${keyCount} stored keys`);
    if (unanswered > 0) problems.push(`${unanswered} stored keys without an answer`);
    const finalAudit = await auditLedger(db);
    problems.push(...finalAudit.map((p) => `at the end: ${p}`));
    const inFlight = rounds.reduce((n, r) => n + r.inFlight, 0);
    return {
      operation: op.name,
      rounds,
      acked: ackedList.length,
      ackedStored,
      ackedReplayedSame,
      inFlight,
      inFlightCommitted: rounds.reduce((n, r) => n + r.inFlightCommitted, 0),
      inFlightRetriedOk,
      written,
      storedKeys: keyCount,
      keysWithoutAnswer: unanswered,
      finalAudit,
      problems,
      passed: problems.length === 0 && ackedList.length > 0 && inFlight > 0,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    if (app) await killAppProcess(app);
    await db.end();
  }
}
