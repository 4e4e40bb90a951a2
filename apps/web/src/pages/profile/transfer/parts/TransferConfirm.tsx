import type { Currency, Wallet } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../../../app/antdMobile';
import type { TFunction } from 'i18next';
import type { MoneyFormat } from '../../../../components/money/format';
import { SummaryList, WalletName } from './Summary';

interface Confirmed {
  from: Wallet;
  to: Wallet;
  amount: string;
  fromCurrency: Currency;
  toCurrency: Currency;
  /** What the amount would credit at the live rate, when the currencies differ. */
  credited?: string;
}

/** Asks to confirm a transfer: from, to, amount and the estimated credit; true when confirmed. */
export function confirmTransfer(t: TFunction, money: MoneyFormat, c: Confirmed) {
  return Dialog.confirm({
    title: t('transfer.confirmTitle'),
    content: (
      <div className="confirm-transfer">
        <SummaryList
          rows={[
            { label: t('transfer.from'), value: <WalletName wallet={c.from} currency={c.fromCurrency} /> },
            { label: t('transfer.to'), value: <WalletName wallet={c.to} currency={c.toCurrency} /> },
            {
              label: t('transfer.amount'),
              value: <strong className="num">{money.amount(c.amount, { currency: c.fromCurrency })}</strong>,
            },
            ...(c.credited
              ? [
                  {
                    label: t('transfer.estimatedCredit'),
                    value: <span className="num">≈ {money.amount(c.credited, { currency: c.toCurrency })}</span>,
                  },
                ]
              : []),
          ]}
        />
        {c.fromCurrency !== c.toCurrency && <p className="confirm-transfer__note">{t('transfer.rateNote')}</p>}
      </div>
    ),
    confirmText: t('transfer.confirmSubmit'),
    cancelText: t('common.cancel'),
  });
}
