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
import { countRows } from '../../../test/raw-sql.js';
import { ledgerAccounts, ledgerPostings } from '../../platform/db/schema.js';
import { trialBalanceChecks } from './schema.js';
import { sweepBooks } from './sweep.js';
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

/**
 * A new customer funded with 100.00, then the amount of their posting changed by `delta` behind the app's back: only
 * an owner can switch the ledger's append-only trigger off; the app's role cannot (platform/db/roles.ts).
 */
async function fundAndChangeAPosting(delta: string) {
  const u = await h.registerUser();
  await h.fund(u.user.id, 'BALANCE', '100.00');
  const [account] = await h.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, u.user.id));
  if (!account) throw new Error('no account');
  const [posting] = await h.db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, account.id));
  if (!posting) throw new Error('no posting');
  await h.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_postings disable trigger ledger_postings_append_only`);
    await tx.execute(sql`update ledger_postings set amount = amount + ${delta} where id = ${posting.id}`);
    await tx.execute(sql`alter table ledger_postings enable trigger ledger_postings_append_only`);
  });
  return { account, posting };
}

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
    expect(row.figures).toEqual(books);
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

  it('reads the books in pieces of any size, each exact, and adds them up to the Books page’s figures', async () => {
    const a = await h.registerUser();
    const b = await h.registerUser();
    await h.fund(a.user.id, 'BALANCE', '12.34');
    await h.fund(b.user.id, 'BALANCE', '0.01');
    const books = (await h.call(consoleMoney.trialBalance, {}, { token: reviewer })).body.data;
    expect(books.entries).toBeGreaterThanOrEqual(3);
    for (const [entriesPerPiece, accountsPerPiece] of [
      [1, 1],
      [2, 3],
      [1000, 1000],
    ] as const) {
      const pass = await sweepBooks(h.db, { entriesPerPiece, accountsPerPiece, pauseFactor: 0, minPauseMs: 0 });
      expect(pass).toMatchObject({ figures: books, details: [] });
    }
    const small = await sweepBooks(h.db, { entriesPerPiece: 1, accountsPerPiece: 1, pauseFactor: 0, minPauseMs: 0 });
    const accounts = await h.db.select().from(ledgerAccounts);
    const ids = accounts.map((x) => x.id);
    // One piece per entry id and per account id between the smallest and the largest (ids are dense here).
    expect(small.pieces).toBe(books.entries + Math.max(...ids) - Math.min(...ids) + 1);
  });

  it('pauses after each piece in proportion to its work, so it never holds a core for long', async () => {
    const t0 = performance.now();
    const pass = await sweepBooks(h.db, { entriesPerPiece: 2, accountsPerPiece: 2, pauseFactor: 4, minPauseMs: 20 });
    const elapsed = performance.now() - t0;
    expect(pass.pieces).toBeGreaterThan(3);
    expect(pass.details).toEqual([]);
    // Each piece's time plus a pause of at least 4 times it and at least 20 ms (a timer may fire up to 1 ms early).
    const slack = pass.pieces;
    expect(elapsed).toBeGreaterThanOrEqual(pass.busyMs * 5 - slack);
    expect(elapsed).toBeGreaterThanOrEqual(pass.busyMs + pass.pieces * 20 - slack);
  });

  it('matches every customer account’s cached balance and hold, piece by piece', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '5.00');
    const [account] = await h.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, u.user.id));
    if (!account) throw new Error('no account');
    const sweep = () => sweepBooks(h.db, { entriesPerPiece: 3, accountsPerPiece: 2, pauseFactor: 0, minPauseMs: 0 });
    const tamper = (column: 'balance' | 'held', delta: string) =>
      h.db.$client.query(`update ledger_accounts set ${column} = ${column} + $1 where id = $2`, [delta, account.id]);
    for (const column of ['balance', 'held'] as const) {
      await tamper(column, '0.01');
      expect((await sweep()).details).toEqual([`customer accounts that differ: ${account.id}`]);
      await tamper(column, '-0.01');
      expect((await sweep()).details).toEqual([]);
    }
  });

  it('stops between pieces when the server stops, and records nothing', async () => {
    const before = await countRows(h.db.$client, 'trial_balance_checks');
    const stopping = new AbortController();
    const slow = createTrialBalanceJob(h.deps, {
      entriesPerPiece: 1,
      accountsPerPiece: 1,
      pauseFactor: 0,
      minPauseMs: 20,
    });
    const running = slow.runOnce(stopping.signal);
    setTimeout(() => stopping.abort(), 30);
    await expect(running).rejects.toThrow(/aborted/);
    expect(await countRows(h.db.$client, 'trial_balance_checks')).toBe(before);
    // The lock is free again: the next pass runs.
    expect(await job.runOnce()).toMatchObject({ balanced: true });
  });

  it('records books unbalanced behind the app’s back and shows them as a console alert', async () => {
    const { account } = await fundAndChangeAPosting('7.5');
    expect(await auditLedger(h.db.$client)).not.toEqual([]);

    h.clock.advance(300_000);
    const row = await job.runOnce();
    expect(row).toMatchObject({
      balanced: false,
      problems: [
        `${account.currency} postings sum to 7.50, not 0`,
        'customer account balances or holds differ from their postings',
        expect.stringMatching(
          new RegExp(`^journal entries \\d+-\\d+: ${account.currency} postings sum to 7.50, not 0$`),
        ),
        `customer accounts that differ: ${account.id}`,
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

  it('names each unbalanced piece and account even when the changes cancel out in the sum', async () => {
    // A second change behind the app's back, in another customer's entry, takes the 7.50 of the last test away again:
    // the currency sums to zero, but the pieces of one entry and the accounts still show both.
    const { account, posting } = await fundAndChangeAPosting('-7.5');
    const pass = await sweepBooks(h.db, { entriesPerPiece: 1, accountsPerPiece: 1, pauseFactor: 0, minPauseMs: 0 });
    expect(pass.figures.currencies.every((c) => c.postingsSum === '0.00')).toBe(true);
    expect(pass.details).toEqual([
      expect.stringMatching(
        new RegExp(`^journal entries (\\d+)-\\1: ${account.currency} postings sum to 7.50, not 0$`),
      ),
      `journal entries ${posting.entryId}-${posting.entryId}: ${account.currency} postings sum to -7.50, not 0`,
      expect.stringMatching(new RegExp(`^customer accounts that differ: \\d+, ${account.id}$`)),
    ]);
    // The scheduled check's pieces are larger: here both changes fall in one piece and cancel there, so only the
    // accounts (each matched against its own postings) show them.
    h.clock.advance(300_000);
    expect(await createTrialBalanceJob(h.deps).runOnce()).toMatchObject({
      balanced: false,
      problems: [
        'customer account balances or holds differ from their postings',
        expect.stringMatching(new RegExp(`^customer accounts that differ: \\d+, ${account.id}$`)),
      ],
    });
  });
});
