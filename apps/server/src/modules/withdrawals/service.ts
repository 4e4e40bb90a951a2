/**
 * Bank cards, crypto wallets and withdrawals (docs/money.md "Withdrawals, bank cards and crypto wallets").
 *
 * Asking for a withdrawal holds the amount at once (one guarded update in the ledger: of many requests
 * for the whole balance exactly one is accepted) and keeps a copy of where the money goes. An operator
 * marks it paid (the hold is posted: wallet → withdrawals clearing) or rejects it with a reason (the hold
 * is released at once). Nothing but the transaction password is ever demanded of the customer: no
 * identity check, fee or score stands between a customer and their available balance.
 *
 * Nor can doing nothing freeze it: the customer may cancel a pending withdrawal (the hold is released at once),
 * a payout carries the reference the customer can trace it by, and one pending longer than
 * WITHDRAWAL_REVIEW_HOURS is flagged overdue in the console while the customer sees when it was expected.
 */
import {
  type Currency,
  Decimal,
  E,
  ReviewStatus,
  type UserAccount,
  V,
  type Wallet,
  type WithdrawalRecord,
  type WithdrawalReviewRow,
  WithdrawalStatus,
  wallet as walletApi,
  wireAmount,
} from '@beurs/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, invalid, notFound, rule } from '../../platform/errors.js';
import { assertOwnFiles } from '../files/index.js';
import { notify } from '../inbox/index.js';
import {
  customerPage,
  type Decision,
  pendingOnly,
  type QueueFilter,
  reviewFields,
  reviewQueue,
} from '../reviews/index.js';
import { userAccounts, withdrawals } from './schema.js';

type AccountRow = typeof userAccounts.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;
export type UserAccountInput = z.output<typeof walletApi.userAccountInput>;
type CryptoNetwork = (typeof walletApi.CRYPTO_NETWORKS)[number];
type WithdrawalStatusValue = 1 | 2 | 3 | 4;

/** A payout's transaction hash on each network: 32 bytes in hex, 0x first where the network writes it so. */
const TX_HASH: Readonly<Record<CryptoNetwork, RegExp>> = {
  'USDT-TRC20': /^[0-9a-fA-F]{64}$/,
  'USDT-ERC20': /^0x[0-9a-fA-F]{64}$/,
  'USDC-ERC20': /^0x[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
  ETH: /^0x[0-9a-fA-F]{64}$/,
};

/** The stored fields of a bank card (user_accounts.details); absent optional fields are null. */
export interface BankCardDetails {
  bankName: string;
  holderName: string;
  cardNo: string;
  swift: string | null;
  branchCode: string | null;
  abaRouting: string | null;
  bankAddress: string | null;
  region: string | null;
  city: string | null;
  frontFileId: string | null;
  backFileId: string | null;
}
export interface CryptoWalletDetails {
  currencyType: CryptoNetwork;
  address: string;
}

/** Where a withdrawal was sent, as it was when asked for (withdrawals.destination). */
export type Destination =
  | ({ kind: 'bank' } & Omit<BankCardDetails, 'frontFileId' | 'backFileId'>)
  | ({ kind: 'crypto' } & CryptoWalletDetails);

const orNull = (v: string | undefined | null) => (v ? v : null);

function detailsOf(input: UserAccountInput): BankCardDetails | CryptoWalletDetails {
  if (input.kind === 'crypto') return { currencyType: input.currencyType, address: input.address };
  return {
    bankName: input.bankName,
    holderName: input.holderName,
    cardNo: input.cardNo,
    swift: orNull(input.swift),
    branchCode: orNull(input.branchCode),
    abaRouting: orNull(input.abaRouting),
    bankAddress: orNull(input.bankAddress),
    region: orNull(input.region),
    city: orNull(input.city),
    frontFileId: orNull(input.frontFileId),
    backFileId: orNull(input.backFileId),
  };
}

function destinationOf(row: AccountRow): Destination {
  if (row.kind === 'crypto') {
    const d = row.details as CryptoWalletDetails;
    return { kind: 'crypto', currencyType: d.currencyType, address: d.address };
  }
  const { frontFileId: _f, backFileId: _b, ...d } = row.details as BankCardDetails;
  return { kind: 'bank', ...d };
}

/** Short words for where the money went: "ING ••••4300", "USDT-TRC20 TLa2f6…wYjU7". */
export function destinationText(d: Destination): string {
  if (d.kind === 'bank') return `${d.bankName} ••••${d.cardNo.slice(-4)}`;
  const a = d.address;
  return `${d.currencyType} ${a.length > 14 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a}`;
}

/** The app screen where the customer follows their withdrawals. */
export const withdrawalLink = (d: Destination) => (d.kind === 'bank' ? '/pages/withdraw/bcard' : '/pages/withdraw/vm');

export function createWithdrawalService(deps: Pick<Deps, 'db' | 'ledger' | 'files' | 'config' | 'clock'>) {
  const { db, ledger, files, clock } = deps;
  const reviewMs = deps.config.withdrawalReviewHours * 3_600_000;

  /** Pending: when it should be reviewed by, and whether that time has passed. */
  function terms(row: WithdrawalRow) {
    if (row.status !== WithdrawalStatus.Pending) return { expectedByTimestamp: null, overdue: false };
    const expectedBy = row.createdAt.getTime() + reviewMs;
    return { expectedByTimestamp: expectedBy, overdue: clock.now().getTime() > expectedBy };
  }

  // ----------------------------------------------------------------------------- cards and crypto wallets

  function toUserAccount(row: AccountRow): UserAccount {
    const createTimeTimestamp = row.createdAt.getTime();
    if (row.kind === 'crypto') {
      const d = row.details as CryptoWalletDetails;
      return { id: row.id, kind: 'crypto', currencyType: d.currencyType, address: d.address, createTimeTimestamp };
    }
    const d = row.details as BankCardDetails;
    return {
      id: row.id,
      kind: 'bank',
      ...d,
      frontUrl: d.frontFileId ? files.signedUrl(d.frontFileId) : null,
      backUrl: d.backFileId ? files.signedUrl(d.backFileId) : null,
      createTimeTimestamp,
    };
  }

  const cardImages = (input: UserAccountInput) =>
    input.kind === 'bank' ? { frontFileId: input.frontFileId, backFileId: input.backFileId } : {};

  /** The caller's cards and wallets that are not removed, newest first. */
  async function listAccounts(userId: number, kind?: 'bank' | 'crypto'): Promise<UserAccount[]> {
    const rows = await db
      .select()
      .from(userAccounts)
      .where(
        and(
          eq(userAccounts.userId, userId),
          isNull(userAccounts.deletedAt),
          kind ? eq(userAccounts.kind, kind) : undefined,
        ),
      )
      .orderBy(desc(userAccounts.id));
    return rows.map(toUserAccount);
  }

  async function ownAccount(ex: Executor, userId: number, id: number): Promise<AccountRow> {
    const [row] = await ex
      .select()
      .from(userAccounts)
      .where(and(eq(userAccounts.id, id), eq(userAccounts.userId, userId), isNull(userAccounts.deletedAt)));
    // Another customer's card, or a removed one: as if it did not exist.
    if (!row) throw notFound();
    return row;
  }

  /** Adds a card or wallet; at most USER_ACCOUNTS_MAX, counted under a lock on the customer. */
  async function addAccount(userId: number, input: UserAccountInput, at: Date): Promise<UserAccount> {
    return db.transaction(async (tx) => {
      await assertOwnFiles(tx, userId, cardImages(input));
      // Two adds at once must not both pass the count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [n] = await tx
        .select({ n: count() })
        .from(userAccounts)
        .where(and(eq(userAccounts.userId, userId), isNull(userAccounts.deletedAt)));
      if ((n?.n ?? 0) >= walletApi.USER_ACCOUNTS_MAX) {
        throw rule(E.userAccountsFull, { n: walletApi.USER_ACCOUNTS_MAX }, 'userAccountsFull');
      }
      const [row] = await tx
        .insert(userAccounts)
        .values({ userId, kind: input.kind, details: detailsOf(input), createdAt: at })
        .returning();
      if (!row) throw new Error('user account not created');
      return toUserAccount(row);
    });
  }

  /** Changes a card or wallet of the caller; the kind stays. Past withdrawals keep their own copy. */
  async function updateAccount(userId: number, id: number, input: UserAccountInput): Promise<UserAccount> {
    return db.transaction(async (tx) => {
      const current = await ownAccount(tx, userId, id);
      if (current.kind !== input.kind) throw rule(E.userAccountKind, {}, 'userAccountKind');
      await assertOwnFiles(tx, userId, cardImages(input));
      const [row] = await tx
        .update(userAccounts)
        .set({ details: detailsOf(input) })
        .where(eq(userAccounts.id, current.id))
        .returning();
      if (!row) throw notFound();
      return toUserAccount(row);
    });
  }

  /** Removes a card or wallet of the caller (kept for the withdrawals that point at it). */
  async function deleteAccount(userId: number, id: number, at: Date): Promise<void> {
    const done = await db
      .update(userAccounts)
      .set({ deletedAt: at })
      .where(and(eq(userAccounts.id, id), eq(userAccounts.userId, userId), isNull(userAccounts.deletedAt)))
      .returning({ id: userAccounts.id });
    if (done.length === 0) throw notFound();
  }

  // ---------------------------------------------------------------------------------------- withdrawals

  function toRecord(row: WithdrawalRow): WithdrawalRecord {
    return {
      id: row.id,
      walletType: row.wallet as Wallet,
      currency: row.currency as Currency,
      amount: wireAmount(row.amount),
      destination: row.destination as Destination,
      status: row.status as WithdrawalStatusValue,
      reason: row.reason,
      payoutReference: row.payoutReference,
      createTimeTimestamp: row.createdAt.getTime(),
      reviewTimeTimestamp: row.reviewedAt?.getTime() ?? null,
      expectedByTimestamp: terms(row).expectedByTimestamp,
    };
  }

  /** All of the wallet's available balance may be withdrawn; `pending` is what is on its way out. */
  async function usable(userId: number, wallet: Wallet) {
    const [balances, [pending]] = await Promise.all([
      ledger.balances(db, userId),
      db
        .select({ sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
        .from(withdrawals)
        .where(
          and(
            eq(withdrawals.userId, userId),
            eq(withdrawals.wallet, wallet),
            eq(withdrawals.status, ReviewStatus.Pending),
          ),
        ),
    ]);
    const b = balances.find((x) => x.wallet === wallet);
    return {
      walletType: wallet,
      currency: ledger.currencyOf(wallet),
      amount: b?.available ?? '0.00',
      pending: wireAmount(pending?.sum ?? '0'),
    };
  }

  /**
   * Holds the amount and records the withdrawal in the caller's transaction (the idempotency key's).
   * The transaction password is checked before (routes.ts). 422 insufficientBalance when the wallet's
   * available balance is less than the amount; 404 when the card or wallet is not the caller's.
   */
  async function apply(
    tx: Tx,
    userId: number,
    input: { walletType: Wallet; amount: string; accountId: number },
    at: Date,
  ): Promise<WithdrawalRecord> {
    const target = await ownAccount(tx, userId, input.accountId);
    const account = await ledger.walletAccount(tx, userId, input.walletType);
    // The id first, so the hold's reference names the withdrawal it belongs to.
    const next = await tx.execute<{ id: string }>(
      sql`select nextval(pg_get_serial_sequence('withdrawals', 'id'))::text as id`,
    );
    const id = Number(next.rows[0]?.id);
    if (!Number.isSafeInteger(id)) throw new Error('no withdrawal id');
    const holdId = await ledger.hold(tx, { account, amount: input.amount, reference: `withdrawal:${id}`, at });
    const [row] = await tx
      .insert(withdrawals)
      .values({
        id,
        userId,
        userAccountId: target.id,
        destination: destinationOf(target),
        amount: new Decimal(input.amount).toString(),
        wallet: input.walletType,
        currency: account.currency,
        holdId,
        status: ReviewStatus.Pending,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('withdrawal not created');
    return toRecord(row);
  }

  /** The caller's withdrawals, newest first. */
  const listPage = (userId: number, q: { status?: number | undefined; page: number; pageSize: number }) =>
    customerPage(db, withdrawals, userId, q, toRecord);

  // ------------------------------------------------------------------------------------------- console

  async function reviewRows(
    ex: Executor,
    where: SQL | undefined,
    order: SQL[],
    page: { limit: number; offset: number },
  ): Promise<WithdrawalReviewRow[]> {
    const rows = await ex
      .select({ w: withdrawals, username: users.username, email: users.email, reviewer: operators.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .leftJoin(operators, eq(operators.id, withdrawals.reviewerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(({ w, username, email, reviewer }) => ({
      id: w.id,
      customerId: w.userId,
      userId: username,
      email,
      amount: wireAmount(w.amount),
      walletType: w.wallet as Wallet,
      currency: w.currency as Currency,
      destination: w.destination as Destination,
      entryId: w.entryId,
      ...reviewFields(w, reviewer),
      status: w.status as WithdrawalStatusValue,
      payoutReference: w.payoutReference,
      ...terms(w),
    }));
  }

  /** Pending oldest first (so the overdue ones lead); reviewed newest first. `q`: user ID or email. */
  const queue = (filter: QueueFilter) =>
    reviewQueue(db, withdrawals, filter, (where, order, page) => reviewRows(db, where, order, page));

  const reviewRow = async (tx: Tx, id: number) => {
    const [row] = await reviewRows(tx, eq(withdrawals.id, id), [], { limit: 1, offset: 0 });
    if (!row) throw new Error(`withdrawal ${id} vanished`);
    return row;
  };

  /**
   * Locks a withdrawal for its review: an approval and a rejection at once wait for each other here, and
   * the second finds it reviewed (409).
   */
  const lockPending = async (tx: Tx, id: number): Promise<WithdrawalRow> =>
    pendingOnly((await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update'))[0]);

  /**
   * Marks a pending withdrawal paid with its payout reference: the hold becomes one journal entry to withdrawals
   * clearing. A crypto payout's reference must be a transaction hash of its network (400 otherwise).
   */
  async function approve(tx: Tx, { id, operatorId, at }: Decision, { payoutReference }: { payoutReference: string }) {
    const w = await lockPending(tx, id);
    const destination = w.destination as Destination;
    if (destination.kind === 'crypto' && !TX_HASH[destination.currencyType].test(payoutReference)) {
      throw invalid(V.payoutTxHashFormat, 'payoutReference');
    }
    const counter = await ledger.systemAccount(tx, 'withdrawals', w.currency as Currency);
    const posted = await ledger.settleHold(tx, w.holdId, {
      type: 'withdrawal',
      reference: `withdrawal:${w.id}`,
      operatorId,
      at,
      detail: { id: w.id, destination: destinationText(destination) },
      counter,
    });
    // The hold is no longer active: only possible if something else ended it.
    if (!posted) throw conflict(E.alreadyReviewed);
    await tx
      .update(withdrawals)
      .set({
        status: ReviewStatus.Approved,
        entryId: posted.entryId,
        reviewerId: operatorId,
        reviewedAt: at,
        payoutReference,
      })
      .where(eq(withdrawals.id, w.id));
    await notify(tx, {
      userId: w.userId,
      kind: 'withdrawalPaid',
      params: {
        amount: wireAmount(w.amount),
        currency: w.currency,
        destination: destinationText(destination),
        wallet: w.wallet,
        reference: payoutReference,
      },
      link: withdrawalLink(destination),
      at,
    });
    return { row: await reviewRow(tx, w.id), entryId: posted.entryId };
  }

  /** Rejects a pending withdrawal with a reason: the held amount is available again at once. */
  async function reject(tx: Tx, { id, operatorId, at }: Decision, reason: string) {
    const w = await lockPending(tx, id);
    if (!(await ledger.release(tx, w.holdId, at))) throw conflict(E.alreadyReviewed);
    await tx
      .update(withdrawals)
      .set({ status: ReviewStatus.Failed, reason, reviewerId: operatorId, reviewedAt: at })
      .where(eq(withdrawals.id, w.id));
    await notify(tx, {
      userId: w.userId,
      kind: 'withdrawalRejected',
      params: { amount: wireAmount(w.amount), currency: w.currency, wallet: w.wallet, reason },
      link: withdrawalLink(w.destination as Destination),
      at,
    });
    return { row: await reviewRow(tx, w.id) };
  }

  /**
   * The customer cancels their pending withdrawal, in the caller's transaction (the idempotency key's): the hold
   * is released at once. It takes the same row lock as a review, so of a cancel and an approval or rejection at
   * the same moment exactly one wins and the other finds it decided (409). Another customer's: 404.
   */
  async function cancel(tx: Tx, userId: number, id: number, at: Date): Promise<WithdrawalRecord> {
    const [w] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)))
      .for('update');
    if (!w) throw notFound();
    if (w.status !== WithdrawalStatus.Pending) throw conflict(E.withdrawalNotPending);
    if (!(await ledger.release(tx, w.holdId, at))) throw conflict(E.withdrawalNotPending);
    const [row] = await tx
      .update(withdrawals)
      .set({ status: WithdrawalStatus.Cancelled, reviewedAt: at })
      .where(eq(withdrawals.id, w.id))
      .returning();
    if (!row) throw new Error(`withdrawal ${id} vanished`);
    return toRecord(row);
  }

  return {
    ownAccount,
    listAccounts,
    addAccount,
    updateAccount,
    deleteAccount,
    usable,
    apply,
    listPage,
    queue,
    approve,
    reject,
    cancel,
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
