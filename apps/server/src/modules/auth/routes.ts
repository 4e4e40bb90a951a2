import { auth, E, type Language } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { translate } from '../../platform/i18n.js';
import { metaOf, rateLimit, wsUrlFor } from '../../platform/request.js';
import { findUserById, toUserInfo } from '../users/index.js';
import { createAuthService } from './service.js';

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAuthService(deps);

  const toSession = (req: Parameters<typeof wsUrlFor>[0], s: Awaited<ReturnType<typeof service.login>>) => {
    const wsUrl = wsUrlFor(req);
    return { token: s.token, expiresAt: s.expiresAt, wsUrl, user: toUserInfo(s.user, wsUrl) };
  };

  route(app, auth.loginByUsername, async ({ req, body }) => toSession(req, await service.login(body, metaOf(req))), {
    config: rateLimit(30),
  });

  route(
    app,
    auth.loginByEmailCode,
    async ({ req, body }) => toSession(req, await service.loginWithCode(body, metaOf(req))),
    { config: rateLimit(30) },
  );

  route(app, auth.logout, async ({ user }) => {
    await deps.sessions.revoke(user.sessionId);
    return { ok: true as const };
  });

  route(
    app,
    auth.getEmailCode,
    ({ req, body, user }) => service.sendCode(body.email, body.purpose, user?.id, metaOf(req).lang, req.ip),
    { config: rateLimit(10) },
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
    async ({ body, user }) => {
      await service.updatePassword(user.id, body);
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    auth.settingPayPassword,
    async ({ body, user }) => {
      await service.settingPayPassword(user.id, body.payPassword);
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    auth.updatePayPassword,
    async ({ body, user }) => {
      await service.updatePayPassword(user.id, body);
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );

  // ------------------------------------------------------------------------ second factor (TOTP)

  const { secondFactor } = service;
  const me = async (id: number) => {
    const user = await findUserById(deps.db, id);
    if (!user) throw new AppError(401, E.loginExpired);
    return user;
  };
  /** The owner is told by mail whenever the factor goes on or off: a takeover would not go unnoticed. */
  const mailChange = (user: Awaited<ReturnType<typeof me>>, on: boolean) => async (tx: Tx) => {
    const lang = (user.language as Language) ?? 'en';
    const params = { brand: await deps.brandName(), userId: user.username };
    await deps.mailer.send(tx, {
      to: user.email,
      subject: translate(lang, on ? 'mail.totpOnSubject' : 'mail.totpOffSubject'),
      text: translate(lang, on ? 'mail.totpOnBody' : 'mail.totpOffBody', params),
    });
  };

  route(app, auth.totpStatus, async ({ user }) => secondFactor.status({ userId: user.id }));

  route(
    app,
    auth.totpStart,
    async ({ user: caller }) => {
      const user = await me(caller.id);
      return secondFactor.start({ userId: user.id }, { issuer: await deps.brandName(), label: user.username });
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    auth.totpConfirm,
    async ({ body, user: caller }) => {
      const user = await me(caller.id);
      return secondFactor.confirm({ userId: user.id }, body.code, mailChange(user, true));
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    auth.totpDisable,
    async ({ body, user: caller }) => {
      const user = await me(caller.id);
      await secondFactor.disable({ userId: user.id }, body, user.passwordHash, mailChange(user, false));
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );

  return service;
}
