/**
 * A typed price (a limit, a stop-loss, a take-profit) checked as the server checks it (`trading.priceInput`, then
 * `onTick`: no more decimals than the instrument's prices, errors.priceOffTick), and the words for what is wrong,
 * so every ticket that takes a price says it the same way.
 */
import { onTick, tickOf, trading } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';

export type PriceProblem = 'enterPrice' | 'priceTick';

/** A price as the API takes it: positive, at most 8 decimals (`trading.priceInput`). */
export const isLimitPrice = (s: string) => trading.priceInput.safeParse(s).success;

/** What is wrong with a typed price on an instrument with `priceDecimals`; an optional one (a stop) may be empty. */
export function typedPriceProblem(value: string, priceDecimals: number, optional = false): PriceProblem | null {
  if (optional && value.trim() === '') return null;
  if (!isLimitPrice(value)) return 'enterPrice';
  return onTick(value.trim(), priceDecimals) ? null : 'priceTick';
}

/** The words for a price problem of the instrument `code` ("Prices of MSFT go in steps of 0.01."). */
export function usePriceProblemText(
  code: string,
  priceDecimals: number,
): (problem: PriceProblem | null) => string | null {
  const { t } = useTranslation();
  const f = useFormatters();
  return (problem) => {
    if (problem === 'enterPrice') return t('trading.ticket.enterPrice');
    if (problem === 'priceTick') {
      return t('trading.ticket.priceTick', { code, tick: f.number(tickOf(priceDecimals).toFixed(), priceDecimals) });
    }
    return null;
  };
}
