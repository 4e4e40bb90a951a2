/**
 * Wallets: balances, the bill, transfers between a customer's own wallets and their cancellation
 * (docs/money.md "Wallets and transfers"). Money moves only through the ledger.
 */
import {
  ADJUSTMENT_CATEGORIES,
  type AdjustmentCategory,
  type BillItem,
  type Currency,
  creditCents,
  Decimal,
  E,
  type EntryType,
  type Language,
  type TransferResult,
  type Wallet,
  wallet as walletApi,
  wireAmount,
} from '@beurs/contracts';
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor, PostOnceOutcome, PostOnceRequest } from '../../ledger/ledger.js';
import type { MarketProvider } from '../../market/provider.js';
import { createBatcher, MONEY_WRITES } from '../../platform/batcher.js';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { journalEntries, ledgerAccounts, ledgerPostings, operators } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, rule } from '../../platform/errors.js';
import { translate } from '../../platform/i18n.js';
import { type IdempotentRequest, keyOf } from '../../platform/idempotency.js';

const EURUSD = { code: 'EURUSD', source: 2 };
const { TRANSFER_CANCEL_SECONDS } = walletApi;

/** USD per EUR: the live mid price of EUR/USD from the market provider. */
export async function eurUsd(market: MarketProvider): Promise<Decimal> {
  try {
    const q = await market.quote(EURUSD);
    const mid = new Decimal(q.bid).plus(q.ask).dividedBy(2);
    if (!mid.isFinite() || mid.lte(0)) throw new Error('no EUR/USD price');
    return mid;
  } catch {
    throw rule(E.rateUnavailable, {}, 'rateUnavailable');
  }
}

type BillFilter = z.output<typeof walletApi.billFilter>;

/** Postings of a customer's wallets, newest first, with a description in the reader's language. */
export async function bill(
  db: Executor,
  userId: number,
  filter: BillFilter & { withOperator?: boolean; types?: readonly EntryType[] },
  lang: Language,
  now: Date,
): Promise<{
  list: Array<BillItem & { operator: string | null; detail: Record<string, unknown> }>;
  total: number;
  page: number;
  pageSize: number;
}> {
  const where: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (filter.walletType) where.push(eq(ledgerAccounts.wallet, filter.walletType));
  if (filter.type) where.push(eq(journalEntries.type, filter.type));
  if (filter.types) where.push(inArray(journalEntries.type, [...filter.types]));
  if (filter.from !== undefined) where.push(gte(ledgerPostings.createdAt, new Date(filter.from)));
  if (filter.to !== undefined) where.push(lte(ledgerPostings.createdAt, new Date(filter.to)));
  const condition = and(...where);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: ledgerPostings.id,
        entryId: ledgerPostings.entryId,
        wallet: ledgerAccounts.wallet,
        currency: ledgerPostings.currency,
        amount: ledgerPostings.amount,
        balanceAfter: ledgerPostings.balanceAfter,
        type: journalEntries.type,
        reason: journalEntries.reason,
        reference: journalEntries.reference,
        rate: journalEntries.rate,
        detail: journalEntries.detail,
        createdAt: ledgerPostings.createdAt,
        operator: operators.username,
        reversed: sql<boolean>`exists (select 1 from ${journalEntries} r where r.type = 'transferReversal' and r.reference = 'transfer:' || ${journalEntries.id})`,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, ledgerPostings.entryId))
      .leftJoin(operators, eq(operators.id, journalEntries.operatorId))
      .where(condition)
      .orderBy(desc(ledgerPostings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, ledgerPostings.entryId))
      .where(condition),
  ]);
  const list = rows.map((r) => {
    const type = r.type as EntryType;
    const detail = (r.detail ?? {}) as Record<string, unknown>;
    const cancellableUntil =
      type === 'transfer' && !r.reversed ? r.createdAt.getTime() + TRANSFER_CANCEL_SECONDS * 1000 : null;
    return {
      id: r.id,
      entryId: r.entryId,
      walletType: r.wallet as Wallet,
      currency: r.currency as Currency,
      amount: wireAmount(r.amount),
      balanceAfter: wireAmount(r.balanceAfter ?? '0'),
      type,
      reason: r.reason ?? describe(type, detail, lang),
      category: type === 'adjustment' ? categoryOf(detail.category) : null,
      reference: r.reference,
      rate: r.rate === null ? null : new Decimal(r.rate).toSignificantDigits(8).toString(),
      cancellableUntil: cancellableUntil !== null && cancellableUntil > now.getTime() ? cancellableUntil : null,
      createTimeTimestamp: r.createdAt.getTime(),
      operator: filter.withOperator ? r.operator : null,
      detail,
    };
  });
  return { list, total: totalRow?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}

/** An adjustment's category as posted on approval (adjustments posted before categories existed have none). */
const categoryOf = (value: unknown): AdjustmentCategory | null =>
  ADJUSTMENT_CATEGORIES.find((c) => c === value) ?? null;

/** A system entry's description from its type and figures, in the reader's language. */
export function describe(type: string, detail: Record<string, unknown>, lang: Language): string | null {
  const walletName = (w: unknown) => (typeof w === 'string' ? translate(lang, `wallets.${w}`) : '');
  switch (type) {
    case 'transfer':
      return translate(lang, 'ledger.transfer', { from: walletName(detail.from), to: walletName(detail.to) });
    case 'transferReversal':
    case 'deposit':
    case 'withdrawal':
    // Trading (docs/trading.md): detail carries order, position and code.
    case 'tradeFee':
    case 'tradeProfit':
    case 'tradeLoss':
    // IPOs (docs/primary-markets.md): detail carries subscription, offering, code and quantity.
    case 'ipoAllotment':
    case 'ipoDelivery':
    case 'ipoMakeUp':
    // Placings: the same, with the lock-up end on the delivery.
    case 'placingAllotment':
    case 'placingDelivery':
    // Bonds (docs/fixed-income.md): detail carries the holding, code and quantity (a coupon its date).
    case 'bondBuy':
    case 'bondSale':
    case 'bondCoupon':
    case 'bondRedemption':
    // Loans (docs/loans.md): detail carries the loan.
    case 'loanDisbursement':
    case 'loanInterest':
    case 'loanRepayment':
    // Funds (docs/fixed-income.md): detail carries order and product, or order, principal and interest.
    case 'fundSubscription':
    case 'fundRedemption':
    // Copy trading (docs/strategies.md): detail carries the follow, its manager and term, or its value and fee.
    case 'followAdd':
    case 'followPayout':
    // Trading robots (docs/strategies.md): detail carries the robot, its code and pair, allocation and price, or value.
    case 'robotStart':
    case 'robotPayout':
      return translate(lang, `ledger.${type}`, detail);
    default:
      return null;
  }
}

/** A transfer's answer before its entry id is known (ledger_post_once_each adds it). */
type TransferAnswer = Omit<TransferResult, 'entryId'>;

export function createWalletService(deps: Pick<Deps, 'db' | 'ledger' | 'market' | 'log'>) {
  const { db, ledger, market } = deps;

  /**
   * Transfers are written in batches (group commit, platform/batcher.ts), as new positions are (docs/trading.md
   * "The placement path"): the transfers that arrive while a batch is being written go together in the next one,
   * one transaction (ledger.postOnceEach), never two of one customer account or one key in a batch, so each
   * transfer's money check is decided on its own accounts alone and a duplicate key replays. A batch that fails as
   * a whole is written one by one (ledger.postOnce). bench/reports/wallet.md measures it.
   */
  const transfers = createBatcher<PostOnceRequest<TransferAnswer>, PostOnceOutcome<TransferAnswer>>({
    ...MONEY_WRITES,
    conflicts: ({ key, input }) => [
      `k:${key.scope}\n${key.key}`,
      ...input.postings.filter((p) => p.account.userId !== null).map((p) => `a:${p.account.id}`),
    ],
    runBatch: (requests) => ledger.postOnceEach(db, requests),
    runOne: async ({ key, input, answer }) => ({ answer: await ledger.postOnce(db, key, input, answer) }),
    onBatchFailed: (err, size) =>
      deps.log.error({ err, size }, 'ledger_post_once_each failed as a whole; writing its transfers one by one'),
  });

  /**
   * Moves `amount` from one of the customer's wallets to another, converting at the live rate if needed;
   * idempotent under `request`'s key, written with the transfers that arrive at the same time (one statement per
   * batch) and answered once its batch has committed: the hot path of the wallet bench.
   */
  async function transfer(
    request: IdempotentRequest,
    userId: number,
    input: { from: Wallet; to: Wallet; amount: string },
  ): Promise<TransferResult> {
    const at = request.at;
    // Made on first use, in a statement of their own: an empty account is harmless if the transfer fails.
    const from = await ledger.walletAccount(db, userId, input.from);
    const to = await ledger.walletAccount(db, userId, input.to);
    const debit = new Decimal(input.amount);
    let credit = debit;
    let rate: Decimal | null = null;
    const postings = [{ account: from, amount: debit.negated() }];
    if (from.currency === to.currency) {
      postings.push({ account: to, amount: debit });
    } else {
      const eurUsdRate = await eurUsd(market);
      rate = from.currency === 'EUR' ? eurUsdRate : new Decimal(1).dividedBy(eurUsdRate);
      // The customer receives the converted amount rounded down to the cent; the fx account takes the rest.
      // USD -> EUR divides by EUR/USD: multiplying by its inverse, rounded to 40 digits, can land just below
      // an exact cent (USD 101.21 at 1.0121 would credit EUR 99.99 instead of 100.00).
      const exact = from.currency === 'EUR' ? debit.times(eurUsdRate) : debit.dividedBy(eurUsdRate);
      credit = creditCents(exact);
      if (credit.lte(0)) throw rule(E.insufficientBalance, { available: '0.00', currency: to.currency });
      const fxFrom = await ledger.systemAccount(db, 'fx', from.currency);
      const fxTo = await ledger.systemAccount(db, 'fx', to.currency);
      postings.push(
        { account: fxFrom, amount: debit },
        { account: fxTo, amount: credit.negated() },
        {
          account: to,
          amount: credit,
        },
      );
    }
    const written = await transfers.submit({
      key: keyOf(request),
      input: { type: 'transfer', postings, at, rate, detail: { from: input.from, to: input.to } },
      answer: {
        from: input.from,
        to: input.to,
        debited: { amount: wireAmount(debit), currency: from.currency },
        credited: { amount: wireAmount(credit), currency: to.currency },
        rate: rate === null ? null : rate.toSignificantDigits(8).toString(),
        cancellableUntil: at.getTime() + TRANSFER_CANCEL_SECONDS * 1000,
        createTimeTimestamp: at.getTime(),
      },
    });
    if ('error' in written) throw written.error;
    return written.answer;
  }

  /**
   * Reverses a transfer of this customer within the cancel window, once: the exact opposite postings. The
   * reversal's reference is unique, so two cancellations at once cannot both succeed.
   */
  async function cancelTransfer(tx: Tx, userId: number, entryId: number, at: Date) {
    const postings = await tx
      .select({
        accountId: ledgerPostings.accountId,
        amount: ledgerPostings.amount,
        currency: ledgerAccounts.currency,
        owner: ledgerAccounts.userId,
        type: journalEntries.type,
        createdAt: journalEntries.createdAt,
        rate: journalEntries.rate,
        detail: journalEntries.detail,
      })
      .from(ledgerPostings)
      .innerJoin(journalEntries, eq(journalEntries.id, ledgerPostings.entryId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.entryId, entryId));
    const customerPostings = postings.filter((p) => p.owner !== null);
    // Not a transfer of this customer: as if it did not exist.
    if (customerPostings.length === 0 || customerPostings.some((p) => p.owner !== userId)) throw notFound();
    const first = postings[0];
    if (first?.type !== 'transfer') throw rule(E.transferNotCancellable, {}, 'transferNotCancellable');
    if (at.getTime() - first.createdAt.getTime() > TRANSFER_CANCEL_SECONDS * 1000) {
      throw rule(E.transferCancelExpired, { minutes: TRANSFER_CANCEL_SECONDS / 60 }, 'transferCancelExpired');
    }
    const reference = `transfer:${entryId}`;
    const [already] = await tx
      .select({ id: journalEntries.id })
      .from(journalEntries)
      .where(and(eq(journalEntries.type, 'transferReversal'), eq(journalEntries.reference, reference)));
    if (already) throw rule(E.transferAlreadyCancelled, {}, 'transferAlreadyCancelled');
    try {
      const posted = await ledger.post(tx, {
        type: 'transferReversal',
        reference,
        at,
        rate: first.rate,
        detail: { id: entryId, ...((first.detail as object) ?? {}) },
        postings: postings.map((p) => ({
          account: { id: p.accountId, currency: p.currency as Currency, userId: p.owner },
          amount: new Decimal(p.amount).negated(),
        })),
      });
      return { entryId: posted.entryId, cancelledEntryId: entryId };
    } catch (err) {
      // Two cancellations at once: the unique reference lets one through.
      if (isUniqueViolation(err)) throw rule(E.transferAlreadyCancelled, {}, 'transferAlreadyCancelled');
      throw err;
    }
  }

  return { transfer, cancelTransfer };
}
