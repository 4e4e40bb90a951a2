import { consoleMoney, E, type WithdrawalRecord, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { idempotentRequest, keyOf, runIdempotent, storedAnswer } from '../../platform/idempotency.js';
import { userOf } from '../../platform/request.js';
import { createAuthService } from '../auth/service.js';
import { moneyDetail, reviewQueueRoutes } from '../reviews/queue-routes.js';
import { findUserById } from '../users/repo.js';
import { createWithdrawalService } from './service.js';

export function withdrawalRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const { requireUser } = deps.sessions;
  const service = createWithdrawalService(deps);
  const auth = createAuthService(deps);

  // ----------------------------------------------------------------------------- cards and crypto wallets

  route(app, walletApi.selectCardNo, async ({ req, body }) => service.listAccounts(userOf(req).id, body.kind), {
    preHandler: [requireUser],
  });

  route(app, walletApi.addCardNo, async ({ req, body }) => service.addAccount(userOf(req).id, body, clock.now()), {
    preHandler: [requireUser],
  });

  route(app, walletApi.updateCardNo, async ({ req, body }) => service.updateAccount(userOf(req).id, body.id, body), {
    preHandler: [requireUser],
  });

  route(
    app,
    walletApi.deleteCard,
    async ({ req, body }) => {
      await service.deleteAccount(userOf(req).id, body.id, clock.now());
      return { ok: true as const };
    },
    { preHandler: [requireUser] },
  );

  // ---------------------------------------------------------------------------------------- withdrawals

  route(
    app,
    walletApi.usableWithdrawalAmount,
    async ({ req, body }) => service.usable(userOf(req).id, body.walletType),
    {
      preHandler: [requireUser],
    },
  );

  route(
    app,
    walletApi.withdrawalApply,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      const { payPassword, totpCode, ...request } = body;
      // A missing key answers 400 before the password is tried.
      const idempotent = idempotentRequest(req, `u:${userId}`, request, at);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, E.loginExpired);
      // Another customer's card answers 404 whatever the password (checked again in the transaction).
      await service.ownAccount(db, userId, body.accountId);
      // The transaction password is the one thing asked (with the login failure limit); it is checked
      // before the transaction, whose connection must not wait on another one from the pool.
      await auth.verifyPayPassword(user, payPassword);
      // With two-step verification on, a withdrawal also needs a current code. A code is good once, so a
      // retry of a withdrawal that went through answers its first answer rather than "code already used".
      try {
        await auth.secondFactor.assertCode({ userId }, totpCode);
      } catch (error) {
        const stored = await storedAnswer(db, keyOf(idempotent));
        if (stored) return stored.response as WithdrawalRecord;
        throw error;
      }
      return runIdempotent(db, idempotent, (tx) => service.apply(tx, userId, request, at));
    },
    { preHandler: [requireUser] },
  );

  route(app, walletApi.withdrawalListPage, async ({ req, body }) => service.listPage(userOf(req).id, body), {
    preHandler: [requireUser],
  });

  route(
    app,
    walletApi.withdrawalCancel,
    async ({ req, body }) => {
      const userId = userOf(req).id;
      const at = clock.now();
      // The key makes a retried cancel answer the first answer instead of a 409 (and never release twice).
      return runIdempotent(db, idempotentRequest(req, `u:${userId}`, body, at), async (tx) => {
        const record = await service.cancel(tx, userId, body.id, at);
        await audit(
          tx,
          req,
          'withdrawal.cancel',
          { type: 'withdrawal', id: record.id },
          {
            customerId: userId,
            by: 'customer',
            amount: record.amount,
            currency: record.currency,
            wallet: record.walletType,
          },
        );
        return record;
      });
    },
    { preHandler: [requireUser] },
  );

  // ------------------------------------------------------------------------------------------- console

  reviewQueueRoutes(app, deps, service, {
    queue: consoleMoney.withdrawalQueue,
    approve: consoleMoney.withdrawalApprove,
    reject: consoleMoney.withdrawalReject,
    audit: { approve: 'withdrawal.approve', reject: 'withdrawal.reject', target: 'withdrawal' },
    approved: (row, entryId) => ({ ...moneyDetail(row), entryId, payoutReference: row.payoutReference }),
    rejected: (row, reason) => ({ ...moneyDetail(row), reason }),
  });
}
