/** Customer service over HTTP (SPEC §7 /userCenter/apply/service; docs/support.md): contract <-> service. */
import { support as api } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { rateLimit } from '../../platform/request.js';
import { createSupportService } from './service.js';

export function supportRoutes(app: FastifyInstance, deps: Deps) {
  const service = createSupportService(deps);
  // Per address on top of the per-customer limit the service counts in the database (SUPPORT_LIMITS).
  const writes = { config: rateLimit(30) };

  // ---- customer
  route(
    app,
    api.supportApply,
    async ({ req, body, user }) => service.start(user.id, body, requestLanguage(req)),
    writes,
  );
  route(app, api.supportList, async ({ body, user }) => service.list(user.id, body));
  route(app, api.supportDetail, async ({ params, body, user }) => service.detail(user.id, params.id, body.beforeId));
  route(app, api.supportSend, async ({ params, body, user }) => service.send(user.id, params.id, body), writes);
  route(app, api.supportRead, async ({ params, user }) =>
    service.markRead(params.id, { side: 'customer', userId: user.id }),
  );

  // ---- console
  route(app, api.supportQueue, async ({ body, operator }) => service.queue({ ...body, operatorId: operator.id }));
  route(app, api.supportConsoleDetail, async ({ params, body }) => service.consoleDetail(params.id, body.beforeId));
  route(app, api.supportReply, async ({ req, params, body, operator }) =>
    service.reply(req, operator, params.id, body),
  );
  route(app, api.supportConsoleRead, async ({ params }) => service.markRead(params.id, { side: 'operator' }));
  route(app, api.supportAssign, async ({ req, params, body }) => service.assign(req, params.id, body.operatorId));
  route(app, api.supportSetStatus, async ({ req, params, body }) => service.setStatus(req, params.id, body.status));
  route(app, api.supportOperators, async () => service.operators());
  route(app, api.supportTemplates, async () => service.templates());
  route(app, api.supportTemplateCreate, async ({ req, body, operator }) =>
    service.saveTemplate(req, operator, undefined, body),
  );
  route(app, api.supportTemplateUpdate, async ({ req, params, body, operator }) =>
    service.saveTemplate(req, operator, params.id, body),
  );
  route(app, api.supportTemplateDelete, async ({ req, params }) => service.deleteTemplate(req, params.id));
}
