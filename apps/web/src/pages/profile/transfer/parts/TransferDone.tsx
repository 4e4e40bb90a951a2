import type { TransferResult } from '@beurs/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { wallet } from '../../../../api/endpoints';
import { cancelMsLeft, isCancellable } from '../../../../api/wallet';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { Icon } from '../../../../components/Icon';
import { useMoneyFormat } from '../../../../components/money/format';
import { MoneyText } from '../../../../components/money/MoneyText';
import { useCancelTransfer } from '../../../../components/money/useCancelTransfer';
import { useFormatters } from '../../../../lib/format';
import { SummaryList } from './Summary';

/** Re-renders every `ms` while `active`, for countdowns. */
function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [active, ms]);
  return now;
}

/** The transfer as booked (debited, credited, rate), with "Cancel transfer" while the window is open. */
export function TransferDone({ result, onNew }: { result: TransferResult; onNew: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const navigate = useNavigate();
  const money = useMoneyFormat();
  const [cancelled, setCancelled] = useState(false);
  const { cancel, isPending } = useCancelTransfer();
  const open = !cancelled && isCancellable(result.cancellableUntil);
  useNow(open);
  const msLeft = cancelMsLeft(result.cancellableUntil);
  const countdown = `${Math.floor(msLeft / 60_000)}:${String(Math.floor((msLeft % 60_000) / 1000)).padStart(2, '0')}`;
  const rate = result.rate
    ? t('wallet.rateLine', {
        from: result.debited.currency,
        to: result.credited.currency,
        rate: money.rate(result.rate),
      })
    : null;

  return (
    <div className="transfer-done" data-testid="transfer-result" data-entry={result.entryId}>
      <section className={`result-card${cancelled ? ' result-card--cancelled' : ''}`}>
        <div className="result-card__icon">
          <Icon name={cancelled ? 'transfer' : 'check'} size={28} />
        </div>
        <h2 className="result-card__title" data-testid="transfer-result-title">
          {cancelled ? t('transfer.cancelledTitle') : t('transfer.doneTitle')}
        </h2>
        <p className="result-card__text">
          {cancelled ? t('transfer.cancelledText') : f.dateTime(result.createTimeTimestamp)}
        </p>
        <SummaryList
          rows={[
            {
              label: t('transfer.debitedFrom', { wallet: t(`wallets.${result.from}`) }),
              value: (
                <MoneyText
                  amount={`-${result.debited.amount}`}
                  currency={result.debited.currency}
                  trend
                  testId="transfer-debited"
                />
              ),
            },
            {
              label: t('transfer.creditedTo', { wallet: t(`wallets.${result.to}`) }),
              value: (
                <MoneyText
                  amount={result.credited.amount}
                  currency={result.credited.currency}
                  sign="always"
                  trend
                  testId="transfer-credited"
                />
              ),
            },
            ...(rate
              ? [{ label: t('transfer.rateUsed'), value: <span className="num">{rate}</span>, testId: 'transfer-rate' }]
              : []),
          ]}
        />
      </section>

      {open && (
        <div className="notice transfer-cancel-notice" data-testid="transfer-cancel-notice">
          <Icon name="clock" size={18} />
          <div>
            <strong>{t('transfer.cancelWithin', { time: countdown })}</strong>
            <p>
              {t('transfer.cancelRule', {
                minutes: wallet.TRANSFER_CANCEL_SECONDS / 60,
                amount: money.amount(result.credited.amount, { currency: result.credited.currency }),
                wallet: t(`wallets.${result.to}`),
              })}
            </p>
          </div>
        </div>
      )}

      <div className="transfer-done__actions">
        {open && (
          <Button
            block
            shape="rounded"
            fill="outline"
            color="danger"
            loading={isPending}
            onClick={() => void cancel(result.entryId, () => setCancelled(true))}
            data-testid="transfer-cancel"
          >
            {t('transfer.cancel')}
          </Button>
        )}
        <Button block shape="rounded" color="primary" onClick={onNew} data-testid="transfer-new">
          {t('transfer.another')}
        </Button>
        <Button
          block
          shape="rounded"
          fill="none"
          onClick={() => navigate(paths.transactions())}
          data-testid="transfer-bill"
        >
          {t('transfer.viewBill')}
        </Button>
      </div>
    </div>
  );
}
