/**
 * Loans (docs/loans.md): applying, the operators' decision, repaying, and the customer's reads. Every change of what
 * is owed happens in the transaction of the ledger entry that makes it, with the loan's row locked: approval pays the
 * amount out of the loans account into the funding wallet (loanDisbursement), a repayment moves it back
 * (loanRepayment) after charging the days of interest not charged yet (loanInterest), so a day's interest is always
 * on the principal owed at that day's end.
 */
import {
  Code,
  collateralShort,
  Decimal,
  dayBefore,
  E,
  interestOwedSince,
  LOAN_TERMS,
  type Loan,
  type LoanLimit,
  type LoanRepayment,
  type LoanReviewRow,
  type LoanState,
  type loan as loanApi,
  ReviewStatus,
  splitRepayment,
  utcDate,
  type Wallet,
} from '@beurs/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, rule } from '../../platform/errors.js';
import { notify } from '../inbox/index.js';
import { type Decision, pendingOnly, type QueueFilter, reviewFields, reviewQueue } from '../reviews/index.js';
import { createCollateral } from './collateral.js';
import { loanRepayments, loans } from './schema.js';

export type LoanRow = typeof loans.$inferSelect;
type RepaymentRow = typeof loanRepayments.$inferSelect;

/** Where the inbox messages about loans send the customer. */
export const LOAN_LINK = '/pages/loan/index';
export const LOAN_DISBURSEMENT_ENTRY = 'loanDisbursement';
export const LOAN_INTEREST_ENTRY = 'loanInterest';
export const LOAN_REPAYMENT_ENTRY = 'loanRepayment';
const DAY_MS = 86_400_000;

const cents = (v: Decimal | string) => new Decimal(v).toFixed(2);

export function stateOf(row: Pick<LoanRow, 'status' | 'repaidAt'>): LoanState {
  if (row.status === ReviewStatus.Pending) return 'review';
  if (row.status === ReviewStatus.Failed) return 'rejected';
  return row.repaidAt ? 'repaid' : 'inUse';
}

/** A loan as the customer sees it at `now`: interest includes the ended days the job has not charged yet. */
export function toLoan(row: LoanRow, now: Date): Loan {
  const pending =
    row.accruedThrough && !row.repaidAt
      ? interestOwedSince(row.principal, row.annualRate, row.accruedThrough, now).total
      : new Decimal(0);
  const interest = new Decimal(row.interest).plus(pending);
  return {
    id: row.id,
    amount: cents(row.amount),
    currency: row.currency as Loan['currency'],
    walletType: row.wallet as Wallet,
    annualRate: new Decimal(row.annualRate).toFixed(),
    status: stateOf(row),
    reason: row.reason,
    principal: cents(row.principal),
    interest: cents(interest),
    amountDue: cents(interest.plus(row.principal)),
    repaidAmount: cents(row.repaid),
    interestCharged: cents(new Decimal(row.interestCharged).plus(pending)),
    longCreateTime: row.createdAt.getTime(),
    longAuditTime: row.reviewedAt?.getTime() ?? null,
    repaidTime: row.repaidAt?.getTime() ?? null,
  };
}

const toRepayment = (r: RepaymentRow, currency: string): LoanRepayment => ({
  id: r.id,
  loanId: r.loanId,
  currency: currency as LoanRepayment['currency'],
  amount: cents(r.amount),
  interest: cents(r.interest),
  principal: cents(r.principal),
  amountDueAfter: cents(r.dueAfter),
  longCreateTime: r.createdAt.getTime(),
});

export function createLoanService(deps: Deps) {
  const { db, ledger } = deps;
  const collateral = createCollateral(deps);
  const currency = collateral.loanCurrency;

  /** What the customer owes on loans in use (principal + interest, uncharged ended days included) and has in review. */
  async function owed(ex: Executor, userId: number, at: Date, exceptId?: number) {
    const rows = await ex.select().from(loans).where(eq(loans.userId, userId));
    let outstanding = new Decimal(0);
    let inReview = new Decimal(0);
    for (const row of rows) {
      if (row.id === exceptId) continue;
      const state = stateOf(row);
      if (state === 'inUse') outstanding = outstanding.plus(toLoan(row, at).amountDue);
      if (state === 'review') inReview = inReview.plus(row.amount);
    }
    return { outstanding, inReview, rows };
  }

  async function limit(userId: number, at: Date): Promise<LoanLimit> {
    const value = await collateral.holdingsOf(userId, at);
    const { outstanding, inReview, rows } = await owed(db, userId, at);
    const alerted = rows
      .filter((r) => stateOf(r) === 'inUse' && r.alertedAt)
      .map((r) => r.alertedAt?.getTime() ?? 0)
      .sort((a, b) => a - b)[0];
    const short = collateralShort(value.limit, outstanding);
    return {
      currency,
      walletType: LOAN_TERMS.wallet,
      annualRate: LOAN_TERMS.annualRate,
      dayBasis: LOAN_TERMS.dayBasis,
      minAmount: cents(LOAN_TERMS.minAmount),
      alertCover: LOAN_TERMS.alertCover,
      cureDays: LOAN_TERMS.cureDays,
      classes: value.classes,
      limit: value.limit,
      outstanding: cents(outstanding),
      inReview: cents(inReview),
      available: cents(Decimal.max(new Decimal(value.limit).minus(outstanding).minus(inReview), 0)),
      collateralShort: short,
      cureDeadlineTimestamp: short && alerted ? alerted + LOAN_TERMS.cureDays * DAY_MS : null,
    };
  }

  /** 422 unless `amount` is within what may be borrowed now (the limit less what is owed and in review). */
  function assertWithin(amount: Decimal, limitNow: string, outstanding: Decimal, inReview: Decimal) {
    const available = Decimal.max(new Decimal(limitNow).minus(outstanding).minus(inReview), 0);
    if (amount.gt(available)) {
      throw rule(E.loanAboveLimit, { available: available.toFixed(2), currency }, 'loanAboveLimit');
    }
  }

  async function apply(tx: Tx, userId: number, body: { amount: string }, at: Date): Promise<Loan> {
    const amount = new Decimal(body.amount);
    if (amount.lt(LOAN_TERMS.minAmount)) {
      throw rule(E.loanBelowMinimum, { min: cents(LOAN_TERMS.minAmount), currency }, 'loanBelowMinimum');
    }
    // The customer's row serialises their applications: two at once cannot both fit one limit.
    const [u] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!u) throw new AppError(Code.unauthenticated, E.loginExpired);
    if (u.kycStatus !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const { outstanding, inReview } = await owed(tx, userId, at);
    if (inReview.gt(0)) throw conflict(E.loanAlreadyInReview);
    const value = await collateral.holdingsOf(userId, at, tx);
    assertWithin(amount, value.limit, outstanding, inReview);
    try {
      const [row] = await tx
        .insert(loans)
        .values({
          userId,
          currency,
          wallet: LOAN_TERMS.wallet,
          amount: amount.toFixed(2),
          annualRate: LOAN_TERMS.annualRate,
          status: ReviewStatus.Pending,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('loan application not stored');
      return toLoan(row, at);
    } catch (error) {
      if (isUniqueViolation(error, 'loans_one_in_review')) throw conflict(E.loanAlreadyInReview);
      throw error;
    }
  }

  /** The caller's loan, locked for a change; another customer's answers 404. */
  async function ownLoan(ex: Executor, userId: number, id: number, lock: boolean) {
    const q = ex
      .select()
      .from(loans)
      .where(and(eq(loans.id, id), eq(loans.userId, userId)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError(Code.notFound, E.loanNotFound);
    return row;
  }

  /**
   * Charges the interest of every ended UTC day after `accrued_through` (each day its own entry, referenced by the
   * loan and the day, so no day is charged twice), on a row locked by the caller. Answers the row as updated.
   */
  async function accrue(tx: Tx, row: LoanRow, at: Date): Promise<LoanRow> {
    if (!row.accruedThrough || row.repaidAt) return row;
    const owed = interestOwedSince(row.principal, row.annualRate, row.accruedThrough, at);
    if (owed.days.length === 0) return row;
    if (owed.perDay.gt(0)) {
      const account = await ledger.systemAccount(tx, 'loans', row.currency as Loan['currency']);
      const income = await ledger.systemAccount(tx, 'loanInterest', row.currency as Loan['currency']);
      for (const date of owed.days) {
        await ledger.post(tx, {
          type: LOAN_INTEREST_ENTRY,
          reference: `loan:${row.id}:${date}`,
          at,
          detail: { loan: row.id, date, principal: cents(row.principal) },
          postings: [
            { account, amount: owed.perDay.negated() },
            { account: income, amount: owed.perDay },
          ],
        });
      }
    }
    const [updated] = await tx
      .update(loans)
      .set({
        interest: new Decimal(row.interest).plus(owed.total).toFixed(2),
        interestCharged: new Decimal(row.interestCharged).plus(owed.total).toFixed(2),
        accruedThrough: owed.days.at(-1) ?? row.accruedThrough,
      })
      .where(eq(loans.id, row.id))
      .returning();
    if (!updated) throw new Error(`loan ${row.id} vanished while accruing`);
    return updated;
  }

  async function repay(tx: Tx, userId: number, body: { id: number; amount: string }, at: Date) {
    const locked = await ownLoan(tx, userId, body.id, true);
    if (stateOf(locked) !== 'inUse') throw rule(E.loanNotInUse, {}, 'loanNotInUse');
    const row = await accrue(tx, locked, at);
    const due = new Decimal(row.principal).plus(row.interest);
    const amount = new Decimal(body.amount);
    if (amount.gt(due))
      throw rule(E.loanRepayAboveDue, { due: due.toFixed(2), currency: row.currency }, 'loanRepayAboveDue');
    const split = splitRepayment(amount, row.interest);
    // The loan's row is locked: its repayments are numbered one after another, and the entry's reference with them.
    const [done] = await tx.select({ n: count() }).from(loanRepayments).where(eq(loanRepayments.loanId, row.id));
    const wallet = await ledger.walletAccount(tx, userId, row.wallet as Wallet);
    const account = await ledger.systemAccount(tx, 'loans', row.currency as Loan['currency']);
    // 422 insufficientBalance from the ledger when the funding wallet lacks it: the transaction rolls back.
    const posted = await ledger.post(tx, {
      type: LOAN_REPAYMENT_ENTRY,
      reference: `loan:${row.id}:${(done?.n ?? 0) + 1}`,
      at,
      detail: { loan: row.id, interest: split.interest.toFixed(2), principal: split.principal.toFixed(2) },
      postings: [
        { account: wallet, amount: amount.negated() },
        { account, amount },
      ],
    });
    const [stored] = await tx
      .insert(loanRepayments)
      .values({
        loanId: row.id,
        userId,
        amount: amount.toFixed(2),
        interest: split.interest.toFixed(2),
        principal: split.principal.toFixed(2),
        dueAfter: due.minus(amount).toFixed(2),
        entryId: posted.entryId,
        createdAt: at,
      })
      .returning();
    const paidOff = due.minus(amount).isZero();
    const [updated] = await tx
      .update(loans)
      .set({
        interest: new Decimal(row.interest).minus(split.interest).toFixed(2),
        principal: new Decimal(row.principal).minus(split.principal).toFixed(2),
        repaid: new Decimal(row.repaid).plus(amount).toFixed(2),
        ...(paidOff ? { repaidAt: at, alertedAt: null } : {}),
      })
      .where(eq(loans.id, row.id))
      .returning();
    if (!updated || !stored) throw new Error(`loan ${row.id} vanished while repaid`);
    return { loan: toLoan(updated, at), repayment: toRepayment(stored, row.currency) };
  }

  async function shouldRepay(userId: number, id: number, at: Date) {
    const l = toLoan(await ownLoan(db, userId, id, false), at);
    const open = l.status === 'inUse';
    return {
      id,
      currency: l.currency,
      principal: open ? l.principal : '0.00',
      interest: open ? l.interest : '0.00',
      amountDue: open ? l.amountDue : '0.00',
    };
  }

  async function applyList(userId: number, body: z.output<typeof loanApi.loanApplyList.request>, at: Date) {
    const where: SQL[] = [eq(loans.userId, userId)];
    if (body.status === 'review') where.push(eq(loans.status, ReviewStatus.Pending));
    if (body.status === 'rejected') where.push(eq(loans.status, ReviewStatus.Failed));
    if (body.status === 'inUse') where.push(eq(loans.status, ReviewStatus.Approved), isNull(loans.repaidAt));
    if (body.status === 'repaid') where.push(sql`${loans.repaidAt} is not null`);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(loans)
        .where(and(...where))
        .orderBy(desc(loans.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db
        .select({ n: count() })
        .from(loans)
        .where(and(...where)),
    ]);
    return { list: rows.map((r) => toLoan(r, at)), total: total?.n ?? 0, page: body.page, pageSize: body.pageSize };
  }

  async function repayList(userId: number, body: z.output<typeof loanApi.loanRepayList.request>) {
    if (body.id !== undefined) await ownLoan(db, userId, body.id, false);
    const where = and(
      eq(loanRepayments.userId, userId),
      body.id === undefined ? undefined : eq(loanRepayments.loanId, body.id),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(loanRepayments)
        .where(where)
        .orderBy(desc(loanRepayments.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(loanRepayments).where(where),
    ]);
    return {
      list: rows.map((r) => toRepayment(r, currency)),
      total: total?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  }

  // ----------------------------------------------------------------------------------------- the console queue

  async function reviewRows(
    ex: Executor,
    where: SQL | undefined,
    order: SQL[],
    page: { limit: number; offset: number },
    at: Date,
  ) {
    const found = await ex
      .select({ l: loans, user: users, reviewer: operators.username })
      .from(loans)
      .innerJoin(users, eq(users.id, loans.userId))
      .leftJoin(operators, eq(operators.id, loans.reviewerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return Promise.all(
      found.map(async ({ l, user, reviewer }): Promise<LoanReviewRow> => {
        const value = await collateral.holdingsOf(user.id, at, ex);
        const { outstanding, inReview } = await owed(ex, user.id, at, l.id);
        const available = new Decimal(value.limit).minus(outstanding).minus(inReview);
        return {
          id: l.id,
          customerId: user.id,
          userId: user.username,
          email: user.email,
          amount: cents(l.amount),
          currency: l.currency as LoanReviewRow['currency'],
          identityVerified: user.kycStatus === 3,
          limitNow: value.limit,
          outstandingNow: cents(outstanding),
          withinLimit: new Decimal(l.amount).lte(available),
          loanStatus: stateOf(l),
          ...reviewFields(l, reviewer),
        };
      }),
    );
  }

  const queue = (filter: QueueFilter) =>
    reviewQueue(db, loans, filter, (where, order, page) => reviewRows(db, where, order, page, deps.clock.now()));

  async function decide(tx: Tx, d: Decision, status: 2 | 3, reason: string | null) {
    const l = pendingOnly((await tx.select().from(loans).where(eq(loans.id, d.id)).for('update'))[0]);
    let entryId: number | undefined;
    if (status === ReviewStatus.Approved) {
      const [u] = await tx.select().from(users).where(eq(users.id, l.userId));
      const value = await collateral.holdingsOf(l.userId, d.at, tx);
      const { outstanding, inReview } = await owed(tx, l.userId, d.at, l.id);
      const available = new Decimal(value.limit).minus(outstanding).minus(inReview);
      const missing = [
        u?.kycStatus === 3 ? null : 'identity verified',
        new Decimal(l.amount).lte(available)
          ? null
          : `amount within the limit now (${Decimal.max(available, 0).toFixed(2)} ${l.currency})`,
      ].filter((m): m is string => m !== null);
      if (missing.length) throw rule(E.loanCriteriaUnmet, { missing: missing.join(', ') }, 'loanCriteriaUnmet');
      const wallet = await ledger.walletAccount(tx, l.userId, l.wallet as Wallet);
      const account = await ledger.systemAccount(tx, 'loans', l.currency as Loan['currency']);
      const posted = await ledger.post(tx, {
        type: LOAN_DISBURSEMENT_ENTRY,
        reference: `loan:${l.id}`,
        at: d.at,
        operatorId: d.operatorId,
        detail: { loan: l.id, annualRate: l.annualRate },
        postings: [
          { account, amount: new Decimal(l.amount).negated() },
          { account: wallet, amount: l.amount },
        ],
      });
      entryId = posted.entryId;
    }
    await tx
      .update(loans)
      .set({
        status,
        reason,
        reviewerId: d.operatorId,
        reviewedAt: d.at,
        ...(status === ReviewStatus.Approved
          ? { principal: cents(l.amount), accruedThrough: dayBefore(utcDate(d.at)) }
          : {}),
      })
      .where(eq(loans.id, l.id));
    // The customer is told in the same transaction: the message exists exactly when the decision does.
    await notify(tx, {
      userId: l.userId,
      kind: status === ReviewStatus.Approved ? 'loanApproved' : 'loanRejected',
      params: {
        loan: l.id,
        amount: cents(l.amount),
        currency: l.currency,
        wallet: l.wallet,
        rate: new Decimal(l.annualRate).times(100).toFixed(),
        ...(reason === null ? {} : { reason }),
      },
      link: LOAN_LINK,
      at: d.at,
    });
    const [row] = await reviewRows(tx, eq(loans.id, l.id), [], { limit: 1, offset: 0 }, d.at);
    if (!row) throw new Error(`loan ${l.id} vanished`);
    return { row, ...(entryId === undefined ? {} : { entryId }) };
  }

  return {
    limit,
    apply,
    repay,
    accrue,
    shouldRepay,
    applyList,
    repayList,
    owed,
    collateral,
    queue,
    approve: (tx: Tx, d: Decision) => decide(tx, d, ReviewStatus.Approved, null),
    reject: (tx: Tx, d: Decision, reason: string) => decide(tx, d, ReviewStatus.Failed, reason),
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
