import { consoleMoney, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { idempotentRequest, runIdempotent } from '../../platform/idempotency.js';
import { operatorOf, userOf } from '../../platform/request.js';
import { createDepositService } from './service.js';

export function depositRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, files } = deps;
  const { requireUser } = deps.sessions;
  const reviewer = deps.sessions.requireOperator('reviewer');
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

  route(app, consoleMoney.depositQueue, async ({ body }) => service.queue(body), { preHandler: [reviewer] });

  route(
    app,
    consoleMoney.depositApprove,
    async ({ req, params }) => {
      const op = operatorOf(req);
      const at = clock.now();
      return db.transaction(async (tx) => {
        const { row, entryId } = await service.approve(tx, params.id, op.id, at);
        await audit(
          tx,
          req,
          'deposit.approve',
          { type: 'recharge', id: row.id },
          { customerId: row.customerId, amount: row.amount, currency: row.currency, wallet: row.walletType, entryId },
        );
        return row;
      });
    },
    { preHandler: [reviewer] },
  );

  route(
    app,
    consoleMoney.depositReject,
    async ({ req, params, body }) => {
      const op = operatorOf(req);
      const at = clock.now();
      return db.transaction(async (tx) => {
        const { row } = await service.reject(tx, params.id, body.reason, op.id, at);
        await audit(
          tx,
          req,
          'deposit.reject',
          { type: 'recharge', id: row.id },
          { customerId: row.customerId, amount: row.amount, currency: row.currency, reason: body.reason },
        );
        return row;
      });
    },
    { preHandler: [reviewer] },
  );
}
