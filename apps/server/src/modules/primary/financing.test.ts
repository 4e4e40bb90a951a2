/**
 * IPO financing on the real database and a deterministic clock (docs/primary-markets.md "IPO financing"): a financed
 * subscription holds only the deposit and the fee; an allotment the deposit does not cover enters pendingPayment with
 * the make-up to the cent; paying it (once, however often it is sent) delivers the shares at the listing; unpaid at
 * the deadline it lapses with only the fee kept. The SUBSCRIPTION wallet is in USD, so a US offering's amounts are
 * exact (rate 1). The ledger audit and the trial balance run after every test.
 */
import {
  consolePrimary,
  financingInterest,
  IPO_FINANCING,
  inbox as inboxApi,
  primary,
  trading as tradingApi,
  wallet as walletApi,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { auditLedger } from '../../../test/ledger-audit.js';
import { trader } from '../../../test/trading.js';
import { journalEntries } from '../../platform/db/schema.js';
import { createTrialBalanceJob } from '../books/index.js';
import { createPrimaryJob, type PrimaryJob } from './allotment-job.js';
import { calendarRows } from './calendar.js';
import { createFinancing } from './financing.js';
import { offeringSubscriptions, offerings } from './schema.js';

const HOUR = 3_600_000;
let h: Harness;
let job: PrimaryJob;
beforeAll(async () => {
  h = await createHarness({ config: { walletCurrency: { SUBSCRIPTION: 'USD' }, primaryJobMs: 0, tradingJobMs: 0 } });
  job = createPrimaryJob(h.deps);
});
afterEach(async () => {
  expect(await auditLedger(h.db.$client)).toEqual([]);
  expect((await createTrialBalanceJob(h.deps).checkUnlocked()).problems).toEqual([]);
});

/** A US offering open for an hour more, listing 48 hours after its close: 250.00 a share, lot 1, fee 1.00. */
async function offering(code: string, overrides: Partial<typeof offerings.$inferInsert> = {}) {
  const [base] = calendarRows(h.clock.now());
  const now = h.clock.now().getTime();
  const [row] = await h.db
    .insert(offerings)
    .values({
      ...base!,
      code,
      opensAt: new Date(now - HOUR),
      closesAt: new Date(now + HOUR),
      listingAt: new Date(now + 49 * HOUR),
      priceMin: '200.00',
      priceMax: '250.00',
      fee: '1.00',
      lotSize: 1,
      sharesOffered: 1000,
      allotmentRule: 'proRata',
      ...overrides,
    })
    .returning();
  return row!;
}

const subscriber = (usd: string) => trader(h, { SUBSCRIPTION: usd });
const subscribe = (token: string, code: string, quantity: number, financing = true) =>
  h.call(primary.newSharesCreate, { code, quantity, financing }, { token });
const pay = (token: string, id: number, key?: string, lang?: string) =>
  h.call(primary.newSharesPay, { id }, { token, ...(key ? { key } : {}), ...(lang ? { lang } : {}) });
const sub = async (token: string, id: number) =>
  (await h.call(primary.subscriptionDetail, { id }, { token })).body.data;
const wallet = async (token: string) =>
  (await h.call(walletApi.getWalletBalance, { walletType: 'SUBSCRIPTION' }, { token })).body.data[0]!;
const makeUps = async (id: number) =>
  (
    await h.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `subscription:${id}:makeup`))
  ).length;

describe('IPO financing', () => {
  it('holds only the deposit; the ticket shows the terms and the deadline', async () => {
    const o = await offering('FINA');
    const u = await subscriber('12000');
    const ticket = (await h.call(primary.ipoFullNum, { code: 'FINA' }, { token: u.token })).body.data;
    const due = o.listingAt.getTime() - IPO_FINANCING.dueHoursBeforeListing * HOUR;
    expect(ticket.financing).toEqual({
      depositPercent: 20,
      annualRatePercent: 6,
      dueAtTimestamp: due,
      closesAtTimestamp: o.closesAt.getTime(),
      maxQuantity: 239, // (12000 − 1) / 50 a share
    });
    expect(ticket.maxQuantity).toBe(47); // (12000 − 1) / 250

    const res = await subscribe(u.token, 'FINA', 40);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      financed: true,
      amount: '10000.00',
      deposit: '2000.00',
      total: '2001.00',
      amountPending: '2001.00',
      paymentDueAtTimestamp: due,
      makeUp: null,
    });
    expect(await wallet(u.token)).toMatchObject({ balance: '9999.00', usedBalance: '2001.00' });
  });

  it('allotted -> pendingPayment with the make-up to the cent; paid once however often sent; delivered at listing', async () => {
    const o = await offering('FINB');
    const u = await subscriber('12000');
    const id = (await subscribe(u.token, 'FINB', 40)).body.data.id;
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).allotted).toContain('FINB');

    // Financed 10000 − 2000 = 8000 for 46 hours at 6 % a year: 8000 × 0.06 × 46 / 8760 = 2.5205… → 2.52.
    expect(financingInterest('8000', o.closesAt.getTime(), o.closesAt.getTime() + 46 * HOUR).toFixed(2)).toBe('2.52');
    expect(await sub(u.token, id)).toMatchObject({
      status: 'pendingPayment',
      settleStatus: null,
      allottedQuantity: 40,
      interest: '2.52',
      makeUp: '8002.52',
      amountPaid: '1.00',
      amountPending: '2000.00',
    });
    // The fee is charged; the deposit stays held; the rest is free.
    expect(await wallet(u.token)).toMatchObject({ balance: '9999.00', usedBalance: '2000.00' });
    const listed = await h.call(
      primary.positionSubscription,
      { status: 'pendingPayment', page: 1, pageSize: 20 },
      { token: u.token },
    );
    expect(listed.body.data.list.map((s) => s.id)).toEqual([id]);

    // Two payments at once with different keys: one pays, the other finds nothing due.
    const [a, b] = await Promise.all([pay(u.token, id), pay(u.token, id)]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const [paid, refused] = a.status === 200 ? [a, b] : [b, a];
    expect(refused.body.reason).toBe('subscriptionNothingDue');
    expect(paid.body.data).toMatchObject({ status: 'allotted', settleStatus: 'toBeSettled', amountPaid: '10003.52' });
    // A replay of the same key answers the same and pays nothing more.
    const key = 'fin-replay-1';
    const again = await pay(u.token, id, key);
    expect(again.status).toBe(422);
    expect((await pay(u.token, id, key)).body).toEqual(again.body);
    expect(await makeUps(id)).toBe(1);
    expect(await wallet(u.token)).toMatchObject({ balance: '1996.48', usedBalance: '0.00' });

    h.clock.advance(48 * HOUR);
    const run = await job.runUnlocked();
    expect(run.listed).toContain('FINB');
    expect(run.lapsed).not.toContain(id);
    const positions = (await h.call(tradingApi.positionMe, {}, { token: u.token })).body.data.list;
    expect(positions.find((p) => p.stockCode === 'FINB')).toMatchObject({ positionNum: 40 });
    expect(await sub(u.token, id)).toMatchObject({ status: 'allotted', settleStatus: 'settled' });
  });

  it('a replay of a successful payment pays once', async () => {
    await offering('FINC');
    const u = await subscriber('12000');
    const id = (await subscribe(u.token, 'FINC', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    const first = await pay(u.token, id, 'fin-once');
    expect(first.status).toBe(200);
    const second = await pay(u.token, id, 'fin-once');
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await makeUps(id)).toBe(1);
    expect(await wallet(u.token)).toMatchObject({ balance: '1996.48', usedBalance: '0.00' });
  });

  it('not paid by the deadline: lapses, the deposit returns, only the fee is kept, no shares', async () => {
    const o = await offering('FIND');
    const u = await subscriber('12000');
    const id = (await subscribe(u.token, 'FIND', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    // One hour before the deadline nothing lapses.
    h.clock.advance(o.listingAt.getTime() - 3 * HOUR - h.clock.now().getTime());
    expect((await job.runUnlocked()).lapsed).not.toContain(id);
    h.clock.advance(HOUR);
    // At the deadline, before the job: paying is refused, translated, and nothing moves.
    const late = await pay(u.token, id, undefined, 'nl');
    expect(late.status).toBe(422);
    expect(late.body.reason).toBe('subscriptionPaymentLapsed');
    expect(late.body.msg).toContain('termijn');
    expect((await job.runUnlocked()).lapsed).toContain(id);
    expect(await wallet(u.token)).toMatchObject({ balance: '11999.00', usedBalance: '0.00' });
    expect(await sub(u.token, id)).toMatchObject({ status: 'lapsed', amountPaid: '1.00', amountPending: '0.00' });
    expect((await job.runUnlocked()).lapsed).toEqual([]);
    h.clock.advance(2 * HOUR);
    expect((await job.runUnlocked()).listed).toContain('FIND');
    const positions = (await h.call(tradingApi.positionMe, {}, { token: u.token })).body.data.list;
    expect(positions.find((p) => p.stockCode === 'FIND')).toBeUndefined();
    expect(await sub(u.token, id)).toMatchObject({ status: 'lapsed', settleStatus: null });
  });

  it('a deposit that covers the allotment settles it as any other; unfinanced subscriptions are untouched', async () => {
    await offering('FINE', { sharesOffered: 100 });
    const a = await subscriber('6000');
    const ida = (await subscribe(a.token, 'FINE', 100)).body.data.id;
    const others = [];
    for (let i = 0; i < 4; i += 1) {
      const b = await subscriber('25001');
      others.push({ b, id: (await subscribe(b.token, 'FINE', 100, false)).body.data.id });
    }
    h.clock.advance(HOUR);
    await job.runUnlocked();
    // Demand 500 for 100: each gets 20; a's 20 cost 5000, exactly its deposit.
    expect(await sub(a.token, ida)).toMatchObject({
      status: 'allotted',
      allottedQuantity: 20,
      makeUp: null,
      amountPaid: '5001.00',
    });
    expect(await wallet(a.token)).toMatchObject({ balance: '999.00', usedBalance: '0.00' });
    for (const { b, id } of others) {
      expect(await sub(b.token, id)).toMatchObject({
        status: 'allotted',
        allottedQuantity: 20,
        financed: false,
        deposit: null,
      });
    }
    expect((await pay(a.token, ida)).body.reason).toBe('subscriptionNothingDue');
  });

  it('a cancelled offering returns everything: the deposit held and the fee, or the make-up paid', async () => {
    const o = await offering('FINH');
    const { admin } = await h.consoleOperators({ admin: 'fina-admin', reviewer: 'fina-reviewer' });
    const [p, q] = [await subscriber('12000'), await subscriber('12000')];
    const idp = (await subscribe(p.token, 'FINH', 40)).body.data.id;
    const idq = (await subscribe(q.token, 'FINH', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    expect((await pay(q.token, idq)).status).toBe(200);
    const res = await h.call(
      consolePrimary.offeringCancel,
      { reason: 'Issuer withdrew' },
      { token: admin, params: { id: o.id } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // p: the deposit 2000 held and the fee 1; q: the fee 1 and the make-up 10,002.52 (deposit included).
    expect(res.body.data.refunded).toEqual([{ currency: 'USD', amount: '12004.52' }]);
    for (const [u, id] of [
      [p, idp],
      [q, idq],
    ] as const) {
      expect(await wallet(u.token)).toMatchObject({ balance: '12000.00', usedBalance: '0.00' });
      expect(await sub(u.token, id)).toMatchObject({ status: 'cancelled' });
    }
  });

  it('refuses: a wallet that does not carry the make-up, another customer, an offering without financing', async () => {
    await offering('FINF');
    const u = await subscriber('2001');
    const other = await subscriber('10');
    const id = (await subscribe(u.token, 'FINF', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    const short = await pay(u.token, id);
    expect(short.status).toBe(422);
    expect(short.body.reason).toBe('insufficientBalance');
    expect(await sub(u.token, id)).toMatchObject({ status: 'pendingPayment', amountPending: '2000.00' });
    expect(await wallet(u.token)).toMatchObject({ balance: '0.00', usedBalance: '2000.00' });
    expect((await pay(other.token, id)).status).toBe(404);
    expect((await pay(other.token, 999_999)).status).toBe(404);

    // Listing 10 hours after the close: no time to pay, so no financing; nothing is written.
    await offering('FING', { listingAt: new Date(h.clock.now().getTime() + 11 * HOUR) });
    const v = await subscriber('12000');
    expect((await h.call(primary.ipoFullNum, { code: 'FING' }, { token: v.token })).body.data.financing).toBeNull();
    const refused = await h.call(
      primary.newSharesCreate,
      { code: 'FING', quantity: 40, financing: true },
      { token: v.token, lang: 'zh-Hans' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.reason).toBe('offeringFinancingUnavailable');
    expect(refused.body.msg).toContain('融资');
    const rows = await h.db.select().from(offeringSubscriptions).where(eq(offeringSubscriptions.userId, v.user.id));
    expect(rows).toEqual([]);
    expect(await wallet(v.token)).toMatchObject({ balance: '12000.00', usedBalance: '0.00' });
  });
});

describe('IPO financing messages', () => {
  const LEAD = IPO_FINANCING.reminderHoursBeforeDue * HOUR;
  const messages = async (token: string, lang?: string) =>
    (
      await h.call(inboxApi.getMessages, { page: 1, pageSize: 50 }, { token, ...(lang ? { lang } : {}) })
    ).body.data.list.filter((m) => m.kind.startsWith('ipo'));
  const kinds = async (token: string) => (await messages(token)).map((m) => m.kind).reverse();
  const dueAt = (o: { listingAt: Date }) => o.listingAt.getTime() - IPO_FINANCING.dueHoursBeforeListing * HOUR;
  const to = (ms: number) => h.clock.advance(ms - h.clock.now().getTime());

  it('tells the make-up due, reminds once before the deadline, tells the lapse; nothing for an unfinanced one', async () => {
    const o = await offering('FINM');
    const u = await subscriber('12000');
    const v = await subscriber('12000');
    const id = (await subscribe(u.token, 'FINM', 40)).body.data.id;
    expect((await subscribe(v.token, 'FINM', 40, false)).status).toBe(200);
    h.clock.advance(HOUR);
    await job.runUnlocked();
    await job.runUnlocked();
    const [due] = await messages(u.token);
    expect(await kinds(u.token)).toEqual(['ipoPaymentDue']);
    expect(due).toMatchObject({ title: 'IPO allotment: payment due', read: false });
    expect(due?.link).toBe(`/pages/trade/index?tab=subscription&id=${id}`);
    const deadline = new Date(dueAt(o)).toISOString().slice(0, 16).replace('T', ' ');
    expect(due?.body).toContain('allotted 40 shares of FINM');
    expect(due?.body).toContain(`8,002.52 USD (interest included) is due by ${deadline} UTC`);
    expect(due?.body).toContain('Subscriptions wallet');
    expect((await messages(u.token, 'nl'))[0]?.body).toContain('8.002,52 USD');

    // Not before the lead time; at it, once, however many passes and job instances (a restart) run.
    // (Other tests' subscriptions share the clock and may be reminded here too: only this one's id counts.)
    to(dueAt(o) - LEAD - 60_000);
    expect((await job.runUnlocked()).reminded).not.toContain(id);
    to(dueAt(o) - LEAD);
    const restarted = createPrimaryJob(h.deps);
    const runs = await Promise.all([job.runOnce(), restarted.runOnce()]);
    expect(runs.flatMap((r) => r.reminded).filter((told) => told === id)).toEqual([id]);
    expect((await restarted.runUnlocked()).reminded).not.toContain(id);
    h.clock.advance(LEAD - HOUR);
    expect((await job.runUnlocked()).reminded).not.toContain(id);
    expect(await kinds(u.token)).toEqual(['ipoPaymentDue', 'ipoPaymentReminder']);
    const reminder = (await messages(u.token, 'zh-Hans'))[0];
    expect(reminder?.title).toBe('提醒：新股补缴即将到期');
    expect(reminder?.body).toContain('8,002.52 USD');

    to(dueAt(o));
    expect((await job.runUnlocked()).lapsed).toContain(id);
    expect((await job.runUnlocked()).lapsed).not.toContain(id);
    expect(await kinds(u.token)).toEqual(['ipoPaymentDue', 'ipoPaymentReminder', 'ipoPaymentLapsed']);
    const lapsed = (await messages(u.token))[0];
    expect(lapsed?.body).toContain('Your deposit of 2,000.00 USD is back in your Subscriptions wallet');
    expect(lapsed?.body).toContain('The fee of 1.00 USD is kept');
    expect((await messages(u.token, 'nl'))[0]?.title).toBe('IPO-toewijzing vervallen');
    expect(await messages(v.token)).toEqual([]);
  });

  it('no reminder after the payment; nothing for a deposit that covers the allotment', async () => {
    const o = await offering('FINN');
    await offering('FINP', { sharesOffered: 100 });
    const [u, w] = [await subscriber('12000'), await subscriber('6000')];
    const id = (await subscribe(u.token, 'FINN', 40)).body.data.id;
    const idw = (await subscribe(w.token, 'FINP', 100)).body.data.id;
    const others = [];
    for (let i = 0; i < 4; i += 1) others.push(await subscriber('25001'));
    for (const b of others) await subscribe(b.token, 'FINP', 100, false);
    h.clock.advance(HOUR);
    await job.runUnlocked();
    expect((await sub(u.token, id)).status).toBe('pendingPayment');
    expect((await pay(u.token, id)).status).toBe(200);
    // FINP: demand 500 for 100, so w gets 20 shares, 5000: exactly its deposit.
    expect(await sub(w.token, idw)).toMatchObject({ status: 'allotted', allottedQuantity: 20, makeUp: null });
    to(dueAt(o) - LEAD);
    expect((await job.runUnlocked()).reminded).not.toContain(id);
    expect(await kinds(u.token)).toEqual(['ipoPaymentDue']);
    for (const b of [w, ...others]) expect(await messages(b.token)).toEqual([]);
  });

  it('each pass reminds, and lapses, at most a batch, nearest deadline first; the next pass goes on', async () => {
    const now = h.clock.now().getTime();
    const [a, b] = [await offering('FINS'), await offering('FINT', { listingAt: new Date(now + 50 * HOUR) })];
    const [u, v] = [await subscriber('12000'), await subscriber('12000')];
    const ida = (await subscribe(u.token, 'FINS', 40)).body.data.id;
    const idb = (await subscribe(v.token, 'FINT', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    expect([(await sub(u.token, ida)).status, (await sub(v.token, idb)).status]).toEqual([
      'pendingPayment',
      'pendingPayment',
    ]);
    const financing = createFinancing(h.deps);
    // Both within the lead time; one a pass (other tests' leftovers may come first: only the order of ours counts).
    to(dueAt(a) - HOUR);
    const reminded: number[] = [];
    for (let pass = 0; pass < 10; pass += 1) {
      const told = await financing.remindDue(h.db, h.clock.now(), 1);
      expect(told.length).toBeLessThanOrEqual(1);
      if (told.length === 0) break;
      reminded.push(...told);
    }
    expect(reminded.filter((id) => id === ida || id === idb)).toEqual([ida, idb]);
    expect((await messages(u.token))[0]?.body).toContain('FINS');
    to(dueAt(b));
    const lapsed: number[] = [];
    for (let pass = 0; pass < 10; pass += 1) {
      const gone = await financing.lapseDue(h.db, h.clock.now(), 1);
      expect(gone.length).toBeLessThanOrEqual(1);
      if (gone.length === 0) break;
      lapsed.push(...gone);
    }
    expect(lapsed.filter((id) => id === ida || id === idb)).toEqual([ida, idb]);
    expect((await messages(v.token))[0]).toMatchObject({ kind: 'ipoPaymentLapsed' });
    expect((await messages(v.token))[0]?.body).toContain('FINT');
  });

  it('allotted within the lead time: the message that states the deadline is the only one', async () => {
    const now = h.clock.now().getTime();
    // Close in an hour, deadline 18 hours later (listing 20 hours after the close): inside the 24-hour lead.
    const o = await offering('FINO', { listingAt: new Date(now + 21 * HOUR) });
    const u = await subscriber('12000');
    const id = (await subscribe(u.token, 'FINO', 40)).body.data.id;
    h.clock.advance(HOUR);
    await job.runUnlocked();
    expect((await sub(u.token, id)).status).toBe('pendingPayment');
    h.clock.advance(HOUR);
    expect((await job.runUnlocked()).reminded).not.toContain(id);
    to(dueAt(o) - 60_000);
    expect((await job.runUnlocked()).reminded).not.toContain(id);
    expect(await kinds(u.token)).toEqual(['ipoPaymentDue']);
  });
});

describe('the console subscription list', () => {
  it('shows financed, the deposit up front, the make-up due, the deadline, and when it was paid or lapsed', async () => {
    const o = await offering('FINQ');
    const { reviewer } = await h.consoleOperators({ admin: 'finq-admin', reviewer: 'finq-reviewer' });
    const [p, q, r] = [await subscriber('12000'), await subscriber('12000'), await subscriber('12000')];
    const idp = (await subscribe(p.token, 'FINQ', 40)).body.data.id;
    const idq = (await subscribe(q.token, 'FINQ', 40)).body.data.id;
    const idr = (await subscribe(r.token, 'FINQ', 40, false)).body.data.id;
    const list = async (token = reviewer) => {
      const res = await h.call(consolePrimary.offeringSubscriptions, {}, { token, params: { id: o.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = consolePrimary.offeringSubscriptions.data.parse(res.body.data);
      return new Map(page.list.map((row) => [row.id, row]));
    };
    const due = o.listingAt.getTime() - IPO_FINANCING.dueHoursBeforeListing * HOUR;
    const before = await list();
    expect(before.get(idp)).toMatchObject({
      financed: true,
      deposit: '2000.00',
      total: '2001.00',
      makeUp: null,
      paymentDueAtTimestamp: due,
      paidAtTimestamp: null,
      lapsedAtTimestamp: null,
    });
    const unfinanced = {
      financed: false,
      deposit: null,
      makeUp: null,
      paymentDueAtTimestamp: null,
      paidAtTimestamp: null,
      lapsedAtTimestamp: null,
    };
    expect(before.get(idr)).toMatchObject(unfinanced);

    h.clock.advance(HOUR);
    await job.runUnlocked();
    h.clock.advance(HOUR);
    const paidAt = h.clock.now().getTime();
    expect((await pay(p.token, idp)).status).toBe(200);
    const after = await list();
    expect(after.get(idp)).toMatchObject({ status: 'allotted', makeUp: '8002.52', paidAtTimestamp: paidAt });
    expect(after.get(idq)).toMatchObject({
      status: 'pendingPayment',
      makeUp: '8002.52',
      paidAtTimestamp: null,
      lapsedAtTimestamp: null,
    });

    h.clock.advance(due - h.clock.now().getTime());
    await job.runUnlocked();
    // Two days on, the first operator session has expired: another operator signs in.
    const later = await h.consoleOperators({ admin: 'finq-admin-2', reviewer: 'finq-reviewer-2' });
    const lapsed = await list(later.reviewer);
    expect(lapsed.get(idq)).toMatchObject({ status: 'lapsed', paidAtTimestamp: null, lapsedAtTimestamp: due });
    expect(lapsed.get(idp)).toMatchObject({ paidAtTimestamp: paidAt, lapsedAtTimestamp: null });
    expect(lapsed.get(idr)).toMatchObject({ status: 'allotted', ...unfinanced });
  });
});
