/** The quantity with the half and full presets, the minimum and lot size, and what is wrong with it. */
import { useTranslation } from 'react-i18next';
import type { HalfOrFull } from '../../../api/trading';
import { useFormatters } from '../../../lib/format';
import { QuantityField, QuantityPresets } from '../TicketInput';
import type { TicketLimits } from './useOrderTicket';

export function QuantitySection({
  unit,
  quantity,
  onQuantity,
  limits,
  presets,
  error,
}: {
  unit: string;
  quantity: string;
  onQuantity: (quantity: string) => void;
  limits: TicketLimits;
  presets: HalfOrFull | undefined;
  /** Shown once a review was attempted. */
  error: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { minCount, lotSize } = limits;
  const q = Number(quantity);
  return (
    <div className="ticket-field">
      <QuantityField
        id="ticket-quantity"
        label={t('trading.ticket.quantity', { unit })}
        value={quantity}
        onChange={onQuantity}
        invalid={Boolean(error)}
        autoComplete="off"
        placeholder={t('trading.ticket.minimumPlaceholder', { min: f.integer(minCount) })}
        unit={unit}
      />
      <QuantityPresets figures={presets} onPick={onQuantity} testIdPrefix="ticket" />
      <p className="ticket-hint" data-testid="ticket-min">
        {lotSize > 1
          ? t('trading.ticket.minAndLot', { min: f.integer(minCount), lot: f.integer(lotSize) })
          : t('trading.ticket.min', { min: f.integer(minCount) })}
      </p>
      {error && (
        <p className="ticket-error" data-testid="ticket-quantity-error">
          {error}{' '}
          {q > 0 && q < minCount && (
            <button type="button" className="text-link" onClick={() => onQuantity(String(minCount))}>
              {t('trading.errors.useMinimum')}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
