import { randomUUID } from 'node:crypto';
import { consoleApi, consoleMoney, inbox as inboxApi, type RequestOf, wallet as walletApi } from '@beurs/contracts';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLog, idempotencyKeys, journalEntries, operators } from '../../platform/db/schema.js';
import { hashPassword } from '../../platform/passwords.js';
import { userMessages } from '../inbox/index.js';
import { adjustmentProposals } from './schema.js';

let h: Harness;
/** Two admins (maker and checker), a third for races, a supervisor and a reviewer. */
let anke: string;
let bram: string;
let cas: string;
let sylvia: string;
let rita: string;
let ids: Record<string, number>;

beforeAll(async () => {
  h = await createHarness({ config: { adjustmentApprovalLimit: '10000' } });
  const password = 'OperatorPass1';
  const passwordHash = await hashPassword(password);
  const made = await h.db
    .insert(operators)
    .values([
      { username: 'anke', passwordHash, role: 'admin' },
      { username: 'bram', passwordHash, role: 'admin' },
      { username: 'cas', passwordHash, role: 'admin' },
      { username: 'sylvia', passwordHash, role: 'supervisor' },
      { username: 'rita', passwordHash, role: 'reviewer' },
    ])
    .returning({ id: operators.id, username: operators.username });
  ids = Object.fromEntries(made.map((o) => [o.username, o.id]));
  const login = async (username: string) => {
    const res = await h.call(consoleApi.consoleLogin, { username, password });
    if (res.status !== 200) throw new Error(`login ${username}: ${JSON.stringify(res.body)}`);
    return res.body.data.token;
  };
  anke = await login('anke');
  bram = await login('bram');
  cas = await login('cas');
  sylvia = await login('sylvia');
  rita = await login('rita');
});

type Proposal = RequestOf<typeof consoleMoney.adjustmentPropose>;
const propose = (customerId: number, body: Proposal, token = anke) =>
  h.call(consoleMoney.adjustmentPropose, body, { token, params: { id: customerId } });
const approve = (id: number, token = bram, key: string = randomUUID(), lang?: string) =>
  h.call(consoleMoney.adjustmentApprove, {}, { token, lang, key, params: { id } });
const reject = (id: number, reason: string, token = bram) =>
  h.call(consoleMoney.adjustmentReject, { reason }, { token, params: { id } });
const cancel = (id: number, token = anke) => h.call(consoleMoney.adjustmentCancel, {}, { token, params: { id } });

const goodwill: Proposal = {
  walletType: 'BALANCE',
  direction: 'credit',
  amount: '25',
  category: 'goodwill',
  reason: 'Sorry for the outage',
};

/** What an auditor would count: entries, messages, audit rows and stored idempotency keys. */
async function written() {
  const n = async (table: typeof journalEntries | typeof userMessages | typeof auditLog | typeof idempotencyKeys) =>
    (await h.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    entries: await n(journalEntries),
    messages: await n(userMessages),
    audit: await n(auditLog),
    keys: await n(idempotencyKeys),
  };
}

const entriesOf = (proposalId: number) =>
  h.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.type, 'adjustment'), eq(journalEntries.reference, `adjustment:${proposalId}`)));

const auditOf = async (action: string, proposalId: number) =>
  (await h.db.select().from(auditLog).where(eq(auditLog.action, action))).filter(
    (a) => (a.detail as { proposalId?: number } | null)?.proposalId === proposalId,
  );

async function balance(token: string, walletType = 'BALANCE') {
  return (await h.balance(token, walletType))?.balance;
}

describe('four eyes on adjustments', () => {
  it('a proposal moves nothing: it is stored and audited with its maker', async () => {
    const u = await h.registerUser();
    const before = await written();
    const res = await propose(u.user.id, goodwill);
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        customerId: u.user.id,
        walletType: 'BALANCE',
        currency: 'EUR',
        direction: 'credit',
        amount: '25.00',
        category: 'goodwill',
        reason: 'Sorry for the outage',
        status: 'proposed',
        approverRole: 'admin',
        maker: 'anke',
        makerId: ids.anke,
        checker: null,
        entryId: null,
        decidedTimeTimestamp: null,
      },
    });
    const after = await written();
    expect(after).toEqual({ ...before, audit: before.audit + 1 });
    expect(await balance(u.token)).toBe('0.00');
    const [a] = await auditOf('adjustment.propose', res.body.data.id);
    expect(a).toMatchObject({ operatorId: ids.anke, targetId: String(u.user.id) });
    expect(a?.detail).toMatchObject({ amount: '25', direction: 'credit', category: 'goodwill' });
  });

  it('the maker cannot approve their own proposal (422, translated); a second admin posts it once', async () => {
    const u = await h.registerUser();
    const p = (await propose(u.user.id, goodwill)).body.data;
    const before = await written();
    const own = await approve(p.id, anke);
    expect(own.body).toMatchObject({ code: 422, reason: 'adjustmentOwnProposal' });
    expect(own.body.msg).toBe('You proposed this adjustment: a different operator must approve or reject it');
    const ownNl = await approve(p.id, anke, randomUUID(), 'nl');
    expect(ownNl.body.msg).toContain('andere medewerker');
    expect(await written()).toEqual(before);

    h.clock.advance(60_000);
    const ok = await approve(p.id, bram);
    expect(ok.body).toMatchObject({
      code: 200,
      data: { id: p.id, status: 'approved', maker: 'anke', checker: 'bram', entryId: expect.any(Number) },
    });
    expect(ok.body.data.decidedTimeTimestamp).toBe(h.clock.now().getTime());
    const entries = await entriesOf(p.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: ok.body.data.entryId,
      reason: 'Sorry for the outage',
      operatorId: ids.bram,
      detail: { wallet: 'BALANCE', category: 'goodwill', proposalId: p.id, makerId: ids.anke, checkerId: ids.bram },
    });
    expect(await balance(u.token)).toBe('25.00');

    // The customer's bill shows the entry with its category, never who made or approved it.
    const bill = await h.call(walletApi.getWalletBill, {}, { token: u.token });
    expect(bill.body.data.list).toEqual([
      expect.objectContaining({
        type: 'adjustment',
        amount: '25.00',
        category: 'goodwill',
        reason: 'Sorry for the outage',
        reference: `adjustment:${p.id}`,
      }),
    ]);
    const text = JSON.stringify(bill.body.data);
    for (const name of ['anke', 'bram', 'operator', 'maker', 'checker']) expect(text).not.toContain(name);
    const messages = (await h.call(inboxApi.getMessages, {}, { token: u.token })).body.data.list;
    expect(messages).toEqual([expect.objectContaining({ kind: 'adjustmentCredit' })]);
    expect(JSON.stringify(messages)).not.toContain('anke');

    // Maker and checker are on record, each in the transaction of their step.
    expect(await auditOf('adjustment.approve', p.id)).toEqual([
      expect.objectContaining({
        operatorId: ids.bram,
        detail: expect.objectContaining({ makerId: ids.anke, entryId: ok.body.data.entryId, amount: '25.00' }),
      }),
    ]);
    // Decided once: no second approval, rejection or cancellation.
    expect((await approve(p.id, cas)).body).toMatchObject({ code: 422, reason: 'alreadyReviewed' });
    expect((await reject(p.id, 'Too late', cas)).body).toMatchObject({ code: 422, reason: 'alreadyReviewed' });
    expect((await cancel(p.id)).body).toMatchObject({ code: 422, reason: 'alreadyReviewed' });
    expect(await entriesOf(p.id)).toHaveLength(1);
  });

  it('a debit posts a negative entry; the console ledger names the checker', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'US_STOCK', '100');
    const p = (
      await propose(u.user.id, {
        walletType: 'US_STOCK',
        direction: 'debit',
        amount: '40.5',
        category: 'correction',
        reason: 'Duplicate credit',
      })
    ).body.data;
    expect(p).toMatchObject({ currency: 'USD', amount: '40.50', direction: 'debit' });
    expect((await approve(p.id, bram)).status).toBe(200);
    expect(await balance(u.token, 'US_STOCK')).toBe('59.50');
    const bill = await h.call(walletApi.getWalletBill, { type: 'adjustment' }, { token: u.token });
    expect(bill.body.data.list[0]).toMatchObject({ amount: '-40.50', category: 'correction', currency: 'USD' });
    // Funding written straight into the ledger carries no category.
    expect(bill.body.data.list[1]).toMatchObject({ amount: '100.00', category: null });
    const ledger = await h.call(consoleMoney.customerLedger, {}, { token: rita, params: { id: u.user.id } });
    expect(ledger.body.data.list[0]).toMatchObject({ operator: 'bram', category: 'correction' });
  });

  it('a rejection moves nothing and keeps its reason; the maker cannot reject but may withdraw', async () => {
    const u = await h.registerUser();
    const p = (await propose(u.user.id, { ...goodwill, category: 'compensation' })).body.data;
    expect((await reject(p.id, 'Mine', anke)).body).toMatchObject({ code: 422, reason: 'adjustmentOwnProposal' });
    expect((await reject(p.id, '')).body).toMatchObject({ code: 400, field: 'reason' });
    const before = await written();
    const res = await reject(p.id, 'No outage on that day');
    expect(res.body).toMatchObject({
      code: 200,
      data: { status: 'rejected', checker: 'bram', decisionReason: 'No outage on that day', entryId: null },
    });
    expect(await written()).toEqual({ ...before, audit: before.audit + 1 });
    expect(await auditOf('adjustment.reject', p.id)).toEqual([
      expect.objectContaining({
        operatorId: ids.bram,
        detail: expect.objectContaining({ reason: 'No outage on that day' }),
      }),
    ]);
    expect((await approve(p.id, cas)).body).toMatchObject({ code: 422, reason: 'alreadyReviewed' });
    expect(await balance(u.token)).toBe('0.00');
    expect(await entriesOf(p.id)).toHaveLength(0);

    const q = (await propose(u.user.id, goodwill)).body.data;
    expect((await cancel(q.id, bram)).body).toMatchObject({ code: 422, reason: 'adjustmentNotYours' });
    expect((await cancel(q.id, anke)).body.data).toMatchObject({ status: 'cancelled', checker: null });
    expect((await approve(q.id, bram)).body).toMatchObject({ code: 422, reason: 'alreadyReviewed' });
    expect(await balance(u.token)).toBe('0.00');
  });

  it('above ADJUSTMENT_APPROVAL_LIMIT only a supervisor approves; a supervisor can do what an admin can', async () => {
    const u = await h.registerUser();
    const big = (await propose(u.user.id, { ...goodwill, amount: '10000.01' })).body.data;
    expect(big.approverRole).toBe('supervisor');
    const before = await written();
    const refused = await approve(big.id, bram);
    expect(refused.body).toMatchObject({ code: 422, reason: 'adjustmentNeedsSupervisor' });
    expect(refused.body.msg).toBe('Adjustments above 10,000 EUR need the approval of a supervisor');
    expect(await written()).toEqual(before);
    expect((await approve(big.id, sylvia)).body.data).toMatchObject({ status: 'approved', checker: 'sylvia' });
    expect(await balance(u.token)).toBe('10000.01');

    // At the limit a second admin is enough.
    const atLimit = (await propose(u.user.id, { ...goodwill, amount: '10000' })).body.data;
    expect(atLimit.approverRole).toBe('admin');
    expect((await approve(atLimit.id, bram)).body.code).toBe(200);

    // The supervisor proposes too (rank-based roles), and is then the maker another operator must check.
    const bySupervisor = (await propose(u.user.id, { ...goodwill, amount: '20000' }, sylvia)).body.data;
    expect(bySupervisor.maker).toBe('sylvia');
    expect((await approve(bySupervisor.id, sylvia)).body.reason).toBe('adjustmentOwnProposal');
    expect((await approve(bySupervisor.id, bram)).body.reason).toBe('adjustmentNeedsSupervisor');
    expect((await h.call(consoleMoney.adjustmentQueue, {}, { token: sylvia })).body.code).toBe(200);
  });

  it('approve and reject racing on one proposal: exactly one wins', async () => {
    const u = await h.registerUser();
    for (let round = 0; round < 6; round++) {
      const p = (await propose(u.user.id, { ...goodwill, amount: '1' })).body.data;
      const [a, r] = await Promise.all([approve(p.id, bram), reject(p.id, 'Duplicate proposal', cas)]);
      const codes = [a.body.code, r.body.code].sort();
      expect(codes).toEqual([200, 422]);
      const loser = a.body.code === 422 ? a : r;
      expect(loser.body.reason).toBe('alreadyReviewed');
      const [stored] = await h.db.select().from(adjustmentProposals).where(eq(adjustmentProposals.id, p.id));
      expect(stored?.status).toBe(a.body.code === 200 ? 'approved' : 'rejected');
      expect(await entriesOf(p.id)).toHaveLength(a.body.code === 200 ? 1 : 0);
    }
    // Two checkers approving at once: one entry.
    const p = (await propose(u.user.id, { ...goodwill, amount: '1' })).body.data;
    const both = await Promise.all([approve(p.id, bram), approve(p.id, cas)]);
    expect(both.map((b) => b.body.code).sort()).toEqual([200, 422]);
    expect(await entriesOf(p.id)).toHaveLength(1);
  });

  it('a replayed approval answers the first answer and posts one entry', async () => {
    const u = await h.registerUser();
    const p = (await propose(u.user.id, goodwill)).body.data;
    const key = randomUUID();
    const first = await approve(p.id, bram, key);
    expect(first.body.code).toBe(200);
    const before = await written();
    const [again, concurrent] = await Promise.all([approve(p.id, bram, key), approve(p.id, bram, key)]);
    expect(again.body).toEqual(first.body);
    expect(concurrent.body).toEqual(first.body);
    expect(await written()).toEqual(before);
    expect(await entriesOf(p.id)).toHaveLength(1);
    expect(await balance(u.token)).toBe('25.00');
    const noKey = await h.call(consoleMoney.adjustmentApprove, {}, { token: bram, key: null, params: { id: p.id } });
    expect(noKey.body).toMatchObject({ code: 400, field: 'Idempotency-Key' });
  });

  it('a debit beyond the available balance at approval is refused and writes nothing', async () => {
    const u = await h.registerUser();
    await h.fund(u.user.id, 'BALANCE', '100');
    const p = (
      await propose(u.user.id, { ...goodwill, direction: 'debit', amount: '60', category: 'chargebackReversal' })
    ).body.data;
    // Money is put on hold after the proposal: approval checks what is available then.
    await h.db.transaction(async (tx) => {
      const account = await h.deps.ledger.walletAccount(tx, u.user.id, 'BALANCE');
      await h.deps.ledger.hold(tx, { account, amount: '50', reference: `test:${u.user.id}`, at: h.clock.now() });
    });
    const before = await written();
    const key = randomUUID();
    const refused = await approve(p.id, bram, key);
    expect(refused.body).toMatchObject({ code: 422, reason: 'insufficientBalance' });
    expect(refused.body.msg).toContain('50.00 EUR');
    expect(await written()).toEqual(before);
    expect(await entriesOf(p.id)).toHaveLength(0);
    const [stored] = await h.db.select().from(adjustmentProposals).where(eq(adjustmentProposals.id, p.id));
    expect(stored).toMatchObject({ status: 'proposed', checkerId: null, entryId: null });
    expect(await balance(u.token)).toBe('50.00');

    // Still waiting: once the money is there, the same request goes through.
    await h.fund(u.user.id, 'BALANCE', '10');
    expect((await approve(p.id, bram, key)).body.data).toMatchObject({ status: 'approved' });
    expect(await balance(u.token)).toBe('0.00');
  });

  it('refuses bad input with a 400 naming the field, and callers without the role', async () => {
    const u = await h.registerUser();
    const before = await written();
    for (const [patch, field] of [
      [{ amount: '0' }, 'amount'],
      [{ amount: '0.00' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1.001' }, 'amount'],
      [{ amount: 5 }, 'amount'],
      [{ direction: 'up' }, 'direction'],
      [{ category: 'bonus' }, 'category'],
      [{ reason: '' }, 'reason'],
      [{ reason: 'x'.repeat(501) }, 'reason'],
      [{ walletType: 'CASH' }, 'walletType'],
    ] as const) {
      // Raw: several of these values are ones the contract's types refuse (a number amount, an unknown category).
      const res = await h.post(`/console/customers/${u.user.id}/adjustments`, { ...goodwill, ...patch }, anke);
      expect(res.body, JSON.stringify(patch)).toMatchObject({ code: 400, field });
    }
    expect((await propose(99999999, goodwill)).body.code).toBe(404);
    expect((await propose(u.user.id, goodwill, rita)).body.code).toBe(403);
    expect((await propose(u.user.id, goodwill, u.token)).body.code).toBe(401);
    expect(await written()).toEqual(before);
    const p = (await propose(u.user.id, goodwill)).body.data;
    expect((await approve(p.id, rita)).body.code).toBe(403);
    expect((await reject(p.id, 'No', rita)).body.code).toBe(403);
    expect((await h.call(consoleMoney.adjustmentQueue, {}, { token: rita })).body.code).toBe(403);
    expect((await approve(99999999, bram)).body.code).toBe(404);
  });

  it('lists waiting proposals oldest first with maker, amount, category and reason', async () => {
    const u = await h.registerUser();
    const first = (await propose(u.user.id, { ...goodwill, reason: 'First of two' })).body.data;
    const second = (await propose(u.user.id, { ...goodwill, category: 'feeRefund', reason: 'Second of two' }, bram))
      .body.data;
    const queue = await h.call(consoleMoney.adjustmentQueue, { customerId: u.user.id }, { token: cas });
    expect(queue.body.data.total).toBe(2);
    expect(queue.body.data.list.map((p) => [p.id, p.maker, p.amount, p.category, p.reason])).toEqual([
      [first.id, 'anke', '25.00', 'goodwill', 'First of two'],
      [second.id, 'bram', '25.00', 'feeRefund', 'Second of two'],
    ]);
    expect(queue.body.data.list[0]).toMatchObject({ userId: u.user.userId, email: u.email });
    await reject(first.id, 'Not needed');
    const rejected = await h.call(consoleMoney.adjustmentQueue, { status: 'rejected', q: u.email }, { token: cas });
    expect(rejected.body.data.list.map((p) => p.id)).toEqual([first.id]);
    // Raw: a status the contract's types do not allow.
    expect((await h.get('/console/adjustments?status=done', cas)).body.code).toBe(400);
  });

  it('the database itself refuses a checker who is the maker', async () => {
    const u = await h.registerUser();
    const p = (await propose(u.user.id, goodwill)).body.data;
    await expect(
      h.db
        .update(adjustmentProposals)
        .set({ status: 'rejected', checkerId: ids.anke })
        .where(eq(adjustmentProposals.id, p.id)),
    ).rejects.toThrow();
    const wallets = await h.call(consoleMoney.customerWallets, {}, { token: rita, params: { id: u.user.id } });
    expect(wallets.body.data.find((w) => w.walletType === 'BALANCE')?.balance).toBe('0.00');
  });
});
