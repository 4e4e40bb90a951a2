/**
 * Stop-loss and take-profit prices (empty clears one); the matching job closes the position at either. The
 * instrument's quote, read when the sheet opens, gives its price step, which the fields are checked against.
 */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useQuoteQuery } from '../../../../api/market';
import { usePriceText } from '../../../../components/trading/Rows';
import { Sheet } from '../../../../components/trading/Sheet';
import { PriceField } from '../../../../components/trading/TicketInput';
import { usePriceProblemText } from '../../../../components/trading/usePriceProblemText';
import { useStops } from '../useStops';
import { SheetSubmit } from './SheetSubmit';

function StopField({
  id,
  label,
  hint,
  value,
  onChange,
  problem,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the price, in words; null when it is fine (or not yet checked). */
  problem: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="ticket-field">
      <PriceField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        invalid={problem !== null}
        placeholder={t('trading.detail.notSet')}
        clearable
      />
      <p className="ticket-hint">{hint}</p>
      {problem && <p className="ticket-error">{problem}</p>}
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
  // The quote is asked for only while the sheet is open (no code, no request); its decimals are the step.
  const quote = useQuoteQuery(visible ? position.stockCode : undefined, position.source);
  const priceDecimals = quote.data?.priceDecimals;
  const form = useStops(position, priceDecimals, onClose);
  const problemText = usePriceProblemText(position.stockCode, priceDecimals ?? 0);
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
        problem={problemText(form.problems.stopLoss)}
      />
      <StopField
        id="take-profit"
        label={t('trading.labels.takeProfit')}
        hint={long ? t('trading.stops.takeProfitLong') : t('trading.stops.takeProfitShort')}
        value={form.takeProfit}
        onChange={form.setTakeProfit}
        problem={problemText(form.problems.takeProfit)}
      />
      <SheetSubmit
        mutation={form.mutation}
        waiting={quote.isLoading}
        onSubmit={form.submit}
        testId="stops-submit"
        label={t('trading.stops.submit')}
      />
    </Sheet>
  );
}
