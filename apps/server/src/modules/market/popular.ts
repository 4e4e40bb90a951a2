/**
 * The popular list (product/popular): what this app's customers trade and watch most, counted from the database,
 * never typed in. The rule, published with the popular_list contract and in docs/markets.md "Product lists":
 *
 * - window: the last POPULAR_WINDOW_DAYS days before now (the server's clock);
 * - score of an instrument: the customers who placed an order on it in the window (any status: a cancelled order
 *   was still a decision to trade it) plus the customers who added it to their watchlist in the window and still
 *   keep it; a customer who did both counts once for each;
 * - order: higher score first; ties by more orders in the window, then by the lists' size order (service.ts);
 * - only what has an order ticket: stocks (sources 0 and 11), forex (2) and futures (3); at most POPULAR_MAX rows.
 *
 * One aggregate over the window's orders and watchlist items; its rows are at most one per instrument, so the
 * answer is bounded by the catalogue, and it is counted at most once a second per process (routes.ts).
 */
import { market as api } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { tradeOrders } from '../trading/index.js';
import { watchlistItems } from './schema.js';

/** The market sources whose instruments have an order ticket. */
export const POPULAR_SOURCES = [0, 2, 3, 11] as const;

export interface PopularCount {
  source: number;
  code: string;
  /** Customers who ordered plus customers who watch (see the rule above). */
  score: number;
  orders: number;
}

export const popularSince = (now: Date): Date => new Date(now.getTime() - api.POPULAR_WINDOW_DAYS * 86_400_000);

export function createPopularRepo(db: Db) {
  return {
    /** Every instrument with a score in the window, highest first (ties: more orders, then source and code). */
    async counts(now: Date): Promise<PopularCount[]> {
      const since = popularSince(now);
      const sources = sql.join(
        POPULAR_SOURCES.map((s) => sql`${s}`),
        sql`, `,
      );
      const result = await db.execute<{ source: number; code: string; score: string; orders: string }>(sql`
        with ordered as (
          select ${tradeOrders.source} as source, ${tradeOrders.code} as code,
                 count(distinct ${tradeOrders.userId}) as customers, count(*) as orders
          from ${tradeOrders}
          where ${tradeOrders.createdAt} >= ${since} and ${tradeOrders.createdAt} <= ${now}
            and ${tradeOrders.source} in (${sources})
          group by 1, 2
        ), watched as (
          select ${watchlistItems.source}::int as source, ${watchlistItems.code} as code,
                 count(distinct ${watchlistItems.userId}) as customers
          from ${watchlistItems}
          where ${watchlistItems.createdAt} >= ${since} and ${watchlistItems.createdAt} <= ${now}
            and ${watchlistItems.source} in (${sources})
          group by 1, 2
        )
        select coalesce(o.source, w.source) as source, coalesce(o.code, w.code) as code,
               coalesce(o.customers, 0) + coalesce(w.customers, 0) as score, coalesce(o.orders, 0) as orders
        from ordered o full join watched w on w.source = o.source and w.code = o.code
        order by score desc, orders desc, source, code`);
      return result.rows.map((r) => ({
        source: Number(r.source),
        code: r.code,
        score: Number(r.score),
        orders: Number(r.orders),
      }));
    },
  };
}
