/** The answer to a placed order: filled or entrusted, its figures, and where to go next. */
import type { OrderResult, Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { useFormatters } from '../../../lib/format';
import { Button } from '../../Button';
import { Icon } from '../../Icon';
import { MoneyText } from '../../money/MoneyText';
import { Page } from '../../Page';
import { DirectionTag } from '../DirectionTag';
import { Facts } from '../Sheet';

export function TicketResult({ result, quote, onAgain }: { result: OrderResult; quote: Quote; onAgain: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const { order, position } = result;
  const filled = order.status === 1;
  const money = (value: string | null | undefined) => <MoneyText amount={value} currency={order.currency} />;
  return (
    <Page title={t('trading.result.title')} backFallback={paths.trade()}>
      <div className="transfer-done" data-testid="ticket-result" data-status={order.status} data-order={order.id}>
        <section className="result-card">
          <div className="result-card__icon">
            <Icon name={filled ? 'check' : 'clock'} size={28} />
          </div>
          <h2 className="result-card__title" data-testid="ticket-result-title">
            {filled ? t('trading.result.filled') : t('trading.result.entrusted')}
          </h2>
          <p className="result-card__text">
            {filled ? t('trading.result.filledText') : t('trading.result.entrustedText')}
          </p>
          <Facts
            rows={[
              { label: t('trading.labels.instrument'), value: `${order.stockName} (${order.stockCode})` },
              { label: t('trading.labels.direction'), value: <DirectionTag direction={order.direction} /> },
              { label: t('trading.labels.quantity'), value: f.integer(order.quantity) },
              {
                label: filled ? t('trading.labels.fillPrice') : t('trading.labels.limitPrice'),
                value: f.price(order.fillPrice ?? order.price, quote.priceDecimals, quote.currencySymbol),
                testId: 'result-price',
              },
              { label: t('trading.labels.leverage'), value: `${order.leverage}:1` },
              { label: t('trading.labels.margin'), value: money(order.margin), testId: 'result-margin' },
              { label: t('trading.labels.fee'), value: money(order.fee), testId: 'result-fee' },
            ]}
          />
        </section>
        <div className="transfer-done__actions">
          {position && (
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => navigate(paths.tradeDetail(position, 'position'), { replace: true })}
              data-testid="result-position"
            >
              {t('trading.result.viewPosition')}
            </Button>
          )}
          <Button
            block
            shape="rounded"
            color="primary"
            fill={position ? 'outline' : 'solid'}
            onClick={() => navigate(paths.trade({ tab: filled ? 'holdings' : 'entrusted' }))}
            data-testid="result-trade"
          >
            {filled ? t('trading.result.toHoldings') : t('trading.result.toEntrusted')}
          </Button>
          <Button block shape="rounded" fill="none" onClick={onAgain} data-testid="result-again">
            {t('trading.result.again')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
