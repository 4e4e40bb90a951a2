/**
 * The amount field of a money form (follow, AI quant, robot, fund): what is wrong with the typed amount, first
 * problem first, before anything is sent. The server checks the same limits again; this only decides what the
 * screen says and whether its button is enabled.
 */
import { Decimal, rules } from '@beurs/contracts';

/** A limit as the API sends it (decimal text) or a Decimal. */
type Amount = string | number | Decimal;

export interface AmountLimits {
  min?: Amount;
  max?: Amount;
  /** What is still allowed beside what is already placed (a customer-wide limit). */
  room?: Amount;
  /** The wallet's balance; unknown while it loads. */
  available?: Amount;
  /** Paid from the wallet beside the amount (a robot's price). */
  plus?: Amount;
}

export type AmountProblem = 'empty' | 'malformed' | 'outside' | 'aboveRoom' | 'short';

/** The amount as a Decimal when it is well formed (at most 2 decimals, above 0), and its first problem. */
export function checkAmount(
  typed: string,
  limits: AmountLimits,
): { value: Decimal | null; problem: AmountProblem | null } {
  const text = typed.trim();
  if (text === '') return { value: null, problem: 'empty' };
  if (!rules.AMOUNT_PATTERN.test(text) || !new Decimal(text).gt(0)) return { value: null, problem: 'malformed' };
  const value = new Decimal(text);
  const { min, max, room, available, plus = 0 } = limits;
  if ((min !== undefined && value.lt(min)) || (max !== undefined && value.gt(max)))
    return { value, problem: 'outside' };
  if (room !== undefined && value.gt(room)) return { value, problem: 'aboveRoom' };
  if (available !== undefined && value.plus(plus).gt(available)) return { value, problem: 'short' };
  return { value, problem: null };
}
