/**
 * The matching job (docs/trading.md "The matching job"): fills entrusted limit orders the market has reached,
 * executes stop-losses and take-profits, and closes out positions by the ESMA margin rule. It runs on one node at
 * a time: every run first takes a PostgreSQL session advisory lock and skips when another node holds it
 * (platform/jobs.ts), so a second server can be added safely. Each fill or close is its own transaction, with the
 * same row locks as the customer's requests, so the job and a customer closing the same position at once settle it
 * once.
 */
import {
  closingPrice,
  Decimal,
  limitFillPrice,
  marginLevel,
  positionProfit,
  stopReached,
  trading,
} from '@beurs/contracts';
import { and, eq, gt, isNotNull, or } from 'drizzle-orm';
import { tradeOrders, tradePositions } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { tradableOrNull } from './instruments.js';
import { type PositionRow, STATUS } from './model.js';
import { type PriceBook, priceBook } from './prices.js';
import { createTradingService, type TradingService } from './service.js';

/** The advisory lock key of the job (any node holding it runs the job; the others skip). */
export const TRADING_JOB_LOCK = 'trading-engine';

export interface RunResult {
  filled: number[];
  stopped: number[];
  closedOut: number[];
  /** False when another node held the lock and this run did nothing. */
  ran: boolean;
}

/** Most entrusted orders one pass looks at; the next pass goes on after the last one (keyset on the order id). */
export const ENTRUSTED_SCAN_LIMIT = 500;

export function createTradingEngine(
  deps: Deps,
  service: TradingService = createTradingService(deps),
  options: { scanLimit?: number } = {},
) {
  const { db, clock, log } = deps;
  const scanLimit = options.scanLimit ?? ENTRUSTED_SCAN_LIMIT;
  /** The last order id the previous pass looked at; 0 starts from the oldest again. */
  let scannedTo = 0;
  const currencyOf = (wallet: string) => deps.ledger.currencyOf(wallet as never);

  /** Runs `work` in its own transaction; a business refusal (the position was closed meanwhile) is skipped. */
  async function attempt<T>(what: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) return null;
      log.error({ err: error, what }, 'trading job step failed');
      return null;
    }
  }

  async function fillOrders(at: Date): Promise<number[]> {
    const entrusted = await db
      .select({
        id: tradeOrders.id,
        source: tradeOrders.source,
        code: tradeOrders.code,
        direction: tradeOrders.direction,
        price: tradeOrders.price,
      })
      .from(tradeOrders)
      .where(and(eq(tradeOrders.status, STATUS.InProgress), gt(tradeOrders.id, scannedTo)))
      .orderBy(tradeOrders.id)
      .limit(scanLimit);
    // A short page reached the end: the next pass starts from the oldest again.
    scannedTo = entrusted.length < scanLimit ? 0 : (entrusted.at(-1)?.id ?? 0);
    const tradableOrders = entrusted.filter((o) => tradableOrNull(o.source, o.code) !== null);
    if (tradableOrders.length === 0) return [];
    const refs = new Map(tradableOrders.map((o) => [`${o.source}:${o.code}`, { source: o.source, code: o.code }]));
    const prices = await priceBook(deps.market, [...refs.values()], []);
    const filled: number[] = [];
    for (const o of tradableOrders) {
      const q = prices.quote(o);
      if (!q.marketOpen) continue;
      // Best execution: at the market when it is better than the limit (a buy limit 218.51, ask 218.50: 218.50).
      const fillPrice = limitFillPrice(o.direction, new Decimal(o.price), q);
      if (!fillPrice) continue;
      const done = await attempt(`fill order ${o.id}`, () =>
        db.transaction((tx) => service.fillEntrusted(tx, o.id, at, fillPrice)),
      );
      if (done) filled.push(o.id);
    }
    return filled;
  }

  /**
   * Wallets whose margin level may be at or below the close-out level, or that hold a position which may have
   * lost all its own margin, screened by PostgreSQL from the current prices (one aggregate query, whatever the
   * number of open positions). The screen errs on the safe side (each position's profit is counted one cent
   * lower than its exact value, which the service rounds to the cent), so every wallet the exact rule would
   * act on is among them; the exact rule then runs on their positions only.
   */
  async function wallets(held: ReadonlyArray<{ source: number; code: string; wallet: string }>, prices: PriceBook) {
    const px = {
      source: [] as number[],
      code: [] as string[],
      wallet: [] as string[],
      bid: [] as string[],
      ask: [] as string[],
      rate: [] as string[],
    };
    for (const h of held) {
      const t = tradableOrNull(h.source, h.code);
      if (!t) continue;
      const q = prices.quote(t);
      px.source.push(h.source);
      px.code.push(h.code);
      px.wallet.push(h.wallet);
      px.bid.push(q.bid);
      px.ask.push(q.ask);
      px.rate.push(prices.rate(t.priceCurrency, currencyOf(h.wallet)).toString());
    }
    const { rows } = await db.$client.query<{ user_id: string; wallet: string }>(
      `with px as (
         select * from unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
           as x(source, code, wallet, bid, ask, rate)
       ), pos as (
         select p.user_id, p.wallet, p.margin, p.initial_margin,
                (case when p.direction = 0 then x.bid - p.open_price else p.open_price - x.ask end)
                  * p.quantity * p.multiplier * x.rate - 0.01 as profit
           from trade_positions p join px x on x.source = p.source and x.code = p.code and x.wallet = p.wallet
          where p.status = 1
       )
       select user_id, wallet from pos group by user_id, wallet
       having bool_or(margin + profit <= 0)
           or (sum(initial_margin) > 0 and (sum(margin) + sum(profit)) * 100 <= $7::numeric * sum(initial_margin))`,
      [px.source, px.code, px.wallet, px.bid, px.ask, px.rate, trading.CLOSE_OUT_LEVEL_PERCENT],
    );
    return rows.map((r) => ({ userId: Number(r.user_id), wallet: r.wallet }));
  }

  async function protect(at: Date): Promise<{ stopped: number[]; closedOut: number[] }> {
    const open = eq(tradePositions.status, STATUS.Success);
    const held = await db
      .selectDistinct({ source: tradePositions.source, code: tradePositions.code, wallet: tradePositions.wallet })
      .from(tradePositions)
      .where(open);
    if (held.length === 0) return { stopped: [], closedOut: [] };
    const prices = await service.bookFor(held);
    const stopped: number[] = [];
    const closedOut: number[] = [];
    const closeOne = (row: PositionRow, reason: trading.CloseReason, extra: { trigger?: string; level?: string }) =>
      attempt(`close position ${row.id}`, () =>
        db.transaction((tx) => service.close(tx, null, row.id, { reason, book: prices, ...extra }, at)),
      );

    // Stops first: a position whose stop was reached closes at its own price, not by the close-out.
    const withStops = await db
      .select()
      .from(tradePositions)
      .where(and(open, or(isNotNull(tradePositions.stopLoss), isNotNull(tradePositions.takeProfit))));
    for (const row of withStops) {
      const t = tradableOrNull(row.source, row.code);
      if (!t) continue;
      const q = prices.quote(t);
      if (!q.marketOpen) continue;
      const hit = stopReached(row.direction, closingPrice(row.direction, q), row.stopLoss, row.takeProfit);
      if (!hit) continue;
      if (await closeOne(row, hit.reason, { trigger: hit.trigger.toFixed() })) stopped.push(row.id);
    }

    // ESMA close-out per wallet: while equity / required margin <= 50 %, close the largest losing position first.
    // A position that has lost all its own margin is closed too, so winners elsewhere cannot hide it.
    const threshold = new Decimal(trading.CLOSE_OUT_LEVEL_PERCENT);
    for (const candidate of await wallets(held, prices)) {
      const rows = await db
        .select()
        .from(tradePositions)
        .where(and(open, eq(tradePositions.userId, candidate.userId), eq(tradePositions.wallet, candidate.wallet)));
      let live: Array<{ row: PositionRow; profit: Decimal; open: boolean }> = [];
      for (const row of rows) {
        const t = tradableOrNull(row.source, row.code);
        if (!t) continue;
        const q = prices.quote(t);
        const price = closingPrice(row.direction, q);
        const profit = positionProfit(row, row.quantity, price, prices.rate(t.priceCurrency, currencyOf(row.wallet)));
        live.push({ row, profit, open: q.marketOpen });
      }
      const levelOf = () => {
        const equity = live.reduce((s, p) => s.plus(p.row.margin).plus(p.profit), new Decimal(0));
        const required = live.reduce((s, p) => s.plus(p.row.initialMargin), new Decimal(0));
        return marginLevel(equity, required);
      };
      for (const p of live) {
        if (p.open && new Decimal(p.row.margin).plus(p.profit).lte(0)) {
          const level = levelOf();
          if (await closeOne(p.row, 'closeOut', { level: (level ?? new Decimal(0)).toFixed(2) })) {
            closedOut.push(p.row.id);
          }
        }
      }
      live = live.filter((p) => !closedOut.includes(p.row.id));
      for (;;) {
        const level = levelOf();
        if (level === null || level.gt(threshold)) break;
        const losers = live
          .filter((p) => p.open && p.profit.isNegative())
          .sort((a, b) => a.profit.comparedTo(b.profit));
        const worst = losers[0];
        if (!worst) break;
        if (await closeOne(worst.row, 'closeOut', { level: level.toFixed(2) })) closedOut.push(worst.row.id);
        live = live.filter((p) => p !== worst);
      }
    }
    return { stopped, closedOut };
  }

  /** One pass of the job at the clock's instant, without the lock (tests call it directly). */
  async function runUnlocked(): Promise<RunResult> {
    const at = clock.now();
    const filled = await fillOrders(at);
    const { stopped, closedOut } = await protect(at);
    return { filled, stopped, closedOut, ran: true };
  }

  /** One pass under the advisory lock: a node that cannot take it skips (another node is running the job). */
  async function runOnce(): Promise<RunResult> {
    const pass = await runAsLeader(db, TRADING_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { filled: [], stopped: [], closedOut: [], ran: false };
  }

  /** Runs the job every `intervalMs`; answers the stop function (platform/jobs.ts). */
  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'trading job');

  return { runOnce, runUnlocked, start };
}
export type TradingEngine = ReturnType<typeof createTradingEngine>;
