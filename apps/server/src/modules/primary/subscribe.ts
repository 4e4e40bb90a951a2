/**
 * Subscribing (docs/primary-markets.md "Subscribing"): the ticket's figures (getIpoFullNum) and the subscription
 * itself, which holds quantity × the top of the range + the published fee in the SUBSCRIPTION wallet through the
 * ledger, in the caller's transaction with its idempotency key: all of it is written, or none of it.
 */
import {
  Code,
  Decimal,
  E,
  feeCents,
  financingDeposit,
  financingDueAt,
  IPO_FINANCING,
  type Language,
  marginCents,
  type Subscription,
  wireAmount,
} from '@beurs/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, rule } from '../../platform/errors.js';
import { priceBook } from '../trading/index.js';
import { type OfferingRow, offeringByCode, phaseOf, plainPrice } from './offerings.js';
import { offeringSubscriptions } from './schema.js';
import { toSubscription } from './subscriptions.js';

const WALLET = 'SUBSCRIPTION' as const;

/**
 * What a subscription of `lots` lots holds, in the wallet's currency at `rate` (the ledger's rounding rules): the
 * amount and the fee, or financed only the published deposit (IPO_FINANCING) and the fee.
 */
export function holdOf(
  o: Pick<OfferingRow, 'priceMax' | 'lotSize' | 'fee'>,
  lots: number,
  rate: Decimal,
  financed = false,
) {
  // The hold rounds up, so it always covers the price; the fee is a charge and rounds half up (docs/money.md).
  const amount = marginCents(new Decimal(o.priceMax).times(o.lotSize).times(lots).times(rate));
  const fee = feeCents(new Decimal(o.fee).times(rate));
  const deposit = financed ? financingDeposit(amount) : amount;
  return { amount, fee, deposit, total: deposit.plus(fee) };
}

/** The offering's make-up deadline when it offers financing, else null. */
export const dueAtOf = (o: Pick<OfferingRow, 'closesAt' | 'listingAt'>) => {
  const due = financingDueAt(o.closesAt.getTime(), o.listingAt.getTime());
  return due === null ? null : new Date(due);
};

/**
 * The most whole lots `available` carries (hold included), capped at the shares offered: the estimate from the
 * price per lot, stepped down while the rounded hold is above it (at most once or twice).
 */
export function maxLots(
  o: Pick<OfferingRow, 'priceMax' | 'lotSize' | 'fee' | 'sharesOffered'>,
  available: Decimal,
  rate: Decimal,
  financed = false,
) {
  const share = financed ? IPO_FINANCING.depositPercent / 100 : 1;
  const perLot = new Decimal(o.priceMax).times(o.lotSize).times(rate).times(share);
  const room = available.minus(feeCents(new Decimal(o.fee).times(rate)));
  if (room.lte(0)) return 0;
  let lots = Math.min(room.dividedBy(perLot).floor().toNumber(), o.sharesOffered / o.lotSize);
  while (lots > 0 && holdOf(o, lots, rate, financed).total.gt(available)) lots -= 1;
  return lots;
}

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')}`;

export function createSubscribeService(deps: Deps) {
  const { db, ledger, market } = deps;
  const currency = ledger.currencyOf(WALLET);

  async function offering(code: string): Promise<OfferingRow> {
    const found = await offeringByCode(db, code);
    if (!found) throw new AppError(Code.notFound, E.offeringNotFound, { code });
    return found;
  }

  /** Units of the wallet's currency per unit of the offering's: the live mid rate. */
  async function rateOf(o: OfferingRow): Promise<Decimal> {
    const book = await priceBook(market, [], [[o.currency, currency]]);
    return book.rate(o.currency, currency).toSignificantDigits(12);
  }

  /** getIpoFullNum: the ticket's figures and the most shares the caller can subscribe now. */
  async function ticket(userId: number, code: string) {
    const o = await offering(code);
    const rate = await rateOf(o);
    const available = await ledger.available(db, { userId, wallet: WALLET });
    const open = phaseOf(o, deps.clock.now()) === 'open';
    const one = holdOf(o, 1, rate);
    const dueAt = dueAtOf(o);
    return {
      code: o.code,
      walletType: WALLET,
      currency,
      priceCurrency: o.currency,
      price: plainPrice(o.priceMax),
      rate: rate.toSignificantDigits(8).toString(),
      lotSize: o.lotSize,
      perLot: one.amount.toFixed(2),
      fee: one.fee.toFixed(2),
      available: wireAmount(available),
      maxQuantity: open ? maxLots(o, available, rate) * o.lotSize : 0,
      financing: dueAt && {
        depositPercent: IPO_FINANCING.depositPercent,
        annualRatePercent: IPO_FINANCING.annualRatePercent,
        dueAtTimestamp: dueAt.getTime(),
        closesAtTimestamp: o.closesAt.getTime(),
        maxQuantity: open ? maxLots(o, available, rate, true) * o.lotSize : 0,
      },
    };
  }

  /** The checks of SPEC §5 and docs/primary-markets.md, before anything is written; 422 (404 unknown code). */
  async function check(tx: Tx, userId: number, o: OfferingRow, quantity: number, at: Date, financed: boolean) {
    if (phaseOf(o, at) !== 'open') {
      throw rule(
        E.offeringNotOpen,
        { code: o.code, opens: utc(o.opensAt), closes: utc(o.closesAt) },
        'offeringNotOpen',
      );
    }
    if (financed && !dueAtOf(o)) {
      throw rule(E.offeringFinancingUnavailable, { code: o.code }, 'offeringFinancingUnavailable');
    }
    if (quantity % o.lotSize !== 0)
      throw rule(E.offeringWholeLots, { code: o.code, lot: o.lotSize }, 'offeringWholeLots');
    if (quantity > o.sharesOffered) {
      throw rule(E.offeringAboveOffered, { code: o.code, max: o.sharesOffered }, 'offeringAboveOffered');
    }
    const [user] = await tx.select({ kyc: users.kycStatus }).from(users).where(eq(users.id, userId));
    if (user?.kyc !== 3) throw rule(E.kycRequired, {}, 'kycRequired');
  }

  /**
   * /NewShares/create in the request's transaction (runIdempotent). The offering row is read FOR SHARE, so an
   * allotment or a cancellation (which update it) waits for subscriptions in flight and sees them. One live
   * subscription per customer and offering is the database's unique index: a second, even a racing one, is 409.
   * The hold is the ledger's guarded update: a wallet that does not carry it answers 422 and nothing is written.
   */
  async function subscribe(
    tx: Tx,
    userId: number,
    input: { code: string; quantity: number; maxTotal?: string | undefined; financing?: boolean | undefined },
    at: Date,
    lang: Language,
  ): Promise<Subscription> {
    const o = await offeringByCode(tx, input.code, 'share');
    if (!o) throw new AppError(Code.notFound, E.offeringNotFound, { code: input.code });
    const financed = input.financing === true;
    await check(tx, userId, o, input.quantity, at, financed);
    const rate = await rateOf(o);
    const { amount, fee, deposit, total } = holdOf(o, input.quantity / o.lotSize, rate, financed);
    if (input.maxTotal !== undefined && total.gt(input.maxTotal)) {
      throw rule(E.offeringTotalAboveTicket, { total: total.toFixed(2), currency }, 'offeringTotalAboveTicket');
    }
    let row: typeof offeringSubscriptions.$inferSelect;
    try {
      [row] = (await tx
        .insert(offeringSubscriptions)
        .values({
          offeringId: o.id,
          userId,
          wallet: WALLET,
          currency,
          quantity: input.quantity,
          price: o.priceMax,
          rate: rate.toString(),
          amount: amount.toString(),
          fee: fee.toString(),
          financed,
          deposit: financed ? deposit.toString() : null,
          paymentDueAt: financed ? dueAtOf(o) : null,
          createdAt: at,
          updatedAt: at,
        })
        .returning()) as [typeof row];
    } catch (error) {
      if (isUniqueViolation(error, 'offering_subscriptions_one_per_customer')) {
        throw new AppError(Code.conflict, E.offeringAlreadySubscribed, { code: o.code });
      }
      throw error;
    }
    const account = await ledger.walletAccount(tx, userId, WALLET);
    const holdId = await ledger.hold(tx, { account, amount: total, reference: `subscription:${row.id}`, at });
    await tx.update(offeringSubscriptions).set({ holdId }).where(eq(offeringSubscriptions.id, row.id));
    return toSubscription({ ...row, holdId }, o, at, lang);
  }

  return { offering, ticket, subscribe };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
