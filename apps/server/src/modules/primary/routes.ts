/** Primary markets over HTTP (SPEC §7; docs/primary-markets.md): contract <-> service, one transaction per request. */
import { primary } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { runIdempotent } from '../../platform/idempotency.js';
import { createPrimaryJob } from './allotment-job.js';
import { createFinancing } from './financing.js';
import { syncListings } from './listing.js';
import { calendarPage, toOffering } from './offerings.js';
import { createSubscribeService } from './subscribe.js';
import {
  customerStateOf,
  latestSubscriptions,
  ownSubscription,
  subscriptionPage,
  toSubscription,
} from './subscriptions.js';

export function primaryRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  const service = createSubscribeService(deps);
  const financing = createFinancing(deps);

  // Listed offerings are instruments from the first request on (a fresh start lists the seeded ones), and the job
  // (allotments at the close, listings at the listing date) is scheduled on every node; the lock elects one.
  app.addHook('onReady', async () => {
    await syncListings(deps, db, clock.now()).catch((err: unknown) => app.log.warn({ err }, 'listing sync failed'));
  });
  if (deps.config.primaryJobMs > 0) {
    const stop = createPrimaryJob(deps).start(deps.config.primaryJobMs);
    app.addHook('onClose', async () => stop());
  }

  route(app, primary.newStockCalendar, async ({ req, body, user }) => {
    const now = clock.now();
    const lang = requestLanguage(req);
    const { rows, total } = await calendarPage(db, body, now);
    const mine = user
      ? await latestSubscriptions(
          db,
          user.id,
          rows.map((o) => o.id),
        )
      : undefined;
    return {
      list: rows.map((o) => ({
        ...toOffering(o, now, lang),
        state: mine ? customerStateOf(o, mine.get(o.id), now) : null,
      })),
      total,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  route(app, primary.newStockDetail, async ({ req, body, user }) => {
    const now = clock.now();
    const lang = requestLanguage(req);
    const o = await service.offering(body.code);
    const mine = user ? (await latestSubscriptions(db, user.id, [o.id])).get(o.id) : undefined;
    return {
      offering: toOffering(o, now, lang),
      state: user ? customerStateOf(o, mine, now) : null,
      subscription: mine ? toSubscription(mine, o, now, lang) : null,
    };
  });

  route(app, primary.newSharesCreate, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => service.subscribe(tx, user.id, body, idempotency.at, requestLanguage(req))),
  );

  route(app, primary.newSharesPay, async ({ req, body, user, idempotency }) =>
    runIdempotent(db, idempotency, (tx) => financing.pay(tx, user.id, body.id, idempotency.at, requestLanguage(req))),
  );

  route(app, primary.ipoFullNum, async ({ body, user }) => service.ticket(user.id, body.code));

  route(app, primary.positionSubscription, async ({ req, body, user }) =>
    subscriptionPage(db, user.id, body, clock.now(), requestLanguage(req)),
  );

  route(app, primary.subscriptionDetail, async ({ req, body, user }) => {
    const { s, o } = await ownSubscription(db, user.id, body.id);
    return toSubscription(s, o, clock.now(), requestLanguage(req));
  });
}
