/**
 * A customer's trading in the console, read-only: open positions with their live floating profit, closed
 * positions with the realised profit and why they closed, and every order. Operators cannot trade, close
 * or change anything here: fills follow the published rules only (ARCHITECTURE.md, money and trust rules).
 */
import { Decimal } from '@beurs/contracts';
import { Button, Card, Flex, Select, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { queryClient } from '../api/client';
import { consoleKeys, type OrderParams, type PageParams } from '../api/keys';
import { type CustomerOrder, type CustomerPosition, useCustomerOrders, useCustomerPositions } from '../api/queries';
import { lookup, t } from '../i18n';
import { formatAmount, formatCount, formatDecimal, formatSigned, isZero, sign, walletLabel } from '../lib/money';
import { formatTime } from '../lib/time';
import styles from './customer-trading.module.css';
import { ListTable } from './list-page';

const none = t('common.none');

/** Floating profit moves with the live price: the open positions are asked for again this often. */
const LIVE_REFRESH_MS = 10_000;

/** A price in the instrument's currency, with the decimals the server gave it (at least 2): "1.08345 USD". */
function formatPrice(value: string, currency: string): string {
  const decimals = (value.split('.')[1] ?? '').replace(/0+$/, '').length;
  return `${formatDecimal(value, Math.max(2, Math.min(decimals, 8)))} ${currency}`;
}

function Price({ value, currency }: { value: string | null; currency: string }) {
  if (value === null) return <>{none}</>;
  return <span className={styles.nowrap}>{formatPrice(value, currency)}</span>;
}

/** Green for a profit, red for a loss. */
function Signed({ amount, currency }: { amount: string; currency: string }) {
  const s = sign(amount);
  return (
    <Typography.Text strong type={s > 0 ? 'success' : s < 0 ? 'danger' : undefined} className={styles.nowrap}>
      {formatSigned(amount, currency)}
    </Typography.Text>
  );
}

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" className={styles.smallNowrap}>
      {children}
    </Typography.Text>
  );
}

/** "Stock · Funding wallet"; "Forex wallet" where the kind and the wallet have the same name. */
function kindAndWallet(row: CustomerPosition | CustomerOrder): string {
  const kind = lookup('trading.kind', row.kind) ?? row.kind;
  const wallet = walletLabel(row.walletType);
  return kind === wallet ? t('trading.walletOf', { wallet }) : `${kind} · ${t('trading.walletOf', { wallet })}`;
}

function Instrument({ row }: { row: CustomerPosition | CustomerOrder }) {
  return (
    <Flex vertical className={styles.shrinkable}>
      <Typography.Text strong>{row.stockCode}</Typography.Text>
      <Typography.Text type="secondary" className={styles.small} ellipsis={{ tooltip: row.stockName }}>
        {row.stockName}
      </Typography.Text>
      <Secondary>{kindAndWallet(row)}</Secondary>
    </Flex>
  );
}

/** A position's direction: buy is long, sell is short. */
function Direction({ direction, position }: { direction: number; position?: boolean }) {
  const buy = direction === 0;
  const label = position ? (buy ? t('trading.long') : t('trading.short')) : buy ? t('trading.buy') : t('trading.sell');
  return (
    <Tag color={buy ? 'green' : 'red'} className={styles.nowrap}>
      {label}
    </Tag>
  );
}

const statusColors: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'default', 3: 'gold', 4: 'default' };

function OrderStatusTag({ status }: { status: number }) {
  return (
    <Tag color={statusColors[status]} data-status={status}>
      {lookup('trading.orderStatus', status) ?? String(status)}
    </Tag>
  );
}

const reasonColors: Record<string, string> = {
  customer: 'default',
  closeOut: 'volcano',
  stopLoss: 'orange',
  takeProfit: 'cyan',
};

function CloseReasonTag({ reason }: { reason: string | null }) {
  if (!reason) return <>{none}</>;
  return <Tag color={reasonColors[reason]}>{lookup('trading.closeReason', reason) ?? reason}</Tag>;
}

/** A position's direction with its leverage beneath. */
function DirectionAndLeverage({ row }: { row: CustomerPosition }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      <Direction direction={row.direction} position />
      <Secondary>{t('trading.leverageOf', { n: row.leverage })}</Secondary>
    </Flex>
  );
}

// ------------------------------------------------------------------------------------------ open positions

/*
 * Column widths add up to what a 1440-pixel screen leaves for the card (about 1,120 pixels), so the
 * figures that matter most (profit and loss) are seen without scrolling sideways.
 */

const quantityColumn = { title: t('trading.quantity'), align: 'right', width: 80 } as const;

const openColumns: TableColumnsType<CustomerPosition> = [
  { title: t('trading.opened'), dataIndex: 'createTimeTimestamp', width: 150, render: (ts: number) => formatTime(ts) },
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
const OPEN_WIDTH = 1110;

// ---------------------------------------------------------------------------------------- closed positions

const closedColumns: TableColumnsType<CustomerPosition> = [
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
const CLOSED_WIDTH = 1115;

// ---------------------------------------------------------------------------------------------------- orders

const orderColumns: TableColumnsType<CustomerOrder> = [
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
const ORDERS_WIDTH = 1120;

// ------------------------------------------------------------------------------------------------------ card

type TabKey = 'open' | 'closed' | 'orders';

const FIRST_PAGE: PageParams = { page: 1, pageSize: 10 };

function OpenPositions({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<PageParams>(FIRST_PAGE);
  const positions = useCustomerPositions(customerId, { ...params, status: 1 }, { refetchInterval: LIVE_REFRESH_MS });
  return (
    <Flex vertical gap={8}>
      <Secondary>{t('trading.liveNote')}</Secondary>
      <ListTable<CustomerPosition>
        query={positions}
        params={params}
        setParams={setParams}
        columns={openColumns}
        emptyText={t('trading.openEmpty')}
        scrollX={OPEN_WIDTH}
      />
    </Flex>
  );
}

function ClosedPositions({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<PageParams>(FIRST_PAGE);
  const positions = useCustomerPositions(customerId, { ...params, status: 4 });
  return (
    <ListTable<CustomerPosition>
      query={positions}
      params={params}
      setParams={setParams}
      columns={closedColumns}
      emptyText={t('trading.closedEmpty')}
      scrollX={CLOSED_WIDTH}
    />
  );
}

function Orders({ customerId, status }: { customerId: number; status: OrderParams['status'] }) {
  const [params, setParams] = useState<PageParams>(FIRST_PAGE);
  const orders = useCustomerOrders(customerId, { ...params, status });
  return (
    <ListTable<CustomerOrder>
      query={orders}
      params={params}
      setParams={setParams}
      columns={orderColumns}
      emptyText={t('trading.ordersEmpty')}
      scrollX={ORDERS_WIDTH}
    />
  );
}

const orderStatusOptions = [
  { value: 0, label: lookup('trading.orderStatus', 0) },
  { value: 1, label: lookup('trading.orderStatus', 1) },
  { value: 2, label: lookup('trading.orderStatus', 2) },
];

export function TradingCard({ customerId }: { customerId: number }) {
  const [tab, setTab] = useState<TabKey>('open');
  const [orderStatus, setOrderStatus] = useState<OrderParams['status']>(undefined);
  // The open positions count for the tab label comes from the same query the tab uses (cached).
  const open = useCustomerPositions(customerId, { ...FIRST_PAGE, status: 1 });
  const openCount = open.data?.total;
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await queryClient.invalidateQueries({ queryKey: consoleKeys.customerTrading(customerId) });
    setRefreshing(false);
  };

  return (
    <Card
      title={
        <Flex vertical>
          <span>{t('trading.title')}</span>
          <Typography.Text type="secondary" className={styles.aside}>
            {t('trading.hint')}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button onClick={refresh} loading={refreshing}>
          {t('common.refresh')}
        </Button>
      }
      data-testid="trading-card"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        destroyOnHidden
        tabBarExtraContent={
          tab === 'orders' ? (
            <Select
              allowClear
              placeholder={t('trading.ordersAll')}
              aria-label={t('trading.status')}
              options={orderStatusOptions}
              value={orderStatus}
              onChange={(value?: 0 | 1 | 2) => setOrderStatus(value)}
              className={styles.width160}
              data-testid="orders-status-filter"
            />
          ) : null
        }
        items={[
          {
            key: 'open',
            label: openCount === undefined ? t('trading.openTab') : `${t('trading.openTab')} (${openCount})`,
            children: <OpenPositions customerId={customerId} />,
          },
          { key: 'closed', label: t('trading.closedTab'), children: <ClosedPositions customerId={customerId} /> },
          {
            key: 'orders',
            label: t('trading.ordersTab'),
            // A new filter starts again at the first page.
            children: <Orders key={orderStatus ?? 'all'} customerId={customerId} status={orderStatus} />,
          },
        ]}
      />
    </Card>
  );
}
