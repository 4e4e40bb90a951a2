/**
 * The words for a quantity the trading rules refuse (orderQuantityProblem and closeQuantityProblem from
 * @beurs/contracts, the checks the server makes), so every form that takes a quantity says it the same way.
 */
import type { QuantityProblem } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';

export function useQuantityProblemText(): (problem: QuantityProblem | null) => string | null {
  const { t } = useTranslation();
  const f = useFormatters();
  return (problem) => {
    switch (problem?.reason) {
      case undefined:
        return null;
      case 'enterQuantity':
        return t('trading.ticket.enterQuantity');
      case 'belowMinQuantity':
        return t('trading.ticket.belowMinimum', { min: f.integer(problem.min) });
      case 'quantityStep':
        return t('trading.ticket.lotStep', { lot: f.integer(problem.lot) });
      case 'closeQuantityTooLarge':
        return t('trading.close.tooMany', { max: f.integer(problem.max) });
    }
  };
}
