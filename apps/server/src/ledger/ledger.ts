/**
 * The double-entry core: the only code that changes money (docs/money.md).
 *
 * - A journal entry has two or more postings summing to zero per currency (asserted here, and again by a
 *   deferred constraint trigger at commit).
 * - A customer account's `balance` is the sum of its postings and `held` the sum of its active holds, both
 *   changed by guarded updates in the caller's transaction; `balance - held >= 0` is a CHECK as well.
 * - System accounts (clearing, fx, adjustments) are not cached: their balance is the sum of their postings,
 *   computed when asked. So no request waits on a hot system row.
 * - Accounts are updated in id order, so two transactions never wait on each other in a cycle.
 *
 * Every function takes the caller's transaction: a money movement and the business record it belongs to
 * (a withdrawal row, an idempotency key) commit or roll back together.
 */
import {
  CURRENCIES,
  type Currency,
  DEFAULT_WALLET_CURRENCY,
  Decimal,
  E,
  type EntryType,
  WALLETS,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.js';
import { raisedByDatabase } from '../platform/db/errors.js';
import { jsonTexts } from '../platform/db/json-texts.js';
import { ledgerAccounts, ledgerHolds } from '../platform/db/schema.js';
import { rule } from '../platform/errors.js';
import { type IdempotencyKey, idempotencyError, idempotencyMismatch } from '../platform/idempotency.js';

/**
 * loans: what customers owe on loans (minus their sum); loanInterest: the interest charged on them (docs/loans.md).
 * funds: what the fund orders in progress owe their customers (principal + interest accrued; modules/funds).
 * follows: the amounts of the follows running (copy trading; modules/strategies): their result is settled against
 * `market` at the term's end, the fee into `fees`.
 * robots: the allocations of the robots not ended (modules/robots): their result is settled against `market` when
 * they end; the rent or purchase price goes to `fees` at the start.
 */
export const SYSTEM_ACCOUNTS = [
  'deposits',
  'withdrawals',
  'adjustments',
  'fx',
  'market',
  'fees',
  'loans',
  'loanInterest',
  'funds',
  'follows',
  'robots',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
export type Executor = Db | Tx;

export interface Account {
  id: number;
  currency: Currency;
  /** null for system accounts. */
  userId: number | null;
}

export interface PostingInput {
  account: Account;
  /** Signed: + into the account, − out of it. Never zero. */
  amount: Decimal | string;
}

export interface EntryInput {
  type: EntryType;
  postings: readonly PostingInput[];
  at: Date;
  reason?: string | null;
  /** Unique per type: the same reference cannot be posted twice. */
  reference?: string | null;
  operatorId?: number | null;
  rate?: Decimal | string | null;
  detail?: Record<string, unknown> | null;
}

export interface PostedEntry {
  entryId: number;
  postings: Array<{ id: number; accountId: number; currency: Currency; amount: string; balanceAfter: string | null }>;
}

export interface HoldInput {
  account: Account;
  amount: Decimal | string;
  reference: string;
  at: Date;
}

/** A hold and a fee charged from the same account to a system account with it (holdAndCharge). */
export interface HoldAndChargeInput extends HoldInput {
  fee: { amount: Decimal | string; to: Account; type: EntryType; reference: string; detail?: Record<string, unknown> };
}

/**
 * A wallet's money, in cents for the wire (wireAmount). "Balance" is the account's `balance` column, which is the
 * total (before holds); these names say which is which. The wire calls the available amount `balance` (SPEC §3
 * "Wallet balance"): the routes map `available` to it.
 */
export interface WalletBalanceRow {
  wallet: Wallet;
  currency: Currency;
  /** May be spent, moved or withdrawn now: total − held. */
  available: string;
  /** On hold (pending withdrawals, margins). */
  held: string;
  /** The sum of the account's postings: available + held. */
  total: string;
}

/** One request of postOnceEach: what postOnce takes. */
export interface PostOnceRequest<A extends object> {
  key: IdempotencyKey;
  input: Omit<EntryInput, 'operatorId'>;
  answer: A;
}

/** A request's outcome in postOnceEach: its answer, or the error postOnce would have thrown for it. */
export type PostOnceOutcome<A extends object> = { answer: A & { entryId: number } } | { error: unknown };

/** ledger_post_once_each's answer for one request: written now (its entry's id), replayed, or refused. */
type PostOnceEachResult<A extends object> =
  | { replayed: false; entryId: number }
  | { replayed: true; answer: A & { entryId: number } }
  | { error: 'mismatch' }
  | { error: 'insufficient'; accountId: number; available: string };

/** ledger_post_once_each (sql/ledger_post_once_each.sql): the transfer batch, one array per field. */
const POST_ONCE_EACH_SQL =
  'select ledger_post_once_each($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) as results';

export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

function assertBalanced(postings: readonly PostingInput[]) {
  if (postings.length < 2) throw new LedgerInvariantError('an entry needs at least two postings');
  const sums = new Map<string, Decimal>();
  for (const p of postings) {
    const amount = new Decimal(p.amount);
    if (amount.isZero() || !amount.isFinite()) throw new LedgerInvariantError('a posting amount must be non-zero');
    if (amount.decimalPlaces() > 8) throw new LedgerInvariantError('a posting has more than 8 decimals');
    sums.set(p.account.currency, (sums.get(p.account.currency) ?? new Decimal(0)).plus(amount));
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new LedgerInvariantError(`entry does not balance in ${currency}: ${sum.toString()}`);
  }
}

export interface LedgerOptions {
  walletCurrency?: Partial<Record<Wallet, Currency>>;
}

export function createLedger(options: LedgerOptions = {}) {
  const walletCurrency: Record<Wallet, Currency> = { ...DEFAULT_WALLET_CURRENCY, ...options.walletCurrency };
  const systemCache = new Map<string, Account>();

  const insufficient = (available: Decimal | string, currency: Currency) =>
    rule(E.insufficientBalance, { available: wireAmount(available), currency }, 'insufficientBalance');

  /**
   * Customer accounts never change once made (id, owner, wallet, currency): the ones committed before the
   * asking transaction began are remembered, which saves two queries per transfer. Bounded: forgotten all
   * at once when full.
   */
  const walletCache = new Map<string, Account>();
  const WALLET_CACHE_MAX = 100_000;

  /** The customer's account for a wallet, made on first use. */
  async function walletAccount(tx: Executor, userId: number, wallet: Wallet): Promise<Account> {
    const key = `${userId}:${wallet}`;
    const cached = walletCache.get(key);
    if (cached) return cached;
    const currency = walletCurrency[wallet];
    const found = await tx
      .select({
        id: ledgerAccounts.id,
        currency: ledgerAccounts.currency,
        // As for system accounts: a row made by this very transaction may still roll back.
        committed: sql<boolean>`${ledgerAccounts.createdAt} < now()`,
      })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, wallet)));
    if (found[0]) {
      const account: Account = { id: found[0].id, currency: found[0].currency as Currency, userId };
      if (found[0].committed) {
        if (walletCache.size >= WALLET_CACHE_MAX) walletCache.clear();
        walletCache.set(key, account);
      }
      return account;
    }
    await tx.insert(ledgerAccounts).values({ userId, wallet, currency }).onConflictDoNothing();
    const [row] = await tx
      .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.wallet, wallet)));
    if (!row) throw new Error('wallet account not created');
    return { id: row.id, currency: row.currency as Currency, userId };
  }

  /**
   * A system account. They are all made at start (ensureSystemAccounts). As for wallets, only a row committed
   * before the asking transaction began is cached: one made by this transaction may still roll back.
   */
  async function systemAccount(tx: Executor, system: SystemAccount, currency: Currency): Promise<Account> {
    const key = `${system}:${currency}`;
    const cached = systemCache.get(key);
    if (cached) return cached;
    const find = () =>
      tx
        .select({ id: ledgerAccounts.id, committed: sql<boolean>`${ledgerAccounts.createdAt} < now()` })
        .from(ledgerAccounts)
        .where(
          and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.system, system), eq(ledgerAccounts.currency, currency)),
        );
    let [row] = await find();
    if (!row) {
      await tx.insert(ledgerAccounts).values({ system, currency }).onConflictDoNothing();
      [row] = await find();
    }
    if (!row) throw new Error('system account not created');
    const account: Account = { id: row.id, currency, userId: null };
    if (row.committed) systemCache.set(key, account);
    return account;
  }

  /** Makes every system account in every currency (idempotent); called once at start. */
  async function ensureSystemAccounts(db: Db): Promise<void> {
    const rows = SYSTEM_ACCOUNTS.flatMap((system) => CURRENCIES.map((currency) => ({ system, currency })));
    await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
  }

  /** The arguments of the ledger_post SQL function (migration 0004) for an entry. */
  function postArgs(input: EntryInput) {
    assertBalanced(input.postings);
    return {
      accounts: input.postings.map((p) => p.account.id),
      currencies: input.postings.map((p) => p.account.currency),
      amounts: input.postings.map((p) => new Decimal(p.amount).toString()),
      rate: input.rate == null ? null : new Decimal(input.rate).toString(),
    };
  }

  /** The SQL functions' refusals as the API's errors; anything else is thrown as is. */
  function ledgerError(err: unknown, postings: readonly PostingInput[]): unknown {
    const raised = raisedByDatabase(err, 'ledger.insufficient');
    if (!raised) return err;
    const detail = JSON.parse(raised.detail ?? '{}') as { accountId?: number; available?: string | number };
    const account = postings.find((p) => p.account.id === Number(detail.accountId))?.account;
    if (!account) return err;
    return insufficient(String(detail.available ?? '0'), account.currency);
  }

  /**
   * Writes one balanced journal entry in one round trip (the ledger_post SQL function): the entry, the
   * guarded balance updates in account-id order, the postings. A customer posting that would take the
   * account below zero available answers 422 insufficientBalance and nothing of the entry is written (it
   * throws: the caller's transaction must roll back).
   */
  async function post(tx: Tx, input: EntryInput): Promise<PostedEntry> {
    const args = postArgs(input);
    let rows: Array<{ posted: PostedEntry }>;
    try {
      ({ rows } = await tx.execute<{ posted: PostedEntry }>(sql`select ledger_post(
        ${input.type}, ${input.at.toISOString()}::timestamptz, ${sql.param(args.accounts)}::bigint[],
        ${sql.param(args.currencies)}::text[], ${sql.param(args.amounts)}::numeric[], ${input.reason ?? null},
        ${input.reference ?? null}, ${input.operatorId ?? null}::bigint, ${args.rate}::numeric,
        ${input.detail == null ? null : JSON.stringify(input.detail)}::jsonb) as posted`));
    } catch (err) {
      throw ledgerError(err, input.postings);
    }
    const posted = rows[0]?.posted;
    if (!posted) throw new Error('journal entry not created');
    return { entryId: Number(posted.entryId), postings: posted.postings };
  }

  /**
   * An idempotent request whose whole work is one journal entry (a wallet transfer), in one statement and
   * one round trip (the ledger_post_once SQL function, a prepared statement): waits for a request holding
   * the same key, replays the answer of one that committed, else posts the entry and stores `answer` with
   * its entryId under the key. The same key with another endpoint or body answers 409, as runIdempotent.
   */
  async function postOnce<A extends object>(
    db: Db,
    key: IdempotencyKey,
    input: Omit<EntryInput, 'operatorId'>,
    answer: A,
  ): Promise<A & { entryId: number }> {
    const args = postArgs(input);
    try {
      const { rows } = await db.$client.query<{ result: { answer: A & { entryId: number } } }>({
        name: 'ledger_post_once',
        text: 'select ledger_post_once($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) as result',
        values: [
          key.scope,
          key.key,
          key.endpoint,
          key.requestHash,
          JSON.stringify(answer),
          input.type,
          input.at,
          args.accounts,
          args.currencies,
          args.amounts,
          args.rate,
          input.detail == null ? null : JSON.stringify(input.detail),
          input.reason ?? null,
          input.reference ?? null,
        ],
      });
      const result = rows[0]?.result;
      if (!result) throw new Error('ledger_post_once answered nothing');
      return result.answer;
    } catch (err) {
      throw idempotencyError(ledgerError(err, input.postings));
    }
  }

  /**
   * ledger_post_once_each's arguments: one array per field, request k at index k of each (its key, its answer as
   * JSON text, its entry), and its entry's postings in arrays of their own, each naming k (1-based) in the first
   * (sql/ledger_post_once_each.sql; typed arrays, as the order batch's, docs/trading.md "The placement path").
   */
  function postOnceEachColumns<A extends object>(requests: readonly PostOnceRequest<A>[]): unknown[] {
    const args = requests.map((r) => postArgs(r.input));
    const legs = args.flatMap((a, k) =>
      a.accounts.map((account, i) => ({ entry: k + 1, account, currency: a.currencies[i], amount: a.amounts[i] })),
    );
    return [
      requests.map((r) => r.key.scope),
      requests.map((r) => r.key.key),
      requests.map((r) => r.key.endpoint),
      requests.map((r) => r.key.requestHash),
      jsonTexts(requests.map((r) => JSON.stringify(r.answer))),
      requests.map((r) => r.input.type),
      requests.map((r) => r.input.at.toISOString()),
      args.map((a) => a.rate),
      jsonTexts(requests.map((r) => JSON.stringify(r.input.detail ?? null))),
      requests.map((r) => r.input.reason ?? null),
      requests.map((r) => r.input.reference ?? null),
      legs.map((l) => l.entry),
      legs.map((l) => l.account),
      legs.map((l) => l.currency),
      legs.map((l) => l.amount),
    ];
  }

  /**
   * postOnce for several requests in one statement and one transaction (the ledger_post_once_each SQL function,
   * a prepared statement): the transfer batch's group commit (modules/wallet). Each request is answered on its
   * own, in order: its answer (written now or replayed), or its refusal as the error postOnce would throw (422
   * insufficientBalance, 409 for a key reused for another request), which writes nothing and does not stop the
   * others. Two requests with one key, or one customer account in two requests, make the whole call fail
   * (nothing written): the caller keeps them apart.
   */
  async function postOnceEach<A extends object>(
    db: Db,
    requests: readonly PostOnceRequest<A>[],
  ): Promise<Array<PostOnceOutcome<A>>> {
    const { rows } = await db.$client.query<{ results: PostOnceEachResult<A>[] }>({
      name: 'ledger_post_once_each',
      text: POST_ONCE_EACH_SQL,
      values: postOnceEachColumns(requests),
    });
    const results = rows[0]?.results ?? [];
    return results.map((result, i): PostOnceOutcome<A> => {
      if ('entryId' in result) return { answer: { ...(requests[i]?.answer as A), entryId: Number(result.entryId) } };
      if ('answer' in result) return { answer: result.answer };
      if (result.error === 'mismatch') return { error: idempotencyMismatch() };
      const postings = requests[i]?.input.postings ?? [];
      const account = postings.find((p) => p.account.id === Number(result.accountId))?.account;
      if (!account) return { error: new Error(`ledger_post_once_each: account ${result.accountId} is not posted`) };
      return { error: insufficient(result.available, account.currency) };
    });
  }

  /**
   * Reserves part of a customer account's available balance (the ledger_hold SQL function: guarded update and
   * hold row, one round trip); 422 insufficientBalance when there is not enough.
   */
  async function hold(tx: Tx, input: HoldInput): Promise<number> {
    const amount = new Decimal(input.amount);
    if (!amount.isPositive() || amount.isZero()) throw new LedgerInvariantError('a hold must be positive');
    if (input.account.userId === null) throw new LedgerInvariantError('holds are on customer accounts');
    try {
      const { rows } = await tx.execute<{ id: string }>(
        sql`select ledger_hold(${input.account.id}, ${amount.toString()}::numeric, ${input.reference}, ${input.at.toISOString()}::timestamptz) as id`,
      );
      return Number(rows[0]?.id);
    } catch (err) {
      throw ledgerError(err, [{ account: input.account, amount }]);
    }
  }

  /**
   * A hold and a fee on the same customer account in one guarded update (the ledger_hold_and_charge SQL
   * function, one round trip): the hold row, and with a fee above zero its journal entry to the system account
   * `fee.to`. 422 insufficientBalance when the available balance does not carry both; nothing is written.
   */
  async function holdAndCharge(tx: Tx, input: HoldAndChargeInput): Promise<{ holdId: number; entryId: number | null }> {
    const amount = new Decimal(input.amount);
    const fee = new Decimal(input.fee.amount);
    if (!amount.isPositive() || amount.isZero()) throw new LedgerInvariantError('a hold must be positive');
    if (fee.isNegative()) throw new LedgerInvariantError('a fee must not be negative');
    if (input.account.userId === null) throw new LedgerInvariantError('holds are on customer accounts');
    if (input.fee.to.userId !== null) throw new LedgerInvariantError('fees go to a system account');
    if (input.fee.to.currency !== input.account.currency)
      throw new LedgerInvariantError('a fee is in the account currency');
    try {
      const { rows } = await tx.execute<{ held: { holdId: number; entryId: number | null } }>(
        sql`select ledger_hold_and_charge(${input.account.id}, ${amount.toString()}::numeric, ${input.reference},
          ${input.at.toISOString()}::timestamptz, ${fee.toString()}::numeric, ${input.fee.to.id}, ${input.fee.type},
          ${input.fee.reference}, ${input.fee.detail == null ? null : JSON.stringify(input.fee.detail)}::jsonb) as held`,
      );
      const held = rows[0]?.held;
      if (!held) throw new Error('hold not created');
      return { holdId: Number(held.holdId), entryId: held.entryId == null ? null : Number(held.entryId) };
    } catch (err) {
      throw ledgerError(err, [{ account: input.account, amount }]);
    }
  }

  /** Ends an active hold; answers its account and amount, or null when it was not active any more. */
  async function endHold(tx: Tx, holdId: number, status: 'released' | 'posted', at: Date, entryId?: number) {
    const { rows } = await tx.execute<{ ended: { accountId: number; amount: string } | null }>(
      sql`select ledger_end_hold(${holdId}, ${status}, ${at.toISOString()}::timestamptz, ${entryId ?? null}::bigint) as ended`,
    );
    return rows[0]?.ended ?? null;
  }

  /** Gives a held amount back to the available balance. False when the hold was no longer active. */
  async function release(tx: Tx, holdId: number, at: Date): Promise<boolean> {
    return (await releasedAmount(tx, holdId, at)) !== null;
  }

  /** Releases a hold as `release` does, answering the amount given back; null when it was no longer active. */
  async function releasedAmount(tx: Tx, holdId: number, at: Date): Promise<Decimal | null> {
    const ended = await endHold(tx, holdId, 'released', at);
    return ended ? new Decimal(ended.amount) : null;
  }

  /**
   * Turns a hold into a journal entry moving the held amount from its account to `counter`. Null when the
   * hold was no longer active (already posted or released): nothing is written.
   */
  async function settleHold(
    tx: Tx,
    holdId: number,
    entry: Omit<EntryInput, 'postings'> & { counter: Account },
  ): Promise<PostedEntry | null> {
    const [h] = await tx
      .select({
        accountId: ledgerHolds.accountId,
        amount: ledgerHolds.amount,
        currency: ledgerAccounts.currency,
        userId: ledgerAccounts.userId,
      })
      .from(ledgerHolds)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerHolds.accountId))
      .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'active')))
      .for('update', { of: ledgerHolds });
    if (!h) return null;
    const account: Account = { id: h.accountId, currency: h.currency as Currency, userId: h.userId };
    await endHold(tx, holdId, 'posted', entry.at);
    const posted = await post(tx, {
      ...entry,
      postings: [
        { account, amount: new Decimal(h.amount).negated() },
        { account: entry.counter, amount: h.amount },
      ],
    });
    await tx.update(ledgerHolds).set({ entryId: posted.entryId }).where(eq(ledgerHolds.id, holdId));
    return posted;
  }

  /**
   * What a customer account may spend now (balance − held), to the 8 places the ledger keeps; 0 for a wallet never
   * used. Read it here, never from the account's columns: `balance` there is the total, before holds.
   */
  async function available(db: Executor, account: Account | { userId: number; wallet: Wallet }): Promise<Decimal> {
    const where =
      'id' in account
        ? eq(ledgerAccounts.id, account.id)
        : and(eq(ledgerAccounts.userId, account.userId), eq(ledgerAccounts.wallet, account.wallet));
    const [row] = await db
      .select({ available: sql<string>`${ledgerAccounts.balance} - ${ledgerAccounts.held}` })
      .from(ledgerAccounts)
      .where(where);
    return new Decimal(row?.available ?? 0);
  }

  /** Every wallet of a customer, with zeros for wallets never used, in WALLETS order. */
  async function balances(db: Executor, userId: number): Promise<WalletBalanceRow[]> {
    const rows = await db
      .select({ wallet: ledgerAccounts.wallet, balance: ledgerAccounts.balance, held: ledgerAccounts.held })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId));
    const byWallet = new Map(rows.map((r) => [r.wallet, r]));
    return WALLETS.map((wallet) => {
      const r = byWallet.get(wallet);
      const balance = new Decimal(r?.balance ?? 0);
      const held = new Decimal(r?.held ?? 0);
      return {
        wallet,
        currency: walletCurrency[wallet],
        available: wireAmount(balance.minus(held)),
        held: wireAmount(held),
        total: wireAmount(balance),
      };
    });
  }

  return {
    walletCurrency,
    currencyOf: (wallet: Wallet) => walletCurrency[wallet],
    walletAccount,
    systemAccount,
    ensureSystemAccounts,
    post,
    postOnce,
    postOnceEach,
    hold,
    holdAndCharge,
    release,
    releasedAmount,
    settleHold,
    available,
    balances,
    insufficient,
  };
}

export type Ledger = ReturnType<typeof createLedger>;
