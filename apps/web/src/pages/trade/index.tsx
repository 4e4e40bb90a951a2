/**
 * The trade centre (SPEC §2 trade tab): holdings (open positions with live P&L), closed positions (with
 * their result net of fees, gross and fees beside it), entrusted orders (cancellable after a confirmation) and the
 * order history (filled and cancelled orders). Under the title, the portfolio's value and today's P/L (in EUR,
 * as the funding overview). The tab is kept in the query
 * (`?tab=closed`); every list pulls to refresh and loads page by page. Above the tabs, the margin of each
 * wallet that holds positions: equity, required margin and the margin level with the close-out level.
 * Subscription, follow and bonds tabs come with their products.
 */
import type { MarginSummary } from '@beurs/contracts';
import { Button, PullToRefresh, Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type TradeList,
  useClosedInfinite,
  useEntrustedInfinite,
  useHistoryInfinite,
  useHoldingsInfinite,
} from '../../api/trading';
import type { IconName } from '../../components/Icon';
import { LoadMore, type PagedQuery } from '../../components/LoadMore';
import { LiveBadge } from '../../components/market/LiveBadge';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, ErrorState } from '../../components/States';
import { greaterThan } from '../../components/trading/figures';
import { ClosedRow, OrderRow, PositionRow } from '../../components/trading/Rows';
import { useCancelOrder } from '../../components/trading/useCancelOrder';
import '../../components/trading/trading.css';

const TABS: readonly TradeList[] = ['holdings', 'closed', 'entrusted', 'history'];
const isTab = (value: string | null): value is TradeList => TABS.includes(value as TradeList);

function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('market.pullToRefresh')}
      canReleaseText={t('market.releaseToRefresh')}
      refreshingText={t('common.loading')}
      completeText={t('market.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}

function ListSkeleton() {
  return (
    <ul className="trade-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="card trade-row trade-row--skeleton">
          <span className="shimmer" style={{ width: '50%', height: 14 }} />
          <span className="shimmer" style={{ width: '80%', height: 12 }} />
          <span className="shimmer" style={{ width: '35%', height: 18 }} />
        </li>
      ))}
    </ul>
  );
}

function MarketsButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button color="primary" shape="rounded" onClick={() => navigate('/pages/market/index')} data-testid="trade-markets">
      {t('trading.index.toMarkets')}
    </Button>
  );
}

/** Margin level of each wallet with positions (ESMA close-out at 50 %). */
function MarginStrip({ margins }: { margins: MarginSummary[] }) {
  const { t } = useTranslation();
  if (margins.length === 0) return null;
  return (
    <ul className="margin-strip" data-testid="margin-strip">
      {margins.map((m) => {
        // Red from one and a half times the close-out level down (75 % by default): close to a close-out.
        const danger = m.marginLevel !== null && !greaterThan(m.marginLevel, String(Number(m.closeOutLevel) * 1.5));
        // A wallet of 1:1 positions borrows nothing: its "margin level" is just the value against the cost, and
        // 95 % would read like a margin call. It says "Fully paid" and the value, and the level only near the
        // close-out, which still applies (docs/trading.md "Fully paid positions").
        if (m.fullyPaid && !danger) {
          return (
            <li key={m.walletType} className="margin-card" data-testid={`margin-${m.walletType}`}>
              <span className="margin-card__wallet">{t(`wallets.${m.walletType}`)}</span>
              <span className="margin-card__row">
                <span>{t('trading.margin.value')}</span>
                <MoneyText amount={m.equity} currency={m.currency} className="margin-card__value" />
              </span>
              <span className="margin-card__row">
                <strong className="margin-card__paid" data-testid="margin-fully-paid">
                  {t('trading.margin.fullyPaid')}
                </strong>
              </span>
              <span className="margin-card__note">{t('trading.margin.fullyPaidNote')}</span>
            </li>
          );
        }
        return (
          <li key={m.walletType} className="margin-card" data-testid={`margin-${m.walletType}`}>
            <span className="margin-card__wallet">{t(`wallets.${m.walletType}`)}</span>
            <span className="margin-card__row">
              <span>{t('trading.margin.equity')}</span>
              <MoneyText amount={m.equity} currency={m.currency} className="margin-card__value" />
            </span>
            <span className="margin-card__row">
              <span>{t('trading.margin.required')}</span>
              <MoneyText amount={m.requiredMargin} currency={m.currency} className="margin-card__value" />
            </span>
            <span className="margin-card__row">
              <span>{t('trading.margin.level')}</span>
              <strong
                className={`num margin-card__value${danger ? ' margin-card__level--danger' : ''}`}
                data-testid="margin-level"
              >
                {m.marginLevel === null ? '–' : `${m.marginLevel}%`}
              </strong>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The portfolio's value (open positions' margin + floating P/L) and today's P/L, from the holdings' first page. */
function PortfolioSummary() {
  const { t } = useTranslation();
  const query = useHoldingsInfinite();
  const portfolio = query.data?.pages[0]?.portfolio;
  if (!portfolio) return null;
  return (
    <dl className="portfolio-summary" data-testid="portfolio-summary">
      <div>
        <dt>{t('trading.index.portfolioValue')}</dt>
        <dd>
          <MoneyText amount={portfolio.value} currency={portfolio.currency} testId="portfolio-value" />
        </dd>
      </div>
      <div>
        <dt>{t('trading.index.todayProfit')}</dt>
        <dd>
          <MoneyText
            amount={portfolio.todayProfit}
            currency={portfolio.currency}
            sign="always"
            trend
            testId="portfolio-today"
          />
        </dd>
      </div>
    </dl>
  );
}

/** What a list of the trade centre needs of its infinite query. */
type ListQuery<T> = PagedQuery & {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { pages: ReadonlyArray<{ list: T[] }> };
  refetch: () => Promise<unknown>;
};

/**
 * One list of the trade centre, pulled to refresh: a skeleton while the first page loads, the error with a
 * retry, `empty` when there is nothing, else `header`, the rows (`row` gives each its key) and the footer
 * that loads the next page. The list's test id is the tab's name.
 */
function TradeListTab<T>({
  name,
  query,
  empty,
  header,
  row,
}: {
  name: TradeList;
  query: ListQuery<T>;
  empty: ReactNode;
  header?: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          {header}
          <ul className="trade-list" data-testid={name}>
            {items.map(row)}
          </ul>
          <LoadMore query={query} endText={t('trading.index.end')} />
        </>
      )}
    </Refreshable>
  );
}

/** What a list says when it has nothing: `trading.index.<list>Empty` and `<list>EmptyText`. */
function ListEmpty({ list, icon, action }: { list: TradeList; icon: IconName; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={icon}
      title={t(`trading.index.${list}Empty`)}
      description={t(`trading.index.${list}EmptyText`)}
      action={action}
    />
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
  const tab: TradeList = isTab(params.get('tab')) ? (params.get('tab') as TradeList) : 'holdings';
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
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
