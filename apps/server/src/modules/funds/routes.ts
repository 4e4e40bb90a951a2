/** Funds over HTTP (SPEC §7; docs/fixed-income.md "Funds"): contract <-> service, and the accrual job. */
import { funds as fundsApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { createAuthService } from '../auth/index.js';
import { consoleFundRoutes } from './console-routes.js';
import { createFundJob } from './job.js';
import { createFundService } from './service.js';

export function fundRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createFundService(deps);
  const auth = createAuthService(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createFundJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  consoleFundRoutes(app, deps, service);

  route(app, fundsApi.fundProductPageList, async ({ req, body }) =>
    service.productPage(body, clock.now(), requestLanguage(req)),
  );

  route(app, fundsApi.fundOrderCreate, async ({ req, body, user: caller, idempotency }) => {
    const { payPassword, totpCode, ...request } = body;
    return auth.confirmMoneyMove(caller.id, { payPassword, totpCode }, { ...idempotency, body: request }, (tx) =>
      service.create(tx, caller.id, request, idempotency.at, requestLanguage(req)),
    );
  });

  route(app, fundsApi.fundOrderRedeem, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.redeem(tx, user.id, body.id, idempotency.at, requestLanguage(req))),
  );

  route(app, fundsApi.fundOrderPageList, async ({ req, body, user }) =>
    service.page(user.id, body, clock.now(), requestLanguage(req)),
  );

  route(app, fundsApi.fundStat, async ({ user }) => service.stat(user.id, clock.now()));

  route(app, fundsApi.fundDetails, async ({ req, body, user }) =>
    service.details(user.id, body.id, clock.now(), requestLanguage(req)),
  );

  route(app, fundsApi.fundProfit, async ({ body, user }) => service.profit(user.id, body.id));
}
