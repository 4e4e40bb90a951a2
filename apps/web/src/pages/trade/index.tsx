/**
 * The trade centre (SPEC §2 trade tab): holdings (open positions with live P&L), closed positions (with
 * their result net of fees, gross and fees beside it), entrusted orders (cancellable after a confirmation) and the
 * order history (filled and cancelled orders). Under the title, the portfolio's value and today's P/L (in EUR,
 * as the funding overview). The tab is kept in the query
 * (`?tab=closed`); every list pulls to refresh and loads page by page. Above the tabs, the margin of each
 * wallet that holds positions: equity, required margin and the margin level with the close-out level.
 * The subscription tab lists the customer's IPO subscriptions (SubscriptionTab), the bonds tab their treasury bonds
 * (BondHoldings, as bonds/close), the follow tab their copy-trading follows (FollowTab, docs/strategies.md).
 */
import { Tabs } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type TradeList,
  useClosedInfinite,
  useEntrustedInfinite,
  useHistoryInfinite,
  useHoldingsInfinite,
} from '../../api/trading';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { BondHoldings } from '../../components/bonds/BondHoldings';
import { LiveBadge } from '../../components/market/LiveBadge';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { ClosedRow, OrderRow, PositionRow } from '../../components/trading/Rows';
import { useCancelOrder } from '../../components/trading/useCancelOrder';
import '../../components/trading/trading.css';
// The Trade tab has the Market tab's header, tabs and body frame.
import '../market/market.css';
import { FollowTab } from './parts/FollowTab';
import { MarginStrip } from './parts/MarginStrip';
import { PortfolioSummary } from './parts/PortfolioSummary';
import { SubscriptionTab } from './parts/SubscriptionTab';
import { ListEmpty, TradeListTab } from './parts/TradeListTab';

type TradeTab = TradeList | 'subscription' | 'follow' | 'bonds';
const TABS: readonly TradeTab[] = ['holdings', 'closed', 'entrusted', 'history', 'subscription', 'follow', 'bonds'];
const isTab = (value: string | null): value is TradeTab => TABS.includes(value as TradeTab);

function MarketsButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button color="primary" shape="rounded" onClick={() => navigate(paths.market())} data-testid="trade-markets">
      {t('trading.index.toMarkets')}
    </Button>
  );
}

function Holdings() {
  const query = useHoldingsInfinite();
  return (
    <TradeListTab
      name="holdings"
      query={query}
      empty={<ListEmpty list="holdings" icon="trade" action={<MarketsButton />} />}
      header={<MarginStrip margins={query.data?.pages[0]?.margin ?? []} />}
      row={(p) => <PositionRow key={p.id} position={p} />}
    />
  );
}

function Closed() {
  const query = useClosedInfinite();
  return (
    <TradeListTab
      name="closed"
      query={query}
      empty={<ListEmpty list="closed" icon="list" />}
      row={(p) => <ClosedRow key={p.id} position={p} />}
    />
  );
}

function Entrusted() {
  const query = useEntrustedInfinite();
  const { cancel, isPending, pendingId } = useCancelOrder();
  return (
    <TradeListTab
      name="entrusted"
      query={query}
      empty={<ListEmpty list="entrusted" icon="clock" />}
      row={(o) => (
        <OrderRow
          key={o.id}
          order={o}
          onCancel={(order) => void cancel(order)}
          cancelling={isPending && pendingId === o.id}
        />
      )}
    />
  );
}

function History() {
  const query = useHistoryInfinite();
  return (
    <TradeListTab
      name="history"
      query={query}
      empty={<ListEmpty list="history" icon="list" />}
      row={(o) => <OrderRow key={o.id} order={o} />}
    />
  );
}

export function TradePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TradeTab = isTab(params.get('tab')) ? (params.get('tab') as TradeTab) : 'holdings';
  return (
    <Page
      flush
      header={
        <div className="market-header">
          <div className="market-header__top">
            <h1 className="market-header__title">{t('routes.trade.index')}</h1>
            <LiveBadge />
          </div>
          <PortfolioSummary />
          <Tabs
            className="market-tabs"
            activeKey={tab}
            onChange={(key) => setParams(new URLSearchParams({ tab: key }), { replace: true })}
            stretch={false}
          >
            {TABS.map((name) => (
              <Tabs.Tab key={name} title={<span data-testid={`trade-tab-${name}`}>{t(`trading.tabs.${name}`)}</span>} />
            ))}
          </Tabs>
        </div>
      }
    >
      <div className="market-body trade-body">
        {tab === 'holdings' && <Holdings />}
        {tab === 'closed' && <Closed />}
        {tab === 'entrusted' && <Entrusted />}
        {tab === 'history' && <History />}
        {tab === 'subscription' && <SubscriptionTab />}
        {tab === 'follow' && <FollowTab />}
        {tab === 'bonds' && <BondHoldings />}
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
