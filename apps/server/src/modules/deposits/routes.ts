import { consoleMoney, wallet as walletApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { moneyDetail, reviewQueueRoutes } from '../reviews/index.js';
import { createDepositService } from './service.js';

export function depositRoutes(app: FastifyInstance, deps: Deps) {
  const { db, files } = deps;
  const service = createDepositService(deps);

  route(app, walletApi.rechargeCurrencyList, async ({ body }) => service.channels(body.type));

  route(app, walletApi.rechargeCreate, async ({ body, user, idempotency }) => {
    const record = await runIdempotent(db, idempotency, (tx) => service.create(tx, user.id, body, idempotency.at));
    // A replayed answer carries the proof address signed then; hand out a fresh one.
    return { ...record, proofUrl: files.signedUrl(body.proofFileId) };
  });

  route(app, walletApi.rechargeListPage, async ({ body, user }) => service.listPage(user.id, body));

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
