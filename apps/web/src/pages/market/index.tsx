import type { MarketId, StockMarket } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_SORT, isSortable, type ListSort, type ListSpec, useQuoteListInfinite } from '../../api/market';
import { useIsLoggedIn } from '../../api/session';
import { paths } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { LiveBadge } from '../../components/market/LiveBadge';
import { InfiniteQuoteList } from '../../components/market/QuoteList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { SegmentTabs } from '../../components/SegmentTabs';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import './market.css';

const SEGMENTS = ['US', 'HK', 'DE', 'NL', 'BE', 'MX', 'forex', 'futures', 'commodities', 'indices', 'crypto'] as const;
type Segment = (typeof SEGMENTS)[number];

type FilterName =
  | 'all'
  | 'NASDAQ'
  | 'NYSE'
  | 'AMEX'
  | 'major'
  | 'minor'
  | 'cross'
  | 'financial'
  | 'watch'
  | 'metals'
  | 'energy'
  | 'agricultural';

/** The filter chips of a segment; the first is the default. */
const FILTERS: Partial<Record<Segment, readonly FilterName[]>> = {
  US: ['all', 'NASDAQ', 'NYSE', 'AMEX'],
  forex: ['all', 'major', 'minor', 'cross'],
  futures: ['all', 'financial', 'watch'],
  commodities: ['metals', 'energy', 'agricultural'],
};

const STOCK_SEGMENTS: readonly string[] = ['US', 'HK', 'DE', 'NL', 'BE', 'MX'];
/** The primary markets' entries above a stock market's list (issue 15), each to its screen. */
const PRIMARY_ENTRIES = [
  { key: 'ipo', testId: 'ipo-centre-entry', to: () => paths.ipoCentre() },
  { key: 'auction', testId: 'auction-entry', to: paths.auction },
  { key: 'placings', testId: 'placings-entry', to: paths.placings },
  { key: 'blockTrade', testId: 'block-trade-entry', to: paths.blockTrade },
] as const;
/** The product lists, treasury bonds and funds (issue 16), from every segment: the one that fits the segment comes first. */
const PRODUCT_LINKS = [
  { key: 'popular', to: paths.popular, title: 'routes.product.popular' },
  { key: 'ucstock', to: paths.ucStocks, title: 'routes.product.ucstock' },
  { key: 'future', to: paths.futuresByCategory, title: 'routes.product.future' },
  { key: 'forex', to: paths.forexByGroup, title: 'routes.product.forex' },
  { key: 'bonds', to: paths.bonds, title: 'routes.bonds.list' },
  { key: 'funds', to: paths.funds, title: 'routes.yinmutual.index' },
] as const;
const FIRST_PRODUCT: Partial<Record<Segment, (typeof PRODUCT_LINKS)[number]['key']>> = {
  US: 'ucstock',
  forex: 'forex',
  futures: 'future',
  commodities: 'future',
};
const productLinksOf = (segment: Segment) => {
  const first = FIRST_PRODUCT[segment];
  return [...PRODUCT_LINKS].sort((a, b) => Number(b.key === first) - Number(a.key === first));
};
const isSegment = (value: string | null): value is Segment => SEGMENTS.includes(value as Segment);

function specOf(segment: Segment, filter: FilterName): ListSpec {
  switch (segment) {
    case 'US':
      return { list: 'stocks', market: 'US', exchange: filter === 'all' ? undefined : (filter as 'NASDAQ') };
    case 'forex':
      return { list: 'forex', group: filter === 'all' ? undefined : (filter as 'major') };
    case 'futures':
      if (filter === 'watch') return { list: 'futuresWatch' };
      return { list: 'futures', category: filter === 'financial' ? 'financial' : undefined };
    case 'commodities':
      return { list: 'futures', category: filter as 'metals' };
    case 'indices':
      return { list: 'indices' };
    case 'crypto':
      return { list: 'crypto' };
    default:
      return { list: 'stocks', market: segment as StockMarket };
  }
}

function sessionMarketOf(segment: Segment): MarketId | null {
  if (STOCK_SEGMENTS.includes(segment)) return segment as MarketId;
  if (segment === 'forex') return 'FOREX';
  if (segment === 'futures' || segment === 'commodities') return 'FUTURES';
  if (segment === 'crypto') return 'CRYPTO';
  return null;
}

type SortColumn = 'code' | 'price' | 'change_ratio';

/** default -> highest first -> lowest first -> default (code: A-Z -> Z-A -> default). */
function nextSort(current: ListSort, column: SortColumn): ListSort {
  if (current.sort !== column) return { sort: column, order: column === 'code' ? 'asc' : 'desc' };
  const first = column === 'code' ? 'asc' : 'desc';
  if ((current.order ?? first) === first) return { sort: column, order: first === 'asc' ? 'desc' : 'asc' };
  return DEFAULT_SORT;
}

function SortHeader({ sort, onSort, sortable }: { sort: ListSort; onSort: (s: ListSort) => void; sortable: boolean }) {
  const { t } = useTranslation();
  const column = (key: SortColumn, label: string, className: string) => {
    const active = sort.sort === key;
    const arrow = active ? ((sort.order ?? (key === 'code' ? 'asc' : 'desc')) === 'asc' ? '↑' : '↓') : '';
    if (!sortable) return <span className={className}>{label}</span>;
    return (
      <button
        type="button"
        className={`${className} list-head__sort${active ? ' list-head__sort--active' : ''}`}
        aria-label={t('market.sortBy', { column: label })}
        data-testid={`sort-${key}`}
        onClick={() => onSort(nextSort(sort, key))}
      >
        {label}
        <span aria-hidden="true">{arrow}</span>
      </button>
    );
  };
  return (
    <div className="list-head">
      {column('code', t('market.columns.name'), 'list-head__name')}
      {column('price', t('market.columns.price'), 'list-head__price')}
      {column('change_ratio', t('market.columns.change'), 'list-head__change')}
    </div>
  );
}

function MarketList({ spec, sort }: { spec: ListSpec; sort: ListSort }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuoteListInfinite(spec, isSortable(spec) ? sort : DEFAULT_SORT);
  const quotes = query.data;
  const empty =
    spec.list === 'futuresWatch' ? (
      <EmptyState icon="star" title={t('market.watchFuturesEmpty')} description={t('market.watchFuturesEmptyText')} />
    ) : (
      <EmptyState
        icon="market"
        title={t('market.empty')}
        description={t('market.emptyText')}
        action={
          <button type="button" className="text-link" onClick={() => navigate(paths.search())}>
            {t('search.open')}
          </button>
        }
      />
    );
  return (
    <Refreshable onRefresh={() => query.refetch()}>
      <InfiniteQuoteList
        query={query}
        quotes={quotes}
        empty={empty}
        skeletonRows={10}
        showExchange={spec.list === 'stocks' && spec.market === 'US' && !spec.exchange}
      />
    </Refreshable>
  );
}

export function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const segment: Segment = isSegment(params.get('m')) ? (params.get('m') as Segment) : 'US';
  const filters = (FILTERS[segment] ?? []).filter((f) => f !== 'watch' || loggedIn);
  const requested = params.get('f') as FilterName | null;
  const filter: FilterName = requested && filters.includes(requested) ? requested : (filters[0] ?? 'all');
  const sort: ListSort =
    params.get('sort') === 'code' || params.get('sort') === 'price' || params.get('sort') === 'change_ratio'
      ? { sort: params.get('sort') as SortColumn, order: params.get('order') === 'asc' ? 'asc' : 'desc' }
      : DEFAULT_SORT;
  const spec = specOf(segment, filter);
  const sessionMarket = sessionMarketOf(segment);

  const update = (next: { m?: Segment; f?: FilterName; sort?: ListSort }) => {
    const m = next.m ?? segment;
    const search = new URLSearchParams({ m });
    const f = next.m && next.m !== segment ? undefined : (next.f ?? filter);
    if (f && f !== (FILTERS[m]?.[0] ?? 'all')) search.set('f', f);
    const s = next.m && next.m !== segment ? DEFAULT_SORT : (next.sort ?? sort);
    if (s.sort !== 'default') {
      search.set('sort', s.sort);
      search.set('order', s.order ?? 'desc');
    }
    setParams(search, { replace: true });
  };

  return (
    <Page
      flush
      header={
        <div className="market-header">
          <div className="market-header__top">
            <h1 className="market-header__title">{t('routes.market.index')}</h1>
            <LiveBadge />
            <button
              type="button"
              className="icon-button market-header__search"
              onClick={() => navigate(paths.search())}
              data-testid="open-search"
            >
              <Icon name="search" size={18} />
              {t('search.open')}
            </button>
          </div>
          <SegmentTabs
            label={t('market.segmentsLabel')}
            active={segment}
            onChange={(m) => update({ m })}
            items={SEGMENTS.map((s) => ({ key: s, title: t(`market.segments.${s}`), testId: `market-tab-${s}` }))}
          />
        </div>
      }
    >
      <div className="market-body">
        {filters.length > 0 && (
          <fieldset className="chip-row">
            <legend className="sr-only">{t('market.filter')}</legend>
            {filters.map((f) => (
              <button
                key={f}
                type="button"
                className={`chip${f === filter ? ' chip--active' : ''}`}
                aria-pressed={f === filter}
                data-testid={`market-filter-${f}`}
                onClick={() => update({ f })}
              >
                {t(`market.filters.${f}`)}
              </button>
            ))}
          </fieldset>
        )}
        <nav className="product-links" aria-label={t('market.productLists')}>
          {productLinksOf(segment).map((p) => (
            <Link key={p.key} to={p.to()} className="product-links__link" data-testid={`product-link-${p.key}`}>
              {t(p.title)}
              <Icon name="chevron" size={14} />
            </Link>
          ))}
        </nav>
        {segment === 'HK' && (
          <Link to={paths.hkMarket()} className="link-card" data-testid="hk-overview">
            <span>
              <strong>{t('hk.overviewTitle')}</strong>
              <small>{t('hk.overviewText')}</small>
            </span>
            <Icon name="chevron" size={18} />
          </Link>
        )}
        {segment === 'crypto' && (
          <Link to={paths.robots()} className="link-card" data-testid="crypto-robots">
            <span>
              <strong>{t('market.cryptoEntryTitle')}</strong>
              <small>{t('market.cryptoEntryText')}</small>
            </span>
            <Icon name="chevron" size={18} />
          </Link>
        )}
        {STOCK_SEGMENTS.includes(segment) && (
          <div className="market-entries">
            {PRIMARY_ENTRIES.map((e) => (
              <Link key={e.testId} to={e.to()} className="link-card" data-testid={e.testId}>
                <span>
                  <strong>{t(`market.${e.key}EntryTitle`)}</strong>
                  <small>{t(`market.${e.key}EntryText`)}</small>
                </span>
                <Icon name="chevron" size={18} />
              </Link>
            ))}
          </div>
        )}
        {sessionMarket && <SessionLine market={sessionMarket} />}
        <SortHeader sort={sort} onSort={(s) => update({ sort: s })} sortable={isSortable(spec)} />
        <MarketList key={JSON.stringify(spec)} spec={spec} sort={sort} />
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
