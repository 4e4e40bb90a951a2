/**
 * The scheduled trial balance: the leader checks the books, records each check, and an unbalanced one is an
 * alert the console reads. The books are unbalanced here behind the app's back, as only a database owner could
 * (switching the ledger's append-only trigger off for one UPDATE).
 */
import { consoleMoney } from '@beurs/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { ledgerAccounts, ledgerPostings } from '../../platform/db/schema.js';
import { trialBalanceChecks } from './schema.js';
import { createTrialBalanceJob, TRIAL_BALANCE_LOCK } from './trial-balance.js';

let h: Harness;
let reviewer: string;
let job: ReturnType<typeof createTrialBalanceJob>;

beforeAll(async () => {
  h = await createHarness();
  ({ reviewer } = await h.consoleOperators({ admin: 'tara', reviewer: 'tom' }));
  job = createTrialBalanceJob(h.deps);
});

const checks = async () => (await h.call(consoleMoney.trialBalanceChecks, {}, { token: reviewer })).body;

describe('scheduled trial balance', () => {
  it('is scheduled every 5 minutes by default, can be turned off, and is for operators only', async () => {
    expect(h.deps.config.trialBalanceMs).toBe(300_000);
    const { loadConfig } = await import('../../config.js');
    expect(loadConfig({ TRIAL_BALANCE_MS: '0' }).trialBalanceMs).toBe(0);
    expect(loadConfig({ TRIAL_BALANCE_MS: '60000' }).trialBalanceMs).toBe(60_000);
    const u = await h.registerUser();
    expect((await h.call(consoleMoney.trialBalanceChecks, {})).status).toBe(401);
    expect((await h.call(consoleMoney.trialBalanceChecks, {}, { token: u.token })).status).toBe(401);
    expect(await checks()).toMatchObject({ code: 200, data: { intervalMs: 300_000, latest: null, alerts: [] } });
  });

  it('records a balanced check with the figures of the Books page, and raises no alert', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '250.00');
    const row = await job.checkUnlocked();
    expect(row).toMatchObject({ balanced: true, problems: [] });
    expect(row.checkedAt.getTime()).toBe(h.clock.now().getTime());
    const books = (await h.call(consoleMoney.trialBalance, {}, { token: reviewer })).body.data;
    expect(row.figures).toMatchObject({ currencies: books.currencies });
    const { data } = await checks();
    expect(data.latest).toMatchObject({ id: row.id, balanced: true, checkTimeTimestamp: h.clock.now().getTime() });
    expect(data.alerts).toEqual([]);
  });

  it('runs on the leader only: a node that cannot take the lock skips', async () => {
    const other = await h.db.$client.connect();
    try {
      await other.query('select pg_advisory_lock(hashtext($1))', [TRIAL_BALANCE_LOCK]);
      const before = await h.db.select().from(trialBalanceChecks);
      expect(await job.runOnce()).toBeNull();
      expect(await h.db.select().from(trialBalanceChecks)).toHaveLength(before.length);
    } finally {
      await other.query('select pg_advisory_unlock(hashtext($1))', [TRIAL_BALANCE_LOCK]);
      other.release();
    }
    expect(await job.runOnce()).toMatchObject({ balanced: true });
  });

  it('records books unbalanced behind the app’s back and shows them as a console alert', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '100.00');
    const [account] = await h.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, u.user.id));
    if (!account) throw new Error('no account');
    const [posting] = await h.db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, account.id));
    if (!posting) throw new Error('no posting');
    // Only an owner can switch the trigger off; the app's role cannot (platform/db/roles.ts).
    await h.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_postings disable trigger ledger_postings_append_only`);
      await tx.execute(sql`update ledger_postings set amount = amount + 7.5 where id = ${posting.id}`);
      await tx.execute(sql`alter table ledger_postings enable trigger ledger_postings_append_only`);
    });
    expect(await auditLedger(h.db.$client)).not.toEqual([]);

    h.clock.advance(300_000);
    const row = await job.runOnce();
    expect(row).toMatchObject({
      balanced: false,
      problems: [
        `${account.currency} postings sum to 7.50, not 0`,
        'customer account balances or holds differ from their postings',
      ],
    });
    const { data } = await checks();
    expect(data.latest).toMatchObject({ id: row?.id, balanced: false });
    expect(data.alerts).toEqual([
      {
        id: row?.id,
        checkTimeTimestamp: h.clock.now().getTime(),
        balanced: false,
        problems: row?.problems,
      },
    ]);
    // The record of checks cannot be rewritten either.
    await expect(h.db.$client.query('delete from trial_balance_checks')).rejects.toThrow(/append-only/);
  });
});
