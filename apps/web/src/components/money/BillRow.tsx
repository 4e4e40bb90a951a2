/**
 * One line of the bill (SPEC §3 "Wallet bill"): what happened, on which wallet, the signed amount in rise or
 * fall colour, the balance right after it, an adjustment's category, the reason, the time (lib/format's dateTime) and the rate of a
 * conversion. A transfer that may still be cancelled gets a "Cancel transfer" button (`onCancel`).
 */
import type { BillItem } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/format';
import { Button } from '../Button';
import { otherCurrency, trendOfAmount, useMoneyFormat } from './format';
import { MoneyText } from './MoneyText';
import './money.css';

/** The label of a bill line: transfers say whether money came in or went out. */
export function billTypeKey(item: Pick<BillItem, 'type' | 'amount'>) {
  if (item.type === 'transfer') return trendOfAmount(item.amount) === 'fall' ? 'transferOut' : 'transferIn';
  return item.type;
}

/**
 * "1 EUR = 1.0853 USD": the rate is in units of the credited currency per debited unit of the transfer. A
 * line of a transfer is its debited side when its amount is negative; a cancellation keeps the rate of the
 * transfer it reverses, where it is the other way round.
 */
export function useRateText(item: Pick<BillItem, 'rate' | 'currency' | 'amount' | 'type'>): string | null {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  // Only transfers convert between the customer's wallets; a trade's rate (instrument currency to wallet
  // currency) is shown on the trade itself (trade/detail).
  if (!item.rate || (item.type !== 'transfer' && item.type !== 'transferReversal')) return null;
  const out = trendOfAmount(item.amount) === 'fall';
  const debitedHere = item.type === 'transferReversal' ? !out : out;
  const from = debitedHere ? item.currency : otherCurrency(item.currency);
  const to = debitedHere ? otherCurrency(item.currency) : item.currency;
  return t('wallet.rateLine', { from, to, rate: money.rate(item.rate) });
}

interface BillRowProps {
  item: BillItem;
  /** Shown as a button while the transfer may be cancelled. */
  onCancel?: (item: BillItem) => void;
  cancelling?: boolean;
}

export function BillRow({ item, onCancel, cancelling }: BillRowProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = useMoneyFormat();
  const rate = useRateText(item);
  return (
    <li className="bill-row" data-testid="bill-row" data-entry={item.entryId} data-type={item.type}>
      <div className="bill-row__top">
        <div className="bill-row__main">
          <div className="bill-row__title">
            <span>{t(`bill.types.${billTypeKey(item)}`)}</span>
            <span className="tag tag--neutral">{t(`wallets.${item.walletType}`)}</span>
            {item.category && (
              <span className="tag tag--neutral" data-testid="bill-category">
                {t(`bill.categories.${item.category}`)}
              </span>
            )}
          </div>
          {item.reason && <p className="bill-row__reason">{item.reason}</p>}
          <time className="bill-row__time num" dateTime={new Date(item.createTimeTimestamp).toISOString()}>
            {f.dateTime(item.createTimeTimestamp)}
          </time>
        </div>
        <div className="bill-row__side">
          <MoneyText
            className="bill-row__amount"
            amount={item.amount}
            currency={item.currency}
            sign="always"
            trend
            testId="bill-amount"
          />
          <span className="bill-row__balance num">
            {t('bill.balanceAfter', { amount: money.amount(item.balanceAfter, { currency: item.currency }) })}
          </span>
          {rate && <span className="bill-row__rate num">{rate}</span>}
        </div>
      </div>
      {onCancel && (
        <div className="bill-row__actions">
          <span className="bill-row__hint">{t('bill.cancellableHint')}</span>
          <Button
            size="mini"
            shape="rounded"
            fill="outline"
            color="danger"
            loading={cancelling}
            onClick={() => onCancel(item)}
            data-testid="bill-cancel"
          >
            {t('bill.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}
