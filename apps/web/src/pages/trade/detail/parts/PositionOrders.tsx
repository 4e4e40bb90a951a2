/** The orders that opened, added to and closed a position, each linking to its own detail. */
import type { TradeOrder } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../app/paths';
import { usePriceText } from '../../../../components/trading/Rows';
import { useFormatters } from '../../../../lib/format';

export function PositionOrders({ orders }: { orders: TradeOrder[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const price = usePriceText();
  if (orders.length === 0) return null;
  return (
    <>
      <h2 className="section-title">{t('trading.detail.orders')}</h2>
      <ul className="card detail-orders" data-testid="position-orders">
        {orders.map((o) => (
          <li key={o.id}>
            <button type="button" className="detail-order" onClick={() => navigate(paths.tradeDetail(o, 'order'))}>
              <span>
                <strong className="detail-order__title">
                  {o.openClose === 0 ? t('trading.detail.openOrder') : t('trading.detail.closeOrder')} #{o.id}
                </strong>
                <small className="detail-order__meta num">
                  {f.integer(o.quantity)} @ {price(o.fillPrice ?? o.price)} ·{' '}
                  {f.dateTime(o.createTimeTimestamp, 'minutes')}
                </small>
              </span>
              <span className={`tag tag--${o.status === 1 ? 'rise' : o.status === 2 ? 'neutral' : 'warn'}`}>
                {t(`trading.statuses.${o.status}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
