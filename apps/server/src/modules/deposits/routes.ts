import { consoleMoney, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { idempotentRequest, runIdempotent } from '../../platform/idempotency.js';
import { userOf } from '../../platform/request.js';
import { moneyDetail, reviewQueueRoutes } from '../reviews/queue-routes.js';
import { createDepositService } from './service.js';

export function depositRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, files } = deps;
  const { requireUser } = deps.sessions;
  const service = createDepositService(deps);

  route(app, walletApi.rechargeCurrencyList, async ({ body }) => service.channels(body.type), {
    preHandler: [requireUser],
  });

  route(
    app,
    walletApi.rechargeCreate,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const record = await runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), (tx) =>
        service.create(tx, userId, body, at),
      );
      // A replayed answer carries the proof address signed then; hand out a fresh one.
      return { ...record, proofUrl: files.signedUrl(body.proofFileId) };
    },
    { preHandler: [requireUser] },
  );

  route(app, walletApi.rechargeListPage, async ({ req, body }) => service.listPage(userOf(req).id, body), {
    preHandler: [requireUser],
  });

  // ------------------------------------------------------------------------------------------- console

  reviewQueueRoutes(app, deps, service, {
    queue: consoleMoney.depositQueue,
    approve: consoleMoney.depositApprove,
    reject: consoleMoney.depositReject,
    audit: { approve: 'deposit.approve', reject: 'deposit.reject', target: 'recharge' },
    approved: (row, entryId) => ({ ...moneyDetail(row), entryId }),
    rejected: (row, reason) => ({ customerId: row.customerId, amount: row.amount, currency: row.currency, reason }),
  });
}
