/**
 * The customer's auction orders and their states: waiting for the open (held), filled at the opening price (with a
 * link to the position), not filled (the opening price did not reach the limit: cancelled and released at the open),
 * or cancelled by the customer before the open (Cancel on a waiting order, after the trading module's confirmation;
 * refused once the open has come, and the list is read again either way).
 */
import type { AuctionOrderState } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AuctionOrderRow, useAuctionOrdersInfinite } from '../../../../api/auction';
import { paths } from '../../../../app/paths';
import { Button } from '../../../../components/Button';
import { LoadMore } from '../../../../components/LoadMore';
import { MoneyText } from '../../../../components/money/MoneyText';
import { QueryBoundary } from '../../../../components/States';
import { usePriceText } from '../../../../components/trading/Rows';
import { Facts } from '../../../../components/trading/Sheet';
import { useCancelOrder } from '../../../../components/trading/useCancelOrder';
import { useFormatters } from '../../../../lib/format';

const TONE: Record<AuctionOrderState, string> = {
  waiting: 'neutral',
  filled: 'rise',
  notFilled: 'fall',
  cancelled: 'neutral',
};

function OrderRow({ order: o, onChanged }: { order: AuctionOrderRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const { cancel, isPending } = useCancelOrder();
  // The trading module's entrusted order until the open: its cancel releases the amount and fee held.
  const cancellable = {
    id: o.orderId,
    direction: o.direction,
    quantity: o.quantity,
    stockCode: o.code,
    price: o.limitPrice,
    total: o.held,
    currency: o.walletCurrency,
  };
  return (
    <li className="card trade-row" data-testid="auction-order" data-state={o.state}>
      <div className="trade-row__head">
        <span className="trade-row__name">
          {o.direction === 0 ? t('auction.ticket.buy') : t('auction.ticket.sell')} {o.name}
        </span>
        <span className={`tag tag--${TONE[o.state]}`} data-testid="auction-order-state">
          {t(`auction.states.${o.state}`)}
        </span>
      </div>
      <Facts
        rows={[
          { label: t('auction.ticket.quantity'), value: f.integer(o.quantity) },
          { label: t('auction.labels.limit'), value: price(o.limitPrice) },
          o.openPrice !== null && {
            label: t('auction.labels.openPrice'),
            value: price(o.openPrice),
            testId: 'auction-order-open-price',
          },
          o.state === 'waiting' && {
            label: t('auction.labels.held'),
            value: <MoneyText amount={o.held} currency={o.walletCurrency} />,
          },
          { label: t('auction.labels.opens'), value: f.dateTime(o.opensAtTimestamp, 'minutes') },
        ]}
      />
      {o.state === 'waiting' && (
        <Button
          size="small"
          fill="outline"
          loading={isPending}
          data-testid="auction-order-cancel"
          onClick={() => void cancel(cancellable, onChanged, onChanged)}
        >
          {t('trading.cancel.button')}
        </Button>
      )}
      {o.positionId !== null && (
        <Link
          to={paths.tradeDetail(
            { id: o.positionId, stockName: o.name, stockCode: o.code, source: o.source },
            'position',
          )}
          className="text-link"
        >
          {t('auction.orders.position')}
        </Link>
      )}
    </li>
  );
}

export function MyOrders() {
  const { t } = useTranslation();
  const query = useAuctionOrdersInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section data-testid="auction-orders">
      <h3 className="section-title">{t('auction.orders.title')}</h3>
      <QueryBoundary
        query={query}
        empty={() => list.length === 0}
        emptyText={t('auction.orders.empty')}
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <ul className="trade-list">
              {list.map((o) => (
                <OrderRow key={o.id} order={o} onChanged={() => void query.refetch()} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('auction.orders.end')} />
          </>
        )}
      </QueryBoundary>
    </section>
  );
}
