/**
 * Console: offering management (docs/primary-markets.md "Console"). Reviewers read the offerings, their
 * subscriptions and allotments; admins create them, change them before the window opens and cancel them with
 * every hold refunded. Each write and its audit entry share one transaction.
 */
import { consolePrimary, wireAmount } from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit, change } from '../../platform/audit.js';
import { uniqueOr } from '../../platform/db/errors.js';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { allotmentOf, subscriptionRows } from './console-allotment.js';
import { cancelOffering } from './console-cancel.js';
import {
  assertEditable,
  codeTaken,
  consoleOfferingById,
  demandOf,
  offeringById,
  offeringPage,
  offeringValues,
  toConsoleOffering,
} from './console-offerings.js';
import { offerings } from './schema.js';

export function consolePrimaryRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock, ledger } = deps;

  route(app, consolePrimary.offeringList, async ({ req, body }) =>
    offeringPage(db, body, clock.now(), requestLanguage(req)),
  );

  route(app, consolePrimary.offeringDetail, async ({ req, params }) =>
    consoleOfferingById(db, params.id, clock.now(), requestLanguage(req)),
  );

  route(app, consolePrimary.offeringSubscriptions, async ({ req, params, body }) =>
    subscriptionRows(db, params.id, body, clock.now(), requestLanguage(req)),
  );

  route(app, consolePrimary.offeringAllotment, async ({ params }) => allotmentOf(db, params.id));

  route(app, consolePrimary.offeringCreate, async ({ req, body }) => {
    const now = clock.now();
    const values = await offeringValues(db, body, now);
    return uniqueOr(
      'offerings_code',
      () => codeTaken(body.code),
      () =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(offerings)
            .values({ ...values, createdAt: now })
            .returning();
          if (!row) throw new Error('offering not created');
          const created = toConsoleOffering(row, { subscriptions: 0, shares: 0 }, now, requestLanguage(req));
          await audit(tx, req, 'offering.create', { type: 'offering', id: row.id }, change(null, created));
          return created;
        }),
    );
  });

  route(app, consolePrimary.offeringUpdate, async ({ req, params, body }) => {
    const now = clock.now();
    const lang = requestLanguage(req);
    return uniqueOr(
      'offerings_code',
      () => codeTaken(body.code),
      () =>
        db.transaction(async (tx) => {
          const before = await offeringById(tx, params.id, 'update');
          assertEditable(before, now);
          const values = await offeringValues(tx, body, now, before.id);
          const [row] = await tx.update(offerings).set(values).where(eq(offerings.id, before.id)).returning();
          if (!row) throw new Error('offering not updated');
          // Upcoming: nobody has subscribed yet, so there is no demand to read.
          const demand = (await demandOf(tx, [row.id])).get(row.id) ?? { subscriptions: 0, shares: 0 };
          const updated = toConsoleOffering(row, demand, now, lang);
          const old = toConsoleOffering(before, demand, now, lang);
          await audit(tx, req, 'offering.update', { type: 'offering', id: row.id }, change(old, updated));
          return updated;
        }),
    );
  });

  route(app, consolePrimary.offeringCancel, async ({ req, params, body, operator, idempotency }) => {
    const lang = requestLanguage(req);
    return runIdempotent(db, idempotency, async (tx) => {
      const at = idempotency.at;
      const outcome = await cancelOffering(ledger, tx, params.id, at, operator.id);
      const demand = (await demandOf(tx, [params.id])).get(params.id) ?? { subscriptions: 0, shares: 0 };
      const offering = toConsoleOffering(outcome.offering, demand, at, lang);
      const refunded = [...outcome.refunded].map(([currency, amount]) => ({
        currency: currency as never,
        amount: wireAmount(amount),
      }));
      // A repeat (already cancelled) moved nothing and changed nothing: there is no action to record.
      if (outcome.before.state !== 'cancelled') {
        await audit(
          tx,
          req,
          'offering.cancel',
          { type: 'offering', id: params.id },
          {
            ...change(toConsoleOffering(outcome.before, outcome.beforeDemand, at, lang), offering, body.reason),
            refundedSubscriptions: outcome.cancelled,
            refunded,
          },
        );
      }
      return { offering, refundedSubscriptions: outcome.cancelled, refunded };
    });
  });
}
