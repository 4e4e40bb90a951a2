/** Console: the identity (KYC) queue and its decisions, for reviewers. Every decision is audited. */
import { consoleMoney } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { operatorOf } from '../../platform/request.js';
import { createReviewService } from './service.js';

export function reviewRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const reviewer = deps.sessions.requireOperator('reviewer');
  const service = createReviewService(deps);

  route(app, consoleMoney.kycQueue, async ({ body }) => service.queue(body), { preHandler: [reviewer] });

  route(
    app,
    consoleMoney.kycApprove,
    async ({ req, params }) => {
      const decision = { id: params.id, operatorId: operatorOf(req).id, at: clock.now() };
      return db.transaction(async (tx) => {
        const row = await service.approve(tx, decision);
        await audit(tx, req, 'kyc.approve', { type: 'kyc', id: row.id }, { customerId: row.customerId });
        return row;
      });
    },
    { preHandler: [reviewer] },
  );

  route(
    app,
    consoleMoney.kycReject,
    async ({ req, params, body }) => {
      const decision = { id: params.id, operatorId: operatorOf(req).id, at: clock.now() };
      return db.transaction(async (tx) => {
        const row = await service.reject(tx, decision, body.reason);
        await audit(
          tx,
          req,
          'kyc.reject',
          { type: 'kyc', id: row.id },
          { customerId: row.customerId, reason: body.reason },
        );
        return row;
      });
    },
    { preHandler: [reviewer] },
  );
}
