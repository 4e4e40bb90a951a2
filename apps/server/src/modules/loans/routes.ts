/** Loans over HTTP (SPEC §7 /loan/*; docs/loans.md): contract <-> service, the console's queue, and the loans job. */
import { loan as loanApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { reviewQueueRoutes } from '../reviews/index.js';
import { createLoanJob } from './job.js';
import { createLoanService } from './service.js';

export function loanRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createLoanService(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createLoanJob(deps, service).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, loanApi.loanLimitRead, async ({ user }) => service.limit(user.id, clock.now()));
  route(app, loanApi.loanApply, async ({ body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.apply(tx, user.id, body, idempotency.at)),
  );
  route(app, loanApi.loanApplyRepay, async ({ body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.repay(tx, user.id, body, idempotency.at)),
  );
  route(app, loanApi.loanShouldRepayAmount, async ({ body, user }) =>
    service.shouldRepay(user.id, body.id, clock.now()),
  );
  route(app, loanApi.loanApplyList, async ({ body, user }) => service.applyList(user.id, body, clock.now()));
  route(app, loanApi.loanRepayList, async ({ body, user }) => service.repayList(user.id, body));

  reviewQueueRoutes(app, deps, service, {
    queue: loanApi.loanQueue,
    approve: loanApi.loanApprove,
    reject: loanApi.loanReject,
    audit: { approve: 'loan.approve', reject: 'loan.reject', target: 'loan' },
    approved: (row, entryId) => ({ customerId: row.customerId, amount: row.amount, currency: row.currency, entryId }),
    rejected: (row, reason) => ({ customerId: row.customerId, amount: row.amount, reason }),
  });
}
