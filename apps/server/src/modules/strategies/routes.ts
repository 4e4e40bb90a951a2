/** Copy trading over HTTP (SPEC §7 /userFollowInvest/*; docs/strategies.md): contract <-> service, and the job. */
import { follow as followApi, quant as quantApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { createAuthService } from '../auth/index.js';
import { consoleStrategyRoutes } from './console-routes.js';
import { type BookPass, createStrategyJob } from './job.js';
import { createQuantService } from './quant.js';
import { createStrategyService } from './service.js';

/** `passes`: other products' books the strategies job steps too (the robots'). */
export function followRoutes(app: FastifyInstance, deps: Deps, passes: readonly BookPass[] = []) {
  const service = createStrategyService(deps);
  const auth = createAuthService(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createStrategyJob(deps, passes).start(deps.config.primaryJobMs);
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

/** AI quantification over HTTP (SPEC §7 /web/quantization/*; docs/strategies.md "AI quantification"). */
export function quantRoutes(app: FastifyInstance, deps: Deps) {
  const quant = createQuantService(deps);
  route(app, quantApi.quantList, async ({ req }) => quant.list(requestLanguage(req)));
  route(app, quantApi.quantRanking, async ({ req }) => quant.ranking(requestLanguage(req)));
  route(app, quantApi.quantProfitList, async ({ body }) => quant.profitList(body));
  route(app, quantApi.quantProfitStat, async ({ body }) => quant.profitStat(body));
  route(app, quantApi.quantCheckSecret, async ({ req, body, user }) =>
    quant.checkSecret(user.id, body, deps.clock.now(), requestLanguage(req)),
  );
  route(app, quantApi.quantOrderSave, async ({ req, body, user, idempotency }) =>
    quant.save(user.id, body, idempotency, requestLanguage(req)),
  );
  route(app, quantApi.quantOrderPageList, async ({ req, body, user }) =>
    quant.page(user.id, body, requestLanguage(req)),
  );
}
