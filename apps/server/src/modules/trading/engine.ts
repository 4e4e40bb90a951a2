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
import { and, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { tradableOrNull } from './instruments.js';
import { type PositionRow, STATUS } from './model.js';
import { type PriceBook, priceBook } from './prices.js';
import { tradeOrders, tradePositions } from './schema.js';
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

/**
 * Most rows each scan of one pass looks at: entrusted orders, positions with a stop, wallets the close-out screen
 * returns. The next pass goes on after the last one (keyset), so a long list is covered over several passes.
 */
export const SCAN_LIMITS = { entrusted: 500, stops: 500, closeOut: 500 } as const;
export type ScanLimits = { [K in keyof typeof SCAN_LIMITS]: number };

/**
 * Where a bounded scan goes on: after the last key of a full page; a short page reached the end, so the next pass
 * starts from `first` again.
 */
function keyset<K>(first: K, limit: number) {
  let after = first;
  return {
    limit,
    get after() {
      return after;
    },
    page<R>(rows: R[], keyOf: (row: R) => K): R[] {
      const last = rows.at(-1);
      after = rows.length < limit || last === undefined ? first : keyOf(last);
      return rows;
    },
  };
}

export function createTradingEngine(
  deps: Deps,
  service: TradingService = createTradingService(deps),
  options: { scanLimits?: Partial<ScanLimits> } = {},
) {
  const { db, clock, log } = deps;
  const limits: ScanLimits = { ...SCAN_LIMITS, ...options.scanLimits };
  const entrustedScan = keyset(0, limits.entrusted);
  const stopScan = keyset(0, limits.stops);
  const closeOutScan = keyset({ userId: 0, wallet: '' }, limits.closeOut);
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
    const rows = await db
      .select({
        id: tradeOrders.id,
        source: tradeOrders.source,
        code: tradeOrders.code,
        direction: tradeOrders.direction,
        price: tradeOrders.price,
      })
      .from(tradeOrders)
      // Opening-auction orders (opens_at set) are filled or cancelled by the auction at the open, not here.
      .where(
        and(
          eq(tradeOrders.status, STATUS.InProgress),
          isNull(tradeOrders.opensAt),
          gt(tradeOrders.id, entrustedScan.after),
        ),
      )
      .orderBy(tradeOrders.id)
      .limit(entrustedScan.limit);
    const entrusted = entrustedScan.page(rows, (o) => o.id);
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
   * lost all its own margin, screened by PostgreSQL from the current prices and the sums of trade_exposure (one
   * row per customer, wallet, instrument and direction; migration 0024), so the screen's cost follows the number of
   * such groups, not of open positions. trade_exposure_fold first adds the changes recorded since the last pass.
   *
   * The screen errs on the safe side, so every wallet the exact rule would act on is among them; the exact rule then
   * runs on their positions only:
   * - a wallet's profit is exact from the sums (long: bid x units - cost; short: cost - ask x units; times the
   *   rate), less a cent per position (the service rounds each position's profit to the cent);
   * - a long position has lost its own margin when (open - bid) x rate >= (margin - 0.01) / units; that holds for
   *   some position of the group only if (largest open - bid) x rate >= the smallest such cushion (for a short:
   *   (ask - smallest open) x rate). The bounds may be loose after a removal (until the next fold reads them again),
   *   never tight.
   * At most limits.closeOut wallets a pass, in (customer, wallet) order from where the previous pass stopped.
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
    await db.$client.query('select trade_exposure_fold()');
    const { rows } = await db.$client.query<{ user_id: string; wallet: string }>(
      `with px as (
         select * from unnest($1::int[], $2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[])
           as x(source, code, wallet, bid, ask, rate)
       ), g as (
         select e.user_id, e.wallet, e.margin, e.initial_margin,
                (case when e.direction = 0 then x.bid * e.units - e.cost else e.cost - x.ask * e.units end) * x.rate
                  - 0.01 * e.positions as profit,
                (case when e.direction = 0 then (e.max_open - x.bid) * x.rate else (x.ask - e.min_open) * x.rate end)
                  >= e.min_cushion as lost_margin
           from trade_exposure e join px x on x.source = e.source and x.code = e.code and x.wallet = e.wallet
          where (e.user_id, e.wallet) > ($8::bigint, $9::text)
       )
       select user_id, wallet from g group by user_id, wallet
       having bool_or(lost_margin)
           or (sum(initial_margin) > 0 and (sum(margin) + sum(profit)) * 100 <= $7::numeric * sum(initial_margin))
       order by user_id, wallet
       limit $10`,
      [
        px.source,
        px.code,
        px.wallet,
        px.bid,
        px.ask,
        px.rate,
        trading.CLOSE_OUT_LEVEL_PERCENT,
        closeOutScan.after.userId,
        closeOutScan.after.wallet,
        closeOutScan.limit,
      ],
    );
    const screened = rows.map((r) => ({ userId: Number(r.user_id), wallet: r.wallet }));
    return closeOutScan.page(screened, (w) => w);
  }

  /** Closes one position for the job, in its own transaction; false when it was refused (closed meanwhile). */
  async function closeForJob(
    row: PositionRow,
    reason: trading.CloseReason,
    extra: { trigger?: string; level?: string },
    prices: PriceBook,
    at: Date,
  ): Promise<boolean> {
    const closed = await attempt(`close position ${row.id}`, () =>
      db.transaction((tx) => service.close(tx, null, row.id, { reason, book: prices, ...extra }, at)),
    );
    return closed !== null;
  }

  /** Closes the positions whose stop-loss or take-profit the price has reached, at their own price. */
  async function executeStops(prices: PriceBook, at: Date): Promise<number[]> {
    const rows = await db
      .select()
      .from(tradePositions)
      .where(
        and(
          eq(tradePositions.status, STATUS.Success),
          or(isNotNull(tradePositions.stopLoss), isNotNull(tradePositions.takeProfit)),
          gt(tradePositions.id, stopScan.after),
        ),
      )
      .orderBy(tradePositions.id)
      .limit(stopScan.limit);
    const stopped: number[] = [];
    for (const row of stopScan.page(rows, (r) => r.id)) {
      // A locked-up position (a placing's shares) is not closed by its stop before the date: skipped, not failed.
      if (row.sellableFrom !== null && row.sellableFrom > at) continue;
      const t = tradableOrNull(row.source, row.code);
      if (!t) continue;
      const q = prices.quote(t);
      if (!q.marketOpen) continue;
      const hit = stopReached(row.direction, closingPrice(row.direction, q), row.stopLoss, row.takeProfit);
      if (!hit) continue;
      if (await closeForJob(row, hit.reason, { trigger: hit.trigger.toFixed() }, prices, at)) stopped.push(row.id);
    }
    return stopped;
  }

  /**
   * ESMA close-out of one screened wallet: while equity / required margin <= 50 %, close the largest losing position
   * first. A position that has lost all its own margin is closed too, so winners elsewhere cannot hide it.
   */
  async function closeOutWallet(wallet: { userId: number; wallet: string }, prices: PriceBook, at: Date) {
    const rows = await db
      .select()
      .from(tradePositions)
      .where(
        and(
          eq(tradePositions.status, STATUS.Success),
          eq(tradePositions.userId, wallet.userId),
          eq(tradePositions.wallet, wallet.wallet),
        ),
      );
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
    const closedOut: number[] = [];
    const closeOut = async (row: PositionRow, level: Decimal | null) => {
      const done = await closeForJob(row, 'closeOut', { level: (level ?? new Decimal(0)).toFixed(2) }, prices, at);
      if (done) closedOut.push(row.id);
    };
    for (const p of live) {
      if (p.open && new Decimal(p.row.margin).plus(p.profit).lte(0)) await closeOut(p.row, levelOf());
    }
    live = live.filter((p) => !closedOut.includes(p.row.id));
    const threshold = new Decimal(trading.CLOSE_OUT_LEVEL_PERCENT);
    for (;;) {
      const level = levelOf();
      if (level === null || level.gt(threshold)) break;
      const losers = live.filter((p) => p.open && p.profit.isNegative()).sort((a, b) => a.profit.comparedTo(b.profit));
      const worst = losers[0];
      if (!worst) break;
      await closeOut(worst.row, level);
      live = live.filter((p) => p !== worst);
    }
    return closedOut;
  }

  /**
   * The (instrument, wallet) pairs of the open positions: a skip scan of trade_positions_held, one index probe per
   * distinct pair, so its cost follows the number of instruments held, not of positions (a `select distinct` read
   * them all, ~32 ms of PostgreSQL CPU a second at 100,000 open positions).
   */
  async function heldInstruments(): Promise<Array<{ source: number; code: string; wallet: string }>> {
    const { rows } = await db.$client.query<{ source: number; code: string; wallet: string }>(
      `with recursive held as (
         (select source, code, wallet from trade_positions where status = ${STATUS.Success}
           order by source, code, wallet limit 1)
         union all
         select n.source, n.code, n.wallet from held h cross join lateral (
           select source, code, wallet from trade_positions
            where status = ${STATUS.Success} and (source, code, wallet) > (h.source, h.code, h.wallet)
            order by source, code, wallet limit 1) n
       )
       select source, code, wallet from held`,
    );
    return rows;
  }

  async function protect(at: Date): Promise<{ stopped: number[]; closedOut: number[] }> {
    const held = await heldInstruments();
    if (held.length === 0) return { stopped: [], closedOut: [] };
    const prices = await service.bookFor(held);
    // Stops first: a position whose stop was reached closes at its own price, not by the close-out.
    const stopped = await executeStops(prices, at);
    const closedOut: number[] = [];
    for (const wallet of await wallets(held, prices)) closedOut.push(...(await closeOutWallet(wallet, prices, at)));
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
