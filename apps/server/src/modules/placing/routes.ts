/** Placings over HTTP (SPEC §7; docs/primary-markets.md "Placings"): contract <-> service. */
import { placing } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { applicationPage, flatCount } from './applications.js';
import { consolePlacingPage } from './console.js';
import { consolePlacingRoutes } from './console-routes.js';
import { createPlacingJob } from './job.js';
import { createPlacingOrders } from './orders.js';
import { placingPage } from './placings.js';

export function placingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const orders = createPlacingOrders(deps);

  // Scheduled on every node with the primary-markets job's interval; its advisory lock elects one.
  if (deps.config.primaryJobMs > 0) {
    const stop = createPlacingJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, placing.placingList, async ({ req, body, user }) =>
    placingPage(deps, body, user?.id ?? null, clock.now(), requestLanguage(req)),
  );
  route(app, placing.placingTicket, async ({ body, user }) => orders.ticket(user.id, body.id));
  route(app, placing.placingCheckSecret, async ({ body, user }) => orders.checkSecret(user.id, body, clock.now()));
  route(app, placing.placingCreate, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => orders.create(tx, user.id, body, idempotency.at, requestLanguage(req))),
  );
  route(app, placing.placingCancel, async ({ req, body, user }) =>
    db.transaction((tx) => orders.cancel(tx, user.id, body.id, clock.now(), requestLanguage(req))),
  );
  route(app, placing.placingSubscriptions, async ({ req, body, user }) =>
    applicationPage(db, user.id, body, clock.now(), requestLanguage(req)),
  );
  route(app, placing.consolePlacingList, async ({ body }) => consolePlacingPage(db, body, clock.now()));
  consolePlacingRoutes(app, deps);
  route(app, placing.placingFlatCount, async ({ body, user }) => flatCount(db, user.id, body.stockCode, clock.now()));
}
