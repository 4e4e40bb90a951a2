import { inbox } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { userOf } from '../../platform/request.js';
import { findMessage, listMessages, markRead, renderMessage } from './service.js';

export function inboxRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const { requireUser } = deps.sessions;

  route(app, inbox.getMessages, async ({ req, body }) => listMessages(db, userOf(req).id, body, requestLanguage(req)), {
    preHandler: [requireUser],
  });

  // Another user's message answers 404, as if it did not exist.
  route(
    app,
    inbox.getMessage,
    async ({ req, params }) => {
      const row = await findMessage(db, userOf(req).id, params.id);
      if (!row) throw notFound();
      return renderMessage(row, requestLanguage(req));
    },
    { preHandler: [requireUser] },
  );

  // Ids of other users' messages are ignored: they cannot be marked, and nothing says they exist.
  route(
    app,
    inbox.updateRead,
    async ({ req, body }) => ({
      unread: await markRead(db, userOf(req).id, body.all ? 'all' : (body.ids ?? []), clock.now()),
    }),
    { preHandler: [requireUser] },
  );
}
