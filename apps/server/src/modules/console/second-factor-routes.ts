/**
 * The operator's own second factor (docs/security.md "Second factor (TOTP)"): enrol by QR, confirm, turn off.
 * Each change is audited, without the secret or any code in the detail.
 */
import { consoleApi } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import { operators } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { unauthenticated } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { rateLimit } from '../../platform/request.js';
import type { SecondFactor } from '../auth/index.js';

export function consoleSecondFactorRoutes(app: FastifyInstance, deps: Deps, secondFactor: SecondFactor) {
  const { db } = deps;
  const owner = (op: { id: number }) => ({ operatorId: op.id });

  route(app, consoleApi.consoleTotpStatus, async ({ operator }) => secondFactor.status(owner(operator)));

  route(
    app,
    consoleApi.consoleTotpStart,
    async ({ req, operator: op }) => {
      const brand = await deps.brandName();
      const setup = await secondFactor.start(owner(op), { issuer: `${brand} console`, label: op.username });
      await audit(db, req, 'operator.totpStart', { type: 'operator', id: op.id });
      return setup;
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    consoleApi.consoleTotpConfirm,
    async ({ req, body, operator: op }) => {
      const confirmed = await secondFactor.confirm(owner(op), body.code, (tx) =>
        audit(tx, req, 'operator.totpEnabled', { type: 'operator', id: op.id }),
      );
      deps.sessions.forgetOperator(op.id);
      return confirmed;
    },
    { config: rateLimit(10) },
  );

  route(
    app,
    consoleApi.consoleTotpDisable,
    async ({ req, body, operator: op }) => {
      const [row] = await db
        .select({ passwordHash: operators.passwordHash })
        .from(operators)
        .where(eq(operators.id, op.id));
      if (!row) throw unauthenticated();
      await secondFactor.disable(owner(op), body, row.passwordHash, (tx) =>
        audit(tx, req, 'operator.totpDisabled', { type: 'operator', id: op.id }),
      );
      deps.sessions.forgetOperator(op.id);
      return { ok: true as const };
    },
    { config: rateLimit(10) },
  );
}
