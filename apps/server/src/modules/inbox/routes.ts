import { inbox } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { findMessage, listMessages, markRead, renderMessage } from './service.js';

export function inboxRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;

  route(app, inbox.getMessages, async ({ req, body, user }) => listMessages(db, user.id, body, requestLanguage(req)));

  // Another user's message answers 404, as if it did not exist.
  route(app, inbox.getMessage, async ({ req, params, user }) => {
    const row = await findMessage(db, user.id, params.id);
    if (!row) throw notFound();
    return renderMessage(row, requestLanguage(req));
  });

  // Ids of other users' messages are ignored: they cannot be marked, and nothing says they exist.
  route(app, inbox.updateRead, async ({ body, user }) => ({
    unread: await markRead(db, user.id, body.all ? 'all' : (body.ids ?? []), clock.now()),
  }));
}
