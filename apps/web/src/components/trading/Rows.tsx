/**
 * The rows of the trade centre: an open position with its live profit or loss, a closed position with its
 * realised profit (sellProfit) and why it closed, and an entrusted order with "Cancel" (after a confirmation).
 */
import type { Position, TradeOrder } from '@beurs/contracts';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { decimalsOf, useFormatters } from '../../lib/format';
import { useInView } from '../../lib/useInView';
import { Icon } from '../Icon';
import { trendOfAmount } from '../money/format';
import { MoneyText } from '../money/MoneyText';
import { DirectionTag } from './DirectionTag';
import { useLivePosition } from './useLivePosition';
import './trading.css';
import { paths } from '../../app/paths';

/** Prices of positions and orders: as many decimals as the server wrote (at least 2, at most 8). */
export function usePriceText() {
  const f = useFormatters();
  return (value: string | null | undefined) => (value ? f.number(value, decimalsOf(value, 2)) : '–');
}

/** The first two lines of every row: the name with direction and leverage, then the code and `children`. */
function RowTop({
  item,
  children,
}: {
  item: Pick<Position | TradeOrder, 'stockName' | 'stockCode' | 'direction' | 'leverage'>;
  children: ReactNode;
}) {
  return (
    <>
      <div className="trade-row__head">
        <span className="trade-row__name">{item.stockName}</span>
        <DirectionTag direction={item.direction}> {item.leverage}:1</DirectionTag>
      </div>
      <div className="trade-row__sub num">
        <span>{item.stockCode}</span>
        <span>{children}</span>
      </div>
    </>
  );
}

export function PositionRow({ position }: { position: Position }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const ref = useRef<HTMLAnchorElement>(null);
  const visible = useInView(ref);
  const live = useLivePosition(position, { visible });
  const tone = trendOfAmount(live.profit);
  return (
    <li>
      <Link
        ref={ref}
        to={paths.tradeDetail(position, 'position')}
        className="card trade-row"
        data-testid="position-row"
        data-id={position.id}
        data-code={position.stockCode}
      >
        <RowTop item={position}>
          {f.integer(position.positionNum)} · {price(position.openPrice)} → {price(live.mark)}
        </RowTop>
        <div className="trade-row__figures">
          <span className="trade-row__label">{t('trading.labels.floatingPL')}</span>
          <span className="trade-row__pl num">
            <MoneyText amount={live.profit} currency={position.currency} sign="always" trend testId="position-profit" />
            <small className={tone === 'flat' ? undefined : tone} data-testid="position-zdf">
              {f.ratio(live.zdf)}
            </small>
          </span>
        </div>
        <div className="trade-row__sub num">
          <span>
            {/* 1:1 is paid in full: "margin" would suggest borrowed money (docs/trading.md "Fully paid positions"). */}
            {position.leverage === 1 ? t('trading.labels.paid') : t('trading.labels.margin')}{' '}
            <MoneyText amount={position.isolatedPosition} currency={position.currency} />
          </span>
          {(position.stopLoss || position.takeProfit) && (
            <span className="trade-row__stops">
              {position.stopLoss && `${t('trading.labels.stopLossShort')} ${price(position.stopLoss)}`}
              {position.stopLoss && position.takeProfit && ' · '}
              {position.takeProfit && `${t('trading.labels.takeProfitShort')} ${price(position.takeProfit)}`}
            </span>
          )}
        </div>
      </Link>
    </li>
  );
}

export function ClosedRow({ position }: { position: Position }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  return (
    <li>
      <Link
        to={paths.tradeDetail(position, 'position')}
        className="card trade-row"
        data-testid="closed-row"
        data-id={position.id}
        data-code={position.stockCode}
      >
        <RowTop item={position}>
          {f.integer(position.positionNum)} · {price(position.openPrice)} → {price(position.sellPrice)}
        </RowTop>
        <div className="trade-row__figures">
          <span className="trade-row__label">{t('trading.labels.netProfit')}</span>
          <MoneyText
            amount={position.netProfit ?? position.sellProfit}
            currency={position.currency}
            sign="always"
            trend
            className="trade-row__pl"
            testId="closed-net"
          />
        </div>
        <div className="trade-row__sub num">
          <span>
            {t('trading.labels.grossProfit')}{' '}
            <MoneyText amount={position.sellProfit} currency={position.currency} sign="always" testId="closed-profit" />
          </span>
          <span>
            {t('trading.labels.fees')}{' '}
            <MoneyText amount={position.fees} currency={position.currency} testId="closed-fees" />
          </span>
        </div>
        <div className="trade-row__sub">
          <span>{position.sellTimeTimestamp ? f.dateTime(position.sellTimeTimestamp, 'minutes') : ''}</span>
          {position.closeReason && (
            <span className={`tag tag--${position.closeReason === 'customer' ? 'neutral' : 'warn'}`}>
              {t(`trading.closeReasons.${position.closeReason}`)}
            </span>
          )}
        </div>
      </Link>
    </li>
  );
}

export function OrderRow({
  order,
  onCancel,
  cancelling,
}: {
  order: TradeOrder;
  onCancel?: (order: TradeOrder) => void;
  cancelling?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
  const waiting = order.status === 0 || order.status === 3;
  return (
    <li
      className="card trade-row trade-row--order"
      data-testid="order-row"
      data-id={order.id}
      data-status={order.status}
    >
      <Link to={paths.tradeDetail(order, 'order')} className="trade-row__link">
        <RowTop item={order}>
          {!waiting && `${t(order.openClose === 1 ? 'trading.index.orderClose' : 'trading.index.orderOpen')} · `}
          {t(`trading.orderTypes.${order.orderType}`)} · {f.integer(order.quantity)} @{' '}
          {price(order.status === 1 ? (order.fillPrice ?? order.price) : order.price)}
        </RowTop>
        <div className="trade-row__sub num">
          {waiting ? (
            <span>
              {t('trading.labels.held')} <MoneyText amount={order.total} currency={order.currency} />
            </span>
          ) : (
            <span>
              {t('trading.labels.fee')}{' '}
              <MoneyText amount={order.status === 1 ? order.fee : '0'} currency={order.currency} />
            </span>
          )}
          <span>
            {f.dateTime(
              (order.status === 1 ? order.fillTimeTimestamp : order.status === 2 ? order.cancelTimeTimestamp : null) ??
                order.createTimeTimestamp,
              'minutes',
            )}
          </span>
        </div>
      </Link>
      <div className="trade-row__actions">
        <span className={`tag tag--${waiting ? 'warn' : order.status === 1 ? 'rise' : 'neutral'}`}>
          {t(`trading.statuses.${order.status}`)}
        </span>
        {waiting && onCancel && (
          <button
            type="button"
            className="icon-button trade-row__cancel"
            disabled={cancelling}
            onClick={() => onCancel(order)}
            data-testid="order-cancel"
          >
            <Icon name="close" size={14} />
            {t('trading.cancel.button')}
          </button>
        )}
      </div>
    </li>
  );
}
