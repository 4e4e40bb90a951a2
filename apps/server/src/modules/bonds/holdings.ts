/**
 * Buying, listing, valuing and selling treasury bonds (docs/fixed-income.md "Buying and selling"). A purchase pays
 * the ask's dirty price × face + the published fee from the wallet of the bond's currency in one journal entry
 * (bondBuy: the customer's wallet to the market and fees accounts) in the request's transaction with its idempotency
 * key; a sale before maturity is paid the bid's dirty price × face less the fee (bondSale). Coupons and redemptions
 * are the job's (job.ts). Another customer's holding answers 404, as one that does not exist.
 */
import {
  BOND_FEE,
  type BondHolding,
  type BondHoldingState,
  type BondQuote,
  bondAmount,
  bondFee,
  bondMath,
  type bonds as bondsApi,
  Code,
  Decimal,
  E,
  type Language,
  paginate,
  type Wallet,
} from '@beurs/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../ledger/ledger.js';
import { curvesOf } from '../../market/curves.js';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { couponDatesBetween, dateMs, type BondQuote as Quote, quoteBond } from './quote.js';
import { bondHoldings } from './schema.js';
import {
  BOND_SOURCE,
  type BondDef,
  type BondIssuer,
  type BondKind,
  bondByCode,
  bondName,
  bondUniverse,
  COUPON_BONDS,
  type DayCount,
  settlementOf,
  tradable,
  walletOfBond,
} from './universe.js';

export const BOND_BUY_ENTRY = 'bondBuy';
export const BOND_SALE_ENTRY = 'bondSale';

export type HoldingRow = typeof bondHoldings.$inferSelect;
type CreateBody = Omit<z.output<typeof bondsApi.treasuryBondCreate.request>, 'payPassword' | 'totpCode'>;
type FlatBody = z.output<typeof bondsApi.treasuryBondFlatPosition.request>;

export const pct = (y: number | string) => (Number(y) * 100).toFixed(3);
export const p6 = (d: Decimal) => d.toFixed(6);

/** The bond's terms as a holding row copies them (the bond book reads the same columns). */
export type TermsOfRow = Pick<
  HoldingRow,
  'code' | 'issuer' | 'kind' | 'currency' | 'couponRate' | 'frequency' | 'datedDate' | 'maturity' | 'faceValue'
>;

/** A holding's bond, as the universe describes it (terms from the row: a bill may have left the list). */
export function defOfRow(row: TermsOfRow): BondDef {
  return {
    code: row.code,
    issuer: row.issuer as BondIssuer,
    kind: row.kind as BondKind,
    currency: row.currency as 'USD' | 'EUR',
    couponRate: new Decimal(row.couponRate).toString(),
    frequency: row.frequency as 0 | 1 | 2,
    datedDate: row.datedDate,
    maturity: row.maturity,
    faceValue: Number(row.faceValue),
    dayCount: (row.frequency === 0 ? 'ACT/360' : 'ACT/ACT ICMA') as DayCount,
    settlementDays: row.issuer === 'US' ? 1 : 2,
  };
}

/** SPEC §4's state of a holding at `at`. */
export function stateOf(row: HoldingRow, def: BondDef, at: Date): BondHoldingState {
  if (row.status !== 'bought') return row.status;
  return tradable(def, at) ? 'bought' : 'waitingRedemption';
}

/** The date the job next owes a holding something: its next coupon (or a bill's maturity), none past a sale. */
export function nextDueOf(def: BondDef, paidThrough: string, saleSettlement: string | null): string | null {
  const until = saleSettlement ?? def.maturity;
  const next = def.frequency === 0 ? def.maturity : (couponDatesBetween(def, paidThrough, def.maturity)[0] ?? null);
  if (next === null || next <= paidThrough || next > until) return null;
  if (saleSettlement !== null && def.frequency === 0) return null;
  return next;
}

export function createBondService(deps: Deps) {
  const { db, ledger } = deps;
  const curves = () => curvesOf(deps.config.marketSeed);

  function toQuote(def: BondDef, q: Quote, lang: Language): BondQuote {
    // A year's coupon dates, as the last `frequency` of the schedule fall (a month-end bond: 02-28 and 08-31).
    const couponDates = Array.from({ length: def.frequency }, (_, n) =>
      bondMath.couponDateBefore({ frequency: def.frequency as 1 | 2, maturity: def.maturity }, n).slice(5),
    ).sort();
    return {
      code: def.code,
      name: bondName(def, lang),
      source: BOND_SOURCE,
      issuer: def.issuer,
      kind: def.kind,
      currency: def.currency,
      walletType: walletOfBond(def),
      simulated: true,
      couponRate: pct(def.couponRate),
      frequency: def.frequency,
      couponDates,
      datedDate: def.datedDate,
      maturityDate: def.maturity,
      expiredDateTimestamp: dateMs(def.maturity),
      faceValue: new Decimal(def.faceValue).toFixed(2),
      dayCount: def.dayCount,
      settlementDate: q.settlement,
      nextCouponDate: q.nextCouponDate,
      cleanPrice: p6(q.cleanPrice),
      bid: p6(q.bid),
      ask: p6(q.ask),
      accruedInterest: p6(q.accrued),
      dirtyAsk: p6(q.ask.plus(q.accrued)),
      yield: pct(q.yield),
      bidYield: pct(q.bidYield),
      askYield: pct(q.askYield),
      feeRate: BOND_FEE.rate,
      minFee: BOND_FEE.min,
    };
  }

  function bondsPage(body: z.output<typeof bondsApi.bondsList.request>, at: Date, lang: Language) {
    const list = bondUniverse(at).filter(
      (b) =>
        (!body.issuer || b.issuer === body.issuer) &&
        (!body.kind || b.kind === body.kind) &&
        (!body.code || b.code === body.code),
    );
    const page = paginate(list, body.page, body.pageSize);
    return { ...page, list: page.list.map((def) => toQuote(def, quoteBond(def, curves(), at), lang)) };
  }

  function toHolding(row: HoldingRow, at: Date, lang: Language): BondHolding {
    const def = defOfRow(row);
    const status = stateOf(row, def, at);
    const open = row.status === 'bought';
    const q = open ? quoteBond(def, curves(), at) : null;
    const amount = new Decimal(row.amount);
    const fee = new Decimal(row.fee);
    const money = (per100: Decimal | null) =>
      per100 === null ? '0.00' : bondAmount(per100, def.faceValue, row.quantity, 'sell').toFixed(2);
    return {
      id: row.id,
      code: row.code,
      name: bondName(def, lang),
      issuer: def.issuer,
      kind: def.kind,
      currency: def.currency,
      walletType: row.wallet as Wallet,
      quantity: row.quantity,
      faceValue: new Decimal(def.faceValue).toFixed(2),
      couponRate: pct(def.couponRate),
      frequency: def.frequency,
      maturityDate: def.maturity,
      expiredDateTimestamp: dateMs(def.maturity),
      buyingPrice: p6(new Decimal(row.cleanPrice)),
      yield: pct(row.yield),
      settlementDate: row.settlementDate,
      amount: amount.toFixed(2),
      fee: fee.toFixed(2),
      total: amount.plus(fee).toFixed(2),
      interest: new Decimal(row.income).toFixed(2),
      accruedInterest: money(q ? q.accrued : null),
      marketValue: money(q ? q.bid : null),
      nextCouponDate: open ? (nextDueOf(def, row.paidThrough, null) ?? null) : null,
      status,
      salePrice: row.salePrice === null ? null : p6(new Decimal(row.salePrice)),
      saleAmount: row.saleAmount === null ? null : new Decimal(row.saleAmount).toFixed(2),
      saleFee: row.saleFee === null ? null : new Decimal(row.saleFee).toFixed(2),
      createTimeTimestamp: row.createdAt.getTime(),
      closeTimeTimestamp: row.closedAt ? row.closedAt.getTime() : null,
    };
  }

  /** The caller's own holding (FOR UPDATE in a transaction), or 404. */
  async function ownHolding(ex: Executor, userId: number, id: number, lock: boolean): Promise<HoldingRow> {
    const query = ex
      .select()
      .from(bondHoldings)
      .where(and(eq(bondHoldings.id, id), eq(bondHoldings.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new AppError(Code.notFound, E.bondHoldingNotFound, { id });
    return row;
  }

  /** The listed bond of a code, or 422 when it can no longer be traded, 404 when there is none. */
  function tradableBond(code: string, at: Date): BondDef {
    const def = bondByCode(code, at);
    if (def) return def;
    const known = COUPON_BONDS.find((b) => b.code === code);
    if (known) throw rule(E.bondNotTradable, { code, maturity: known.maturity }, 'bondNotTradable');
    throw new AppError(Code.notFound, E.bondNotFound, { code });
  }

  /** /treasuryBond/create in the request's transaction (runIdempotent): the row, then its one journal entry. */
  async function create(tx: Tx, userId: number, body: CreateBody, at: Date, lang: Language): Promise<BondHolding> {
    const def = tradableBond(body.code, at);
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
    const q = quoteBond(def, curves(), at);
    const amount = bondAmount(q.ask.plus(q.accrued), def.faceValue, body.quantity, 'buy');
    const fee = bondFee(amount);
    const total = amount.plus(fee);
    const wallet = walletOfBond(def);
    if (body.maxTotal !== undefined && total.gt(body.maxTotal)) {
      throw rule(
        E.bondTotalAboveTicket,
        { total: total.toFixed(2), max: new Decimal(body.maxTotal).toFixed(2), currency: def.currency },
        'bondTotalAboveTicket',
      );
    }
    const account = await ledger.walletAccount(tx, userId, wallet);
    if (account.currency !== def.currency) throw new Error(`the ${wallet} wallet is not in ${def.currency}`);
    const settlement = settlementOf(def, at);
    const [row] = await tx
      .insert(bondHoldings)
      .values({
        userId,
        code: def.code,
        issuer: def.issuer,
        kind: def.kind,
        currency: def.currency,
        wallet,
        couponRate: def.couponRate,
        frequency: def.frequency,
        datedDate: def.datedDate,
        maturity: def.maturity,
        faceValue: String(def.faceValue),
        quantity: body.quantity,
        settlementDate: settlement,
        cleanPrice: q.ask.toString(),
        accrued: q.accrued.toString(),
        yield: q.askYield.toFixed(8),
        amount: amount.toString(),
        fee: fee.toString(),
        paidThrough: settlement,
        nextDue: nextDueOf(def, settlement, null),
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (!row) throw new Error('bond holding not written');
    await ledger.post(tx, {
      type: BOND_BUY_ENTRY,
      reference: `bond:${row.id}`,
      at,
      detail: { holding: row.id, code: def.code, quantity: body.quantity, price: p6(q.ask), accrued: p6(q.accrued) },
      postings: [
        { account, amount: total.negated() },
        { account: await ledger.systemAccount(tx, 'market', account.currency), amount },
        { account: await ledger.systemAccount(tx, 'fees', account.currency), amount: fee },
      ],
    });
    return toHolding(row, at, lang);
  }

  /** /treasuryBond/flatPosition in the request's transaction: the whole holding sold at the bid. */
  async function flat(tx: Tx, userId: number, body: FlatBody, at: Date, lang: Language): Promise<BondHolding> {
    const row = await ownHolding(tx, userId, body.id, true);
    if (row.status !== 'bought') throw rule(E.bondHoldingClosed, {}, 'bondHoldingClosed');
    const def = defOfRow(row);
    if (!tradable(def, at)) {
      throw rule(E.bondNotTradable, { code: def.code, maturity: def.maturity }, 'bondNotTradable');
    }
    const q = quoteBond(def, curves(), at);
    const gross = bondAmount(q.bid.plus(q.accrued), def.faceValue, row.quantity, 'sell');
    const fee = bondFee(gross);
    const net = gross.minus(fee);
    if (body.minProceeds !== undefined && net.lt(body.minProceeds)) {
      throw rule(
        E.bondProceedsBelowTicket,
        { total: net.toFixed(2), min: new Decimal(body.minProceeds).toFixed(2), currency: def.currency },
        'bondProceedsBelowTicket',
      );
    }
    const account = await ledger.walletAccount(tx, userId, row.wallet as Wallet);
    await ledger.post(tx, {
      type: BOND_SALE_ENTRY,
      reference: `bond:${row.id}`,
      at,
      detail: { holding: row.id, code: def.code, quantity: row.quantity, price: p6(q.bid), accrued: p6(q.accrued) },
      postings: [
        { account: await ledger.systemAccount(tx, 'market', account.currency), amount: gross.negated() },
        { account, amount: net },
        { account: await ledger.systemAccount(tx, 'fees', account.currency), amount: fee },
      ],
    });
    const saleSettlement = settlementOf(def, at);
    const [sold] = await tx
      .update(bondHoldings)
      .set({
        status: 'sold',
        saleSettlementDate: saleSettlement,
        salePrice: q.bid.toString(),
        saleAmount: net.toString(),
        saleFee: fee.toString(),
        nextDue: nextDueOf(def, row.paidThrough, saleSettlement),
        closedAt: at,
        updatedAt: at,
      })
      .where(eq(bondHoldings.id, row.id))
      .returning();
    if (!sold) throw new Error(`bond holding ${row.id} vanished while sold`);
    return toHolding(sold, at, lang);
  }

  async function page(
    userId: number,
    body: z.output<typeof bondsApi.treasuryBondPageList.request>,
    at: Date,
    lang: Language,
  ) {
    const rows = await db
      .select()
      .from(bondHoldings)
      .where(eq(bondHoldings.userId, userId))
      .orderBy(desc(bondHoldings.id));
    const list = rows.map((row) => toHolding(row, at, lang)).filter((h) => !body.status || h.status === body.status);
    return paginate(list, body.page, body.pageSize);
  }

  async function total(userId: number, at: Date) {
    const rows = await db.select().from(bondHoldings).where(eq(bondHoldings.userId, userId));
    const byCurrency = new Map<
      string,
      { wallet: Wallet; holdings: number; face: Decimal; value: Decimal; accrued: Decimal; income: Decimal }
    >();
    for (const row of rows) {
      const h = toHolding(row, at, 'en');
      const t = byCurrency.get(h.currency) ?? {
        wallet: h.walletType,
        holdings: 0,
        face: new Decimal(0),
        value: new Decimal(0),
        accrued: new Decimal(0),
        income: new Decimal(0),
      };
      t.income = t.income.plus(h.interest);
      if (row.status === 'bought') {
        t.holdings += 1;
        t.face = t.face.plus(new Decimal(h.faceValue).times(h.quantity));
        t.value = t.value.plus(h.marketValue);
        t.accrued = t.accrued.plus(h.accruedInterest);
      }
      byCurrency.set(h.currency, t);
    }
    return {
      totals: [...byCurrency.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, t]) => ({
          currency: currency as 'USD' | 'EUR',
          walletType: t.wallet,
          holdings: t.holdings,
          faceValue: t.face.toFixed(2),
          marketValue: t.value.toFixed(2),
          accruedInterest: t.accrued.toFixed(2),
          income: t.income.toFixed(2),
        })),
    };
  }

  return { bondsPage, create, flat, page, total, toHolding, ownHolding };
}
