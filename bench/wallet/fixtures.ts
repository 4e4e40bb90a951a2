/**
 * Customers for the money benchmarks, written straight into the database: registering through HTTP is
 * rate-limited per address and hashes a password per user, neither of which is what is measured. Each gets a
 * session token (as login issues: random, stored as its SHA-256) and money in its wallets, posted through the
 * server's own ledger as an operator adjustment would be, so the books start balanced.
 *
 * Beside them, DORMANT_CUSTOMERS registered customers who never trade, each with the same (empty) wallet accounts, so
 * the customers and accounts tables are of a broker's size, not a bench's: with only the active 64, PostgreSQL plans
 * the batch functions for tables of a few pages, and a plan that read every customer or account once per batch cost
 * nothing here while it cost a quarter of the order rate with 20,000 customers (2026-12-06; docs/money.md).
 */
import { createLedger } from '../../apps/server/src/ledger/ledger.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { sessions, users } from '../../apps/server/src/platform/db/schema.js';
import { hashToken, newToken } from '../../apps/server/src/platform/tokens.js';

/** Customers who never trade, added after the active ones (so the pgbench scripts' id range holds only those). */
export const DORMANT_CUSTOMERS = 20_000;

export interface BenchUser {
  id: number;
  token: string;
}

export async function createBenchUsers(opts: {
  databaseUrl: string;
  count: number;
  /** Amount per wallet, e.g. { BALANCE: '1000000', US_STOCK: '1000000' }. */
  funding: Partial<Record<'BALANCE' | 'STOCK' | 'US_STOCK' | 'FOREX', string>>;
  tag: string;
  /** Identity verified (KYC approved), as trading requires. */
  verified?: boolean;
  /** The server's "now" (its SIM_CLOCK_START), so the sessions are valid on its clock; default the real now. */
  at?: Date;
}): Promise<BenchUser[]> {
  const db = createDb(opts.databaseUrl, 2);
  const ledger = createLedger();
  const now = opts.at ?? new Date();
  try {
    const created: BenchUser[] = [];
    for (let i = 0; i < opts.count; i++) {
      const token = newToken();
      const name = `bench_${opts.tag}_${i}`;
      const id = await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: name,
            email: `${name}@bench.invalid`,
            // Never logs in: the session below is all it needs.
            passwordHash: 'bench-no-login',
            accountType: 2,
            invitationCode: `B${opts.tag.toUpperCase()}${i}`.slice(0, 20),
            ...(opts.verified ? { kycStatus: 3 } : {}),
          })
          .returning({ id: users.id });
        if (!user) throw new Error('bench user not created');
        await tx.insert(sessions).values({
          userId: user.id,
          tokenHash: hashToken(token),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + 24 * 3600_000),
        });
        for (const [wallet, amount] of Object.entries(opts.funding)) {
          const account = await ledger.walletAccount(tx, user.id, wallet as 'BALANCE');
          const source = await ledger.systemAccount(tx, 'adjustments', account.currency);
          await ledger.post(tx, {
            type: 'adjustment',
            reason: 'bench funding',
            at: now,
            postings: [
              { account: source, amount: `-${amount}` },
              { account, amount },
            ],
          });
        }
        return user.id;
      });
      created.push({ id, token });
    }
    const first = created[0];
    if (first) {
      // Registered, never verified, with the active customers' wallets at zero (no postings, so the books hold).
      await db.$client.query(
        `with u as (
           insert into users (username, email, password_hash, account_type, invitation_code)
           select 'dormant_' || $1 || '_' || g, 'dormant_' || $1 || '_' || g || '@bench.invalid', 'bench-no-login', 2,
             left('D' || upper($1) || g, 20)
           from generate_series(1, $2::int) g
           returning id)
         insert into ledger_accounts (user_id, wallet, currency)
         select u.id, a.wallet, a.currency from u cross join ledger_accounts a where a.user_id = $3
         order by u.id, a.wallet`,
        [opts.tag, DORMANT_CUSTOMERS, first.id],
      );
    }
    return created;
  } finally {
    await db.$client.end();
  }
}
