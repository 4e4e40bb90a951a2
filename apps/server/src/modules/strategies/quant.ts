/**
 * AI quantification (SPEC §7 /web/quantization/*; docs/strategies.md "AI quantification"): the quant strategies'
 * catalogue, ranking, statistics and daily returns from their books, checkSecret, and subscriptions. A subscription
 * is the copy-trading machinery (service.ts `subscribe`: a follows row holding units of the book, the fee over the
 * high-water mark, paid once by the job) on a strategy of kind quant, paid from the FINANCIAL wallet (PRODUCTS).
 *
 *   checkSecret   transaction password (+ second factor), the auth module's attempt limit → a single-use confirmation
 *                 for one strategy, amount and period (only its hash is stored)
 *   order/save    in one transaction with the Idempotency-Key: the confirmation spent, the published terms checked,
 *                 the subscription and its quantSubscription entry; a refusal rolls all of it back
 */
import { Code, Decimal, E, type Language, type QuantOrder, quant as quantApi } from '@beurs/contracts';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { type IdempotentRequest, runIdempotent } from '../../platform/idempotency.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { createAuthService } from '../auth/index.js';
import { findUserById } from '../users/index.js';
import { REPLAY_START } from './engine.js';
import { quantConfirmations, strategies } from './schema.js';
import { createStrategyService, type StrategyRow } from './service.js';

const DAY_MS = 86_400_000;
const CURRENCY = 'EUR';
type SecretBody = z.output<typeof quantApi.quantCheckSecret.request>;
type SaveBody = z.output<typeof quantApi.quantOrderSave.request>;
type PageBody = z.output<typeof quantApi.quantOrderPageList.request>;

const pct2 = (fraction: Decimal | string) => new Decimal(fraction).times(100).toDecimalPlaces(2).toFixed(2);
const pctChange = (from: Decimal | string, to: Decimal | string) =>
  new Decimal(to).div(from).minus(1).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);

/** The day-by-day returns of a book from its chart (the NAV at 00:00 UTC of each day and now), oldest first. */
export function dailyReturns(chart: readonly { time: number; nav: string }[]) {
  const out: { date: number; nav: string; profit: string }[] = [];
  for (let i = 1; i < chart.length; i++) {
    const from = chart[i - 1] as { time: number; nav: string };
    const to = chart[i] as { time: number; nav: string };
    if (new Decimal(from.nav).lte(0)) continue;
    out.push({ date: Math.floor(from.time / DAY_MS) * DAY_MS, nav: to.nav, profit: pctChange(from.nav, to.nav) });
  }
  return out;
}

export function createQuantService(deps: Deps) {
  const { db } = deps;
  const books = createStrategyService(deps);
  const auth = createAuthService(deps);

  const minOf = (s: StrategyRow) => new Decimal(s.minAmount ?? quantApi.QUANT_MAX);
  const termsOf = (s: StrategyRow) => s.terms ?? [];

  async function published() {
    return db
      .select()
      .from(strategies)
      .where(and(eq(strategies.kind, 'quant'), eq(strategies.published, true), isNotNull(strategies.bookTick)))
      .orderBy(asc(strategies.sort), asc(strategies.id));
  }

  /** A published quant strategy, or 404 (a follow institution's id answers 404 here too). */
  async function one(ex: Tx | typeof db, id: number, lock = false) {
    const q = ex.select().from(strategies).where(eq(strategies.id, id));
    const [s] = lock ? await q.for('share') : await q;
    if (s?.kind !== 'quant' || !s.published) throw new AppError(Code.notFound, E.quantNotFound, { id });
    return s;
  }

  async function ranked() {
    const rows = await published();
    const withFigures = await Promise.all(rows.map(async (row) => ({ row, f: await books.figuresOf(row) })));
    const order = [...withFigures].sort(
      (a, b) => new Decimal(b.f.perf.totalReturn).comparedTo(a.f.perf.totalReturn) || a.row.id - b.row.id,
    );
    const rank = new Map(order.map((x, i) => [x.row.id, i + 1]));
    return { withFigures, order, rank };
  }

  async function list(lang: Language) {
    const { withFigures, rank } = await ranked();
    return {
      list: withFigures.map(({ row, f }) => ({
        id: row.id,
        code: row.code,
        name: books.nameOf(row, lang),
        description: books.descriptionOf(row, lang),
        bookCurrency: row.currency,
        performanceFee: pct2(row.performanceFee),
        minAmount: minOf(row).toFixed(2),
        maxAmount: new Decimal(quantApi.QUANT_MAX).toFixed(2),
        terms: termsOf(row),
        open: row.open,
        nav: new Decimal(f.perf.nav).toFixed(8),
        totalReturn: f.perf.totalReturn,
        return30d: f.perf.return30d,
        maxDrawdown: f.perf.maxDrawdown,
        winRate: f.perf.winRate,
        trades: f.perf.trades,
        rank: rank.get(row.id) ?? 0,
        since: REPLAY_START,
        updatedAt: f.tick,
        chart: f.chart,
      })),
      currency: CURRENCY,
      walletType: quantApi.QUANT_WALLET,
    } as const;
  }

  async function ranking(lang: Language) {
    const { order } = await ranked();
    return {
      list: order.map(({ row, f }, i) => ({
        rank: i + 1,
        id: row.id,
        code: row.code,
        name: books.nameOf(row, lang),
        totalReturn: f.perf.totalReturn,
        return30d: f.perf.return30d,
        maxDrawdown: f.perf.maxDrawdown,
      })),
    };
  }

  async function profitList(body: z.output<typeof quantApi.quantProfitList.request>) {
    const s = await one(db, body.id);
    const f = await books.figuresOf(s);
    const days = body.days ?? quantApi.QUANT_PROFIT_DAYS;
    return { list: dailyReturns(f.chart).reverse().slice(0, days) };
  }

  async function profitStat(body: z.output<typeof quantApi.quantProfitStat.request>) {
    const s = await one(db, body.id);
    const f = await books.figuresOf(s);
    const days = dailyReturns(f.chart);
    const last = f.chart.at(-1);
    const week = last ? f.chart.find((p) => p.time >= last.time - 7 * DAY_MS) : undefined;
    const profits = days.map((d) => new Decimal(d.profit));
    const best = profits.length > 0 ? Decimal.max(...profits) : null;
    const worst = profits.length > 0 ? Decimal.min(...profits) : null;
    return {
      id: s.id,
      totalReturn: f.perf.totalReturn,
      return30d: f.perf.return30d,
      return7d: last && week && new Decimal(week.nav).gt(0) ? pctChange(week.nav, last.nav) : '0.00',
      maxDrawdown: f.perf.maxDrawdown,
      winRate: f.perf.winRate,
      trades: f.perf.trades,
      daysUp: profits.filter((p) => p.gt(0)).length,
      daysDown: profits.filter((p) => p.lt(0)).length,
      bestDay: best ? best.toFixed(2) : null,
      worstDay: worst ? worst.toFixed(2) : null,
      since: REPLAY_START,
      updatedAt: f.tick,
    };
  }

  /** The published terms of a subscription: open, amount within [minimum, QUANT_MAX], a published period. */
  function checkTerms(s: StrategyRow, amount: Decimal, termDays: number, lang: Language) {
    const name = books.nameOf(s, lang);
    if (!s.open) throw rule(E.quantClosed, { name }, 'quantClosed');
    if (amount.lt(minOf(s)) || amount.gt(quantApi.QUANT_MAX)) {
      throw rule(
        E.quantAmountRange,
        { name, min: minOf(s).toFixed(2), max: new Decimal(quantApi.QUANT_MAX).toFixed(2), currency: CURRENCY },
        'quantAmountRange',
      );
    }
    if (!termsOf(s).includes(termDays))
      throw rule(E.quantTermInvalid, { name, terms: termsOf(s).join(', ') }, 'quantTermInvalid');
    return name;
  }

  /** The transaction password (+ second factor) turned into a confirmation for this strategy, amount and period. */
  async function checkSecret(userId: number, body: SecretBody, at: Date, lang: Language) {
    const s = await one(db, body.strategyId);
    const amount = new Decimal(body.amount);
    checkTerms(s, amount, body.termDays, lang);
    const user = await findUserById(db, userId);
    if (!user) throw new AppError(401, E.loginExpired);
    if (user.kycStatus !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    // The transaction password's own attempt limit (shared with every money move): 429 once it is used up.
    await auth.verifyPayPassword(user, body.payPassword);
    await auth.secondFactor.assertCode({ userId }, body.totpCode);
    const confirmation = newToken();
    const expiresAt = new Date(at.getTime() + quantApi.QUANT_CONFIRMATION_SECONDS * 1000);
    await db.insert(quantConfirmations).values({
      userId,
      tokenHash: hashToken(confirmation),
      strategyId: s.id,
      amount: amount.toFixed(2),
      termDays: body.termDays,
      createdAt: at,
      expiresAt,
    });
    return { confirmation, expiresAtTimestamp: expiresAt.getTime() };
  }

  /** Spends the confirmation (once: the row lock and used_at) for exactly this subscription, or 422. */
  async function spend(tx: Tx, userId: number, body: SaveBody, at: Date) {
    const [c] = await tx
      .update(quantConfirmations)
      .set({ usedAt: at })
      .where(
        and(
          eq(quantConfirmations.tokenHash, hashToken(body.confirmation)),
          eq(quantConfirmations.userId, userId),
          isNull(quantConfirmations.usedAt),
          gt(quantConfirmations.expiresAt, at),
        ),
      )
      .returning();
    if (
      !c ||
      c.strategyId !== body.strategyId ||
      !new Decimal(c.amount).eq(body.amount) ||
      c.termDays !== body.termDays
    ) {
      throw rule(E.quantConfirmationInvalid, {}, 'quantConfirmationInvalid');
    }
  }

  const toQuantOrder = (o: Awaited<ReturnType<typeof books.ordersOut>>[number]): QuantOrder => {
    const { agencyId, manager: _manager, ...rest } = o;
    return { ...rest, strategyId: agencyId };
  };

  async function save(userId: number, body: SaveBody, request: IdempotentRequest, lang: Language) {
    return runIdempotent(db, request, async (tx) => {
      // Shared: an operator closing the strategy or changing its fee waits for subscriptions in flight.
      const s = await one(tx, body.strategyId, true);
      const amount = new Decimal(body.amount);
      const name = checkTerms(s, amount, body.termDays, lang);
      const published = new Decimal(s.performanceFee).times(100);
      if (body.performanceFee !== undefined && !published.eq(body.performanceFee)) {
        throw rule(
          E.quantFeeChanged,
          { rate: published.toFixed(2), confirmed: new Decimal(body.performanceFee).toFixed(2) },
          'quantFeeChanged',
        );
      }
      await spend(tx, userId, body, request.at);
      const row = await books.subscribe(tx, userId, s, { amount, termDays: body.termDays }, request.at, name);
      const [order] = await books.ordersOut(tx, [row], lang, [s]);
      return toQuantOrder(order as NonNullable<typeof order>);
    });
  }

  async function page(userId: number, body: PageBody, lang: Language) {
    const p = await books.page(userId, body, lang, 'quant');
    return { ...p, list: p.list.map(toQuantOrder) };
  }

  return { list, ranking, profitList, profitStat, checkSecret, save, page };
}
