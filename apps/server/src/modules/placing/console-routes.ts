/**
 * Console: placing management (docs/primary-markets.md "Console"), as offerings are managed. Reviewers read the
 * monitor (routes.ts); admins create placings, change them before the window opens and cancel them with every hold
 * released. Each write and its audit entry share one transaction.
 */
import { placing, wireAmount } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit, change } from '../../platform/audit.js';
import { uniqueOr } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { consolePlacingById, NO_DEMAND, toConsolePlacing } from './console.js';
import { cancelPlacing } from './console-cancel.js';
import { assertPlacingEditable, placingForUpdate, placingTaken, placingValues } from './console-manage.js';
import { placings } from './schema.js';

export function consolePlacingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, ledger } = deps;

  route(app, placing.consolePlacingCreate, async ({ req, body }) => {
    const now = clock.now();
    const values = placingValues(body, now);
    return uniqueOr(
      'placings_code_window',
      () => placingTaken(body.code),
      () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(placings)
            .values({ ...values, state: 'scheduled', createdAt: now })
            .returning();
          if (!row) throw new Error('placing not created');
          const created = toConsolePlacing(row, NO_DEMAND, now);
          await audit(tx, req, 'placing.create', { type: 'placing', id: row.id }, change(null, created));
          return created;
        }),
    );
  });

  route(app, placing.consolePlacingUpdate, async ({ req, params, body }) => {
    const now = clock.now();
    return uniqueOr(
      'placings_code_window',
      () => placingTaken(body.code),
      () =>
        db.transaction(async (tx) => {
          const before = await placingForUpdate(tx, params.id);
          assertPlacingEditable(before, now);
          const values = placingValues(body, now);
          const [row] = await tx.update(placings).set(values).where(eq(placings.id, before.id)).returning();
          if (!row) throw new Error('placing not updated');
          // Upcoming: nobody can have applied yet, so there is no demand to read.
          const updated = toConsolePlacing(row, NO_DEMAND, now);
          const old = toConsolePlacing(before, NO_DEMAND, now);
          await audit(tx, req, 'placing.update', { type: 'placing', id: row.id }, change(old, updated));
          return updated;
        }),
    );
  });

  route(app, placing.consolePlacingCancel, async ({ req, params, body, idempotency }) =>
    runIdempotent(db, idempotency, async (tx) => {
      const at = idempotency.at;
      const outcome = await cancelPlacing(ledger, tx, params.id, at);
      const shown = await consolePlacingById(tx, params.id, at);
      const refunded = [...outcome.refunded].map(([currency, amount]) => ({
        currency: currency as never,
        amount: wireAmount(amount),
      }));
      // A repeat (already cancelled) released nothing and changed nothing: there is no action to record.
      if (outcome.before.state !== 'cancelled') {
        await audit(
          tx,
          req,
          'placing.cancel',
          { type: 'placing', id: params.id },
          {
            ...change(toConsolePlacing(outcome.before, outcome.beforeDemand, at), shown, body.reason),
            refundedApplications: outcome.cancelled,
            refunded,
          },
        );
      }
      return { placing: shown, refundedApplications: outcome.cancelled, refunded };
    }),
  );
}
