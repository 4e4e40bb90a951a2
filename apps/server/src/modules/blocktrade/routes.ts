/** Block trades over HTTP (SPEC §7; docs/primary-markets.md "Block trades"), and the console's permission queue. */
import { blocktrade } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { reviewQueueRoutes } from '../reviews/index.js';
import { deskPage } from './desk.js';
import { createBlockOrders } from './orders.js';
import { createPermissionService, latestPermission, toPermission } from './permission.js';
import { blockTradePage } from './trades.js';

export function blockTradeRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const permissions = createPermissionService(deps);
  const orders = createBlockOrders(deps);

  route(app, blocktrade.blockPermissionRead, async ({ user }) => toPermission(await latestPermission(db, user.id)));
  route(app, blocktrade.blockPermissionApply, async ({ user }) => permissions.apply(user.id, clock.now()));
  route(app, blocktrade.blockList, async ({ req, body }) => deskPage(deps, body, requestLanguage(req)));
  route(app, blocktrade.blockCheckSecret, async ({ body, user }) => orders.checkSecret(user.id, body, clock.now()));
  route(app, blocktrade.blockCreate, async ({ req, body, user, idempotency }) =>
    orders.create(user.id, body, idempotency, requestLanguage(req)),
  );
  route(app, blocktrade.blockTradeList, async ({ req, body, user }) =>
    blockTradePage(db, user.id, body.page, body.pageSize, requestLanguage(req)),
  );

  reviewQueueRoutes(app, deps, permissions, {
    queue: blocktrade.blockPermissionQueue,
    approve: blocktrade.blockPermissionApprove,
    reject: blocktrade.blockPermissionRefuse,
    audit: { approve: 'blockPermission.approve', reject: 'blockPermission.reject', target: 'blockPermission' },
    approved: (row) => ({ customerId: row.customerId }),
    rejected: (row, reason) => ({ customerId: row.customerId, reason }),
  });
}
