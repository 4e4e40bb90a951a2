/** get_sale_time and sale_list over HTTP (docs/primary-markets.md "When allotted shares may be sold"). */
import { auction } from '@beurs/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { salePage, saleTime } from './sale.js';

export function saleRoutes(app: FastifyInstance, deps: Deps) {
  const { db, clock } = deps;
  route(app, auction.getSaleTime, async ({ body }) => saleTime(db, body.code, clock.now()));
  route(app, auction.saleList, async ({ req, body, user }) =>
    salePage(db, user.id, body, clock.now(), requestLanguage(req)),
  );
}
