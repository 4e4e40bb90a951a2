/** The leverage steps up to the product's cap, and the risk of more than 1:1. */
import { useTranslation } from 'react-i18next';
import { leverageSteps } from '../figures';

export function LeverageField({
  value,
  onChange,
  max,
}: {
  value: number;
  onChange: (leverage: number) => void;
  max: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="ticket-field">
      <span className="ticket-field__label">
        {t('trading.ticket.leverage')}
        <small>{t('trading.ticket.maxLeverage', { max })}</small>
      </span>
      <fieldset className="ticket-leverage">
        <legend className="sr-only">{t('trading.ticket.leverage')}</legend>
        {leverageSteps(max).map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={value === n}
            className={`chip${value === n ? ' chip--active' : ''}`}
            onClick={() => onChange(n)}
            data-testid={`ticket-leverage-${n}`}
          >
            {n}:1
          </button>
        ))}
      </fieldset>
      {value > 1 && <p className="ticket-hint">{t('trading.ticket.leverageRisk', { leverage: value })}</p>}
    </div>
  );
}
