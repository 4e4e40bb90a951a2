/** The console's placings monitor (docs/primary-markets.md "Placings"): read only, newest window first. */
import type { ConsolePlacing, placing } from '@beurs/contracts';
import { count, desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { toPlacing } from './placings.js';
import { placings } from './schema.js';

type Filter = z.output<typeof placing.consolePlacingList.request>;

export async function consolePlacingPage(db: Executor, filter: Filter, now: Date) {
  // Written out: inside a select of one table drizzle names its columns without the table, which the subquery
  // would read as its own.
  const mine = sql`a.placing_id = ${sql.raw('"placings"."id"')} and a.status <> 'cancelled'`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        p: placings,
        applications: sql<number>`(select count(*)::int from placing_subscriptions a where ${mine})`,
        shares: sql<string>`(select coalesce(sum(a.quantity), 0)::text from placing_subscriptions a where ${mine})`,
      })
      .from(placings)
      .orderBy(desc(placings.opensAt), desc(placings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(placings),
  ]);
  const list = rows.map(({ p, applications, shares }): ConsolePlacing => {
    const sharesApplied = Number(shares);
    const { state: _state, ...shown } = toPlacing(p, now, 'en', sharesApplied / p.lotSize, null);
    return {
      ...shown,
      applications: Number(applications),
      sharesApplied,
      seed: p.seed,
      lotsAllotted: p.lotsAllotted,
      allottedAtTimestamp: p.allottedAt?.getTime() ?? null,
    };
  });
  return { list, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}
