/** Treasury bonds over HTTP (SPEC §7; docs/fixed-income.md): contract <-> service, and the coupons job. */
import { bonds as bondsApi } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { createAuthService } from '../auth/index.js';
import { consoleBondRoutes } from './console-routes.js';
import { createBondService } from './holdings.js';
import { createBondJob } from './job.js';

export function bondRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createBondService(deps);
  const auth = createAuthService(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createBondJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  consoleBondRoutes(app, deps, service);

  route(app, bondsApi.bondsList, async ({ req, body }) => service.bondsPage(body, clock.now(), requestLanguage(req)));

  route(app, bondsApi.treasuryBondCreate, async ({ req, body, user: caller, idempotency }) => {
    const { payPassword, totpCode, ...request } = body;
    return auth.confirmMoneyMove(caller.id, { payPassword, totpCode }, { ...idempotency, body: request }, (tx) =>
      service.create(tx, caller.id, request, idempotency.at, requestLanguage(req)),
    );
  });

  route(app, bondsApi.treasuryBondPageList, async ({ req, body, user }) =>
    service.page(user.id, body, clock.now(), requestLanguage(req)),
  );

  route(app, bondsApi.treasuryBondFlatPosition, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.flat(tx, user.id, body, idempotency.at, requestLanguage(req))),
  );

  route(app, bondsApi.getTreasuryBondTotal, async ({ user }) => service.total(user.id, clock.now()));
}
