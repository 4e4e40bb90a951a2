/**
 * What the things a reviewer decides on (identity submissions, deposits, withdrawals) have in common: the
 * console's queue of them, the customer's own list, and the lock taken for a decision.
 */
import { E, ReviewStatus } from '@beurs/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../ledger/ledger.js';
import { users } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';

/** `%`, `_` and `\` typed by an operator match themselves. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The status of an item sent for review (never ReviewStatus.None). */
export type ReviewStatusValue = 1 | 2 | 3;

/** A table of a customer's items under review. */
export type ReviewedTable = PgTable & {
  id: AnyPgColumn;
  userId: AnyPgColumn;
  status: AnyPgColumn;
  createdAt: AnyPgColumn;
  reviewedAt: AnyPgColumn;
};

/** An operator's decision on one pending item. */
export interface Decision {
  /** The item's id. */
  id: number;
  operatorId: number;
  at: Date;
}

export interface QueueFilter {
  status: number;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/**
 * One page of a console queue: pending oldest first (the order they are worked in), reviewed newest first.
 * `q` matches the customer's user ID or email, or anything `alsoMatch` adds. `rows` reads the page's rows
 * (joined to users) for the filter and order given.
 */
export async function reviewQueue<Row>(
  db: Executor,
  table: ReviewedTable,
  filter: QueueFilter,
  rows: (where: SQL | undefined, order: SQL[], page: { limit: number; offset: number }) => Promise<Row[]>,
  alsoMatch: (like: string) => SQL[] = () => [],
) {
  const like = filter.q ? `%${likeEscape(filter.q)}%` : undefined;
  const where = and(
    eq(table.status, filter.status),
    like ? or(ilike(users.username, like), ilike(users.email, like), ...alsoMatch(like)) : undefined,
  );
  const order =
    filter.status === ReviewStatus.Pending
      ? [asc(table.createdAt), asc(table.id)]
      : [desc(table.reviewedAt), desc(table.id)];
  const [list, [total]] = await Promise.all([
    rows(where, order, { limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize }),
    db.select({ n: count() }).from(table).innerJoin(users, eq(users.id, table.userId)).where(where),
  ]);
  return { list, total: total?.n ?? 0, page: filter.page, pageSize: filter.pageSize };
}

/** One page of the customer's own items, newest first, of one status if given. */
export async function customerPage<T extends ReviewedTable, Out>(
  db: Executor,
  table: T,
  userId: number,
  q: { status?: number | undefined; page: number; pageSize: number },
  toRecord: (row: T['$inferSelect']) => Out,
) {
  const t: ReviewedTable = table;
  const where = and(eq(t.userId, userId), q.status === undefined ? undefined : eq(t.status, q.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return {
    list: (rows as Array<T['$inferSelect']>).map(toRecord),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** The review's own fields of a console row: status, reason, when sent and decided, by whom. */
export const reviewFields = (
  row: { status: number; reason: string | null; createdAt: Date; reviewedAt: Date | null },
  reviewer: string | null,
) => ({
  status: row.status as ReviewStatusValue,
  reason: row.reason,
  createTimeTimestamp: row.createdAt.getTime(),
  reviewTimeTimestamp: row.reviewedAt?.getTime() ?? null,
  reviewer,
});

/** The item as locked for its decision: 404 when there is none, 409 when it was decided already. */
export function pendingOnly<R extends { status: number }>(row: R | undefined): R {
  if (!row) throw notFound();
  if (row.status !== ReviewStatus.Pending) throw conflict(E.alreadyReviewed);
  return row;
}
