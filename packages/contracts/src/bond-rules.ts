/**
 * What a treasury-bond trade costs or pays, as the server charges it and the ticket shows it (docs/fixed-income.md
 * "Buying and selling"): the dirty price per 100 of face × face value × bonds, rounded against the customer (a
 * purchase up to the cent, a sale's proceeds down), and the published fee on it (BOND_FEE: its rate of the amount,
 * at least its minimum, half up). One place for both sides, so a ticket never shows other figures than the charge.
 */
import type DecimalJs from 'decimal.js';
import { BOND_FEE } from './constants.js';
import { creditCents, Decimal, feeCents, marginCents } from './money.js';

/** The published fee on a bond trade's amount. */
export const bondFee = (amount: DecimalJs.Value): Decimal =>
  feeCents(Decimal.max(new Decimal(amount).times(BOND_FEE.rate), BOND_FEE.min));

/** The amount of `quantity` bonds at a dirty price per 100: a purchase rounds up, a sale's proceeds down. */
export function bondAmount(
  dirtyPer100: DecimalJs.Value,
  faceValue: DecimalJs.Value,
  quantity: number,
  side: 'buy' | 'sell',
): Decimal {
  const exact = new Decimal(dirtyPer100).times(faceValue).times(quantity).dividedBy(100);
  return side === 'buy' ? marginCents(exact) : creditCents(exact);
}
