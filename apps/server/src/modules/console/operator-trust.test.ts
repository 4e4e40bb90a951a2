/**
 * No operator can take over a customer (issue 12): codes never reach what an operator reads, reading customers'
 * mail, identity documents and bills is on record, every console write carries its old and new values, refused
 * console logins are on record, and the record itself cannot be rewritten.
 */
import { auth as authApi, consoleApi, consoleMoney, consoleTrading, ReviewStatus } from '@beurs/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog, mailOutbox, operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';

let h: Harness;
let admin: string;
let reviewer: string;
let reviewerId: number;

beforeAll(async () => {
  h = await createHarness();
  ({ admin, reviewer } = await h.consoleOperators({ admin: 'amir', reviewer: 'rosa' }));
  const [rosa] = await h.db.select().from(operators).where(eq(operators.username, 'rosa'));
  reviewerId = rosa?.id ?? 0;
});

/** The audit rows of one action, oldest first. */
const audited = (action: string) =>
  h.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id);

describe('codes never reach an operator', () => {
  it('a reviewer who asks for a reset code of a customer finds it redacted in the outbox and nowhere in the audit log', async () => {
    const u = await h.registerUser();
    expect((await h.call(authApi.getEmailCode, { email: u.email, purpose: 'resetPassword' })).status).toBe(200);
    // What the customer (and a developer's server log) gets.
    const code = await h.lastCode(u.email);

    const outbox = await h.call(consoleApi.consoleOutbox, { q: u.email }, { token: reviewer });
    expect(outbox.body.code).toBe(200);
    const mails = outbox.body.data.list;
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails[0]).toMatchObject({ subject: 'Your verification code: ••••••' });
    expect(JSON.stringify(outbox.body)).not.toContain(code);
    // Not in the stored rows either (the table an operator's tools could read), nor in the audit log.
    const stored = await h.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, u.email));
    expect(JSON.stringify(stored)).not.toContain(code);
    const audit = await h.db.execute<{ t: string }>(
      sql`select coalesce(string_agg(detail::text, ' '), '') as t from audit_log`,
    );
    expect(audit.rows[0]?.t).not.toContain(code);

    // The customer can still use it.
    const reset = await h.call(authApi.resetPassword, { email: u.email, emailCode: code, password: 'Another-pass-9' });
    expect(reset.body.code).toBe(200);
  });
});

describe('audited reads', () => {
  it('reading the outbox is on record with whose mail was shown', async () => {
    const u = await h.registerUser();
    await h.call(consoleApi.consoleOutbox, { q: u.email }, { token: reviewer });
    const [read] = (await audited('outbox.read')).slice(-1);
    expect(read).toMatchObject({
      operatorId: reviewerId,
      detail: { q: u.email, page: 1, recipients: [u.email] },
    });
    expect(read?.ip).toBeTruthy();
  });

  it("reading the identity queue (with the documents' addresses) is on record with the submissions and customers shown", async () => {
    const u = await h.registerUser();
    const submitted = await h.submitIdentity(u.token);
    const id = submitted.body.data.id;
    const page = await h.call(consoleMoney.kycQueue, { q: u.email }, { token: reviewer });
    expect(page.body.data.list).toEqual([expect.objectContaining({ id, files: expect.any(Array) })]);
    const [read] = (await audited('kyc.queue.read')).slice(-1);
    expect(read).toMatchObject({
      operatorId: reviewerId,
      detail: { filter: { q: u.email, status: ReviewStatus.Pending }, ids: [id], customerIds: [u.user.id] },
    });

    // A decision carries the status before and after, and the reason.
    const reason = 'The photo of the document is not sharp enough';
    expect((await h.call(consoleMoney.kycReject, { reason }, { token: reviewer, params: { id } })).body.code).toBe(200);
    const [decided] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'kyc.reject'), eq(auditLog.targetId, String(id))));
    expect(decided?.detail).toMatchObject({
      old: { status: ReviewStatus.Pending },
      new: { status: ReviewStatus.Failed },
      reason,
    });
  });

  it("reading a customer's bill and wallets is on record, on the customer", async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '20.00');
    expect(
      (
        await h.call(
          consoleMoney.customerLedger,
          { walletType: 'BALANCE' },
          { token: reviewer, params: { id: u.user.id } },
        )
      ).body.code,
    ).toBe(200);
    expect(
      (await h.call(consoleMoney.customerWallets, {}, { token: reviewer, params: { id: u.user.id } })).body.code,
    ).toBe(200);
    const [ledger] = (await audited('customer.ledger.read')).slice(-1);
    expect(ledger).toMatchObject({
      operatorId: reviewerId,
      targetType: 'user',
      targetId: String(u.user.id),
      detail: { filter: { walletType: 'BALANCE' } },
    });
    const [wallets] = (await audited('customer.wallets.read')).slice(-1);
    expect(wallets).toMatchObject({ operatorId: reviewerId, targetType: 'user', targetId: String(u.user.id) });
  });
});

describe('console writes carry old and new values', () => {
  it('a trading rule change records the rule before (the defaults at first) and after, with the reason', async () => {
    const first = await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 4, buyRate: '0.002', sellRate: '0.0010', minQuantity: 2, reason: 'Exchange fees went up' },
      { token: admin, params: { assetClass: 'stock' } },
    );
    expect(first.body.code).toBe(200);
    const second = await h.call(
      consoleTrading.tradingSettingUpdate,
      { leverageCap: 5, buyRate: '0.0015', sellRate: '0.001', minQuantity: 1 },
      { token: admin, params: { assetClass: 'stock' } },
    );
    expect(second.body.code).toBe(200);
    const changes = (await audited('trading.settings')).filter((a) => a.targetId === 'stock');
    expect(changes.map((c) => c.detail)).toEqual([
      {
        old: { leverageCap: 5, buyRate: '0.001', sellRate: '0.001', minQuantity: 1 },
        new: { leverageCap: 4, buyRate: '0.002', sellRate: '0.001', minQuantity: 2 },
        reason: 'Exchange fees went up',
      },
      {
        old: { leverageCap: 4, buyRate: '0.002', sellRate: '0.001', minQuantity: 2 },
        new: { leverageCap: 5, buyRate: '0.0015', sellRate: '0.001', minQuantity: 1 },
      },
    ]);
  });
});

describe('refused console logins are on record', () => {
  const lastRefusal = async () => (await audited('operator.loginRefused')).at(-1);

  it('unknown user, wrong password and a disabled operator: the name tried and the address, never the password', async () => {
    await h.db
      .insert(operators)
      .values({ username: 'gone', passwordHash: await hashPassword('GonePass12'), role: 'admin', disabled: true });

    expect((await h.call(consoleApi.consoleLogin, { username: 'nobody', password: 'Guess-one-1' })).status).toBe(422);
    expect(await lastRefusal()).toMatchObject({
      operatorId: null,
      targetId: null,
      detail: { username: 'nobody', reason: 'unknownUser' },
    });

    expect((await h.call(consoleApi.consoleLogin, { username: 'Rosa', password: 'Guess-two-2' })).status).toBe(422);
    expect(await lastRefusal()).toMatchObject({
      targetType: 'operator',
      targetId: String(reviewerId),
      detail: { username: 'Rosa', reason: 'wrongPassword' },
    });

    expect((await h.call(consoleApi.consoleLogin, { username: 'gone', password: 'GonePass12' })).status).toBe(422);
    expect(await lastRefusal()).toMatchObject({ detail: { username: 'gone', reason: 'disabled' } });

    const rows = await audited('operator.loginRefused');
    expect(rows.every((r) => r.ip)).toBe(true);
    const text = JSON.stringify(rows);
    for (const password of ['Guess-one-1', 'Guess-two-2', 'GonePass12']) expect(text).not.toContain(password);
  });

  it('a throttled attempt is on record too', async () => {
    await h.db
      .insert(operators)
      .values({ username: 'target', passwordHash: await hashPassword('TargetPass12'), role: 'reviewer' });
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++) {
      status = (await h.call(consoleApi.consoleLogin, { username: 'target', password: `Wrong-guess-${i}` })).status;
    }
    expect(status).toBe(429);
    expect(await lastRefusal()).toMatchObject({ detail: { username: 'target', reason: 'throttled' } });
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even to the owner of the tables', async () => {
    const before = await h.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of [
      "update audit_log set action = 'nothing.happened'",
      'delete from audit_log',
      'truncate audit_log',
    ]) {
      await expect(h.db.$client.query(statement), statement).rejects.toMatchObject({
        code: '23001',
        message: 'audit_log is append-only',
      });
    }
    expect(await h.db.select().from(auditLog)).toEqual(before);
  });
});
