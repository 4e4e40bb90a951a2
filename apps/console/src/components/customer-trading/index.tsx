/**
 * A customer's trading in the console, read-only: open positions with their live floating profit, closed
 * positions with the realised profit and why they closed, every order, the bonds held and the fund orders. Operators cannot trade, close
 * or change anything here: fills follow the published rules only (ARCHITECTURE.md, money and trust rules).
 */
import { Button, Card, Flex, Select, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { type CustomerBond, useCustomerBonds } from '../../api/bonds';
import { queryClient } from '../../api/client';
import { type CustomerFund, useCustomerFunds } from '../../api/funds';
import { consoleKeys, type OrderParams, type PageParams } from '../../api/keys';
import { type CustomerOrder, type CustomerPosition, useCustomerOrders, useCustomerPositions } from '../../api/queries';
import { lookup, t } from '../../i18n';
import { ListTable } from '../list-page';
import styles from './customer-trading.module.css';
import { BONDS_WIDTH, bondColumns } from './parts/bond-columns';
import { LIVE_REFRESH_MS, Secondary } from './parts/cells';
import { FUNDS_WIDTH, fundColumns } from './parts/fund-columns';
import { ORDERS_WIDTH, orderColumns } from './parts/order-columns';
import { CLOSED_WIDTH, closedColumns, OPEN_WIDTH, openColumns } from './parts/position-columns';

type TabKey = 'open' | 'closed' | 'orders' | 'bonds' | 'funds';

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

function Bonds({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<PageParams>(FIRST_PAGE);
  const holdings = useCustomerBonds(customerId, params);
  return (
    <ListTable<CustomerBond>
      query={holdings}
      params={params}
      setParams={setParams}
      columns={bondColumns}
      emptyText={t('bonds.customerEmpty')}
      scrollX={BONDS_WIDTH}
    />
  );
}

function Funds({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<PageParams>(FIRST_PAGE);
  const orders = useCustomerFunds(customerId, params);
  return (
    <ListTable<CustomerFund>
      query={orders}
      params={params}
      setParams={setParams}
      columns={fundColumns}
      emptyText={t('funds.customerEmpty')}
      scrollX={FUNDS_WIDTH}
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
          { key: 'bonds', label: t('bonds.tab'), children: <Bonds customerId={customerId} /> },
          { key: 'funds', label: t('funds.tab'), children: <Funds customerId={customerId} /> },
        ]}
      />
    </Card>
  );
}
