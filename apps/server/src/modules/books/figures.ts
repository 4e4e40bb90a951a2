/**
 * What the two readings of the books share (trial-balance.ts): the Books page's one-snapshot trial balance and the
 * scheduled check's paced sweep (sweep.ts) give the same figures, built here, from the same small queries.
 */
import { CURRENCIES, Decimal } from '@beurs/contracts';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { ledgerAccounts } from '../../platform/db/schema.js';
import { blockPermissions } from '../blocktrade/index.js';
import { rechargeOrders } from '../deposits/index.js';
import { loans } from '../loans/index.js';
import { kycSubmissions } from '../reviews/index.js';
import { withdrawals } from '../withdrawals/index.js';

type Q = Db | Tx;

/** An amount of the books as it is: cents when it has no more, every decimal otherwise (never rounded away). */
export const exact = (value: string | null | undefined) => {
  const d = new Decimal(value ?? 0);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toString();
};

/** Customer money per currency: the cached balances and, of them, what is on hold (one statement, one instant). */
export async function customerMoney(q: Q) {
  const rows = await q
    .select({
      currency: ledgerAccounts.currency,
      balance: sql<string>`sum(${ledgerAccounts.balance})`,
      held: sql<string>`sum(${ledgerAccounts.held})`,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.userId} is not null`)
    .groupBy(ledgerAccounts.currency);
  return new Map(rows.map((c) => [c.currency, c]));
}

/**
 * A condition that holds when the loans account agrees with the loans (docs/loans.md "The books"): per currency,
 * minus what is owed on loans (principal and interest accrued, less repaid). `byAccount` is a relation of
 * `(account_id, s)` rows whose `s` sum to each account's postings: the page's per-account sums, or the postings.
 */
export const loansBookAgrees = (byAccount: SQL) => sql`not exists (
  select 1
  from (select currency, sum(principal + interest) as s from ${loans} group by currency) owed
  full join (
    select a.currency, coalesce(sum(b.s), 0) as s
    from ledger_accounts a left join ${byAccount} b on b.account_id = a.id
    where a.user_id is null and a.system = 'loans'
    group by a.currency
  ) book on book.currency = owed.currency
  where coalesce(book.s, 0) + coalesce(owed.s, 0) <> 0
)`;

/** Whether each approved loan owes what was lent plus the interest charged less its repayments (docs/loans.md). */
export async function loansOweWhatWasLent(q: Q) {
  const { rows } = await q.execute<{ ok: boolean }>(sql`
    select not exists (
      select 1 from ${loans} l
      where l.status = 3 and l.principal + l.interest <> l.amount + l.interest_charged - l.repaid
    ) as ok`);
  return rows[0]?.ok === true;
}

/** The queues an operator works through, counted for the Books page's badges. */
export async function pendingCounts(q: Q) {
  const [kyc] = await q.select({ n: count() }).from(kycSubmissions).where(eq(kycSubmissions.status, 1));
  const [deposits] = await q.select({ n: count() }).from(rechargeOrders).where(eq(rechargeOrders.status, 1));
  const [payouts] = await q.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 1));
  const [blocks] = await q.select({ n: count() }).from(blockPermissions).where(eq(blockPermissions.status, 1));
  const [loanApplications] = await q.select({ n: count() }).from(loans).where(eq(loans.status, 1));
  return {
    kyc: kyc?.n ?? 0,
    deposits: deposits?.n ?? 0,
    withdrawals: payouts?.n ?? 0,
    blockPermissions: blocks?.n ?? 0,
    loans: loanApplications?.n ?? 0,
  };
}

/** The figures of the books, as the Books page shows them and each scheduled check records them. */
export function figuresOf(parts: {
  postingsSum: ReadonlyMap<string, string>;
  customers: Awaited<ReturnType<typeof customerMoney>>;
  systems: readonly { name: string | null; currency: string; balance: string }[];
  entries: number;
  accountsMatchPostings: boolean;
  loansMatchLedger: boolean;
  pending: Awaited<ReturnType<typeof pendingCounts>>;
}) {
  return {
    currencies: CURRENCIES.map((currency) => ({
      currency,
      postingsSum: exact(parts.postingsSum.get(currency)),
      customerBalances: exact(parts.customers.get(currency)?.balance),
      customerHolds: exact(parts.customers.get(currency)?.held),
      systemAccounts: parts.systems
        .filter((s) => s.currency === currency)
        .map((s) => ({ name: s.name ?? '', balance: exact(s.balance) })),
    })),
    entries: parts.entries,
    accountsMatchPostings: parts.accountsMatchPostings,
    loansMatchLedger: parts.loansMatchLedger,
    pending: parts.pending,
  };
}
export type Figures = ReturnType<typeof figuresOf>;
