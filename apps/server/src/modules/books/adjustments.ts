/**
 * Manual adjustments under four eyes (docs/security.md "Adjustments"): an admin proposes a credit or debit
 * with a category and a reason, and nothing moves; a second, different operator approves it, which posts the
 * one journal entry in the approval's transaction, or rejects it; the maker may withdraw it while it waits.
 * Above config.adjustmentApprovalLimit the approver must be a supervisor. Every step is audited.
 */
import {
  type AdjustmentCategory,
  type AdjustmentProposal,
  type AdjustmentStatus,
  type Currency,
  consoleMoney,
  Decimal,
  E,
  type OperatorRole,
  roleAtLeast,
  type Wallet,
  wireAmount,
} from '@beurs/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../ledger/ledger.js';
import { audit } from '../../platform/audit.js';
import type { CurrentOperator } from '../../platform/auth.js';
import type { Tx } from '../../platform/db/client.js';
import { operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { notFound, rule } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { notify } from '../inbox/index.js';
import { likeEscape } from '../reviews/index.js';
import { adjustmentProposals } from './schema.js';

/** The customer's bill, where the inbox sends them for an adjustment. */
export const BILL_LINK = '/pages/profile/transaction';

const makers = alias(operators, 'maker');
const checkers = alias(operators, 'checker');

/** The journal entry of an approved proposal is referenced by it: the ledger posts a reference once per type. */
export const adjustmentReference = (id: number) => `adjustment:${id}`;

/** The role an approver of this amount needs. */
export function approverRoleFor(amount: Decimal | string, limit: string): 'admin' | 'supervisor' {
  return new Decimal(amount).gt(limit) ? 'supervisor' : 'admin';
}

async function proposalRows(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select({
      p: adjustmentProposals,
      userId: users.username,
      email: users.email,
      maker: makers.username,
      checker: checkers.username,
    })
    .from(adjustmentProposals)
    .innerJoin(users, eq(users.id, adjustmentProposals.userId))
    .innerJoin(makers, eq(makers.id, adjustmentProposals.makerId))
    .leftJoin(checkers, eq(checkers.id, adjustmentProposals.checkerId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

type ProposalRow = Awaited<ReturnType<typeof proposalRows>>[number];

function toProposal(row: ProposalRow, limit: string): AdjustmentProposal {
  const { p } = row;
  return {
    id: p.id,
    customerId: p.userId,
    userId: row.userId,
    email: row.email ?? '',
    walletType: p.wallet as Wallet,
    currency: p.currency as Currency,
    direction: p.direction as 'credit' | 'debit',
    amount: wireAmount(p.amount),
    category: p.category as AdjustmentCategory,
    reason: p.reason,
    status: p.status as AdjustmentStatus,
    approverRole: approverRoleFor(p.amount, limit),
    approvalLimit: limit,
    makerId: p.makerId,
    maker: row.maker,
    checker: row.checker,
    decisionReason: p.decisionReason,
    entryId: p.entryId,
    createTimeTimestamp: p.createdAt.getTime(),
    decidedTimeTimestamp: p.decidedAt?.getTime() ?? null,
  };
}

async function proposalById(db: Executor, id: number, limit: string): Promise<AdjustmentProposal> {
  const [row] = await proposalRows(db, eq(adjustmentProposals.id, id), [], 1, 0);
  if (!row) throw notFound();
  return toProposal(row, limit);
}

/**
 * Locks a proposal for a decision. Two decisions on one proposal (approve and reject racing) queue here;
 * the second finds it decided and answers 422 alreadyReviewed.
 */
async function lockProposed(tx: Tx, id: number) {
  const [row] = await tx.select().from(adjustmentProposals).where(eq(adjustmentProposals.id, id)).for('update');
  if (!row) throw notFound();
  if (row.status !== 'proposed') throw rule(E.alreadyReviewed, {}, 'alreadyReviewed');
  return row;
}

/** Four eyes: whoever decides is not the maker, and has the role the amount needs. */
function assertChecker(row: typeof adjustmentProposals.$inferSelect, op: CurrentOperator, limit: string) {
  if (row.makerId === op.id) throw rule(E.adjustmentOwnProposal, {}, 'adjustmentOwnProposal');
  const needs: OperatorRole = approverRoleFor(row.amount, limit);
  if (!roleAtLeast(op.role, needs)) {
    throw rule(E.adjustmentNeedsSupervisor, { limit, currency: row.currency }, 'adjustmentNeedsSupervisor');
  }
}

export function adjustmentRoutes(app: FastifyInstance, deps: Deps) {
  const { db, ledger, clock } = deps;
  const limit = deps.config.adjustmentApprovalLimit;

  route(app, consoleMoney.adjustmentPropose, async ({ req, params, body, operator }) => {
    const wallet: Wallet = body.walletType;
    const currency = ledger.currencyOf(wallet);
    const at = clock.now();
    const id = await db.transaction(async (tx) => {
      const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, params.id));
      if (!customer) throw notFound();
      const [row] = await tx
        .insert(adjustmentProposals)
        .values({
          userId: params.id,
          wallet,
          currency,
          direction: body.direction,
          amount: body.amount,
          category: body.category,
          reason: body.reason,
          makerId: operator.id,
          createdAt: at,
        })
        .returning({ id: adjustmentProposals.id });
      if (!row) throw new Error('adjustment proposal not stored');
      await audit(
        tx,
        req,
        'adjustment.propose',
        { type: 'user', id: params.id },
        {
          proposalId: row.id,
          wallet,
          direction: body.direction,
          amount: body.amount,
          currency,
          category: body.category,
          reason: body.reason,
        },
      );
      return row.id;
    });
    return proposalById(db, id, limit);
  });

  route(app, consoleMoney.adjustmentQueue, async ({ body }) => {
    const like = body.q ? `%${likeEscape(body.q)}%` : undefined;
    const where = and(
      eq(adjustmentProposals.status, body.status),
      body.customerId ? eq(adjustmentProposals.userId, body.customerId) : undefined,
      like ? or(ilike(users.username, like), ilike(users.email, like)) : undefined,
    );
    // Waiting ones are worked oldest first; decided ones are read newest first.
    const order = body.status === 'proposed' ? [asc(adjustmentProposals.id)] : [desc(adjustmentProposals.id)];
    const [rows, [total]] = await Promise.all([
      proposalRows(db, where, order, body.pageSize, (body.page - 1) * body.pageSize),
      db
        .select({ n: count() })
        .from(adjustmentProposals)
        .innerJoin(users, eq(users.id, adjustmentProposals.userId))
        .where(where),
    ]);
    return {
      list: rows.map((row) => toProposal(row, limit)),
      total: total?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  route(app, consoleMoney.adjustmentApprove, async ({ req, params, operator, idempotency }) =>
    runIdempotent(db, idempotency, async (tx) => {
      const row = await lockProposed(tx, params.id);
      assertChecker(row, operator, limit);
      const at = clock.now();
      const wallet = row.wallet as Wallet;
      const amount = new Decimal(row.amount).times(row.direction === 'debit' ? -1 : 1);
      const account = await ledger.walletAccount(tx, row.userId, wallet);
      const adjustments = await ledger.systemAccount(tx, 'adjustments', account.currency);
      // A debit beyond the available balance now answers 422 insufficientBalance: the transaction rolls back
      // and the proposal stays proposed (it may be approved once the money is there, or rejected).
      const posted = await ledger.post(tx, {
        type: 'adjustment',
        reason: row.reason,
        reference: adjustmentReference(row.id),
        operatorId: operator.id,
        at,
        detail: { wallet, category: row.category, proposalId: row.id, makerId: row.makerId, checkerId: operator.id },
        postings: [
          { account, amount },
          { account: adjustments, amount: amount.negated() },
        ],
      });
      await tx
        .update(adjustmentProposals)
        .set({ status: 'approved', checkerId: operator.id, entryId: posted.entryId, decidedAt: at })
        .where(and(eq(adjustmentProposals.id, row.id), eq(adjustmentProposals.status, 'proposed')));
      await notify(tx, {
        userId: row.userId,
        kind: row.direction === 'debit' ? 'adjustmentDebit' : 'adjustmentCredit',
        params: {
          amount: wireAmount(row.amount),
          currency: account.currency,
          wallet,
          category: row.category,
          reason: row.reason,
        },
        link: BILL_LINK,
        at,
      });
      await audit(
        tx,
        req,
        'adjustment.approve',
        { type: 'user', id: row.userId },
        {
          proposalId: row.id,
          entryId: posted.entryId,
          makerId: row.makerId,
          wallet,
          amount: wireAmount(amount),
          currency: account.currency,
          category: row.category,
          reason: row.reason,
        },
      );
      return proposalById(tx, row.id, limit);
    }),
  );

  route(app, consoleMoney.adjustmentReject, async ({ req, params, body, operator }) => {
    await db.transaction(async (tx) => {
      const row = await lockProposed(tx, params.id);
      // Rejecting moves nothing, so any admin but the maker may refuse, whatever the amount.
      if (row.makerId === operator.id) throw rule(E.adjustmentOwnProposal, {}, 'adjustmentOwnProposal');
      await tx
        .update(adjustmentProposals)
        .set({ status: 'rejected', checkerId: operator.id, decisionReason: body.reason, decidedAt: clock.now() })
        .where(eq(adjustmentProposals.id, row.id));
      await audit(
        tx,
        req,
        'adjustment.reject',
        { type: 'user', id: row.userId },
        { proposalId: row.id, makerId: row.makerId, reason: body.reason },
      );
    });
    return proposalById(db, params.id, limit);
  });

  route(app, consoleMoney.adjustmentCancel, async ({ req, params, operator }) => {
    await db.transaction(async (tx) => {
      const row = await lockProposed(tx, params.id);
      if (row.makerId !== operator.id) throw rule(E.adjustmentNotYours, {}, 'adjustmentNotYours');
      await tx
        .update(adjustmentProposals)
        .set({ status: 'cancelled', decidedAt: clock.now() })
        .where(eq(adjustmentProposals.id, row.id));
      await audit(tx, req, 'adjustment.cancel', { type: 'user', id: row.userId }, { proposalId: row.id });
    });
    return proposalById(db, params.id, limit);
  });
}
