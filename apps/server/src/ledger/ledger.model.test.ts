/**
 * The ledger against a model (docs/money.md). fast-check draws sequences of money movements (deposits,
 * transfers within a currency and between EUR and USD, holds, releases, settles, cancellations, replays of
 * idempotent requests) for a few customers on one database; a model in whole cents says what each must do.
 * Commands that must fail (over-spending, a second release, settling a released hold, a key replayed with
 * another body, a deposit reference posted twice) must fail and change nothing. After every step: each
 * wallet's available and held equal the model, every new entry balances per currency (so all postings still
 * sum to zero per currency), each cached balance equals the sum of its postings, and the number of new
 * journal entries is what the step should have written. The whole database is audited
 * (test/ledger-audit.ts) at the start of every run and at the end.
 *
 * The steps run in a few independent lanes at once, each with customers of its own and its own model and
 * checks, on the one database: a step is a handful of round trips to PostgreSQL, so on a small, busy machine
 * a single sequence spends its time waiting; lanes also let entries of different customers interleave.
 *
 * Below it, the invariants the code and the database enforce on their own: unbalanced entries are refused
 * by the code and by the deferred trigger at commit, entries and postings cannot be changed or deleted,
 * and the CHECK constraint refuses held > balance on a customer account even when code bypasses the guard.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { type Currency, Decimal, type TransferResult } from '@beurs/contracts';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.js';
import { auditLedger } from '../../test/ledger-audit.js';
import { countRows, type RawQuery, rawTransaction as rawTransactionOn } from '../../test/raw-sql.js';
import type { MarketProvider } from '../market/provider.js';
import { createWalletService } from '../modules/wallet/index.js';
import { AppError } from '../platform/errors.js';
import { runIdempotent } from '../platform/idempotency.js';
import { createLedger, LedgerInvariantError } from './ledger.js';

/** Steps in total over all lanes and runs (commands that ran, each followed by the checks). */
const TARGET_STEPS = Number(process.env.LEDGER_MODEL_STEPS) || 10_000;
const LANES = 4;
const USERS_PER_LANE = 3;
const MAX_COMMANDS = 400;
/** Two EUR wallets and a USD wallet (the default wallet currencies). */
const WALLETS = ['BALANCE', 'STOCK', 'US_STOCK'] as const;
type W = (typeof WALLETS)[number];
const CURRENCY: Record<W, Currency> = { BALANCE: 'EUR', STOCK: 'EUR', US_STOCK: 'USD' };
/**
 * USD per EUR in ten-thousandths (the fake market's mid). 1.0121 is a rate whose inverse, rounded to the
 * 40 digits of Decimal, is a little too small: converting USD 101.21 must still credit EUR 100.00, not 99.99.
 */
const RATE_BP = 10121n;
const fakeMarket = {
  quote: async () => ({ bid: '1.0120', ask: '1.0122' }),
} as unknown as MarketProvider;

let h: Harness;
let service: ReturnType<typeof createWalletService>;
const lanes: Lane[] = [];

beforeAll(async () => {
  h = await createHarness();
  service = createWalletService({ ...h.deps, market: fakeMarket });
  for (let i = 0; i < LANES; i++) {
    const users: number[] = [];
    for (let u = 0; u < USERS_PER_LANE; u++) users.push((await h.registerUser()).user.id);
    lanes.push(new Lane(i, users, await h.db.$client.connect()));
  }
}, 60_000);
afterAll(() => {
  for (const lane of lanes) lane.checker.release();
});

// ------------------------------------------------------------------------------------------ the model

interface Purse {
  available: bigint;
  held: bigint;
}
interface HoldRec {
  id: number;
  user: number;
  wallet: W;
  amount: bigint;
  status: 'active' | 'released' | 'posted';
}
interface TransferBody {
  from: W;
  to: W;
  amount: string;
}
interface KeyRec {
  user: number;
  key: string;
  /** The body of the stored request, or of the last attempt while none is stored. */
  body: TransferBody;
  /** The stored answer (JSON, as it comes back from the database); null while no attempt succeeded. */
  answer: unknown;
}
interface TransferRec {
  entryId: number;
  user: number;
  from: W;
  to: W;
  debit: bigint;
  credit: bigint;
  cancelled: boolean;
}
interface Model {
  purses: Purse[][];
  holds: HoldRec[];
  keys: KeyRec[];
  transfers: TransferRec[];
  depositRefs: string[];
}

const cents = (amount: string) => BigInt(new Decimal(amount).times(100).toFixed(0));
const money = (c: bigint) => new Decimal(c.toString()).dividedBy(100).toFixed(2);
const purse = (m: Model, user: number, wallet: W) => m.purses[user]![WALLETS.indexOf(wallet)]!;

/** What the customer receives: the converted amount rounded down to the cent, in exact integer arithmetic. */
function credited(debit: bigint, from: W, to: W): bigint {
  const a = CURRENCY[from];
  const b = CURRENCY[to];
  if (a === b) return debit;
  return a === 'EUR' ? (debit * RATE_BP) / 10_000n : (debit * 10_000n) / RATE_BP;
}

type AmountSpec =
  | { kind: 'share'; permille: number }
  | { kind: 'over'; cents: number }
  | { kind: 'exactFx'; units: number }
  | { kind: 'cent' };

/** Amounts are drawn relative to what the wallet has when the command runs, so most are possible. */
function resolve(spec: AmountSpec, available: bigint): bigint {
  switch (spec.kind) {
    case 'share': {
      const share = (available * BigInt(spec.permille)) / 1000n;
      return share > 0n ? share : 1n;
    }
    case 'over':
      return available + BigInt(spec.cents);
    case 'exactFx':
      return BigInt(spec.units) * RATE_BP;
    case 'cent':
      return 1n;
  }
}

const amountSpec: fc.Arbitrary<AmountSpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('share' as const), permille: fc.integer({ min: 1, max: 1000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('over' as const), cents: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exactFx' as const), units: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'cent' as const }) },
);

// ------------------------------------------------------------------------------- the real side, checked

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error };
  }
}
function expectOk<T>(o: Outcome<T>, what: string): T {
  if (!o.ok) {
    const e = o.error as Error & { cause?: Error };
    throw new Error(`${what} should have succeeded: ${e?.cause?.message ?? ''} ${String(e?.stack ?? e)}`);
  }
  return o.value;
}
function expectRefused(o: Outcome<unknown>, what: string, code: number, reason?: string) {
  if (o.ok) throw new Error(`${what} should have been refused (${code} ${reason ?? ''})`);
  const e = o.error;
  if (!(e instanceof AppError) || e.code !== code || (reason !== undefined && e.reason !== reason)) {
    throw new Error(`${what}: expected ${code} ${reason ?? ''}, got ${String((e as Error)?.stack ?? e)}`);
  }
}
function expectUniqueViolation(o: Outcome<unknown>, what: string) {
  if (o.ok) throw new Error(`${what} should have been refused by the unique reference`);
  const e = o.error as { code?: string; cause?: { code?: string } };
  if ((e.cause?.code ?? e.code) !== '23505') throw new Error(`${what}: expected 23505, got ${String(e)}`);
}

/** Where the time goes, ms summed over the lanes: the checks after each step, the audits between runs. */
const timing = { verify: 0, setup: 0 };
const progress = { steps: 0, runs: 0 };
/** How often each outcome happened: the test also proves that every kind of step, and of refusal, was tried. */
const outcomes = new Map<string, number>();
const note = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
const MUST_HAPPEN = [
  'deposit',
  'deposit refused: reference posted before',
  'transfer',
  'transfer EUR<->USD',
  'transfer refused: more than available',
  'transfer refused: converts to less than a cent',
  'replay answered the first answer',
  'replay with another body refused',
  'retry of a refused key ran afresh',
  'cancel',
  'cancel refused: already cancelled',
  'cancel refused: credited amount spent',
  'hold',
  'hold refused: more than available',
  'release',
  'release refused: released before',
  'release refused: settled before',
  'settle',
  'settle refused: released before',
  'settle refused: settled before',
];

type PostingRow = { id: number; entryId: number; accountId: number; currency: string; amount: string };

/**
 * One lane: customers of its own, a connection for its checks, and what the checks remember between steps
 * (the newest posting of its accounts seen so far and the sum of each of its accounts' postings). A lane runs
 * one step at a time, so its next entry's postings are newer than any of its postings already seen, however
 * the other lanes interleave.
 */
class Lane {
  lastPosting = 0;
  sums = new Map<number, Decimal>();

  constructor(
    readonly index: number,
    readonly users: number[],
    readonly checker: pg.PoolClient,
  ) {}

  /** The lane's accounts with the sum of their postings, read afresh (at the start of a run). */
  async reset() {
    const { rows } = await this.checker.query<{ id: number; total: string; last: number }>(
      `select a.id::int, coalesce(sum(p.amount), 0)::text as total, coalesce(max(p.id), 0)::int as last
         from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        where a.user_id = any($1) group by a.id`,
      [this.users],
    );
    this.sums = new Map(rows.map((r) => [r.id, new Decimal(r.total)]));
    this.lastPosting = Math.max(0, ...rows.map((r) => r.last));
  }

  async modelFromDb(): Promise<Model> {
    const purses = this.users.map(() => WALLETS.map(() => ({ available: 0n, held: 0n })));
    const { rows } = await this.checker.query<{ userId: number; wallet: string; balance: string; held: string }>(
      `select user_id::int as "userId", wallet, balance::text, held::text from ledger_accounts where user_id = any($1)`,
      [this.users],
    );
    for (const r of rows) {
      const u = this.users.indexOf(r.userId);
      const w = WALLETS.indexOf(r.wallet as W);
      if (w >= 0)
        purses[u]![w] = { available: cents(new Decimal(r.balance).minus(r.held).toString()), held: cents(r.held) };
    }
    return { purses, holds: [], keys: [], transfers: [], depositRefs: [] };
  }

  /** The checks after a step; `expectedEntries` is how many journal entries it must have written. */
  async verify(m: Model, expectedEntries: number, what: string) {
    progress.steps += 1;
    const t0 = performance.now();
    try {
      await this.verifyNow(m, expectedEntries, what);
    } finally {
      timing.verify += performance.now() - t0;
    }
  }

  private async verifyNow(m: Model, expectedEntries: number, what: string) {
    const fail = (msg: string): never => {
      throw new Error(`lane ${this.index}, after ${what}: ${msg}`);
    };
    // One round trip: the lane's accounts, and every posting (of any account) of the entries that touched
    // them since the last check.
    const res = (await this.checker.query(
      `select id::int, user_id::int as "userId", wallet, balance::text, held::text from ledger_accounts
        where user_id in (${this.users.join(',')});
       select id::int, entry_id::int as "entryId", account_id::int as "accountId", currency, amount::text
         from ledger_postings where entry_id in (
           select p.entry_id from ledger_postings p join ledger_accounts a on a.id = p.account_id
            where a.user_id in (${this.users.join(',')}) and p.id > ${this.lastPosting})
        order by id`,
    )) as unknown as [
      { rows: Array<{ id: number; userId: number; wallet: string; balance: string; held: string }> },
      { rows: PostingRow[] },
    ];
    const [accounts, postings] = res;
    const mine = new Set(accounts.rows.map((a) => a.id));

    const entries = new Map<number, PostingRow[]>();
    for (const p of postings.rows) entries.set(p.entryId, [...(entries.get(p.entryId) ?? []), p]);
    if (entries.size !== expectedEntries) fail(`${entries.size} new journal entries, expected ${expectedEntries}`);
    // Each new entry has two or more postings and balances per currency, so all postings still sum to zero.
    for (const [entryId, list] of entries) {
      if (list.length < 2) fail(`entry ${entryId} has ${list.length} posting(s)`);
      const sums = new Map<string, Decimal>();
      for (const p of list) sums.set(p.currency, (sums.get(p.currency) ?? new Decimal(0)).plus(p.amount));
      for (const [currency, sum] of sums) if (!sum.isZero()) fail(`entry ${entryId} sums to ${sum} ${currency}`);
    }
    for (const p of postings.rows) {
      if (!mine.has(p.accountId)) continue;
      this.sums.set(p.accountId, (this.sums.get(p.accountId) ?? new Decimal(0)).plus(p.amount));
      this.lastPosting = Math.max(this.lastPosting, p.id);
    }

    const byKey = new Map(accounts.rows.map((a) => [`${a.userId}:${a.wallet}`, a]));
    for (const a of accounts.rows) {
      const sum = this.sums.get(a.id) ?? new Decimal(0);
      if (!sum.eq(a.balance)) fail(`account ${a.id} caches ${a.balance}, its postings sum to ${sum.toString()}`);
    }
    this.users.forEach((userId, u) => {
      for (const w of WALLETS) {
        const row = byKey.get(`${userId}:${w}`);
        const want = purse(m, u, w);
        const available = row ? cents(new Decimal(row.balance).minus(row.held).toString()) : 0n;
        const held = row ? cents(row.held) : 0n;
        if (available !== want.available || held !== want.held) {
          fail(
            `user ${u} ${w}: available ${money(available)} held ${money(held)}, ` +
              `model ${money(want.available)} / ${money(want.held)}`,
          );
        }
      }
    });
  }

  async audit(when: string) {
    const problems = await auditLedger(this.checker);
    if (problems.length > 0) throw new Error(`ledger audit ${when}:\n${problems.join('\n')}`);
  }
}

// ---------------------------------------------------------------------------------------------- commands

type Cmd = fc.AsyncCommand<Model, Lane>;
const at = () => h.clock.now();

class DepositCmd implements Cmd {
  constructor(
    readonly user: number,
    readonly wallet: W,
    readonly amount: number,
    /** Re-post the reference of an earlier deposit: refused by the unique reference. */
    readonly duplicateOf: number | null,
  ) {}
  check = () => true;
  async run(m: Model, lane: Lane) {
    const dup = this.duplicateOf !== null && m.depositRefs.length > 0;
    const reference = dup ? m.depositRefs[this.duplicateOf! % m.depositRefs.length]! : `recharge:${randomUUID()}`;
    const amount = money(BigInt(this.amount));
    const o = await attempt(() =>
      h.db.transaction(async (tx) => {
        const account = await h.deps.ledger.walletAccount(tx, lane.users[this.user]!, this.wallet);
        const clearing = await h.deps.ledger.systemAccount(tx, 'deposits', account.currency);
        return h.deps.ledger.post(tx, {
          type: 'deposit',
          reference,
          at: at(),
          postings: [
            { account: clearing, amount: `-${amount}` },
            { account, amount },
          ],
        });
      }),
    );
    if (dup) {
      expectUniqueViolation(o, this.toString());
      note('deposit refused: reference posted before');
    } else {
      expectOk(o, this.toString());
      note('deposit');
      purse(m, this.user, this.wallet).available += BigInt(this.amount);
      m.depositRefs.push(reference);
    }
    await lane.verify(m, dup ? 0 : 1, this.toString());
  }
  toString = () =>
    `deposit(u${this.user}, ${this.wallet}, ${money(BigInt(this.amount))}${this.duplicateOf !== null ? `, duplicate #${this.duplicateOf}` : ''})`;
}

type KeySpec = { kind: 'fresh' } | { kind: 'replay'; pick: number } | { kind: 'otherBody'; pick: number };

class TransferCmd implements Cmd {
  constructor(
    readonly user: number,
    readonly from: W,
    readonly to: W,
    readonly amount: AmountSpec,
    readonly key: KeySpec,
  ) {}
  check = (m: Model) => this.key.kind === 'fresh' || m.keys.length > 0;
  async run(m: Model, lane: Lane) {
    let rec: KeyRec | undefined;
    let user = this.user;
    let key: string;
    let body: TransferBody;
    if (this.key.kind === 'fresh') {
      key = randomUUID();
      body = {
        from: this.from,
        to: this.to,
        amount: money(resolve(this.amount, purse(m, user, this.from).available)),
      };
    } else {
      rec = m.keys[this.key.pick % m.keys.length]!;
      ({ user, key } = rec);
      body = this.key.kind === 'replay' ? rec.body : { ...rec.body, amount: money(cents(rec.body.amount) + 1n) };
    }
    const what = `${this.toString()} = ${JSON.stringify(body)} key ${key.slice(0, 8)}`;
    const userId = lane.users[user]!;
    const when = at();
    const o = await attempt(() =>
      service.transfer({ scope: `u:${userId}`, key, endpoint: '/wallet/transfer', body, at: when }, userId, body),
    );

    let entries = 0;
    if (rec?.answer) {
      if (isDeepStrictEqual(body, rec.body)) {
        // A replay answers the first answer and moves nothing.
        const answer = expectOk(o, what);
        if (!isDeepStrictEqual(answer, rec.answer)) {
          throw new Error(`${what}: replay answered ${JSON.stringify(answer)}, first ${JSON.stringify(rec.answer)}`);
        }
        note('replay answered the first answer');
      } else {
        expectRefused(o, what, 409);
        note('replay with another body refused');
      }
    } else {
      const debit = cents(body.amount);
      const credit = credited(debit, body.from, body.to);
      const source = purse(m, user, body.from);
      if (rec) note('retry of a refused key ran afresh');
      if (debit > source.available || credit <= 0n) {
        expectRefused(o, what, 422, 'insufficientBalance');
        note(
          debit > source.available
            ? 'transfer refused: more than available'
            : 'transfer refused: converts to less than a cent',
        );
      } else {
        const answer = expectOk(o, what) as TransferResult;
        note(CURRENCY[body.from] === CURRENCY[body.to] ? 'transfer' : 'transfer EUR<->USD');
        expect(answer.debited, what).toEqual({ amount: money(debit), currency: CURRENCY[body.from] });
        expect(answer.credited, what).toEqual({ amount: money(credit), currency: CURRENCY[body.to] });
        source.available -= debit;
        purse(m, user, body.to).available += credit;
        m.transfers.push({ entryId: answer.entryId, user, ...body, debit, credit, cancelled: false });
        entries = 1;
      }
      // Only a request that succeeded keeps its key; a refused one may be retried with any body.
      const stored = o.ok ? JSON.parse(JSON.stringify(o.value)) : null;
      if (rec) Object.assign(rec, { body, answer: stored });
      else m.keys.push({ user, key, body, answer: stored });
    }
    await lane.verify(m, entries, what);
  }
  toString = () =>
    this.key.kind === 'fresh'
      ? `transfer(u${this.user}, ${this.from}->${this.to}, ${JSON.stringify(this.amount)})`
      : `transfer(${this.key.kind} of key #${this.key.pick})`;
}

class CancelCmd implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.transfers.length > 0;
  async run(m: Model, lane: Lane) {
    const t = m.transfers[this.pick % m.transfers.length]!;
    const userId = lane.users[t.user]!;
    const when = at();
    const body = { entryId: t.entryId };
    const what = `${this.toString()} of entry ${t.entryId}`;
    const o = await attempt(() =>
      runIdempotent(
        h.db,
        { scope: `u:${userId}`, key: randomUUID(), endpoint: '/wallet/cancelTransfer', body, at: when },
        (tx) => service.cancelTransfer(tx, userId, t.entryId, when),
      ),
    );
    const target = purse(m, t.user, t.to);
    let entries = 0;
    if (t.cancelled) {
      expectRefused(o, what, 422, 'transferAlreadyCancelled');
      note('cancel refused: already cancelled');
    } else if (target.available < t.credit) {
      expectRefused(o, what, 422, 'insufficientBalance');
      note('cancel refused: credited amount spent');
    } else {
      const answer = expectOk(o, what);
      note('cancel');
      expect(answer, what).toMatchObject({ cancelledEntryId: t.entryId });
      target.available -= t.credit;
      purse(m, t.user, t.from).available += t.debit;
      t.cancelled = true;
      entries = 1;
    }
    await lane.verify(m, entries, what);
  }
  toString = () => `cancelTransfer(#${this.pick})`;
}

class HoldCmd implements Cmd {
  constructor(
    readonly user: number,
    readonly wallet: W,
    readonly amount: AmountSpec,
  ) {}
  check = () => true;
  async run(m: Model, lane: Lane) {
    const p = purse(m, this.user, this.wallet);
    const amount = resolve(this.amount, p.available);
    const what = `${this.toString()} = ${money(amount)}`;
    const o = await attempt(() =>
      h.db.transaction(async (tx) => {
        const account = await h.deps.ledger.walletAccount(tx, lane.users[this.user]!, this.wallet);
        return h.deps.ledger.hold(tx, {
          account,
          amount: money(amount),
          reference: `withdrawal:${randomUUID()}`,
          at: at(),
        });
      }),
    );
    if (amount > p.available) {
      expectRefused(o, what, 422, 'insufficientBalance');
      note('hold refused: more than available');
    } else {
      const id = expectOk(o, what);
      note('hold');
      p.available -= amount;
      p.held += amount;
      m.holds.push({ id, user: this.user, wallet: this.wallet, amount, status: 'active' });
    }
    await lane.verify(m, 0, what);
  }
  toString = () => `hold(u${this.user}, ${this.wallet}, ${JSON.stringify(this.amount)})`;
}

class ReleaseCmd implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.holds.length > 0;
  async run(m: Model, lane: Lane) {
    const hold = m.holds[this.pick % m.holds.length]!;
    const what = `${this.toString()} of ${hold.status} hold ${hold.id}`;
    const released = await h.db.transaction((tx) => h.deps.ledger.release(tx, hold.id, at()));
    // Releasing a released or posted hold answers false and changes nothing.
    expect(released, what).toBe(hold.status === 'active');
    note(released ? 'release' : `release refused: ${hold.status === 'released' ? 'released' : 'settled'} before`);
    if (released) {
      const p = purse(m, hold.user, hold.wallet);
      p.available += hold.amount;
      p.held -= hold.amount;
      hold.status = 'released';
    }
    await lane.verify(m, 0, what);
  }
  toString = () => `release(#${this.pick})`;
}

class SettleCmd implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.holds.length > 0;
  async run(m: Model, lane: Lane) {
    const hold = m.holds[this.pick % m.holds.length]!;
    const what = `${this.toString()} of ${hold.status} hold ${hold.id}`;
    const posted = await h.db.transaction(async (tx) => {
      const counter = await h.deps.ledger.systemAccount(tx, 'withdrawals', CURRENCY[hold.wallet]);
      return h.deps.ledger.settleHold(tx, hold.id, {
        type: 'withdrawal',
        reference: `withdrawal:${hold.id}`,
        at: at(),
        counter,
      });
    });
    // Settling a released or already posted hold answers null and writes nothing.
    expect(posted !== null, what).toBe(hold.status === 'active');
    note(posted ? 'settle' : `settle refused: ${hold.status === 'released' ? 'released' : 'settled'} before`);
    if (posted) {
      purse(m, hold.user, hold.wallet).held -= hold.amount;
      hold.status = 'posted';
    }
    await lane.verify(m, posted ? 1 : 0, what);
  }
  toString = () => `settle(#${this.pick})`;
}

const userArb = fc.integer({ min: 0, max: USERS_PER_LANE - 1 });
const walletArb = fc.constantFrom(...WALLETS);
const pickArb = fc.nat({ max: 1000 });
const transferArb = fc
  .tuple(userArb, walletArb, walletArb, amountSpec)
  .filter(([, from, to]) => from !== to)
  .map(([u, from, to, a]) => new TransferCmd(u, from, to, a, { kind: 'fresh' }));
/** Relative weights: transfers (fresh ones, and replays of keys) are the bulk, as in the product. */
const commandArbs = [
  fc
    .tuple(
      userArb,
      walletArb,
      fc.integer({ min: 1, max: 200_000 }),
      fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: pickArb }),
    )
    .map(([u, w, c, dup]) => new DepositCmd(u, w, c, dup)),
  transferArb,
  transferArb,
  fc
    .tuple(fc.constantFrom('replay' as const, 'otherBody' as const), pickArb)
    .map(([kind, pick]) => new TransferCmd(0, 'BALANCE', 'STOCK', { kind: 'cent' }, { kind, pick })),
  pickArb.map((p) => new CancelCmd(p)),
  fc.tuple(userArb, walletArb, amountSpec).map(([u, w, a]) => new HoldCmd(u, w, a)),
  pickArb.map((p) => new ReleaseCmd(p)),
  pickArb.map((p) => new SettleCmd(p)),
];

/** Set when a lane has failed: the others finish their current run and stop. */
let failed = false;

/** Runs fast-check on one lane until the lanes together have made the target number of steps. */
async function runLane(lane: Lane) {
  const property = fc.asyncProperty(fc.commands(commandArbs, { maxCommands: MAX_COMMANDS, size: 'max' }), (cmds) =>
    fc.asyncModelRun(async () => {
      progress.runs += 1;
      const t0 = performance.now();
      await lane.audit('before a run');
      await lane.reset();
      const model = await lane.modelFromDb();
      timing.setup += performance.now() - t0;
      return { model, real: lane };
    }, cmds),
  );
  try {
    while (!failed && progress.steps < TARGET_STEPS) await fc.assert(property, { numRuns: 1 });
  } catch (error) {
    failed = true;
    throw error;
  }
}

describe('the ledger against a model', () => {
  it(`keeps every wallet, posting and cached balance right over ${TARGET_STEPS} random steps`, async () => {
    const started = performance.now();
    const results = await Promise.allSettled(lanes.map(runLane));
    for (const r of results) if (r.status === 'rejected') throw r.reason;
    await lanes[0]!.audit('at the end');
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `ledger model: ${progress.steps} steps in ${progress.runs} runs on ${LANES} lanes, ${seconds.toFixed(1)} s ` +
        `(lane time in checks ${(timing.verify / 1000).toFixed(1)} s, in audits between runs ${(timing.setup / 1000).toFixed(1)} s)`,
    );
    console.log(
      [...outcomes]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `  ${String(v).padStart(5)} ${k}`)
        .join('\n'),
    );
    expect(progress.steps).toBeGreaterThanOrEqual(TARGET_STEPS);
    if (TARGET_STEPS >= 10_000)
      for (const outcome of MUST_HAPPEN) expect(outcomes.get(outcome), outcome).toBeGreaterThan(0);
  }, 180_000);
});

// ------------------------------------------------------------------------------------ invariant unit tests

/** rawTransaction (test/raw-sql.ts) on the harness's owner connection. */
const rawTransaction = (work: (q: RawQuery) => Promise<void>, opts?: { commit: boolean }) =>
  rawTransactionOn(h.db.$client, work, opts);

const count = (table: string) => countRows(h.db.$client, table);

describe('ledger invariants', () => {
  let user: { id: number };
  let eurAccount: number;
  let usdAccount: number;
  let clearingEur: number;
  let adjustmentsEur: number;

  beforeAll(async () => {
    user = (await h.registerUser()).user;
    await h.fund(user.id, 'BALANCE', '100');
    await h.db.transaction(async (tx) => {
      eurAccount = (await h.deps.ledger.walletAccount(tx, user.id, 'BALANCE')).id;
      usdAccount = (await h.deps.ledger.walletAccount(tx, user.id, 'US_STOCK')).id;
      clearingEur = (await h.deps.ledger.systemAccount(tx, 'deposits', 'EUR')).id;
      adjustmentsEur = (await h.deps.ledger.systemAccount(tx, 'adjustments', 'EUR')).id;
    });
  });

  it('refuses an unbalanced entry in code, before writing anything', async () => {
    const before = await count('journal_entries');
    const cases: Array<Array<[number, Currency, string]>> = [
      [
        [clearingEur, 'EUR', '-10'],
        [eurAccount, 'EUR', '9.99'],
      ],
      [[eurAccount, 'EUR', '0']],
      [
        [clearingEur, 'EUR', '-10'],
        [eurAccount, 'EUR', '10'],
        [usdAccount, 'USD', '1'],
      ],
      [
        [clearingEur, 'EUR', '0'],
        [eurAccount, 'EUR', '0'],
      ],
      [
        [clearingEur, 'EUR', '-0.000000001'],
        [eurAccount, 'EUR', '0.000000001'],
      ],
    ];
    for (const postings of cases) {
      await expect(
        h.db.transaction((tx) =>
          h.deps.ledger.post(tx, {
            type: 'adjustment',
            at: h.clock.now(),
            postings: postings.map(([id, currency, amount]) => ({
              account: { id, currency, userId: id === clearingEur ? null : user.id },
              amount,
            })),
          }),
        ),
      ).rejects.toBeInstanceOf(LedgerInvariantError);
    }
    expect(await count('journal_entries')).toBe(before);
  });

  it('forgets a system account made in a transaction that rolled back', async () => {
    // A fresh ledger, so its cache of system accounts is empty, and an account no test has used.
    const ledger = createLedger();
    await h.db
      .transaction(async (tx) => {
        await ledger.systemAccount(tx, 'fees', 'USD');
        tx.rollback();
      })
      .catch(() => undefined);
    const posted = await h.db.transaction(async (tx) =>
      ledger.post(tx, {
        type: 'adjustment',
        at: h.clock.now(),
        postings: [
          { account: await ledger.systemAccount(tx, 'fees', 'USD'), amount: '1' },
          { account: await ledger.systemAccount(tx, 'adjustments', 'USD'), amount: '-1' },
        ],
      }),
    );
    expect(posted.postings).toHaveLength(2);
  });

  /** A journal entry written by raw SQL, behind the ledger's back; its id. */
  const entry = async (q: RawQuery) => {
    const res = await q(`insert into journal_entries (type, reason) values ('adjustment', 'raw sql') returning id`);
    return String(res.rows[0]!.id);
  };
  const posting = `insert into ledger_postings (entry_id, account_id, currency, amount) values ($1, $2, $3, $4)`;

  it('refuses an unbalanced entry in the database at commit, whatever code wrote it', async () => {
    const before = await count('ledger_postings');

    // Unbalanced: the inserts themselves pass; the deferred trigger refuses the commit.
    const unbalanced = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '9']);
    });
    expect(unbalanced?.code).toBe('23514');
    expect(unbalanced?.message).toMatch(/does not balance: EUR -1/);

    // One posting only.
    const single = await rawTransaction(async (q) => {
      await q(posting, [await entry(q), adjustmentsEur, 'EUR', '5']);
    });
    expect(single?.code).toBe('23514');
    // (a lone posting is never zero, ledger_postings_nonzero, so it is refused as unbalanced)
    expect(single?.message).toMatch(/does not balance: EUR 5/);

    // Balanced in amount but a posting in another currency than its account.
    const wrongCurrency = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'USD', '-3']);
      await q(posting, [id, usdAccount, 'USD', '3']);
    });
    expect(wrongCurrency?.code).toBe('23514');
    expect(wrongCurrency?.message).toMatch(/not in its account currency/);

    // The trigger checks an entry once for the postings it saw: a posting added after a check (constraints made
    // immediate midway) is checked again, with the whole entry.
    const addedAfterCheck = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '10']);
      await q('set constraints all immediate');
      await q('set constraints all deferred');
      await q(posting, [id, clearingEur, 'EUR', '1']);
    });
    expect(addedAfterCheck?.code).toBe('23514');
    expect(addedAfterCheck?.message).toMatch(/does not balance: EUR 1/);

    // The batch writers check their entries at once (ledger_check_postings) over the postings they just wrote,
    // which the trigger then skips: an unbalanced entry in the range is refused there and then ...
    const range = `select ledger_check_postings(min(id), max(id)) from ledger_postings where entry_id = $1`;
    const refusedNow = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '9']);
      await q(range, [id]);
    });
    expect(refusedNow?.code).toBe('23514');
    expect(refusedNow?.message).toMatch(/does not balance: EUR -1/);
    // A range of several entries is checked entry by entry, and the lowest entry that fails is named.
    let failing = '';
    const severalNow = await rawTransaction(async (q) => {
      const first = await entry(q);
      await q(posting, [first, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [first, clearingEur, 'EUR', '10']);
      failing = await entry(q);
      await q(posting, [failing, adjustmentsEur, 'EUR', '5']);
      const misplaced = await entry(q);
      await q(posting, [misplaced, adjustmentsEur, 'USD', '-3']);
      await q(posting, [misplaced, usdAccount, 'USD', '3']);
      await q(`select ledger_check_postings(min(id), max(id)) from ledger_postings where entry_id in ($1, $2, $3)`, [
        first,
        failing,
        misplaced,
      ]);
    });
    expect(severalNow?.code).toBe('23514');
    expect(severalNow?.message).toBe(`journal entry ${failing} does not balance: EUR 5.00000000`);
    // ... a posting written after that check is checked at commit with its whole entry ...
    const addedAfterRange = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '10']);
      await q(range, [id]);
      await q(posting, [id, clearingEur, 'EUR', '1']);
    });
    expect(addedAfterRange?.message).toMatch(/does not balance: EUR 1/);
    // ... and a range reaching past the last posting id this session drew is refused, since the postings the
    // transaction writes next would fall in it unchecked.
    const pastDrawn = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '10']);
      await q(`select ledger_check_postings(min(id), max(id) + 1) from ledger_postings where entry_id = $1`, [id]);
    });
    expect(pastDrawn?.message).toMatch(/not a range this session has written/);
    expect(await count('ledger_postings')).toBe(before);

    // The same statements balanced (on system accounts, which cache no balance) do commit.
    const balanced = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, clearingEur, 'EUR', '10']);
    });
    expect(balanced).toBeNull();
    expect(await count('ledger_postings')).toBe(before + 2);
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('refuses to change or delete journal entries and postings', async () => {
    const { rows } = await h.db.$client.query<{ entry: string; posting: string }>(
      'select entry_id as entry, id as posting from ledger_postings order by id desc limit 1',
    );
    const { entry, posting } = rows[0]!;
    for (const [statement, values] of [
      ['update journal_entries set reason = $2 where id = $1', [entry, 'edited']],
      ['delete from journal_entries where id = $1', [entry]],
      ['update ledger_postings set amount = amount * 2 where id = $1', [posting]],
      ['update ledger_postings set account_id = account_id where entry_id = $1', [entry]],
      ['delete from ledger_postings where id = $1', [posting]],
      ['truncate ledger_postings', []],
      ['truncate journal_entries cascade', []],
    ] as const) {
      // Rolled back in any case: this test must not be able to damage the books it checks.
      const error = await rawTransaction(
        async (q) => {
          await q(statement, [...values]);
        },
        { commit: false },
      );
      expect(error?.message, statement).toMatch(/append-only/);
      expect(error?.code, statement).toBe('23001');
    }
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it("keeps every posting's entry and account: checked with the balance, and neither can go away", async () => {
    const { rows: top } = await h.db.$client.query<{ account: string; entry: string }>(
      `select (select max(id) + 1000 from ledger_accounts) as account, (select max(id) + 1000 from journal_entries) as entry`,
    );
    const { account: noAccount, entry: noEntry } = top[0]!;
    const before = await count('ledger_postings');

    // A balanced entry with a posting to an account that does not exist: refused at commit ...
    const toNoAccount = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, noAccount, 'EUR', '10']);
    });
    expect(toNoAccount?.code).toBe('23503');
    expect(toNoAccount?.message).toMatch(/posting to an account that does not exist/);
    // ... and by the batch writers' check, there and then.
    const toNoAccountNow = await rawTransaction(async (q) => {
      const id = await entry(q);
      await q(posting, [id, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [id, noAccount, 'EUR', '10']);
      await q(`select ledger_check_postings(min(id), max(id)) from ledger_postings where entry_id = $1`, [id]);
    });
    expect(toNoAccountNow?.code).toBe('23503');
    // Balanced postings of an entry that does not exist.
    const ofNoEntry = await rawTransaction(async (q) => {
      await q(posting, [noEntry, adjustmentsEur, 'EUR', '-10']);
      await q(posting, [noEntry, clearingEur, 'EUR', '10']);
    });
    expect(ofNoEntry?.code).toBe('23503');
    expect(ofNoEntry?.message).toMatch(/which does not exist/);
    expect(await count('ledger_postings')).toBe(before);

    // An account with postings is never deleted, no account changes its id, and the table is never truncated.
    for (const [statement, values, code, message] of [
      ['delete from ledger_accounts where id = $1', [eurAccount], '23503', /has postings and is kept/],
      ['update ledger_accounts set id = $2 where id = $1', [clearingEur, noAccount], '23001', /keep their ids/],
      ['truncate ledger_accounts cascade', [], '23001', /never truncated/],
    ] as const) {
      const error = await rawTransaction(
        async (q) => {
          await q(statement, [...values]);
        },
        { commit: false },
      );
      expect(error?.code, statement).toBe(code);
      expect(error?.message, statement).toMatch(message);
    }
    expect(await auditLedger(h.db.$client)).toEqual([]);
  });

  it('refuses held > balance on a customer account by CHECK, even when code bypasses the guard', async () => {
    const attempts: Array<[string, unknown[]]> = [
      ['update ledger_accounts set held = balance + 0.01 where id = $1', [eurAccount]],
      ['update ledger_accounts set balance = held - 0.01 where id = $1', [eurAccount]],
      ['update ledger_accounts set held = -1 where id = $1', [eurAccount]],
      ['update ledger_accounts set balance = -5 where id = $1', [usdAccount]],
    ];
    for (const [statement, values] of attempts) {
      const error = await rawTransaction(
        async (q) => {
          await q(statement, values);
        },
        { commit: false },
      );
      expect(error?.code, statement).toBe('23514');
    }
    // The ledger's own hold refuses it first (the guard), with a clear 422.
    await expect(
      h.db.transaction(async (tx) =>
        h.deps.ledger.hold(tx, {
          account: { id: eurAccount, currency: 'EUR', userId: user.id },
          amount: '100.01',
          reference: `withdrawal:${randomUUID()}`,
          at: h.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ code: 422, reason: 'insufficientBalance' });
    // A system account may go below zero (the deposits clearing account is minus what came in).
    expect(
      await rawTransaction(
        async (q) => {
          await q('update ledger_accounts set balance = -5 where id = $1', [clearingEur]);
        },
        { commit: false },
      ),
    ).toBeNull();
    const { rows } = await h.db.$client.query<{ balance: string; held: string }>(
      'select balance::text, held::text from ledger_accounts where id = $1',
      [eurAccount],
    );
    expect(rows[0]).toEqual({ balance: '100.00000000', held: '0.00000000' });
  });
});
