/**
 * Console: the bond book, read only (docs/fixed-income.md "Console"). What customers hold of each bond and what the
 * coupons job paid on it, counted from the holdings; a customer's holdings as they see them. Operators neither list
 * bonds (the universe is generated from the seed) nor set prices (the curves do) nor pay coupons (the job does).
 */
import { bonds as bondsApi, Decimal } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { curvesOf } from '../../market/curves.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { type createBondService, defOfRow, p6, pct } from './holdings.js';
import { quoteBond } from './quote.js';
import { bondHoldings } from './schema.js';
import { bondByCode, bondName } from './universe.js';

const bought = sql`${bondHoldings.status} = 'bought'`;

export function consoleBondRoutes(app: FastifyInstance, deps: Deps, service: ReturnType<typeof createBondService>) {
  const { db, clock } = deps;

  route(app, bondsApi.consoleBondBook, async ({ req, body }) => {
    const at = clock.now();
    const lang = requestLanguage(req);
    const where = body.issuer ? eq(bondHoldings.issuer, body.issuer) : undefined;
    const face = sql<string>`${bondHoldings.faceValue} * ${bondHoldings.quantity}`;
    const group = [
      bondHoldings.code,
      bondHoldings.issuer,
      bondHoldings.kind,
      bondHoldings.currency,
      bondHoldings.couponRate,
      bondHoldings.frequency,
      bondHoldings.datedDate,
      bondHoldings.maturity,
      bondHoldings.faceValue,
    ] as const;
    // One row per bond, by maturity: a bond's terms are the same on each of its holdings (copied from the universe).
    const [rows, [counted], totals] = await Promise.all([
      db
        .select({
          code: bondHoldings.code,
          issuer: bondHoldings.issuer,
          kind: bondHoldings.kind,
          currency: bondHoldings.currency,
          couponRate: bondHoldings.couponRate,
          frequency: bondHoldings.frequency,
          datedDate: bondHoldings.datedDate,
          maturity: bondHoldings.maturity,
          unitFace: bondHoldings.faceValue,
          holders: sql<number>`count(distinct ${bondHoldings.userId}) filter (where ${bought})`.mapWith(Number),
          quantity: sql<number>`coalesce(sum(${bondHoldings.quantity}) filter (where ${bought}), 0)`.mapWith(Number),
          couponsPaid: sql<string>`sum(${bondHoldings.income})`,
          redeemed:
            sql<number>`coalesce(sum(${bondHoldings.quantity}) filter (where ${bondHoldings.status} = 'redeemed'), 0)`.mapWith(
              Number,
            ),
          sold: sql<number>`coalesce(sum(${bondHoldings.quantity}) filter (where ${bondHoldings.status} = 'sold'), 0)`.mapWith(
            Number,
          ),
          nextDue: sql<string | null>`min(${bondHoldings.nextDue})`,
        })
        .from(bondHoldings)
        .where(where)
        .groupBy(...group)
        .orderBy(bondHoldings.maturity, bondHoldings.code)
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db
        .select({ n: sql<number>`count(distinct ${bondHoldings.code})`.mapWith(Number) })
        .from(bondHoldings)
        .where(where),
      db
        .select({
          currency: bondHoldings.currency,
          holders: sql<number>`count(distinct ${bondHoldings.userId}) filter (where ${bought})`.mapWith(Number),
          faceValue: sql<string>`coalesce(sum(${face}) filter (where ${bought}), 0)`,
          couponsPaid: sql<string>`coalesce(sum(${bondHoldings.income}), 0)`,
          redeemed: sql<string>`coalesce(sum(${face}) filter (where ${bondHoldings.status} = 'redeemed'), 0)`,
        })
        .from(bondHoldings)
        .where(where)
        .groupBy(bondHoldings.currency)
        .orderBy(bondHoldings.currency),
    ]);
    const curves = curvesOf(deps.config.marketSeed);
    const list = rows.map((row) => {
      const def = defOfRow({ ...row, faceValue: row.unitFace });
      const listed = bondByCode(row.code, at);
      const q = listed ? quoteBond(listed, curves, at) : null;
      return {
        code: row.code,
        name: bondName(def, lang),
        issuer: def.issuer,
        kind: def.kind,
        currency: def.currency,
        couponRate: pct(row.couponRate),
        maturityDate: row.maturity,
        holders: row.holders,
        quantity: row.quantity,
        faceValue: new Decimal(row.unitFace).times(row.quantity).toFixed(2),
        couponsPaid: new Decimal(row.couponsPaid ?? 0).toFixed(2),
        redeemedQuantity: row.redeemed,
        soldQuantity: row.sold,
        nextDueDate: row.nextDue,
        cleanPrice: q ? p6(q.cleanPrice) : null,
        yield: q ? pct(q.yield) : null,
      };
    });
    return {
      list,
      total: counted?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
      totals: totals.map((t) => ({
        currency: t.currency as 'USD' | 'EUR',
        holders: t.holders,
        faceValue: new Decimal(t.faceValue).toFixed(2),
        couponsPaid: new Decimal(t.couponsPaid).toFixed(2),
        redeemedFaceValue: new Decimal(t.redeemed).toFixed(2),
      })),
    };
  });

  route(app, bondsApi.consoleCustomerBonds, async ({ req, params, body }) => {
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
    if (!customer) throw notFound();
    return service.page(params.id, body, clock.now(), requestLanguage(req));
  });
}
