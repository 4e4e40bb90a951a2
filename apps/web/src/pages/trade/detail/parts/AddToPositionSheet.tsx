/** Adds to the position at market, in its direction and at its leverage; the open price becomes the average. */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts, Sheet } from '../../../../components/trading/Sheet';
import { QuantityField, QuantityPresets } from '../../../../components/trading/TicketInput';
import { useFormatters } from '../../../../lib/format';
import { useAddToPosition } from '../useAddToPosition';
import { SheetSubmit } from './SheetSubmit';

export function AddToPositionSheet({
  position,
  visible,
  onClose,
}: {
  position: Position;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const form = useAddToPosition(position, visible, onClose);
  const { info, figures, error, mutation } = form;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={position.currency} />;

  return (
    <Sheet visible={visible} title={t('trading.addToPosition.title')} onClose={onClose} testId="add-sheet">
      <p className="trade-note">{t('trading.addToPosition.text', { leverage: position.leverage })}</p>
      <QuantityField
        id="add-quantity"
        label={t('trading.labels.quantity')}
        value={form.quantity}
        onChange={form.setQuantity}
        invalid={Boolean(error)}
        placeholder={t('trading.ticket.minimumPlaceholder', { min: f.integer(form.min) })}
      />
      {error && <p className="ticket-error">{error}</p>}
      <QuantityPresets figures={info} onPick={form.setQuantity} />
      <Facts
        className="trade-facts--sheet"
        rows={[
          { label: t('trading.ticket.marketPrice'), value: info ? `≈ ${price(info.price)}` : '…' },
          { label: t('trading.labels.margin'), value: money(figures?.margin) },
          { label: t('trading.labels.fee'), value: money(figures?.fee) },
          { label: t('trading.labels.total'), value: money(figures?.total), strong: true },
          {
            label: t('trading.ticket.available', { wallet: t(`wallets.${position.walletType}`) }),
            value: money(info?.available),
          },
        ]}
      />
      <SheetSubmit
        mutation={mutation}
        wallet={position.walletType}
        onSubmit={form.submit}
        testId="add-submit"
        label={t('trading.addToPosition.submit')}
      />
    </Sheet>
  );
}
