import type { Currency, Wallet } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../../../app/antdMobile';
import type { TFunction } from 'i18next';
import { MoneyText } from '../../../../components/money/MoneyText';
import { maskAccountNumber } from '../../../bcard/index';
import { Fact } from '../../../deposit/record';
import { networkLabel } from '../../../vm/index';
import type { Destination } from '../destinations';

interface Confirmed {
  amount: string;
  currency: Currency;
  walletType: Wallet;
  destination: Destination;
}

/** Asks to confirm a withdrawal with its amount, source, full destination and fee; true when confirmed. */
export function confirmWithdrawal(t: TFunction, { amount, currency, walletType, destination }: Confirmed) {
  return Dialog.confirm({
    title: t('withdraw.confirm.title'),
    content: (
      <dl className="money-facts money-confirm" data-testid="withdraw-confirm">
        <Fact label={t('withdraw.confirm.amount')}>
          <MoneyText amount={amount} currency={currency} />
        </Fact>
        <Fact label={t('withdraw.confirm.from')}>{t(`wallets.${walletType}`)}</Fact>
        <Fact label={t('withdraw.confirm.to')}>
          {destination.kind === 'bank' ? (
            <span>
              {destination.bankName}
              <br />
              <span className="money-mono">{maskAccountNumber(destination.cardNo)}</span>
            </span>
          ) : (
            <span>
              {networkLabel(destination.currencyType)}
              <br />
              <span className="money-mono">{destination.address}</span>
            </span>
          )}
        </Fact>
        <Fact label={t('withdraw.confirm.fee')}>{t('withdraw.confirm.noFee')}</Fact>
        <p className="form-hint">{t('withdraw.confirm.note')}</p>
      </dl>
    ),
    confirmText: t('withdraw.confirm.submit'),
    cancelText: t('common.cancel'),
  });
}
