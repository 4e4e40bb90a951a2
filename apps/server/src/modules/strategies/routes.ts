/** Copy trading over HTTP (SPEC §7 /userFollowInvest/*; docs/strategies.md): contract <-> service, and the job. */
import { follow as followApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createAuthService } from '../auth/index.js';
import { consoleStrategyRoutes } from './console-routes.js';
import { createStrategyJob } from './job.js';
import { createStrategyService } from './service.js';

export function followRoutes(app: FastifyInstance, deps: Deps) {
  const service = createStrategyService(deps);
  const auth = createAuthService(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createStrategyJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  consoleStrategyRoutes(app, deps, service);

  route(app, followApi.getInvestAgencyList, async ({ req }) => service.agencyList(requestLanguage(req)));

  route(app, followApi.followPageList, async ({ req, body, user }) =>
    service.page(user.id, body, requestLanguage(req)),
  );

  route(app, followApi.followAdd, async ({ req, body, user: caller, idempotency }) => {
    const { payPassword, totpCode, ...request } = body;
    return auth.confirmMoneyMove(caller.id, { payPassword, totpCode }, { ...idempotency, body: request }, (tx) =>
      service.add(tx, caller.id, request, idempotency.at, requestLanguage(req)),
    );
  });
}
