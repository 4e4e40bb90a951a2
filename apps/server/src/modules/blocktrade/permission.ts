/**
 * Block trading permission (docs/primary-markets.md "Block trades"): the customer applies, a reviewer decides by the
 * published criteria (identity verified, transaction password set), the customer reads the decision.
 */
import { type BlockPermission, type BlockPermissionRow, Code, E, ReviewStatus } from '@beurs/contracts';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { operators, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, rule } from '../../platform/errors.js';
import { notify } from '../inbox/index.js';
import { type Decision, pendingOnly, type QueueFilter, reviewFields, reviewQueue } from '../reviews/index.js';
import { blockPermissions } from './schema.js';

type PermissionRow = typeof blockPermissions.$inferSelect;
const STATE = { 1: 'pending', 2: 'refused', 3: 'approved' } as const;
/** Where the inbox message of a decision sends the customer: the block trading screen (the desk, or apply again). */
export const BLOCK_TRADE_LINK = '/pages/product/blocktrade';

export function toPermission(row: PermissionRow | undefined): BlockPermission {
  if (!row) return { status: 'none', reason: null, appliedAtTimestamp: null, decidedAtTimestamp: null };
  return {
    status: STATE[row.status as 1 | 2 | 3],
    reason: row.reason,
    appliedAtTimestamp: row.createdAt.getTime(),
    decidedAtTimestamp: row.reviewedAt?.getTime() ?? null,
  };
}

/** The customer's latest application (none when they never applied). */
export async function latestPermission(ex: Executor, userId: number, lock = false) {
  const q = ex.select().from(blockPermissions).where(eq(blockPermissions.userId, userId));
  const ordered = q.orderBy(desc(blockPermissions.id)).limit(1);
  return (lock ? await ordered.for('share') : await ordered)[0];
}

/** 422 unless the customer's block trading is approved (pending says so). */
export async function requireApproved(ex: Executor, userId: number, lock = false) {
  const p = await latestPermission(ex, userId, lock);
  if (p?.status === ReviewStatus.Approved) return p;
  if (p?.status === ReviewStatus.Pending) throw rule(E.blockPermissionPending, {}, 'blockPermissionPending');
  throw rule(E.blockPermissionRequired, {}, 'blockPermissionRequired');
}

/** What a reviewer must see met before approving: the published criteria. */
const missingCriteria = (u: { kycStatus: number; payPasswordHash: string | null }) =>
  [u.kycStatus === 3 ? null : 'identity verified', u.payPasswordHash ? null : 'transaction password set'].filter(
    (m): m is string => m !== null,
  );

export function createPermissionService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  async function apply(userId: number, at: Date): Promise<BlockPermission> {
    const [u] = await db.select().from(users).where(eq(users.id, userId));
    if (!u) throw new AppError(Code.unauthenticated, E.loginExpired);
    if (u.kycStatus !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    if (!u.payPasswordHash) throw rule(E.payPasswordNotSet, {}, 'payPasswordNotSet');
    try {
      const [row] = await db.insert(blockPermissions).values({ userId, status: 1, createdAt: at }).returning();
      return toPermission(row);
    } catch (error) {
      if (isUniqueViolation(error, 'block_permissions_one_live')) throw conflict(E.blockAlreadyApplied);
      throw error;
    }
  }

  async function rows(ex: Executor, where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }) {
    const found = await ex
      .select({ p: blockPermissions, user: users, reviewer: operators.username })
      .from(blockPermissions)
      .innerJoin(users, eq(users.id, blockPermissions.userId))
      .leftJoin(operators, eq(operators.id, blockPermissions.reviewerId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
    return found.map(
      ({ p, user, reviewer }): BlockPermissionRow => ({
        id: p.id,
        customerId: user.id,
        userId: user.username,
        email: user.email,
        identityVerified: user.kycStatus === 3,
        payPasswordSet: Boolean(user.payPasswordHash),
        ...reviewFields(p, reviewer),
      }),
    );
  }

  const queue = (filter: QueueFilter) =>
    reviewQueue(db, blockPermissions, filter, (where, order, page) => rows(db, where, order, page));

  async function decide(tx: Tx, d: Decision, status: 2 | 3, reason: string | null) {
    const p = pendingOnly(
      (await tx.select().from(blockPermissions).where(eq(blockPermissions.id, d.id)).for('update'))[0],
    );
    if (status === ReviewStatus.Approved) {
      const [u] = await tx.select().from(users).where(eq(users.id, p.userId));
      const missing = u ? missingCriteria(u) : ['customer'];
      if (missing.length) throw rule(E.blockCriteriaUnmet, { missing: missing.join(', ') }, 'blockCriteriaUnmet');
    }
    await tx
      .update(blockPermissions)
      .set({ status, reason, reviewerId: d.operatorId, reviewedAt: d.at })
      .where(eq(blockPermissions.id, p.id));
    // The customer is told in the same transaction: the message exists exactly when the decision does.
    await notify(tx, {
      userId: p.userId,
      kind: status === ReviewStatus.Approved ? 'blockApproved' : 'blockRejected',
      ...(reason === null ? {} : { params: { reason } }),
      link: BLOCK_TRADE_LINK,
      at: d.at,
    });
    const [row] = await rows(tx, eq(blockPermissions.id, p.id), [], { limit: 1, offset: 0 });
    if (!row) throw new Error(`block permission ${p.id} vanished`);
    return { row };
  }

  return {
    apply,
    queue,
    approve: (tx: Tx, d: Decision) => decide(tx, d, ReviewStatus.Approved, null),
    reject: (tx: Tx, d: Decision, reason: string) => decide(tx, d, ReviewStatus.Failed, reason),
  };
}
