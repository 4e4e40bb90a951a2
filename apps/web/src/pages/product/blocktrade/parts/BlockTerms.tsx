/** The block terms in short (the published discount, band and minimum), on the application and at the desk. */
import { Decimal } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { blocktrade } from '../../../../api/endpoints';
import { useFormatters } from '../../../../lib/format';

export function usePercent() {
  const f = useFormatters();
  // '0.005' -> '0.5%', '0.02' -> '2%', in the language's digits.
  return (fraction: string) => {
    const percent = new Decimal(fraction).times(100);
    return `${f.number(percent.toFixed(), percent.decimalPlaces())}%`;
  };
}

export function BlockTerms() {
  const { t } = useTranslation();
  const f = useFormatters();
  const percent = usePercent();
  return (
    <ul className="block-terms" data-testid="block-terms">
      <li>{t('block.terms.minimum', { min: f.integer(blocktrade.BLOCK_MIN_QUANTITY) })}</li>
      <li>
        {t('block.terms.price', {
          discount: percent(blocktrade.BLOCK_DESK_DISCOUNT),
          band: percent(blocktrade.BLOCK_PRICE_BAND),
        })}
      </li>
      <li>{t('block.terms.position')}</li>
      <li>{t('block.terms.password')}</li>
    </ul>
  );
}
