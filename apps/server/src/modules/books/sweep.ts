/**
 * The scheduled check's reading of the books (docs/security.md "Scheduled trial balance"): every posting and every
 * customer account, read in small pieces, each piece one short statement, with a pause after each, so that a check
 * over a ledger of millions of postings never takes a core from the customers for more than a few milliseconds at a
 * time and never holds a snapshot that keeps vacuum from their hot rows (one repeatable-read pass, as the Books page
 * reads, took about a second of one core at a million orders and stalled the orders then: bench/reports/orders.md,
 * 2026-12-07).
 *
 * Each piece is exact on its own, because of how the ledger is written:
 * - an entry's postings are committed together, so the postings of any set of whole entries sum to zero per
 *   currency: a piece of entries (by id) that does not has a posting changed behind the ledger's back;
 * - an account's cached balance and hold change in the same transaction as its postings and holds, so one statement
 *   that reads an account and its postings and active holds sees them agree;
 * - the loans account and the loans are read together in one statement (figures.ts and below).
 * The pieces are read at different instants, so the figures recorded with the check (the same shape as the Books
 * page's) add up what each piece saw: an entry committed after its piece was read is counted by the next check.
 */

import { setTimeout as pause } from 'node:timers/promises';
import { Decimal } from '@beurs/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  customerMoney,
  exact,
  type Figures,
  figuresOf,
  loansBookAgrees,
  loansOweWhatWasLent,
  pendingCounts,
} from './figures.js';

export interface SweepOptions {
  /** Journal entries a piece reads the postings of (about two postings an entry). */
  entriesPerPiece: number;
  /** Account ids a piece matches against their postings and holds. */
  accountsPerPiece: number;
  /** The pause after a piece, as a multiple of the piece's own time: 9 leaves the check a tenth of one core. */
  pauseFactor: number;
  /** The shortest pause after a piece, in ms. */
  minPauseMs: number;
  /** Stops the sweep between pieces (the server stopping): it then throws the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Pieces of about 15 ms of one core at the orders bench's size (190,000 entries, 20,000 accounts on a slow day of
 * the bench machine: 79 pieces, 1.1 s of PostgreSQL in all; pieces of 2,000 / 100 took 296 pieces and 1.2-1.6 s, the
 * per-piece round trip and planning adding up; of 20,000 / 2,000, 46 ms each).
 */
export const SWEEP_DEFAULTS: SweepOptions = {
  entriesPerPiece: 5000,
  accountsPerPiece: 500,
  pauseFactor: 9,
  minPauseMs: 5,
};

/** At most this many unbalanced pieces and mismatched accounts are named in the problems (all are counted). */
const NAMED = 10;

/** An id range [from, to) in pieces of `size`. */
function* pieces(min: number | null, max: number | null, size: number) {
  if (min === null || max === null) return;
  for (let from = min; from <= max; from += size) yield { from, to: Math.min(from + size, max + 1) };
}

export async function sweepBooks(db: Db, options: Partial<SweepOptions> = {}) {
  const o = { ...SWEEP_DEFAULTS, ...options };
  let busyMs = 0;
  let count = 0;
  /** Runs one piece, then pauses in proportion to what it took. */
  async function piece<T>(work: () => Promise<T>): Promise<T> {
    o.signal?.throwIfAborted();
    const t0 = performance.now();
    const result = await work();
    const ms = performance.now() - t0;
    busyMs += ms;
    count += 1;
    await pause(Math.max(o.minPauseMs, o.pauseFactor * ms), undefined, { signal: o.signal });
    return result;
  }

  const [bounds] = (
    await db.execute<{ min_entry: string | null; max_entry: string | null; min_account: string; max_account: string }>(
      sql`select (select min(id) from journal_entries) as min_entry, (select max(id) from journal_entries) as max_entry,
                 (select min(id) from ledger_accounts) as min_account, (select max(id) from ledger_accounts) as max_account`,
    )
  ).rows;
  const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  const systems = (
    await db.execute<{ id: string; name: string | null; currency: string }>(
      sql`select id, system as name, currency from ledger_accounts where user_id is null order by system, id`,
    )
  ).rows;
  const systemIds = `{${systems.map((s) => s.id).join(',')}}`;

  // Every entry's postings, a piece of entries at a time: per currency and per system account.
  const postingsSum = new Map<string, Decimal>();
  const systemSum = new Map<string, Decimal>();
  const unbalanced: string[] = [];
  let entries = 0;
  for (const { from, to } of pieces(num(bounds?.min_entry), num(bounds?.max_entry), o.entriesPerPiece)) {
    const rows = await piece(
      async () =>
        (
          await db.execute<{ currency: string | null; account: string | null; s: string }>(sql`
            select null as currency, null as account, count(*)::text as s
              from journal_entries where id >= ${from} and id < ${to}
            union all
            select currency, case when account_id = any(${systemIds}::bigint[]) then account_id::text end, sum(amount)::text
              from ledger_postings where entry_id >= ${from} and entry_id < ${to}
              group by 1, 2`)
        ).rows,
    );
    const here = new Map<string, Decimal>();
    for (const r of rows) {
      if (r.currency === null) {
        entries += Number(r.s);
        continue;
      }
      here.set(r.currency, (here.get(r.currency) ?? new Decimal(0)).plus(r.s));
      if (r.account !== null) systemSum.set(r.account, (systemSum.get(r.account) ?? new Decimal(0)).plus(r.s));
    }
    for (const [currency, sum] of here) {
      postingsSum.set(currency, (postingsSum.get(currency) ?? new Decimal(0)).plus(sum));
      if (!sum.isZero())
        unbalanced.push(
          `journal entries ${from}-${to - 1}: ${currency} postings sum to ${exact(sum.toString())}, not 0`,
        );
    }
  }

  // Every customer account against its postings and active holds, a piece of account ids at a time.
  const mismatched: string[] = [];
  for (const { from, to } of pieces(num(bounds?.min_account), num(bounds?.max_account), o.accountsPerPiece)) {
    const rows = await piece(
      async () =>
        (
          await db.execute<{ id: string }>(sql`
            select a.id from ledger_accounts a
            where a.id >= ${from} and a.id < ${to} and a.user_id is not null
              and (a.balance <> coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)
                or a.held <> coalesce((select sum(h.amount) from ledger_holds h
                                       where h.account_id = a.id and h.status = 'active'), 0))
            order by a.id`)
        ).rows,
    );
    mismatched.push(...rows.map((r) => r.id));
  }

  // The loans account against the loans, in one statement (its postings by the account's index).
  const [loansBook] = (
    await db.execute<{ ok: boolean }>(
      sql`select ${loansBookAgrees(sql`(select account_id, amount as s from ledger_postings)`)} as ok`,
    )
  ).rows;
  const loansMatchLedger = loansBook?.ok === true && (await loansOweWhatWasLent(db));

  const figures: Figures = figuresOf({
    postingsSum: new Map([...postingsSum].map(([c, s]) => [c, s.toString()])),
    customers: await customerMoney(db),
    systems: systems.map((s) => ({ ...s, balance: (systemSum.get(s.id) ?? new Decimal(0)).toString() })),
    entries,
    accountsMatchPostings: mismatched.length === 0,
    loansMatchLedger,
    pending: await pendingCounts(db),
  });
  const details = [
    ...unbalanced.slice(0, NAMED),
    ...(unbalanced.length > NAMED ? [`and ${unbalanced.length - NAMED} more unbalanced pieces of entries`] : []),
    ...(mismatched.length > 0
      ? [
          `customer accounts that differ: ${mismatched.slice(0, NAMED).join(', ')}${mismatched.length > NAMED ? ` and ${mismatched.length - NAMED} more` : ''}`,
        ]
      : []),
  ];
  return { figures, details, pieces: count, busyMs: Math.round(busyMs) };
}
