/** The columns of the open and the closed positions. */
import { Decimal } from '@beurs/contracts';
import { Flex, type TableColumnsType, Typography } from 'antd';
import type { CustomerPosition } from '../../../api/queries';
import { t } from '../../../i18n';
import { formatAmount, formatCount, isZero } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../customer-trading.module.css';
import { CloseReasonTag, DirectionAndLeverage, formatPrice, Instrument, none, Price, Secondary, Signed } from './cells';

// ------------------------------------------------------------------------------------------ open positions

/*
 * Column widths add up to what a 1440-pixel screen leaves for the card (about 1,120 pixels), so the
 * figures that matter most (profit and loss) are seen without scrolling sideways.
 */

export const quantityColumn = { title: t('trading.quantity'), align: 'right', width: 80 } as const;

/** What an open and a closed position show alike: the instrument, its direction, how many, at what price. */
const positionColumns: TableColumnsType<CustomerPosition> = [
  { title: t('trading.instrument'), key: 'instrument', width: 160, render: (_, row) => <Instrument row={row} /> },
  {
    title: t('trading.direction'),
    key: 'direction',
    width: 110,
    render: (_, row) => <DirectionAndLeverage row={row} />,
  },
  { ...quantityColumn, dataIndex: 'positionNum', render: (n: number) => formatCount(n) },
  {
    title: t('trading.openPrice'),
    dataIndex: 'openPrice',
    align: 'right',
    width: 115,
    render: (price: string, row) => <Price value={price} currency={row.priceCurrency} />,
  },
];

/**
 * A placing's lock-up (docs/primary-markets.md "Lock-up", trade_positions.sellable_from) while it lasts: the customer
 * cannot close the position, add to it or set its stops before then. Compared with this device's clock.
 */
function LockedUntil({ row }: { row: CustomerPosition }) {
  const until = row.sellableFromTimestamp;
  if (until === null || row.status !== 1 || until <= Date.now()) return null;
  return (
    <Typography.Text type="warning" className={styles.small} data-testid="position-locked">
      {t('trading.lockedUntil', { time: formatTime(until) })}
    </Typography.Text>
  );
}

export const openColumns: TableColumnsType<CustomerPosition> = [
  {
    title: t('trading.opened'),
    dataIndex: 'createTimeTimestamp',
    width: 150,
    render: (ts: number, row) => (
      <Flex vertical>
        <span className={styles.nowrap}>{formatTime(ts)}</span>
        <LockedUntil row={row} />
      </Flex>
    ),
  },
  ...positionColumns,
  {
    title: t('trading.nowPrice'),
    dataIndex: 'nowPrice',
    align: 'right',
    width: 125,
    render: (price: string, row) => (
      <Flex vertical align="flex-end">
        <Price value={price} currency={row.priceCurrency} />
        {row.marketOpen ? null : <Secondary>{t('trading.marketClosed')}</Secondary>}
      </Flex>
    ),
  },
  {
    title: t('trading.margin'),
    dataIndex: 'isolatedPosition',
    align: 'right',
    width: 120,
    render: (margin: string, row) => (
      <Flex vertical align="flex-end">
        <span className={styles.nowrap}>{formatAmount(margin, row.currency)}</span>
        {isZero(row.addedMargin) ? null : (
          <Secondary>{t('trading.addedMargin', { amount: formatAmount(row.addedMargin, row.currency) })}</Secondary>
        )}
      </Flex>
    ),
  },
  {
    title: t('trading.floating'),
    dataIndex: 'profit',
    align: 'right',
    width: 120,
    render: (profit: string, row) => (
      <Flex vertical align="flex-end">
        <Signed amount={profit} currency={row.currency} />
        <Secondary>{`${new Decimal(row.zdf).isNegative() ? '' : '+'}${row.zdf} %`}</Secondary>
      </Flex>
    ),
  },
  {
    title: <span title={t('trading.stops')}>{t('trading.stopsShort')}</span>,
    key: 'stops',
    width: 130,
    render: (_, row) =>
      row.stopLoss === null && row.takeProfit === null ? (
        none
      ) : (
        <Flex vertical>
          {row.stopLoss !== null ? (
            <Secondary>{t('trading.stopLoss', { price: formatPrice(row.stopLoss, row.priceCurrency) })}</Secondary>
          ) : null}
          {row.takeProfit !== null ? (
            <Secondary>{t('trading.takeProfit', { price: formatPrice(row.takeProfit, row.priceCurrency) })}</Secondary>
          ) : null}
        </Flex>
      ),
  },
];
export const OPEN_WIDTH = 1110;

// ---------------------------------------------------------------------------------------- closed positions

export const closedColumns: TableColumnsType<CustomerPosition> = [
  {
    title: t('trading.closed'),
    dataIndex: 'sellTimeTimestamp',
    width: 170,
    render: (ts: number | null, row) => (
      <Flex vertical>
        <span className={styles.nowrap}>{formatTime(ts)}</span>
        <Secondary>{t('trading.openedAt', { time: formatTime(row.createTimeTimestamp) })}</Secondary>
      </Flex>
    ),
  },
  ...positionColumns,
  {
    title: t('trading.closePrice'),
    dataIndex: 'sellPrice',
    align: 'right',
    width: 115,
    render: (price: string | null, row) => <Price value={price} currency={row.priceCurrency} />,
  },
  {
    title: t('trading.realised'),
    dataIndex: 'sellProfit',
    align: 'right',
    width: 130,
    render: (profit: string | null, row) => (
      <Flex vertical align="flex-end">
        {profit === null ? none : <Signed amount={profit} currency={row.currency} />}
        {row.absorbedLoss !== null && !isZero(row.absorbedLoss) ? (
          <Typography.Text type="warning" className={styles.small}>
            {t('trading.absorbed', { amount: formatAmount(row.absorbedLoss, row.currency) })}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: t('trading.fees'),
    key: 'fees',
    align: 'right',
    width: 110,
    render: (_, row) => (
      <Flex vertical align="flex-end">
        <Secondary>{t('trading.openFee', { amount: formatAmount(row.openFee, row.currency) })}</Secondary>
        {row.closeFee !== null ? (
          <Secondary>{t('trading.closeFee', { amount: formatAmount(row.closeFee, row.currency) })}</Secondary>
        ) : null}
      </Flex>
    ),
  },
  {
    title: t('trading.reason'),
    dataIndex: 'closeReason',
    width: 125,
    render: (reason: string | null, row) => (
      <Flex vertical align="flex-start" gap={2}>
        <CloseReasonTag reason={reason} />
        {row.parentId !== null ? <Secondary>{t('trading.partOf', { id: row.parentId })}</Secondary> : null}
      </Flex>
    ),
  },
];
export const CLOSED_WIDTH = 1115;
