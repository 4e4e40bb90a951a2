import { auth } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { metaOf, rateLimit, userOf, wsUrlFor } from '../../platform/request.js';
import { toUserInfo } from '../users/repo.js';
import { createAuthService } from './service.js';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAuthService(deps);
  const { requireUser, optionalUser } = deps.sessions;

  const toSession = (req: Parameters<typeof wsUrlFor>[0], s: Awaited<ReturnType<typeof service.login>>) => {
    const wsUrl = wsUrlFor(req);
    return { token: s.token, expiresAt: s.expiresAt, wsUrl, user: toUserInfo(s.user, wsUrl) };
  };

  route(app, auth.loginByUsername, async ({ req, body }) => toSession(req, await service.login(body, metaOf(req))), {
    config: rateLimit(30),
  });

  route(
    app,
    auth.logout,
    async ({ req }) => {
      await deps.sessions.revoke(userOf(req).sessionId);
      return { ok: true as const };
    },
    { preHandler: [requireUser] },
  );

  route(
    app,
    auth.getEmailCode,
    ({ req, body }) => service.sendCode(body.email, body.purpose, req.user?.id, metaOf(req).lang),
    { preHandler: [optionalUser], config: rateLimit(10) },
  );

  route(
    app,
    auth.register,
    async ({ req, body }) => toSession(req, await service.registerIndividual(body, metaOf(req))),
    {
      config: rateLimit(10),
    },
  );
  route(
    app,
    auth.registerCompany,
    async ({ req, body }) => toSession(req, await service.registerCompany(body, metaOf(req))),
    { config: rateLimit(10) },
  );
  route(
    app,
    auth.registerQuick,
    async ({ req, body }) => toSession(req, await service.registerQuick(body, metaOf(req))),
    {
      config: rateLimit(10),
    },
  );

  route(
    app,
    auth.resetPassword,
    async ({ body }) => {
      await service.resetPassword(body);
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    auth.updatePassword,
    async ({ req, body }) => {
      await service.updatePassword(userOf(req).id, body);
      return { ok: true as const };
    },
    { preHandler: [requireUser], config: rateLimit(10) },
  );

  route(
    app,
    auth.settingPayPassword,
    async ({ req, body }) => {
      await service.settingPayPassword(userOf(req).id, body.payPassword);
      return { ok: true as const };
    },
    { preHandler: [requireUser] },
  );

  route(
    app,
    auth.updatePayPassword,
    async ({ req, body }) => {
      await service.updatePayPassword(userOf(req).id, body);
      return { ok: true as const };
    },
    { preHandler: [requireUser], config: rateLimit(10) },
  );

  return service;
}
