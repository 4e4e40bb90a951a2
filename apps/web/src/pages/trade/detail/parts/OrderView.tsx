/** One order: status, its figures and times, a cancel while it waits, and its position once it has one. */
import type { TradeOrder } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { InstrumentTitle } from '../../../../components/market/InstrumentTitle';
import { MoneyText } from '../../../../components/money/MoneyText';
import { Page } from '../../../../components/Page';
import { DirectionTag } from '../../../../components/trading/DirectionTag';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import { useCancelOrder } from '../../../../components/trading/useCancelOrder';
import { useFormatters } from '../../../../lib/format';

function OrderFacts({ order, waiting }: { order: TradeOrder; waiting: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={order.currency} sign={sign} trend={sign === 'always'} />
  );
  const time = (ms: number | null) => (ms === null ? '' : f.dateTime(ms, 'minutes'));
  return (
    <Facts
      className="card trade-facts--card"
      rows={[
        { label: t('trading.labels.orderType'), value: t(`trading.orderTypes.${order.orderType}`) },
        { label: t('trading.labels.quantity'), value: f.integer(order.quantity) },
        {
          label: order.orderType === 1 ? t('trading.labels.limitPrice') : t('trading.labels.price'),
          value: price(order.price),
        },
        order.fillPrice !== null && { label: t('trading.labels.fillPrice'), value: price(order.fillPrice) },
        { label: t('trading.labels.orderValue'), value: money(order.amount) },
        { label: t('trading.labels.margin'), value: money(order.margin) },
        { label: t('trading.labels.fee'), value: money(order.fee) },
        { label: waiting ? t('trading.labels.held') : t('trading.labels.total'), value: money(order.total) },
        order.profit !== null && { label: t('trading.labels.sellProfit'), value: money(order.profit, 'always') },
        { label: t('trading.labels.wallet'), value: t(`wallets.${order.walletType}`) },
        { label: t('trading.labels.orderTime'), value: time(order.createTimeTimestamp) },
        order.fillTimeTimestamp !== null && {
          label: t('trading.labels.fillTime'),
          value: time(order.fillTimeTimestamp),
        },
        order.cancelTimeTimestamp !== null && {
          label: t('trading.labels.cancelTime'),
          value: time(order.cancelTimeTimestamp),
        },
      ]}
    />
  );
}

export function OrderView({ order, onCancelled }: { order: TradeOrder; onCancelled: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cancel, isPending } = useCancelOrder();
  const waiting = order.status === 0 || order.status === 3;
  return (
    <Page
      title={<InstrumentTitle name={order.stockName} detail={order.stockCode} />}
      backFallback={paths.trade()}
      footer={
        waiting && (
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={isPending}
            onClick={() => void cancel(order, onCancelled)}
            data-testid="detail-cancel"
          >
            {t('trading.cancel.button')}
          </Button>
        )
      }
    >
      <section className="card detail-hero" data-testid="order-detail" data-id={order.id} data-status={order.status}>
        <div className="detail-hero__top">
          <DirectionTag direction={order.direction}> {order.leverage}:1</DirectionTag>
          <span
            className={`tag tag--${waiting ? 'warn' : order.status === 1 ? 'rise' : 'neutral'}`}
            data-testid="order-status"
          >
            {t(`trading.statuses.${order.status}`)}
          </span>
        </div>
        <span className="detail-hero__label">
          {order.openClose === 0 ? t('trading.detail.openOrder') : t('trading.detail.closeOrder')} #{order.id}
        </span>
        {waiting && <p className="trade-note">{t('trading.detail.waitingText')}</p>}
      </section>
      <OrderFacts order={order} waiting={waiting} />
      {order.positionId !== null && (
        <div className="detail-links">
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => navigate(paths.tradeDetail({ ...order, id: order.positionId ?? 0 }, 'position'))}
            data-testid="order-position"
          >
            {t('trading.detail.viewPosition')}
          </Button>
        </div>
      )}
    </Page>
  );
}
