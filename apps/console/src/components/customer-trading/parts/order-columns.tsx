/** The columns of the orders. */
import { Flex, type TableColumnsType } from 'antd';
import type { CustomerOrder } from '../../../api/queries';
import { lookup, t } from '../../../i18n';
import { formatAmount, formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../customer-trading.module.css';
import {
  CloseReasonTag,
  Direction,
  formatPrice,
  Instrument,
  none,
  OrderStatusTag,
  Price,
  Secondary,
  Signed,
} from './cells';
import { quantityColumn } from './position-columns';

// ---------------------------------------------------------------------------------------------------- orders

export const orderColumns: TableColumnsType<CustomerOrder> = [
  { title: t('trading.placed'), dataIndex: 'createTimeTimestamp', width: 150, render: (ts: number) => formatTime(ts) },
  { title: t('trading.instrument'), key: 'instrument', width: 160, render: (_, row) => <Instrument row={row} /> },
  {
    title: t('trading.order'),
    key: 'order',
    width: 110,
    render: (_, row) => (
      <Flex vertical align="flex-start" gap={2}>
        <Direction direction={row.direction} />
        <Secondary>
          {lookup('trading.orderType', row.orderType)} · {lookup('trading.openClose', row.openClose)}
        </Secondary>
      </Flex>
    ),
  },
  { ...quantityColumn, dataIndex: 'quantity', render: (n: number) => formatCount(n) },
  {
    title: t('trading.price'),
    dataIndex: 'price',
    align: 'right',
    width: 140,
    render: (price: string, row) =>
      // A limit order shows its limit and, once filled, what it filled at; a market order its fill price.
      row.orderType === 1 ? (
        <Flex vertical align="flex-end">
          <span className={styles.nowrap}>
            {t('trading.limitPrice', { price: formatPrice(price, row.priceCurrency) })}
          </span>
          {row.fillPrice !== null ? (
            <Secondary>{t('trading.filledAt', { price: formatPrice(row.fillPrice, row.priceCurrency) })}</Secondary>
          ) : null}
        </Flex>
      ) : (
        <Price value={row.fillPrice ?? price} currency={row.priceCurrency} />
      ),
  },
  {
    title: t('trading.margin'),
    dataIndex: 'margin',
    align: 'right',
    width: 115,
    render: (margin: string, row) => (
      <Flex vertical align="flex-end">
        {/* A close order holds no margin. */}
        <span className={styles.nowrap}>{row.openClose === 1 ? none : formatAmount(margin, row.currency)}</span>
        <Secondary>{t('trading.feeOf', { amount: formatAmount(row.fee, row.currency) })}</Secondary>
        {row.openClose === 1 ? null : <Secondary>{t('trading.leverageOf', { n: row.leverage })}</Secondary>}
      </Flex>
    ),
  },
  {
    title: t('trading.status'),
    dataIndex: 'status',
    width: 145,
    render: (status: number, row) => (
      <Flex vertical align="flex-start" gap={2}>
        <OrderStatusTag status={status} />
        {row.fillTimeTimestamp !== null ? <Secondary>{formatTime(row.fillTimeTimestamp)}</Secondary> : null}
        {row.cancelTimeTimestamp !== null ? <Secondary>{formatTime(row.cancelTimeTimestamp)}</Secondary> : null}
      </Flex>
    ),
  },
  {
    title: t('trading.profit'),
    dataIndex: 'profit',
    align: 'right',
    width: 120,
    render: (profit: string | null, row) => (
      <Flex vertical align="flex-end" gap={2}>
        {profit === null ? none : <Signed amount={profit} currency={row.currency} />}
        {row.closeReason && row.closeReason !== 'customer' ? <CloseReasonTag reason={row.closeReason} /> : null}
        {row.positionId !== null ? <Secondary>{t('trading.position', { id: row.positionId })}</Secondary> : null}
      </Flex>
    ),
  },
];
export const ORDERS_WIDTH = 1120;
