/**
 * Console: strategies (docs/strategies.md "Console"). Reviewers read every strategy with its figures and its book;
 * admins describe a strategy (names and descriptions in three languages), set the performance fee that new follows
 * are sold with (within STRATEGY_MAX_FEE), publish or unpublish it and close it to new money or reopen it, each write
 * audited in its own transaction with what an operator publishes as it was and as it is. No call here writes a
 * strategy's parameters, its book, its trades, its NAV or a follow: a running follow keeps the fee copied onto it at
 * its add, and the figures come from what the book traded on the simulated market.
 */
import { type ConsoleStrategy, Decimal, follow as followApi } from '@beurs/contracts';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../ledger/ledger.js';
import { audit, change } from '../../platform/audit.js';
import type { Deps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { quotesOf } from './runner.js';
import { follows, strategies, strategyTrades } from './schema.js';
import type { createStrategyService, StrategyRow } from './service.js';

type Running = Map<number, { follows: number; amount: string }>;
type Written = Pick<
  StrategyRow,
  | 'name'
  | 'nameNl'
  | 'nameZh'
  | 'description'
  | 'descriptionNl'
  | 'descriptionZh'
  | 'performanceFee'
  | 'published'
  | 'open'
>;

const pct2 = (fraction: string) => new Decimal(fraction).times(100).toDecimalPlaces(2).toFixed(2);

/** What an operator publishes of a strategy: the audit's before and after (figures and book are not theirs). */
const published = (s: StrategyRow) => ({
  name: s.name,
  nameNl: s.nameNl,
  nameZh: s.nameZh,
  description: s.description,
  descriptionNl: s.descriptionNl,
  descriptionZh: s.descriptionZh,
  performanceFee: pct2(s.performanceFee),
  published: s.published,
  open: s.open,
});

/** The follows running per strategy and the amounts they put in. */
async function runningOf(ex: Executor, ids: number[]): Promise<Running> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({
      strategyId: follows.strategyId,
      n: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${follows.amount}), 0)::text`,
    })
    .from(follows)
    .where(sql`${follows.status} = 'running' and ${inArray(follows.strategyId, ids)}`)
    .groupBy(follows.strategyId);
  return new Map(rows.map((r) => [r.strategyId, { follows: r.n, amount: r.amount }]));
}

export function consoleStrategyRoutes(
  app: FastifyInstance,
  deps: Deps,
  service: ReturnType<typeof createStrategyService>,
) {
  const { db, market } = deps;

  async function toConsole(s: StrategyRow, running: Running): Promise<ConsoleStrategy> {
    const perf = s.bookTick ? (await service.figuresOf(s)).perf : null;
    const r = running.get(s.id);
    return {
      id: s.id,
      code: s.code,
      manager: s.manager,
      kind: s.kind,
      rule: s.params.rule,
      instruments: [...s.params.instruments],
      currency: s.currency,
      ...published(s),
      nav: perf ? new Decimal(perf.nav).toFixed(8) : null,
      totalReturn: perf?.totalReturn ?? null,
      return30d: perf?.return30d ?? null,
      maxDrawdown: perf?.maxDrawdown ?? null,
      winRate: perf?.winRate ?? null,
      trades: perf?.trades ?? 0,
      followsRunning: r?.follows ?? 0,
      moneyIn: new Decimal(r?.amount ?? 0).toFixed(2),
      bookTimestamp: s.bookTick ? s.bookTick.getTime() : null,
      updateTimeTimestamp: s.updatedAt.getTime(),
    };
  }

  /**
   * One audited write of what an operator publishes, the row locked: a follow in flight (which holds the strategy
   * FOR SHARE) is finished under the old fee and state first. Nothing else of the row is in `values`.
   */
  async function write(
    req: FastifyRequest,
    id: number,
    action: (before: StrategyRow) => string,
    values: Partial<Written>,
  ) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(strategies).where(eq(strategies.id, id)).for('update');
      if (!before) throw notFound();
      const running = await runningOf(tx, [before.id]);
      const next = { ...before, ...values };
      if (JSON.stringify(published(next)) === JSON.stringify(published(before))) return toConsole(before, running);
      const [row] = await tx
        .update(strategies)
        .set({ ...values, updatedAt: deps.clock.now() })
        .where(eq(strategies.id, before.id))
        .returning();
      if (!row) throw notFound();
      await audit(tx, req, action(before), { type: 'strategy', id: row.id }, change(published(before), published(row)));
      return toConsole(row, running);
    });
  }

  route(app, followApi.consoleStrategies, async () => {
    const rows = await db.select().from(strategies).orderBy(asc(strategies.sort), asc(strategies.id));
    const running = await runningOf(
      db,
      rows.map((r) => r.id),
    );
    return Promise.all(rows.map((s) => toConsole(s, running)));
  });

  route(app, followApi.consoleStrategyDetail, async ({ params }) => {
    const [s] = await db.select().from(strategies).where(eq(strategies.id, params.id));
    if (!s) throw notFound();
    const base = await toConsole(s, await runningOf(db, [s.id]));
    const book = s.book;
    if (!book || !s.bookTick) {
      const capital = new Decimal(s.params.capital);
      return {
        ...base,
        cash: capital.toFixed(2),
        value: capital.toFixed(2),
        units: capital.toFixed(8),
        positions: [],
        chart: [],
      };
    }
    // Marked at the bid of the book's tick, as the book's NAV is.
    const keys = Object.keys(book.positions).sort();
    const quotes = keys.length > 0 ? quotesOf(keys, await market.quotes(keys, s.bookTick)) : new Map();
    const positions = keys.map((instrument) => {
      const p = book.positions[instrument] as { quantity: string; cost: string };
      const bid = quotes.get(instrument)?.bid ?? '0';
      return {
        instrument,
        quantity: new Decimal(p.quantity).toString(),
        cost: new Decimal(p.cost).toFixed(2),
        bid: new Decimal(bid).toString(),
        value: new Decimal(p.quantity).times(bid).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
      };
    });
    const value = positions.reduce((sum, p) => sum.plus(new Decimal(p.quantity).times(p.bid)), new Decimal(book.cash));
    return {
      ...base,
      cash: new Decimal(book.cash).toFixed(2),
      value: value.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
      units: new Decimal(book.units).toFixed(8),
      positions,
      chart: (await service.figuresOf(s)).chart,
    };
  });

  route(app, followApi.consoleStrategyTrades, async ({ params, body }) => {
    const [s] = await db.select({ id: strategies.id }).from(strategies).where(eq(strategies.id, params.id));
    if (!s) throw notFound();
    const [counted] = await db.select({ n: count() }).from(strategyTrades).where(eq(strategyTrades.strategyId, s.id));
    const rows = await db
      .select()
      .from(strategyTrades)
      .where(eq(strategyTrades.strategyId, s.id))
      .orderBy(desc(strategyTrades.seq))
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    return {
      list: rows.map((t) => ({
        seq: t.seq,
        time: t.at.getTime(),
        instrument: t.instrument,
        side: t.side,
        quantity: new Decimal(t.quantity).toString(),
        price: new Decimal(t.price).toString(),
        fee: new Decimal(t.fee).toFixed(2),
        profit: t.profit === null ? null : new Decimal(t.profit).toFixed(2),
        cashAfter: new Decimal(t.cashAfter).toFixed(2),
      })),
      total: counted?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  route(app, followApi.consoleStrategyDescribe, async ({ req, params, body }) =>
    write(req, params.id, () => 'strategy.describe', body),
  );

  route(app, followApi.consoleStrategyFee, async ({ req, params, body }) =>
    write(req, params.id, () => 'strategy.fee', {
      performanceFee: new Decimal(body.performanceFee).div(100).toFixed(8),
    }),
  );

  route(app, followApi.consoleStrategyPublish, async ({ req, params, body }) =>
    write(req, params.id, () => (body.published ? 'strategy.publish' : 'strategy.unpublish'), {
      published: body.published,
    }),
  );

  route(app, followApi.consoleStrategyOpen, async ({ req, params, body }) =>
    write(req, params.id, () => (body.open ? 'strategy.reopen' : 'strategy.close'), { open: body.open }),
  );
}
