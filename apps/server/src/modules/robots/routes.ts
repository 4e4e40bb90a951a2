/** Trading robots over HTTP (SPEC §7 /robot/*, /robotOrder/*, /crypto/robotKline, /robotMessage; docs/strategies.md). */
import { robots as api } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { createAuthService } from '../auth/index.js';
import { createRobotService } from './service.js';

export function robotRoutes(app: FastifyInstance, deps: Deps) {
  const service = createRobotService(deps);
  const { orders } = service;
  const auth = createAuthService(deps);

  route(app, api.robotPageList, async ({ body }) => service.page(body));
  route(app, api.robotMiningQuota, async ({ body, user }) => service.quota(user.id, body.robotId));

  route(app, api.robotOrderCreate, async ({ body, user: caller, idempotency }) => {
    const { payPassword, totpCode, ...request } = body;
    return auth.confirmMoneyMove(caller.id, { payPassword, totpCode }, { ...idempotency, body: request }, (tx) =>
      orders.create(tx, caller.id, request, idempotency.at),
    );
  });
  route(app, api.robotOrderPageList, async ({ body, user }) => orders.page(user.id, body));
  route(app, api.robotOrderDetail, async ({ body, user }) => orders.detail(user.id, body.id));
  route(app, api.robotOrderRedeem, async ({ body, user, idempotency }) =>
    runIdempotent(deps.db, idempotency, (tx) => orders.redeem(tx, user.id, body.id, idempotency.at)),
  );
  route(app, api.robotKline, async ({ body, user }) => orders.curve(user.id, body.orderId));
  route(app, api.robotMessages, async ({ params, user }) => orders.messages(user.id, params.orderId));
}

/** The robots' pass of the strategies job (one job loop for every book): steps the robots, pays the cycles ended. */
export const robotBookPass = (deps: Deps) => {
  const service = createRobotService(deps);
  return (at: Date) => service.orders.pass(at);
};
