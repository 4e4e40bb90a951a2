/**
 * Strategies' books and copy trading (docs/strategies.md). The books: `advanceBooks` steps every strategy's book
 * from its checkpoint to the last whole tick, a chunk of ticks per transaction with the strategy's row locked
 * (the checkpoint, the trades and the NAV points committed together, so a pass that dies leaves the last chunk's
 * checkpoint and the next pass goes on from it to the same result). The follows: money moves only in the ledger,
 * each entry with a reference unique per type:
 *
 *   followAdd     FOLLOW wallet → follows account                                      amount      follow:<id>
 *   followPayout  follows → wallet (value less fee), → fees (the fee); market ↔ follows (the result)   follow:<id>
 *
 * so the `follows` system account holds, at every moment, the amounts of the follows running. Another customer's
 * follow answers 404, as one that does not exist.
 */
import {
  Code,
  DEFAULT_WALLET_CURRENCY,
  Decimal,
  E,
  FOLLOW_MAX,
  FOLLOW_MIN,
  type FollowAgency,
  type FollowOrder,
  follow as followApi,
  type Language,
  quant as quantApi,
} from '@beurs/contracts';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { notify } from '../inbox/index.js';
import { DEMO_STRATEGIES, QUANT_STRATEGIES } from './catalogue.js';
import { newBook, type Performance, performanceOf, REPLAY_START, STEP_MS, stepBook, ticksToDo } from './engine.js';
import { feeDates, followSettlement } from './fees.js';
import { quotesOf } from './runner.js';
import { follows, type StrategyKind, strategies, strategyNavs, strategyTrades } from './schema.js';

export const FOLLOW_ADD_ENTRY = 'followAdd';
export const FOLLOW_PAYOUT_ENTRY = 'followPayout';
export const FOLLOW_WALLET = 'FOLLOW' as const;
const FOLLOW_CURRENCY = DEFAULT_WALLET_CURRENCY[FOLLOW_WALLET];
export const FOLLOW_LINK = '/pages/trade/index?tab=follow';
export const QUANT_ADD_ENTRY = 'quantSubscription';
export const QUANT_PAYOUT_ENTRY = 'quantPayout';
export const QUANT_LINK = '/pages/aiquantify/record';

/**
 * What differs between the products built on the strategies: the wallet a follow row is paid from and back to, its
 * two ledger entry types, the inbox kind of its payout and where that message links. The machinery (units of the
 * book, the fee over the high-water mark, the payout once by the job, the `follows` system account) is the same.
 */
export const PRODUCTS = {
  follow: {
    wallet: FOLLOW_WALLET,
    addEntry: FOLLOW_ADD_ENTRY,
    payoutEntry: FOLLOW_PAYOUT_ENTRY,
    inbox: 'followPaid',
    link: FOLLOW_LINK,
  },
  quant: {
    wallet: quantApi.QUANT_WALLET,
    addEntry: QUANT_ADD_ENTRY,
    payoutEntry: QUANT_PAYOUT_ENTRY,
    inbox: 'quantPaid',
    link: QUANT_LINK,
  },
} as const satisfies Record<StrategyKind, unknown>;
const DAY_MS = 86_400_000;
/** Ticks stepped per transaction: a month of hourly ticks, so a fresh replay commits as it goes. */
const TICKS_PER_TX = 720;
/** Follows read per query when paying those due. */
const SETTLE_BATCH = 500;

export type StrategyRow = typeof strategies.$inferSelect;
export type FollowRow = typeof follows.$inferSelect;
type AddBody = Omit<z.output<typeof followApi.followAdd.request>, 'payPassword' | 'totpCode'>;

/** Writes the demo strategies that are missing (by code); never changes one an operator edited. */
export async function seedStrategies(ex: Executor, at: Date) {
  await ex
    .insert(strategies)
    .values(
      [...DEMO_STRATEGIES, ...QUANT_STRATEGIES].map((s) => ({
        code: s.code,
        kind: s.kind ?? 'follow',
        minAmount: s.minAmount ?? null,
        terms: s.terms ?? null,
        manager: s.manager,
        name: s.name,
        nameNl: s.nameNl,
        nameZh: s.nameZh,
        description: s.description,
        descriptionNl: s.descriptionNl,
        descriptionZh: s.descriptionZh,
        currency: s.currency,
        params: s.params,
        performanceFee: s.performanceFee,
        sort: s.sort,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing();
}

type Dec = Decimal | string | number;
const pct2 = (fraction: Dec) => new Decimal(fraction).times(100).toDecimalPlaces(2).toFixed(2);

export function createStrategyService(deps: Deps) {
  const { db, ledger, market } = deps;

  // ------------------------------------------------------------------------------------------- books

  /** One chunk of one book, in its own transaction; answers the ticks stepped (0: caught up). */
  async function advanceChunk(id: number, now: number): Promise<number> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(strategies).where(eq(strategies.id, id)).for('update');
      if (!row) return 0;
      let book = row.book ?? newBook(row.params);
      const ticks = ticksToDo(book, now).slice(0, TICKS_PER_TX);
      if (ticks.length === 0) return 0;
      const tradeRows: (typeof strategyTrades.$inferInsert)[] = [];
      const navRows: (typeof strategyNavs.$inferInsert)[] = [];
      let nav = row.nav;
      for (const tick of ticks) {
        const quotes = await market.quotes(row.params.instruments, new Date(tick));
        const step = stepBook(row.params, book, tick, quotesOf(row.params.instruments, quotes));
        book = step.book;
        for (const t of step.trades) {
          tradeRows.push({ strategyId: id, ...t, at: new Date(t.at) });
        }
        navRows.push({ strategyId: id, at: new Date(tick), nav: step.nav.nav, value: step.nav.value });
        nav = step.nav.nav;
      }
      for (let i = 0; i < tradeRows.length; i += 1000)
        await tx.insert(strategyTrades).values(tradeRows.slice(i, i + 1000));
      for (let i = 0; i < navRows.length; i += 1000) await tx.insert(strategyNavs).values(navRows.slice(i, i + 1000));
      await tx
        .update(strategies)
        .set({ book, bookTick: new Date(book.tick), nav })
        .where(eq(strategies.id, id));
      return ticks.length;
    });
  }

  /** Steps every strategy's book to the last whole tick at or before `now`. */
  async function advanceBooks(now: Date) {
    const ids = await db.select({ id: strategies.id }).from(strategies).orderBy(asc(strategies.id));
    let ticks = 0;
    for (const { id } of ids) {
      for (;;) {
        const n = await advanceChunk(id, now.getTime());
        ticks += n;
        if (n < TICKS_PER_TX) break;
      }
    }
    return { ticks };
  }

  // ------------------------------------------------------------------------------------------- figures

  /** Figures of a book, computed once per book tick (every node computes the same from the same rows). */
  const figureCache = new Map<number, { tick: number; perf: Performance; chart: { time: number; nav: string }[] }>();
  async function figuresOf(row: StrategyRow) {
    const tick = row.bookTick?.getTime() ?? 0;
    const hit = figureCache.get(row.id);
    if (hit && hit.tick === tick) return hit;
    const navs = await db
      .select({ at: strategyNavs.at, nav: strategyNavs.nav, value: strategyNavs.value })
      .from(strategyNavs)
      .where(eq(strategyNavs.strategyId, row.id))
      .orderBy(asc(strategyNavs.at));
    const sales = await db
      .select({ profit: strategyTrades.profit })
      .from(strategyTrades)
      .where(and(eq(strategyTrades.strategyId, row.id), eq(strategyTrades.side, 'sell')));
    const [counted] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(strategyTrades)
      .where(eq(strategyTrades.strategyId, row.id));
    const points = navs.map((n) => ({ at: n.at.getTime(), nav: n.nav, value: n.value }));
    const perf = performanceOf(points, sales, counted?.n ?? 0);
    const chart = points
      .filter((p, i) => p.at % DAY_MS === 0 || i === points.length - 1)
      .map((p) => ({ time: p.at, nav: new Decimal(p.nav).toFixed(8) }));
    const out = { tick, perf, chart };
    figureCache.set(row.id, out);
    return out;
  }

  const nameOf = (s: StrategyRow, lang: Language) =>
    lang === 'nl' ? s.nameNl : lang === 'zh-Hans' ? s.nameZh : s.name;
  const descriptionOf = (s: StrategyRow, lang: Language) =>
    lang === 'nl' ? s.descriptionNl : lang === 'zh-Hans' ? s.descriptionZh : s.description;

  async function agencyList(lang: Language) {
    const rows = await db
      .select()
      .from(strategies)
      .where(and(eq(strategies.published, true), eq(strategies.kind, 'follow'), isNotNull(strategies.bookTick)))
      .orderBy(asc(strategies.sort), asc(strategies.id));
    const withFigures = await Promise.all(rows.map(async (row) => ({ row, f: await figuresOf(row) })));
    const ranked = [...withFigures].sort(
      (a, b) => new Decimal(b.f.perf.totalReturn).comparedTo(a.f.perf.totalReturn) || a.row.id - b.row.id,
    );
    const list = ranked.map(
      ({ row, f }, i): FollowAgency => ({
        id: row.id,
        code: row.code,
        manager: row.manager,
        name: nameOf(row, lang),
        description: descriptionOf(row, lang),
        bookCurrency: row.currency,
        performanceFee: pct2(row.performanceFee),
        open: row.open,
        nav: new Decimal(f.perf.nav).toFixed(8),
        totalReturn: f.perf.totalReturn,
        return30d: f.perf.return30d,
        maxDrawdown: f.perf.maxDrawdown,
        winRate: f.perf.winRate,
        trades: f.perf.trades,
        rank: i + 1,
        since: REPLAY_START,
        updatedAt: f.tick,
        chart: f.chart,
      }),
    );
    return {
      list,
      terms: [...followApi.FOLLOW_TERMS],
      minAmount: new Decimal(FOLLOW_MIN).toFixed(2),
      maxAmount: new Decimal(FOLLOW_MAX).toFixed(2),
      currency: FOLLOW_CURRENCY,
      walletType: FOLLOW_WALLET,
    };
  }

  // ------------------------------------------------------------------------------------------- follows

  /**
   * The NAV points a follow is figured from: a running one's fee dates the book has reached (its NAV now is the
   * strategy's), a paid one's end (its fee and payout are stored).
   */
  const navDatesOf = (f: FollowRow, s: Pick<StrategyRow, 'bookTick'>) =>
    f.status === 'paid'
      ? [f.endAt.getTime()]
      : feeDates(f.entryAt.getTime(), f.endAt.getTime(), followApi.FOLLOW_FEE_PERIOD_DAYS).filter(
          (t) => t <= (s.bookTick?.getTime() ?? 0),
        );
  const navKey = (strategyId: number, at: number) => `${strategyId}:${at}`;

  /** The books' NAVs at the given instants, in one query (keyed by navKey). */
  async function navsAt(ex: Executor, wanted: { strategyId: number; at: readonly number[] }[]) {
    const byStrategy = new Map<number, Set<number>>();
    for (const w of wanted) {
      const set = byStrategy.get(w.strategyId) ?? new Set<number>();
      for (const at of w.at) set.add(at);
      if (set.size > 0) byStrategy.set(w.strategyId, set);
    }
    if (byStrategy.size === 0) return new Map<string, string>();
    const rows = await ex
      .select({ strategyId: strategyNavs.strategyId, at: strategyNavs.at, nav: strategyNavs.nav })
      .from(strategyNavs)
      .where(
        or(
          ...[...byStrategy].map(([id, ats]) =>
            and(
              eq(strategyNavs.strategyId, id),
              inArray(
                strategyNavs.at,
                [...ats].map((at) => new Date(at)),
              ),
            ),
          ),
        ),
      );
    return new Map(rows.map((r) => [navKey(r.strategyId, r.at.getTime()), r.nav]));
  }

  /** A follow's value and fee from the book's NAV at `dates` (its fee dates so far; the NAV now last if the term runs). */
  function settlementOf(
    f: FollowRow,
    strategy: Pick<StrategyRow, 'nav'>,
    dates: readonly number[],
    byKey: ReadonlyMap<string, string>,
  ) {
    const navs = dates.map((d) => {
      const nav = byKey.get(navKey(f.strategyId, d));
      if (nav === undefined) throw new Error(`strategy ${f.strategyId} has no NAV at ${new Date(d).toISOString()}`);
      return nav;
    });
    const ended = dates.at(-1) === f.endAt.getTime();
    if (!ended) navs.push(strategy.nav ?? f.entryNav);
    return {
      ...followSettlement({ amount: f.amount, entryNav: f.entryNav, navs, feeRate: f.feeRate }),
      nav: navs.at(-1) as string,
    };
  }

  function toOrder(f: FollowRow, s: StrategyRow, byKey: ReadonlyMap<string, string>, lang: Language): FollowOrder {
    const base = {
      id: f.id,
      agencyId: s.id,
      code: s.code,
      manager: s.manager,
      name: nameOf(s, lang),
      amount: new Decimal(f.amount).toFixed(2),
      currency: FOLLOW_CURRENCY,
      termDays: f.termDays,
      performanceFee: pct2(f.feeRate),
      entryNav: new Decimal(f.entryNav).toFixed(8),
      status: f.status,
      buyTimeStamp: f.createdAt.getTime(),
      endTimeStamp: f.endAt.getTime(),
      closeTimeStamp: f.closedAt ? f.closedAt.getTime() : null,
    };
    if (f.status === 'paid') {
      // Paid: the fee and the payout as they were booked, at the NAV of the term's end.
      const nav = byKey.get(navKey(f.strategyId, f.endAt.getTime()));
      if (nav === undefined) throw new Error(`strategy ${f.strategyId} has no NAV at ${f.endAt.toISOString()}`);
      const fee = new Decimal(f.fee ?? 0);
      const net = new Decimal(f.paidOut ?? 0);
      return {
        ...base,
        nav: new Decimal(nav).toFixed(8),
        value: net.plus(fee).toFixed(2),
        fee: fee.toFixed(2),
        profit: net.minus(f.amount).toFixed(2),
        paidOut: net.toFixed(2),
      };
    }
    const st = settlementOf(f, s, navDatesOf(f, s), byKey);
    const fee = new Decimal(st.fee);
    const net = new Decimal(st.payout);
    return {
      ...base,
      nav: new Decimal(st.nav).toFixed(8),
      value: net.plus(fee).toFixed(2),
      fee: fee.toFixed(2),
      profit: net.minus(f.amount).toFixed(2),
      paidOut: null,
    };
  }

  /** Follows as the customer sees them: their strategies and every NAV they are figured from in two queries. */
  async function ordersOut(ex: Executor, rows: FollowRow[], lang: Language, known: StrategyRow[] = []) {
    const byId = new Map(known.map((s) => [s.id, s]));
    const ids = [...new Set(rows.map((r) => r.strategyId))].filter((id) => !byId.has(id));
    if (ids.length > 0) {
      for (const s of await ex.select().from(strategies).where(inArray(strategies.id, ids))) byId.set(s.id, s);
    }
    const strategyOf = (r: FollowRow) => {
      const s = byId.get(r.strategyId);
      if (!s) throw new Error(`follow ${r.id} without its strategy`);
      return s;
    };
    const byKey = await navsAt(
      ex,
      rows.map((r) => ({ strategyId: r.strategyId, at: navDatesOf(r, strategyOf(r)) })),
    );
    return rows.map((r) => toOrder(r, strategyOf(r), byKey, lang));
  }

  /** /userFollowInvest/add in the request's transaction (confirmMoneyMove): the follow, then its one entry. */
  async function add(tx: Tx, userId: number, body: AddBody, at: Date, lang: Language): Promise<FollowOrder> {
    // Shared: an operator closing the strategy or changing its fee waits for follows in flight.
    const [s] = await tx.select().from(strategies).where(eq(strategies.id, body.agencyId)).for('share');
    if (!s?.published || s.kind !== 'follow')
      throw new AppError(Code.notFound, E.followAgencyNotFound, { id: body.agencyId });
    const name = s.manager;
    if (!s.open) throw rule(E.followAgencyClosed, { name }, 'followAgencyClosed');
    const amount = new Decimal(body.amount);
    if (amount.lt(FOLLOW_MIN) || amount.gt(FOLLOW_MAX)) {
      throw rule(
        E.followAmountRange,
        { min: new Decimal(FOLLOW_MIN).toFixed(2), max: new Decimal(FOLLOW_MAX).toFixed(2), currency: FOLLOW_CURRENCY },
        'followAmountRange',
      );
    }
    const published = new Decimal(s.performanceFee).times(100);
    if (body.performanceFee !== undefined && !published.eq(body.performanceFee)) {
      throw rule(
        E.followFeeChanged,
        { rate: published.toFixed(2), confirmed: new Decimal(body.performanceFee).toFixed(2) },
        'followFeeChanged',
      );
    }
    const row = await subscribe(tx, userId, s, { amount, termDays: body.termDays }, at, name);
    const [order] = await ordersOut(tx, [row], lang, [s]);
    return order as FollowOrder;
  }

  /**
   * A follow row of strategy `s` (a follow or a quant subscription: PRODUCTS says the wallet and entry) bought at the
   * book's NAV of the moment, and its one entry: wallet → follows account, the amount. In the caller's transaction,
   * after the product's own checks; the ledger's guarded update refuses a wallet that has too little.
   */
  async function subscribe(
    tx: Tx,
    userId: number,
    s: StrategyRow,
    o: { amount: Decimal; termDays: number },
    at: Date,
    name: string,
  ): Promise<FollowRow> {
    const product = PRODUCTS[s.kind];
    const currency = DEFAULT_WALLET_CURRENCY[product.wallet];
    const { amount } = o;
    // The NAV of the moment: the book must have reached the previous tick at least.
    const due = Math.floor(at.getTime() / STEP_MS) * STEP_MS - STEP_MS;
    if (!s.bookTick || !s.nav || s.bookTick.getTime() < due)
      throw rule(E.followBookBehind, { name }, 'followBookBehind');
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const entryAt = s.bookTick;
    const [row] = await tx
      .insert(follows)
      .values({
        userId,
        strategyId: s.id,
        amount: amount.toString(),
        currency,
        termDays: o.termDays,
        feeRate: s.performanceFee,
        entryAt,
        entryNav: s.nav,
        endAt: new Date(entryAt.getTime() + o.termDays * DAY_MS),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('follow not written');
    const account = await ledger.walletAccount(tx, userId, product.wallet);
    if (account.currency !== currency) throw new Error(`the ${product.wallet} wallet is not in ${currency}`);
    await ledger.post(tx, {
      type: product.addEntry,
      reference: `follow:${row.id}`,
      at,
      detail: { order: row.id, manager: s.manager, name, term: o.termDays, strategy: s.code },
      postings: [
        { account, amount: amount.negated() },
        { account: await ledger.systemAccount(tx, 'follows', account.currency), amount },
      ],
    });
    return row;
  }

  async function page(
    userId: number,
    body: z.output<typeof followApi.followPageList.request>,
    lang: Language,
    kind: StrategyKind = 'follow',
  ) {
    const ofKind = inArray(
      follows.strategyId,
      db.select({ id: strategies.id }).from(strategies).where(eq(strategies.kind, kind)),
    );
    if (body.id !== undefined) {
      const [own] = await db
        .select()
        .from(follows)
        .where(and(eq(follows.id, body.id), eq(follows.userId, userId), ofKind));
      if (!own) {
        if (kind === 'quant') throw new AppError(Code.notFound, E.quantOrderNotFound, { id: body.id });
        throw new AppError(Code.notFound, E.followNotFound, { id: body.id });
      }
    }
    const where = and(
      eq(follows.userId, userId),
      ofKind,
      body.status ? eq(follows.status, body.status) : undefined,
      body.id !== undefined ? eq(follows.id, body.id) : undefined,
    );
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(follows).where(where);
    const rows = await db
      .select()
      .from(follows)
      .where(where)
      .orderBy(desc(follows.id))
      .limit(body.pageSize)
      .offset((body.page - 1) * body.pageSize);
    return { list: await ordersOut(db, rows, lang), total: counted?.n ?? 0, page: body.page, pageSize: body.pageSize };
  }

  /**
   * Pays one follow whose term has ended and whose book has reached its end, in its own transaction with its row
   * locked: the value at the end less the fee into the FOLLOW wallet, the fee into `fees`, the result against
   * `market`; one followPayout entry (reference follow:<id>, unique), the follow paid, the customer told.
   */
  async function settle(id: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [f] = await tx.select().from(follows).where(eq(follows.id, id)).for('update');
      if (f?.status !== 'running') return false;
      const [s] = await tx.select().from(strategies).where(eq(strategies.id, f.strategyId));
      if (!s?.bookTick || s.bookTick < f.endAt) return false;
      const dates = feeDates(f.entryAt.getTime(), f.endAt.getTime(), followApi.FOLLOW_FEE_PERIOD_DAYS);
      const st = settlementOf(f, s, dates, await navsAt(tx, [{ strategyId: f.strategyId, at: dates }]));
      const amount = new Decimal(f.amount);
      const fee = new Decimal(st.fee);
      const payout = new Decimal(st.payout);
      const result = payout.plus(fee).minus(amount);
      const product = PRODUCTS[s.kind];
      const wallet = await ledger.walletAccount(tx, f.userId, product.wallet);
      const postings = [
        { account: await ledger.systemAccount(tx, 'follows', wallet.currency), amount: amount.negated() },
        { account: await ledger.systemAccount(tx, 'market', wallet.currency), amount: result.negated() },
        { account: await ledger.systemAccount(tx, 'fees', wallet.currency), amount: fee },
        { account: wallet, amount: payout },
      ].filter((p) => !p.amount.isZero());
      await ledger.post(tx, {
        type: product.payoutEntry,
        reference: `follow:${f.id}`,
        at,
        detail: { order: f.id, value: new Decimal(st.payout).plus(fee).toFixed(2), fee: fee.toFixed(2), nav: st.nav },
        postings,
      });
      await tx
        .update(follows)
        .set({ status: 'paid', fee: fee.toString(), paidOut: payout.toString(), closedAt: at, updatedAt: at })
        .where(eq(follows.id, f.id));
      await notify(tx, {
        userId: f.userId,
        kind: product.inbox,
        params: {
          order: f.id,
          manager: s.manager,
          name: s.kind === 'quant' ? s.name : s.manager,
          end: f.endAt.toISOString().slice(0, 16).replace('T', ' '),
          term: f.termDays,
          amount: amount.toFixed(2),
          value: payout.plus(fee).toFixed(2),
          fee: fee.toFixed(2),
          paid: payout.toFixed(2),
        },
        link: s.kind === 'quant' ? `${product.link}-detail?id=${f.id}` : product.link,
        at,
      });
      return true;
    });
  }

  /** Pays every follow whose term has ended (and whose book has reached the end), a batch at a time. */
  async function settleDue(at: Date) {
    let paid = 0;
    let failed = 0;
    let afterId = 0;
    for (;;) {
      const due = await db
        .select({ id: follows.id })
        .from(follows)
        .innerJoin(strategies, eq(strategies.id, follows.strategyId))
        .where(
          and(
            eq(follows.status, 'running'),
            lte(follows.endAt, at),
            lte(follows.endAt, strategies.bookTick),
            gt(follows.id, afterId),
          ),
        )
        .orderBy(asc(follows.id))
        .limit(SETTLE_BATCH);
      for (const { id } of due) {
        afterId = id;
        try {
          if (await settle(id, at)) paid += 1;
        } catch (err) {
          failed += 1;
          deps.log.error({ err, follow: id }, 'follow settlement failed');
        }
      }
      if (due.length < SETTLE_BATCH) break;
    }
    return { paid, failed };
  }

  return {
    advanceBooks,
    agencyList,
    add,
    page,
    settle,
    settleDue,
    figuresOf,
    subscribe,
    ordersOut,
    nameOf,
    descriptionOf,
  };
}
