/** Console: the identity (KYC) queue and its decisions, for reviewers. Every decision is audited. */
import { consoleMoney } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { reviewQueueRoutes } from './queue-routes.js';
import { createReviewService } from './service.js';

export function reviewRoutes(app: FastifyInstance, deps: Deps) {
  reviewQueueRoutes(app, deps, createReviewService(deps), {
    queue: consoleMoney.kycQueue,
    approve: consoleMoney.kycApprove,
    reject: consoleMoney.kycReject,
    audit: { approve: 'kyc.approve', reject: 'kyc.reject', target: 'kyc' },
    approved: (row) => ({ customerId: row.customerId }),
    rejected: (row, reason) => ({ customerId: row.customerId, reason }),
  });
}
