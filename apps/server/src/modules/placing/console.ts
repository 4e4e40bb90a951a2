/** The console's placings monitor (docs/primary-markets.md "Placings"): read only, newest window first. */
import type { ConsolePlacing, placing } from '@beurs/contracts';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { notFound } from '../../platform/errors.js';
import { type PlacingRow, placingPhaseOf, toPlacing } from './placings.js';
import { placings } from './schema.js';

type Filter = z.output<typeof placing.consolePlacingList.request>;

export interface PlacingDemand {
  applications: number;
  shares: number;
}

export const NO_DEMAND: PlacingDemand = { applications: 0, shares: 0 };

// Written out: inside a select of one table drizzle names its columns without the table, which the subquery would
// read as its own.
const mine = sql`a.placing_id = ${sql.raw('"placings"."id"')} and a.status <> 'cancelled'`;
const demandColumns = {
  p: placings,
  applications: sql<number>`(select count(*)::int from placing_subscriptions a where ${mine})`,
  shares: sql<string>`(select coalesce(sum(a.quantity), 0)::text from placing_subscriptions a where ${mine})`,
};

/** A placing as the console shows it: editable before its window opens, cancellable until it is allotted. */
export function toConsolePlacing(p: PlacingRow, demand: PlacingDemand, now: Date): ConsolePlacing {
  const { state: _state, ...shown } = toPlacing(p, now, 'en', demand.shares / p.lotSize, null);
  return {
    ...shown,
    editable: placingPhaseOf(p, now) === 'upcoming',
    cancellable: p.state === 'scheduled',
    applications: demand.applications,
    sharesApplied: demand.shares,
    seed: p.seed,
    lotsAllotted: p.lotsAllotted,
    allottedAtTimestamp: p.allottedAt?.getTime() ?? null,
  };
}

export async function consolePlacingPage(db: Executor, filter: Filter, now: Date) {
  const [rows, [total]] = await Promise.all([
    db
      .select(demandColumns)
      .from(placings)
      .orderBy(desc(placings.opensAt), desc(placings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(placings),
  ]);
  const list = rows.map(({ p, applications, shares }) =>
    toConsolePlacing(p, { applications: Number(applications), shares: Number(shares) }, now),
  );
  return { list, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}

/** One placing as the console shows it, with its live demand; 404 for an unknown id. */
export async function consolePlacingById(db: Executor, id: number, now: Date): Promise<ConsolePlacing> {
  const [row] = await db.select(demandColumns).from(placings).where(eq(placings.id, id));
  if (!row) throw notFound();
  return toConsolePlacing(row.p, { applications: Number(row.applications), shares: Number(row.shares) }, now);
}
