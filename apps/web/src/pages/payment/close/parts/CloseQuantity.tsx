import { useTranslation } from 'react-i18next';
import { partOf } from '../../../../components/trading/figures';
import { QuantityField } from '../../../../components/trading/TicketInput';
import { useFormatters } from '../../../../lib/format';

const PARTS = [
  { key: '25', fraction: '0.25' },
  { key: '50', fraction: '0.5' },
  { key: '75', fraction: '0.75' },
  { key: 'all', fraction: '1' },
] as const;

/** The quantity to close, out of the open quantity, with 25 / 50 / 75 % and All. */
export function CloseQuantity({
  open,
  value,
  onChange,
  error,
}: {
  open: number;
  value: string;
  onChange: (value: string) => void;
  /** The problem with the quantity, once it should show. */
  error: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="ticket-field">
      <QuantityField
        id="close-quantity"
        label={t('trading.close.quantity')}
        value={value}
        onChange={onChange}
        invalid={Boolean(error)}
        autoComplete="off"
        unit={`/ ${f.integer(open)}`}
      />
      <div className="ticket-presets">
        {PARTS.map((part) => {
          const partValue = partOf(String(open), part.fraction, 0);
          const active = value === partValue;
          return (
            <button
              key={part.key}
              type="button"
              className={`chip${active ? ' chip--active' : ''}`}
              disabled={Number(partValue) < 1}
              aria-pressed={active}
              onClick={() => onChange(partValue)}
              data-testid={`close-part-${part.key}`}
            >
              {part.key === 'all' ? t('trading.close.all') : `${part.key}%`}
            </button>
          );
        })}
      </div>
      {error && <p className="ticket-error">{error}</p>}
    </div>
  );
}
