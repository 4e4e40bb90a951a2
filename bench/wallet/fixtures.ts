/**
 * Customers for the money benchmarks, written straight into the database: registering through HTTP is
 * rate-limited per address and hashes a password per user, neither of which is what is measured. Each gets a
 * session token (as login issues: random, stored as its SHA-256) and money in its wallets, posted through the
 * server's own ledger as an operator adjustment would be, so the books start balanced.
 */
import { createLedger } from '../../apps/server/src/ledger/ledger.js';
import { createDb } from '../../apps/server/src/platform/db/client.js';
import { sessions, users } from '../../apps/server/src/platform/db/schema.js';
import { hashToken, newToken } from '../../apps/server/src/platform/tokens.js';

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
    return created;
  } finally {
    await db.$client.end();
  }
}
