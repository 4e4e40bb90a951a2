/**
 * The operator's own second factor (docs/security.md "Second factor (TOTP)"): enrol by QR, confirm, turn off.
 * Each change is audited, without the secret or any code in the detail.
 */
import { consoleApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit.js';
import { operators } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { unauthenticated } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { operatorOf, rateLimit } from '../../platform/request.js';
import type { SecondFactor } from '../auth/second-factor.js';

export function consoleSecondFactorRoutes(
  app: FastifyInstance,
  deps: Deps,
  secondFactor: SecondFactor,
  reviewer: (req: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  const { db } = deps;
  const owner = (req: FastifyRequest) => ({ operatorId: operatorOf(req).id });

  route(app, consoleApi.consoleTotpStatus, async ({ req }) => secondFactor.status(owner(req)), {
    preHandler: [reviewer],
  });

  route(
    app,
    consoleApi.consoleTotpStart,
    async ({ req }) => {
      const op = operatorOf(req);
      const brand = await deps.brandName();
      const setup = await secondFactor.start(owner(req), { issuer: `${brand} console`, label: op.username });
      await audit(db, req, 'operator.totpStart', { type: 'operator', id: op.id });
      return setup;
    },
    { preHandler: [reviewer], config: rateLimit(10) },
  );

  route(
    app,
    consoleApi.consoleTotpConfirm,
    async ({ req, body }) => {
      const op = operatorOf(req);
      return secondFactor.confirm(owner(req), body.code, (tx) =>
        audit(tx, req, 'operator.totpEnabled', { type: 'operator', id: op.id }),
      );
    },
    { preHandler: [reviewer], config: rateLimit(10) },
  );

  route(
    app,
    consoleApi.consoleTotpDisable,
    async ({ req, body }) => {
      const op = operatorOf(req);
      const [row] = await db
        .select({ passwordHash: operators.passwordHash })
        .from(operators)
        .where(eq(operators.id, op.id));
      if (!row) throw unauthenticated();
      await secondFactor.disable(owner(req), body, row.passwordHash, (tx) =>
        audit(tx, req, 'operator.totpDisabled', { type: 'operator', id: op.id }),
      );
      return { ok: true as const };
    },
    { preHandler: [reviewer], config: rateLimit(10) },
  );
}
