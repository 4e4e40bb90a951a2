/** Optional stop-loss and take-profit prices set with the order. */
import { useTranslation } from 'react-i18next';
import type { Side } from '../figures';
import { PriceField } from '../TicketInput';
import { typedPriceProblem } from '../usePriceProblemText';
import type { TicketInputs } from './useOrderTicket';

export function ProtectField({
  inputs,
  priceDecimals,
  attempted,
  error,
}: {
  inputs: Pick<TicketInputs, 'protect' | 'setProtect' | 'stopLoss' | 'setStopLoss' | 'takeProfit' | 'setTakeProfit'> & {
    direction: Side;
  };
  /** The instrument's: a stop between two of its ticks is marked. */
  priceDecimals: number;
  /** A review was attempted: wrong prices are marked. */
  attempted: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const { protect, setProtect, stopLoss, setStopLoss, takeProfit, setTakeProfit, direction } = inputs;
  const fields = [
    ['ticket-stop-loss', t('trading.labels.stopLoss'), stopLoss, setStopLoss],
    ['ticket-take-profit', t('trading.labels.takeProfit'), takeProfit, setTakeProfit],
  ] as const;
  return (
    <div className="ticket-field">
      <label className="ticket-protect">
        <input
          type="checkbox"
          checked={protect}
          onChange={(event) => setProtect(event.target.checked)}
          data-testid="ticket-protect"
        />
        <span>
          {t('trading.ticket.protect')}
          <small>{t('trading.ticket.protectText')}</small>
        </span>
      </label>
      {protect && (
        <div className="ticket-stops">
          {fields.map(([id, label, value, set]) => (
            <div key={id}>
              <PriceField
                id={id}
                label={label}
                value={value}
                onChange={set}
                invalid={attempted && typedPriceProblem(value, priceDecimals, true) !== null}
                placeholder={t('trading.detail.notSet')}
                autoComplete="off"
              />
            </div>
          ))}
        </div>
      )}
      {protect && (
        <p className="ticket-hint">
          {direction === 0 ? t('trading.ticket.protectLong') : t('trading.ticket.protectShort')}
        </p>
      )}
      {error && <p className="ticket-error">{error}</p>}
    </div>
  );
}
