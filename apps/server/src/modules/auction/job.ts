/**
 * The opening auction at the open (docs/primary-markets.md "Pre-market auction"). At each stock's regular open the
 * simulator's first regular-session price is the opening price; the house takes the other side of every auction
 * order at that one price (the published uncrossing rule, auction.auctionCrosses): an order whose limit crosses it
 * fills at it (the trading module's fillEntrusted), the others are cancelled and their hold released. One node at a
 * time runs it (the advisory lock of platform/jobs.ts); each order is decided in its own transaction that locks its
 * auction row first and checks that nothing was decided yet, so a rerun or a second node decides it once.
 */
import { auction, Decimal } from '@beurs/contracts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { AppError } from '../../platform/errors.js';
import { every, runAsLeader } from '../../platform/jobs.js';
import { notify } from '../inbox/index.js';
import { createTradingService, STATUS, type TradingService, tradeOrders } from '../trading/index.js';
import { auctionOrders } from './schema.js';

/** Where an auction message leads: the auction screen, with the customer's auction orders. */
const AUCTION_LINK = '/pages/product/auction';

export const AUCTION_JOB_LOCK = 'opening-auction';
/** Most orders one pass decides; the next pass goes on. */
const BATCH = 500;

export interface AuctionRunResult {
  filled: number[];
  notFilled: number[];
  ran: boolean;
}

export function createAuctionJob(deps: Deps, trading: TradingService = createTradingService(deps)) {
  const { db, clock, log } = deps;

  /** The opening price of a stock at its open: the simulator's regular-session open of that instant. */
  async function openingPrice(source: number, code: string, opensAt: Date): Promise<string> {
    const q = await deps.market.quote({ source, code }, opensAt);
    return q.open ?? q.last;
  }

  /** Decides one auction order at its opening price; null when it was decided or cancelled meanwhile. */
  async function decide(tx: Tx, id: number, openPrice: string, at: Date): Promise<'filled' | 'notCrossed' | null> {
    const [a] = await tx
      .select()
      .from(auctionOrders)
      .where(and(eq(auctionOrders.id, id), isNull(auctionOrders.outcome)))
      .for('update');
    if (!a) return null;
    const [o] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, a.orderId));
    if (!o || o.status !== STATUS.InProgress) return null;
    let outcome: 'filled' | 'notCrossed';
    if (auction.auctionCrosses(o.direction as 0 | 1, new Decimal(o.price).toFixed(), openPrice)) {
      const filled = await trading.fillEntrusted(tx, o.id, at, new Decimal(openPrice));
      if (!filled) return null;
      outcome = 'filled';
    } else {
      await trading.cancel(tx, a.userId, o.id, at, { byAuction: true });
      outcome = 'notCrossed';
      // A fill tells the customer through the trading module's own "order filled"; a release is told here, in the
      // same transaction, so the message exists exactly when the release does.
      await notify(tx, {
        userId: a.userId,
        kind: 'auctionNotFilled',
        params: {
          order: o.id,
          quantity: o.quantity,
          code: a.code,
          limit: new Decimal(o.price).toFixed(),
          open: openPrice,
        },
        link: AUCTION_LINK,
        at,
      });
    }
    await tx.update(auctionOrders).set({ outcome, openPrice, decidedAt: at }).where(eq(auctionOrders.id, a.id));
    return outcome;
  }

  /** One pass at the clock's instant, without the lock (tests call it directly). */
  async function runUnlocked(): Promise<AuctionRunResult> {
    const at = clock.now();
    const due = await db
      .select({
        id: auctionOrders.id,
        source: auctionOrders.source,
        code: auctionOrders.code,
        opensAt: auctionOrders.opensAt,
      })
      .from(auctionOrders)
      .innerJoin(tradeOrders, eq(tradeOrders.id, auctionOrders.orderId))
      .where(
        and(isNull(auctionOrders.outcome), lte(auctionOrders.opensAt, at), eq(tradeOrders.status, STATUS.InProgress)),
      )
      .orderBy(asc(auctionOrders.opensAt), asc(auctionOrders.id))
      .limit(BATCH);
    const prices = new Map<string, string>();
    const result: AuctionRunResult = { filled: [], notFilled: [], ran: true };
    for (const d of due) {
      const key = `${d.source}:${d.code}:${d.opensAt.getTime()}`;
      let price = prices.get(key);
      if (price === undefined) {
        price = await openingPrice(d.source, d.code, d.opensAt);
        prices.set(key, price);
      }
      const open = price;
      try {
        const outcome = await db.transaction((tx) => decide(tx, d.id, open, at));
        if (outcome === 'filled') result.filled.push(d.id);
        if (outcome === 'notCrossed') result.notFilled.push(d.id);
      } catch (error) {
        // A refusal (the order changed meanwhile) waits for the next pass; anything else is logged, and stops no other.
        if (!(error instanceof AppError)) log.error({ err: error, auctionOrder: d.id }, 'opening auction step failed');
      }
    }
    return result;
  }

  async function runOnce(): Promise<AuctionRunResult> {
    const pass = await runAsLeader(db, AUCTION_JOB_LOCK, runUnlocked);
    return pass.ran ? pass.result : { filled: [], notFilled: [], ran: false };
  }

  const start = (intervalMs: number) => every(intervalMs, runOnce, log, 'opening auction job');
  return { runOnce, runUnlocked, start };
}
