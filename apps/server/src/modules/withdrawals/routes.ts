import { consoleMoney, E, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { idempotentRequest, runIdempotent } from '../../platform/idempotency.js';
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
      const { payPassword, ...request } = body;
      // A missing key answers 400 before the password is tried.
      const idempotent = idempotentRequest(req, `u:${userId}`, request, at);
      const user = await findUserById(db, userId);
      if (!user) throw new AppError(401, E.loginExpired);
      // Another customer's card answers 404 whatever the password (checked again in the transaction).
      await service.ownAccount(db, userId, body.accountId);
      // The transaction password is the one thing asked (with the login failure limit); it is checked
      // before the transaction, whose connection must not wait on another one from the pool.
      await auth.verifyPayPassword(user, payPassword);
      return runIdempotent(db, idempotent, (tx) => service.apply(tx, userId, request, at));
    },
    { preHandler: [requireUser] },
  );

  route(app, walletApi.withdrawalListPage, async ({ req, body }) => service.listPage(userOf(req).id, body), {
    preHandler: [requireUser],
  });

  // ------------------------------------------------------------------------------------------- console

  reviewQueueRoutes(app, deps, service, {
    queue: consoleMoney.withdrawalQueue,
    approve: consoleMoney.withdrawalApprove,
    reject: consoleMoney.withdrawalReject,
    audit: { approve: 'withdrawal.approve', reject: 'withdrawal.reject', target: 'withdrawal' },
    approved: (row, entryId) => ({ ...moneyDetail(row), entryId }),
    rejected: (row, reason) => ({ ...moneyDetail(row), reason }),
  });
}
