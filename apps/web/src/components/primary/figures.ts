/**
 * The subscription ticket's figures (docs/primary-markets.md "Subscribing"), from getIpoFullNum's answer and the
 * number of lots. The server holds `round_up(quantity × top price × rate)` + the fee; its `perLot` is one lot's
 * hold rounded up to the cent, so `lots × perLot` is never below the hold. The ticket shows that as what is held at
 * most and sends it as `maxTotal`: the server refuses a hold above it (the rate moved), and never refuses the
 * figure it showed only because of rounding.
 */
import { Decimal, financingDeposit, financingInterest } from '@beurs/contracts';
import type { IpoTicketFigures } from '../../api/primary';

export interface SubscriptionFigures {
  lots: number;
  quantity: number;
  /** quantity × the top price, in the offering's currency. */
  priceAmount: string;
  /** What the shares hold at most, in the wallet's currency (lots × perLot). */
  amount: string;
  fee: string;
  /** amount + fee (financed: deposit + fee): the hold at most, and the `maxTotal` sent. */
  total: string;
  /** Financed (IPO_FINANCING): the deposit held, and if fully allotted the financed part, interest and make-up. */
  financing: {
    deposit: string;
    financed: string;
    interest: string;
    makeUp: string;
    dueAtTimestamp: number;
  } | null;
  /** What the wallet lacks for it (null: it carries it). */
  shortfall: string | null;
}

/** The figures of `lots` whole lots; null when there is no whole positive number of lots or no figures yet. */
export function subscriptionFigures(
  info: IpoTicketFigures | undefined,
  lots: number,
  financed = false,
): SubscriptionFigures | null {
  if (!info || !Number.isInteger(lots) || lots < 1) return null;
  const quantity = lots * info.lotSize;
  const amount = new Decimal(info.perLot).times(lots);
  const terms = financed ? info.financing : null;
  const financing = terms ? financingOf(amount, terms) : null;
  const total = (financing ? new Decimal(financing.deposit) : amount).plus(info.fee);
  const missing = total.minus(info.available);
  return {
    lots,
    quantity,
    priceAmount: new Decimal(info.price).times(quantity).toFixed(2),
    amount: amount.toFixed(2),
    fee: new Decimal(info.fee).toFixed(2),
    total: total.toFixed(2),
    financing,
    shortfall: missing.gt(0) ? missing.toFixed(2) : null,
  };
}

type Terms = NonNullable<IpoTicketFigures['financing']>;

/**
 * A financed subscription of `amount`: the deposit held now (the server's rounding), and if every share is allotted
 * the financed part, the interest from the close to the deadline and the make-up due (the most it can be).
 */
function financingOf(amount: Decimal, terms: Terms): NonNullable<SubscriptionFigures['financing']> {
  const deposit = financingDeposit(amount);
  const financed = amount.minus(deposit);
  const interest = financingInterest(financed, terms.closesAtTimestamp, terms.dueAtTimestamp);
  return {
    deposit: deposit.toFixed(2),
    financed: financed.toFixed(2),
    interest: interest.toFixed(2),
    makeUp: financed.plus(interest).toFixed(2),
    dueAtTimestamp: terms.dueAtTimestamp,
  };
}

/** The most lots the caller can subscribe now (getIpoFullNum's maxQuantity, financed or not, whole lots). */
export const maxLotsOf = (info: IpoTicketFigures | undefined, financed = false) => {
  const max = financed ? info?.financing?.maxQuantity : info?.maxQuantity;
  return info && info.lotSize > 0 && max !== undefined ? Math.floor(max / info.lotSize) : 0;
};

export type LotsProblem = 'missing' | 'aboveMax' | null;

/** What is wrong with the number of lots: none, or more than the balance carries. */
export function lotsProblem(lots: number, maxLots: number): LotsProblem {
  if (!Number.isInteger(lots) || lots < 1) return 'missing';
  if (lots > maxLots) return 'aboveMax';
  return null;
}
