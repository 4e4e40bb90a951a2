/** Holds more of the wallet's available balance as this position's margin (raises its margin level). */
import type { Position } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../../components/money/AmountInput';
import { useMoneyFormat } from '../../../../components/money/format';
import { MoneyText } from '../../../../components/money/MoneyText';
import { sum } from '../../../../components/trading/figures';
import { Facts, Sheet } from '../../../../components/trading/Sheet';
import { useAddMargin } from '../useAddMargin';
import { SheetSubmit } from './SheetSubmit';

export function AddMarginSheet({
  position,
  visible,
  onClose,
}: {
  position: Position;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const form = useAddMargin(position, visible, onClose);
  const { available, amount, attempted, invalid, tooMuch, mutation } = form;
  const held = (value: string | undefined) => <MoneyText amount={value} currency={position.currency} />;

  return (
    <Sheet visible={visible} title={t('trading.addMargin.title')} onClose={onClose} testId="margin-sheet">
      <p className="trade-note">{t('trading.addMargin.text')}</p>
      <label className="ticket-field__label" htmlFor="add-margin-amount">
        {t('trading.addMargin.amount')}
      </label>
      <div className={`ticket-input${attempted && (invalid || tooMuch) ? ' ticket-input--error' : ''}`}>
        <AmountInput
          id="add-margin-amount"
          currency={position.currency}
          max={available}
          value={amount}
          onChange={form.setAmount}
          testId="add-margin-amount"
        />
      </div>
      {attempted && invalid && <p className="ticket-error">{t('validation.correctAmount')}</p>}
      {attempted && tooMuch && (
        <p className="ticket-error">
          {t('transfer.moreThanAvailable', { amount: money.amount(available, { currency: position.currency }) })}
        </p>
      )}
      <Facts
        className="trade-facts--sheet"
        rows={[
          {
            label: t('trading.ticket.available', { wallet: t(`wallets.${position.walletType}`) }),
            value: held(available),
          },
          { label: t('trading.labels.marginHeld'), value: held(position.isolatedPosition) },
          {
            label: t('trading.addMargin.after'),
            value: held(invalid ? position.isolatedPosition : sum([position.isolatedPosition, amount])),
            strong: true,
            testId: 'add-margin-after',
          },
        ]}
      />
      <SheetSubmit
        mutation={mutation}
        wallet={position.walletType}
        onSubmit={form.submit}
        testId="add-margin-submit"
        label={t('trading.addMargin.submit')}
      />
    </Sheet>
  );
}
