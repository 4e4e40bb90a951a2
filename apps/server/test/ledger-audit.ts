/**
 * The ledger's invariants checked from the database alone (docs/money.md), whatever wrote it: used by the
 * ledger tests and by the crash bench (bench/crash), which audits a database after a `kill -9`.
 * Answers a list of problems; empty means the books are sound.
 */
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.Client, 'query'>;

const CHECKS: Array<{ problem: string; sql: string }> = [
  {
    problem: 'postings do not sum to zero in a currency',
    sql: `select currency || ' ' || sum(amount)::text as detail from ledger_postings
          group by currency having sum(amount) <> 0`,
  },
  {
    problem: 'a journal entry does not balance',
    sql: `select entry_id || ' ' || currency || ' ' || sum(amount)::text as detail from ledger_postings
          group by entry_id, currency having sum(amount) <> 0 limit 10`,
  },
  {
    problem: 'a journal entry has fewer than two postings (partly written)',
    sql: `select e.id::text as detail from journal_entries e
          left join ledger_postings p on p.entry_id = e.id
          group by e.id having count(p.id) < 2 limit 10`,
  },
  {
    problem: 'a posting is not in its account currency',
    sql: `select p.id::text as detail from ledger_postings p join ledger_accounts a on a.id = p.account_id
          where p.currency <> a.currency limit 10`,
  },
  {
    problem: "a customer account's cached balance differs from the sum of its postings",
    sql: `select a.id || ': balance ' || a.balance::text || ', postings ' || coalesce(p.total, 0)::text as detail
          from ledger_accounts a
          left join (select account_id, sum(amount) as total from ledger_postings group by account_id) p
            on p.account_id = a.id
          where a.user_id is not null and a.balance <> coalesce(p.total, 0) limit 10`,
  },
  {
    problem: "an account's held amount differs from the sum of its active holds",
    sql: `select a.id || ': held ' || a.held::text || ', active holds ' || coalesce(h.total, 0)::text as detail
          from ledger_accounts a
          left join (select account_id, sum(amount) as total from ledger_holds where status = 'active'
                     group by account_id) h on h.account_id = a.id
          where a.held <> coalesce(h.total, 0) limit 10`,
  },
  {
    problem: 'a customer account has a negative available balance',
    sql: `select id || ': ' || (balance - held)::text as detail from ledger_accounts
          where user_id is not null and balance - held < 0 limit 10`,
  },
  {
    // Checked by the ledger and by triggers rather than foreign keys (migrations 0038, 0040), so audited here too.
    problem: 'a row refers to an entry, account, hold or customer that does not exist',
    sql: `select detail from (
            select 'posting ' || p.id || ' of entry ' || p.entry_id as detail from ledger_postings p
              where not exists (select 1 from journal_entries e where e.id = p.entry_id)
            union all select 'posting ' || p.id || ' to account ' || p.account_id from ledger_postings p
              where not exists (select 1 from ledger_accounts a where a.id = p.account_id)
            union all select 'hold ' || h.id || ' on account ' || h.account_id from ledger_holds h
              where not exists (select 1 from ledger_accounts a where a.id = h.account_id)
            union all select 'position ' || t.id || ' of customer ' || t.user_id from trade_positions t
              where not exists (select 1 from users u where u.id = t.user_id)
            union all select 'position ' || t.id || ' with hold ' || t.hold_id from trade_positions t
              where t.hold_id is not null and not exists (select 1 from ledger_holds h where h.id = t.hold_id)
            union all select 'order ' || t.id || ' of customer ' || t.user_id from trade_orders t
              where not exists (select 1 from users u where u.id = t.user_id)
            union all select 'order ' || t.id || ' with hold ' || t.hold_id from trade_orders t
              where t.hold_id is not null and not exists (select 1 from ledger_holds h where h.id = t.hold_id)
            union all select 'message ' || m.id || ' to customer ' || m.user_id from user_messages m
              where not exists (select 1 from users u where u.id = m.user_id)
          ) r limit 10`,
  },
  {
    problem: 'a posted hold has no entry, or an ended hold no settle time',
    sql: `select id::text as detail from ledger_holds
          where (status = 'posted' and entry_id is null) or (status <> 'active' and settled_at is null) limit 10`,
  },
];

export async function auditLedger(db: Queryable): Promise<string[]> {
  const problems: string[] = [];
  for (const check of CHECKS) {
    const { rows } = await db.query<{ detail: string }>(check.sql);
    for (const row of rows) problems.push(`${check.problem}: ${row.detail}`);
  }
  return problems;
}
