/**
 * The auction monitor (issue 15, docs/primary-markets.md "Pre-market auction"): the auction orders of the current
 * and past pre-open windows, newest window first: customer, stock, side, limit, quantity, what is held, the state
 * and, once the open decided it, the opening price. Read only: the auction job decides the orders at the open.
 */
import { type AuctionOrderState, auction } from '@beurs/contracts';
import { Select, type TableColumnsType, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { type ConsoleAuctionOrder, useAuctionOrders } from '../api/placings';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { t } from '../i18n';
import { formatAmount, formatCount } from '../lib/money';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import styles from './offerings/offerings.module.css';

const STATE_COLOR: Record<AuctionOrderState, string> = {
  waiting: 'blue',
  filled: 'green',
  notFilled: 'gold',
  cancelled: 'default',
};

const isState = (value: string | null): value is AuctionOrderState =>
  (auction.AUCTION_ORDER_STATES as readonly string[]).includes(value ?? '');

const columns: TableColumnsType<ConsoleAuctionOrder> = [
  {
    title: t('auctionOrders.customer'),
    render: (_, o) => <Link to={`/customers/${o.customerId}`}>{o.userId}</Link>,
  },
  {
    title: t('auctionOrders.stock'),
    render: (_, o) => (
      <>
        <Typography.Text strong>{o.code}</Typography.Text> · {o.name}
      </>
    ),
  },
  { title: t('auctionOrders.market'), dataIndex: 'market' },
  {
    title: t('auctionOrders.side'),
    render: (_, o) => t(o.direction === 0 ? 'auctionOrders.buy' : 'auctionOrders.sell'),
  },
  { title: t('auctionOrders.limit'), align: 'right', dataIndex: 'limitPrice' },
  { title: t('auctionOrders.quantity'), align: 'right', render: (_, o) => formatCount(o.quantity) },
  { title: t('auctionOrders.held'), align: 'right', render: (_, o) => formatAmount(o.held, o.walletCurrency) },
  {
    title: t('auctionOrders.state'),
    render: (_, o) => <Tag color={STATE_COLOR[o.state]}>{t(`auctionOrders.states.${o.state}`)}</Tag>,
  },
  { title: t('auctionOrders.openPrice'), align: 'right', render: (_, o) => o.openPrice ?? t('common.none') },
  { title: t('auctionOrders.opens'), render: (_, o) => formatTime(o.opensAtTimestamp) },
  { title: t('auctionOrders.placed'), render: (_, o) => formatTime(o.createTimeTimestamp) },
];

export function AuctionOrdersPage() {
  useTitle(t('auctionOrders.title'));
  const [params, setParams] = usePageParams();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('state');
  const state = isState(raw) ? raw : undefined;
  const query = useAuctionOrders({ page: params.page, pageSize: params.pageSize, state });

  const chooseState = (next: AuctionOrderState | undefined) => {
    const q = new URLSearchParams(search);
    if (next) q.set('state', next);
    else q.delete('state');
    q.delete('page');
    setSearch(q);
  };

  return (
    <>
      <ListHeader
        title={t('auctionOrders.title')}
        hint={t('auctionOrders.hint')}
        extra={
          <>
            <Select<AuctionOrderState>
              allowClear
              value={state}
              placeholder={t('auctionOrders.allStates')}
              aria-label={t('auctionOrders.state')}
              options={auction.AUCTION_ORDER_STATES.map((s) => ({ value: s, label: t(`auctionOrders.states.${s}`) }))}
              onChange={(next) => chooseState(next)}
              className={styles.filter}
            />
            <RefreshButton query={query} />
          </>
        }
      />
      <ListTable<ConsoleAuctionOrder>
        query={query}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={t('auctionOrders.empty')}
        scrollX={1300}
      />
    </>
  );
}
