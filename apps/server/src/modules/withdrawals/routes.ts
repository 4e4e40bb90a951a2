import { consoleMoney, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { createAuthService } from '../auth/index.js';
import { moneyDetail, reviewQueueRoutes } from '../reviews/index.js';
import { createWithdrawalService } from './service.js';

export function withdrawalRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createWithdrawalService(deps);
  const auth = createAuthService(deps);

  // ----------------------------------------------------------------------------- cards and crypto wallets

  route(app, walletApi.selectCardNo, async ({ body, user }) => service.listAccounts(user.id, body.kind));

  route(app, walletApi.addCardNo, async ({ body, user }) => service.addAccount(user.id, body, clock.now()));

  route(app, walletApi.updateCardNo, async ({ body, user }) => service.updateAccount(user.id, body.id, body));

  route(app, walletApi.deleteCard, async ({ body, user }) => {
    await service.deleteAccount(user.id, body.id, clock.now());
    return { ok: true as const };
  });

  // ---------------------------------------------------------------------------------------- withdrawals

  route(app, walletApi.usableWithdrawalAmount, async ({ body, user }) => service.usable(user.id, body.walletType));

  route(app, walletApi.withdrawalApply, async ({ body, user: caller, idempotency }) => {
    const userId = caller.id;
    const { at } = idempotency;
    const { payPassword, totpCode, ...request } = body;
    // route() answered a missing key with 400 before the password is tried. Another customer's card answers 404
    // whatever the password (checked again in the transaction).
    return auth.confirmMoneyMove(
      userId,
      { payPassword, totpCode },
      { ...idempotency, body: request },
      (tx) => service.apply(tx, userId, request, at),
      () => service.ownAccount(db, userId, body.accountId),
    );
  });

  route(app, walletApi.withdrawalListPage, async ({ body, user }) => service.listPage(user.id, body));

  route(app, walletApi.withdrawalCancel, async ({ req, body, user, idempotency }) => {
    const userId = user.id;
    const { at } = idempotency;
    // The key makes a retried cancel answer the first answer instead of a 409 (and never release twice).
    return runIdempotent(db, idempotency, async (tx) => {
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
  });

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
