/**
 * What the order costs (order value, margin, fee, total) beside the paying wallet's available balance, the
 * wallet named, and when it holds too little, the refusal the server would give with "Move €X" to it.
 */
import { ApiError } from '@beurs/api-client';
import type { Currency, WalletBalance } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../money/MoneyText';
import { type OrderFigures, shortfallSource } from '../figures';
import { Facts } from '../Sheet';
import { TradeError } from '../TradeError';
import type { OrderTicketState } from './useOrderTicket';

type Figures = NonNullable<OrderTicketState['info']>;

export function CostSummary({
  info,
  figuresFailed,
  onRetry,
  figures,
  currency,
  shortfall,
  balances,
}: {
  info: Figures | undefined;
  figuresFailed: boolean;
  onRetry: () => void;
  figures: OrderFigures | null;
  currency: Currency;
  shortfall: string | null;
  balances: readonly WalletBalance[] | undefined;
}) {
  const { t } = useTranslation();
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  return (
    <section className="card ticket-summary" aria-label={t('trading.ticket.summary')} data-testid="ticket-summary">
      {figuresFailed && !info ? (
        <div className="inline-error">
          <span>{t('trading.ticket.figuresFailed')}</span>
          <button type="button" className="text-link" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <Facts
          rows={[
            {
              label: t('trading.ticket.available', { wallet: t(`wallets.${info?.walletType ?? 'BALANCE'}`) }),
              value: info ? money(info.available) : '…',
              testId: 'ticket-available',
            },
            { label: t('trading.labels.orderValue'), value: figures ? money(figures.notional) : '–' },
            {
              label: t('trading.labels.margin'),
              value: figures ? money(figures.margin) : '–',
              testId: 'ticket-margin',
            },
            { label: t('trading.labels.fee'), value: figures ? money(figures.fee) : '–', testId: 'ticket-fee' },
            {
              label: t('trading.labels.total'),
              value: figures ? money(figures.total) : '–',
              testId: 'ticket-total',
              strong: true,
            },
          ]}
        />
      )}
      {info && (
        // Named because it is not always the wallet a customer expects (SPEC §3: DE, NL and BE stocks use
        // Funding, not the wallet called Stocks).
        <p className="ticket-hint" data-testid="ticket-wallet" data-wallet={info.walletType}>
          {t('trading.ticket.paidFrom', { wallet: t(`wallets.${info.walletType}`) })}
        </p>
      )}
      {shortfall && info && (
        <TradeError
          error={
            new ApiError(
              'server',
              t('trading.ticket.notEnough', { wallet: t(`wallets.${info.walletType}`) }),
              422,
              undefined,
              'insufficientMargin',
            )
          }
          actions={{
            wallet: info.walletType,
            shortfall: { amount: shortfall, currency: info.currency, from: shortfallSource(info.walletType, balances) },
          }}
        />
      )}
    </section>
  );
}
