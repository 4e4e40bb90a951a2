import { type Endpoint, ReviewStatus } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { audit, change } from '../../platform/audit.js';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import type { Decision, QueueFilter } from './queue.js';

/** A decision on one item: an operator endpoint, so its handler gets ctx.operator. */
type ByIdEndpoint<Body = unknown> = Endpoint<z.ZodType<Body>, z.ZodType, z.ZodType<{ id: number }>, 'operator'>;

/** A row of a queue page, as far as the audit of reading it needs. */
interface QueueRow {
  id: number;
  customerId: number;
}

export interface ReviewedService<Row, ApproveBody = unknown> {
  queue(filter: QueueFilter): Promise<{ list: readonly QueueRow[] }>;
  /** `body`: what the approval carries (a withdrawal's payout reference); the others ignore it. */
  approve(tx: Tx, d: Decision, body: ApproveBody): Promise<{ row: Row; entryId?: number }>;
  reject(tx: Tx, d: Decision, reason: string): Promise<{ row: Row }>;
}

/** Whose money a decision was on, how much and in which wallet (the audit detail of deposits and withdrawals). */
export const moneyDetail = (row: { customerId: number; amount: string; currency: string; walletType: string }) => ({
  customerId: row.customerId,
  amount: row.amount,
  currency: row.currency,
  wallet: row.walletType,
});

/**
 * Registers a review queue for reviewers: the queue (reading it is audited), and approve and reject, each
 * decision committed in one transaction with its audit line (on the decided row: old and new status, reason).
 */
export function reviewQueueRoutes<Row extends { id: number; status: number }, ApproveBody = unknown>(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock'>,
  service: ReviewedService<Row, ApproveBody>,
  spec: {
    queue: Endpoint<z.ZodType<QueueFilter>>;
    approve: ByIdEndpoint<ApproveBody>;
    reject: ByIdEndpoint<{ reason: string }>;
    /** The audit actions (`deposit.approve`, `deposit.reject`) and the type of their target. */
    audit: { approve: string; reject: string; target: string };
    /** The audit detail of an approval (entryId: the journal entry it posted, if any). */
    approved: (row: Row, entryId: number | undefined) => Record<string, unknown>;
    rejected: (row: Row, reason: string) => Record<string, unknown>;
  },
) {
  const { db, clock } = deps;
  const target = (row: Row) => ({ type: spec.audit.target, id: row.id });

  route(app, spec.queue, async ({ req, body }) => {
    const page = await service.queue(body);
    // The queue carries customers' personal data (and, for identities, their documents' addresses): whose
    // items an operator looked at is on record.
    await audit(db, req, `${spec.audit.target}.queue.read`, undefined, {
      filter: body,
      ids: page.list.map((r) => r.id),
      customerIds: [...new Set(page.list.map((r) => r.customerId))],
    });
    return page;
  });

  route(app, spec.approve, async ({ req, params, body, operator }) => {
    const decision = { id: params.id, operatorId: operator.id, at: clock.now() };
    return db.transaction(async (tx) => {
      const { row, entryId } = await service.approve(tx, decision, body);
      await audit(tx, req, spec.audit.approve, target(row), {
        ...spec.approved(row, entryId),
        ...change({ status: ReviewStatus.Pending }, { status: row.status }),
      });
      return row;
    });
  });

  route(app, spec.reject, async ({ req, params, body, operator }) => {
    const decision = { id: params.id, operatorId: operator.id, at: clock.now() };
    return db.transaction(async (tx) => {
      const { row } = await service.reject(tx, decision, body.reason);
      await audit(tx, req, spec.audit.reject, target(row), {
        ...spec.rejected(row, body.reason),
        ...change({ status: ReviewStatus.Pending }, { status: row.status }, body.reason),
      });
      return row;
    });
  });
}
