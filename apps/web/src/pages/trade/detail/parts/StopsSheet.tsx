/** Stop-loss and take-profit prices (empty clears one); the matching job closes the position at either. */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { usePriceText } from '../../../../components/trading/Rows';
import { Sheet } from '../../../../components/trading/Sheet';
import { PriceField } from '../../../../components/trading/TicketInput';
import { isOptionalPrice } from '../../../../components/trading/usePriceProblemText';
import { useStops } from '../useStops';
import { SheetSubmit } from './SheetSubmit';

function StopField({
  id,
  label,
  hint,
  value,
  onChange,
  attempted,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  attempted: boolean;
}) {
  const { t } = useTranslation();
  const wrong = attempted && !isOptionalPrice(value);
  return (
    <div className="ticket-field">
      <PriceField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        invalid={wrong}
        placeholder={t('trading.detail.notSet')}
        clearable
      />
      <p className="ticket-hint">{hint}</p>
      {wrong && <p className="ticket-error">{t('validation.correctAmount')}</p>}
    </div>
  );
}

export function StopsSheet({
  position,
  mark,
  visible,
  onClose,
}: {
  position: Position;
  mark: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const price = usePriceText();
  const form = useStops(position, onClose);
  const long = position.direction === 0;

  return (
    <Sheet visible={visible} title={t('trading.stops.title')} onClose={onClose} testId="stops-sheet">
      <p className="trade-note">{t('trading.stops.text', { price: price(mark) })}</p>
      <StopField
        id="stop-loss"
        label={t('trading.labels.stopLoss')}
        hint={long ? t('trading.stops.stopLossLong') : t('trading.stops.stopLossShort')}
        value={form.stopLoss}
        onChange={form.setStopLoss}
        attempted={form.attempted}
      />
      <StopField
        id="take-profit"
        label={t('trading.labels.takeProfit')}
        hint={long ? t('trading.stops.takeProfitLong') : t('trading.stops.takeProfitShort')}
        value={form.takeProfit}
        onChange={form.setTakeProfit}
        attempted={form.attempted}
      />
      <SheetSubmit
        mutation={form.mutation}
        onSubmit={form.submit}
        testId="stops-submit"
        label={t('trading.stops.submit')}
      />
    </Sheet>
  );
}
