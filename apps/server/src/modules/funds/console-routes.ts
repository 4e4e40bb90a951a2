/**
 * Console: fund products and the accrual job's work (docs/fixed-income.md "Console"). Reviewers read; admins publish
 * a product and close it to new money (or reopen it), each write audited in its own transaction with the product as
 * it was and as it is. A product's terms are fixed once published: there is no call that changes them, nor any that
 * touches an order, so every order keeps the terms it was sold with (they are copied onto it at subscription).
 * Interest is the job's, from the published terms; operators type in no yield.
 */
import { Code, Decimal, E, funds as fundsApi, type Language, V } from '@beurs/contracts';
import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { audit, change } from '../../platform/audit.js';
import { uniqueOr } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { requestLanguage } from '../../platform/i18n.js';
import { fundAccruals, fundOrders, fundProducts } from './schema.js';
import { type createFundService, dateOf, type ProductRow } from './service.js';

type Holdings = Map<number, { orders: number; held: string }>;

/** A product's terms as stored, from what the operator typed (percent → fraction); 400 naming a missing term. */
function productValues(body: z.output<typeof fundsApi.fundProductInput>) {
  const fraction = (percent: string) => new Decimal(percent).div(100).toFixed(8);
  const terms =
    body.type === 'regular'
      ? {
          termDays: body.termDays ?? null,
          annualRate: body.annualRate ? fraction(body.annualRate) : null,
          managementFee: null,
        }
      : { termDays: null, annualRate: null, managementFee: body.managementFee ? fraction(body.managementFee) : null };
  if (body.type === 'regular' && terms.termDays === null) throw invalid(V.invalid, 'termDays');
  if (body.type === 'regular' && terms.annualRate === null) throw invalid(V.invalid, 'annualRate');
  if (body.type === 'current' && terms.managementFee === null) throw invalid(V.invalid, 'managementFee');
  return {
    code: body.code,
    name: body.name,
    nameNl: body.nameNl,
    nameZh: body.nameZh,
    type: body.type,
    ...terms,
    minAmount: new Decimal(body.minAmount).toFixed(2),
  };
}

/** Orders in progress of each product and what they hold (principal + interest posted). */
async function holdingsOf(ex: Executor, ids: number[]): Promise<Holdings> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({
      productId: fundOrders.productId,
      orders: sql<number>`count(*)::int`,
      held: sql<string>`coalesce(sum(${fundOrders.amount} + ${fundOrders.income}), 0)::text`,
    })
    .from(fundOrders)
    .where(sql`${fundOrders.status} = 'inProgress' and ${inArray(fundOrders.productId, ids)}`)
    .groupBy(fundOrders.productId);
  return new Map(rows.map((r) => [r.productId, { orders: r.orders, held: r.held }]));
}

export function consoleFundRoutes(app: FastifyInstance, deps: Deps, service: ReturnType<typeof createFundService>) {
  const { db, clock } = deps;

  function toConsoleProduct(p: ProductRow, holdings: Holdings, at: Date, lang: Language) {
    const { valueDate: _v, maturityDate: _m, redeemable: _r, ...shown } = service.toProduct(p, at, lang);
    const held = holdings.get(p.id);
    return {
      ...shown,
      name: p.name,
      nameNl: p.nameNl,
      nameZh: p.nameZh,
      ordersInProgress: held?.orders ?? 0,
      held: new Decimal(held?.held ?? 0).toFixed(2),
      createTimeTimestamp: p.createdAt.getTime(),
      updateTimeTimestamp: p.updatedAt.getTime(),
    };
  }

  route(app, fundsApi.consoleFundProducts, async ({ req }) => {
    const at = clock.now();
    const rows = await db.select().from(fundProducts).orderBy(asc(fundProducts.sort), asc(fundProducts.id));
    const holdings = await holdingsOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((p) => toConsoleProduct(p, holdings, at, requestLanguage(req)));
  });

  route(app, fundsApi.consoleFundProductCreate, async ({ req, body }) => {
    const at = clock.now();
    const values = productValues(body);
    return uniqueOr(
      'fund_products_code_unique',
      () => new AppError(Code.conflict, E.fundProductCodeTaken, { code: body.code }, undefined, 'code'),
      () =>
        db.transaction(async (tx) => {
          // After the products there are: the customers' list is by `sort`.
          const [last] = await tx
            .select({ sort: sql<number>`coalesce(max(${fundProducts.sort}), 0)::int` })
            .from(fundProducts);
          const [row] = await tx
            .insert(fundProducts)
            .values({ ...values, open: true, sort: (last?.sort ?? 0) + 1, createdAt: at, updatedAt: at })
            .returning();
          if (!row) throw new Error('fund product not created');
          const created = toConsoleProduct(row, new Map(), at, requestLanguage(req));
          await audit(tx, req, 'fundProduct.create', { type: 'fundProduct', id: row.id }, change(null, created));
          return created;
        }),
    );
  });

  route(app, fundsApi.consoleFundProductOpen, async ({ req, params, body }) => {
    const at = clock.now();
    const lang = requestLanguage(req);
    return db.transaction(async (tx) => {
      // Locked: a subscription in flight (which holds the product FOR SHARE) is finished under the old state first.
      const [before] = await tx.select().from(fundProducts).where(eq(fundProducts.id, params.id)).for('update');
      if (!before) throw notFound();
      const holdings = await holdingsOf(tx, [before.id]);
      if (before.open === body.open) return toConsoleProduct(before, holdings, at, lang);
      const [row] = await tx
        .update(fundProducts)
        .set({ open: body.open, updatedAt: at })
        .where(eq(fundProducts.id, before.id))
        .returning();
      if (!row) throw notFound();
      const after = toConsoleProduct(row, holdings, at, lang);
      await audit(
        tx,
        req,
        body.open ? 'fundProduct.reopen' : 'fundProduct.close',
        { type: 'fundProduct', id: row.id },
        change(toConsoleProduct(before, holdings, at, lang), after),
      );
      return after;
    });
  });

  route(app, fundsApi.consoleFundAccruals, async ({ body }) => {
    const today = dateOf(clock.now());
    // Per day: the accruals of that day, and the Regular orders that matured (and were paid) on it. One statement
    // reads the days once for the page and the totals (a row of totals with the page's days beside it, or none).
    const offset = (body.page - 1) * body.pageSize;
    const [days, last, due] = await Promise.all([
      db.execute<{
        n: number;
        interestTotal: string;
        maturedTotal: number;
        paidTotal: string;
        day: string | null;
        orders: number;
        interest: string;
        matured: number;
        paid: string;
      }>(
        sql`with d as (
              select coalesce(a.day, m.day) as day, coalesce(a.orders, 0) as orders,
                coalesce(a.interest, 0) as interest, coalesce(m.matured, 0) as matured, coalesce(m.paid, 0) as paid
              from (select ${fundAccruals.day} as day, count(*)::int as orders, sum(${fundAccruals.amount}) as interest
                      from ${fundAccruals} group by ${fundAccruals.day}) a
              full outer join (select ${fundOrders.maturityDate} as day, count(*)::int as matured,
                      sum(${fundOrders.paidOut}) as paid
                      from ${fundOrders} where ${fundOrders.type} = 'regular' and ${fundOrders.status} = 'completed'
                      group by ${fundOrders.maturityDate}) m on m.day = a.day
            )
            select t.n, t.interest as "interestTotal", t.matured as "maturedTotal", t.paid as "paidTotal",
              p.day, p.orders, p.interest, p.matured, p.paid
            from (select count(*)::int as n, coalesce(sum(interest), 0)::text as interest,
                    coalesce(sum(matured), 0)::int as matured, coalesce(sum(paid), 0)::text as paid from d) t
            left join lateral (select day::text as day, orders, interest::text as interest, matured, paid::text as paid
                    from d order by day desc limit ${body.pageSize} offset ${offset}) p on true
            order by p.day desc nulls last`,
      ),
      db.select({ at: sql<Date | null>`max(${fundAccruals.createdAt})` }).from(fundAccruals),
      db.select({ n: sql<number>`count(*)::int` }).from(fundOrders).where(lte(fundOrders.nextDue, today)),
    ]);
    const totals = days.rows[0];
    const lastAt = last[0]?.at;
    return {
      list: days.rows.flatMap((d) =>
        d.day === null
          ? []
          : [
              {
                date: d.day,
                ordersAccrued: Number(d.orders),
                interest: new Decimal(d.interest).toFixed(2),
                matured: Number(d.matured),
                maturedPaid: new Decimal(d.paid).toFixed(2),
              },
            ],
      ),
      total: Number(totals?.n ?? 0),
      page: body.page,
      pageSize: body.pageSize,
      totals: {
        interest: new Decimal(totals?.interestTotal ?? 0).toFixed(2),
        matured: Number(totals?.maturedTotal ?? 0),
        maturedPaid: new Decimal(totals?.paidTotal ?? 0).toFixed(2),
      },
      lastAccrualTimestamp: lastAt ? new Date(lastAt).getTime() : null,
      ordersDue: due[0]?.n ?? 0,
    };
  });

  route(app, fundsApi.consoleCustomerFunds, async ({ req, params, body }) => {
    const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
    if (!customer) throw notFound();
    return service.page(params.id, body, clock.now(), requestLanguage(req));
  });
}
