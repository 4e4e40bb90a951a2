/** Trading robots over HTTP (SPEC §7 /robot/*; docs/strategies.md "Trading robots"): contract <-> service. */
import { robots as api } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { createRobotService } from './service.js';

export function robotRoutes(app: FastifyInstance, deps: Deps) {
  const service = createRobotService(deps);

  route(app, api.robotPageList, async ({ body }) => service.page(body));
  route(app, api.robotMiningQuota, async ({ body, user }) => service.quota(user.id, body.robotId));
}
