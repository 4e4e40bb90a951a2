/**
 * What subscribing holds, in the SUBSCRIPTION wallet's currency: the shares at the top price (converted at the
 * live rate, shown), the published fee, and the total held at most; the balance available, and what it lacks with
 * the way to move money there.
 */
import { ApiError } from '@beurs/api-client';
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import type { IpoTicketFigures } from '../../../api/primary';
import { useFormatters } from '../../../lib/format';
import { useMoneyFormat } from '../../money/format';
import { MoneyText } from '../../money/MoneyText';
import { Facts } from '../../trading/Sheet';
import { TradeError } from '../../trading/TradeError';
import type { SubscriptionFigures } from '../figures';

export function HoldSummary({
  info,
  figures,
  failed,
  onRetry,
}: {
  info: IpoTicketFigures | undefined;
  figures: SubscriptionFigures | null;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!info) {
    return failed ? (
      <p className="ticket-error" data-testid="ipo-figures-failed">
        {t('ipo.ticket.figuresFailed')}{' '}
        <button type="button" className="text-link" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </p>
    ) : (
      <p className="ticket-hint">{t('common.loading')}</p>
    );
  }
  const currency = info.currency as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const sameCurrency = info.priceCurrency === info.currency;
  return (
    <section className="ipo-hold" data-testid="ipo-hold" data-currency={currency}>
      <Facts
        className="trade-facts--card"
        rows={[
          {
            label: t('ipo.labels.subscriptionPrice'),
            value: `${f.number(info.price, 2)} ${info.priceCurrency}`,
            testId: 'ipo-price',
          },
          { label: t('ipo.labels.amount'), value: money(figures?.amount), testId: 'ipo-amount' },
          { label: t('ipo.labels.fee'), value: money(figures ? figures.fee : info.fee), testId: 'ipo-fee' },
          { label: t('ipo.labels.total'), value: money(figures?.total), testId: 'ipo-total', strong: true },
          { label: t('ipo.labels.available'), value: money(info.available), testId: 'ipo-available' },
        ]}
      />
      {!sameCurrency && (
        <p className="ticket-hint num" data-testid="ipo-rate">
          {t('ipo.ticket.rateLine', { from: info.priceCurrency, rate: f.rate(info.rate), to: info.currency })}
        </p>
      )}
      <p className="ticket-hint">{t('ipo.ticket.wallet', { currency })}</p>
      {figures?.shortfall && <ShortNotice shortfall={figures.shortfall} currency={currency} />}
    </section>
  );
}

/** Not enough in the Subscriptions wallet: what it lacks, with "Move … to Subscriptions" and "Deposit". */
function ShortNotice({ shortfall, currency }: { shortfall: string; currency: Currency }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const text = t('ipo.ticket.short', { amount: money.amount(shortfall, { currency }) });
  // The same notice as a refused order: TradeError reads the reason and offers the transfer, prefilled.
  const error = new ApiError('server', text, 422, undefined, 'insufficientBalance');
  return (
    <div data-testid="ipo-short">
      <TradeError error={error} actions={{ wallet: 'SUBSCRIPTION', shortfall: { amount: shortfall, currency } }} />
    </div>
  );
}
