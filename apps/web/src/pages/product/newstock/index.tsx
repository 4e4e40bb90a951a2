/**
 * product/newstock, the IPO centre (docs/primary-markets.md): the calendar of new-stock offerings, filtered by
 * market (US, Hong Kong) and phase (open, upcoming, closed, allotted, listed), open ones first. Each row has the
 * issuer, code, exchange, price range, lot size, window, listing date and, signed in, the customer's state; open
 * ones lead to the subscription ticket. Every offering is a fictional issuer, labelled simulated. The filters are
 * kept in the query (`?market=HK&phase=open`), so a link (hkstock/index) can open the centre filtered.
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIpoCalendarInfinite } from '../../../api/primary';
import { LoadMore } from '../../../components/LoadMore';
import { Page } from '../../../components/Page';
import { AllotmentRuleText } from '../../../components/primary/AllotmentRule';
import { Refreshable } from '../../../components/Refreshable';
import { SimulatedNotice } from '../../../components/SimulatedNotice';
import { EmptyState, ErrorState } from '../../../components/States';
import { IpoFilters, isMarketFilter, isPhaseFilter, type MarketFilter, type PhaseFilter } from './parts/IpoFilters';
import { OfferingRow } from './parts/OfferingRow';
import '../../../components/trading/trading.css';
import '../../../components/primary/primary.css';

function RowsSkeleton() {
  return (
    <ul className="trade-list" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <li key={i} className="card trade-row trade-row--skeleton">
          <span className="shimmer" style={{ width: '55%', height: 14 }} />
          <span className="shimmer" style={{ width: '35%', height: 12 }} />
          <span className="shimmer" style={{ width: '80%', height: 40 }} />
        </li>
      ))}
    </ul>
  );
}

export function NewStockPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const marketParam = params.get('market');
  const phaseParam = params.get('phase');
  const market = isMarketFilter(marketParam) ? marketParam : undefined;
  const phase = isPhaseFilter(phaseParam) ? phaseParam : undefined;
  const query = useIpoCalendarInfinite({ market, phase });
  const offerings = query.data?.pages.flatMap((p) => p.list) ?? [];

  const onFilter = (next: { market: MarketFilter; phase: PhaseFilter }) => {
    const search = new URLSearchParams();
    if (next.market !== 'all') search.set('market', next.market);
    if (next.phase !== 'all') search.set('phase', next.phase);
    setParams(search, { replace: true });
  };

  return (
    <Page>
      <Refreshable onRefresh={() => query.refetch()}>
        <IpoFilters market={market ?? 'all'} phase={phase ?? 'all'} onChange={onFilter} />
        <p className="ticket-hint">{t('ipo.simulatedNote')}</p>
        {query.isPending ? (
          <RowsSkeleton />
        ) : query.isError && offerings.length === 0 ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : offerings.length === 0 ? (
          <EmptyState icon="list" title={t('ipo.empty')} description={t('ipo.emptyText')} />
        ) : (
          <>
            <ul className="trade-list" data-testid="ipo-list">
              {offerings.map((o) => (
                <OfferingRow key={o.id} offering={o} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('ipo.end')} />
          </>
        )}
        <details className="ipo-rules-section" data-testid="ipo-rules">
          <summary>{t('ipo.rules.open')}</summary>
          <AllotmentRuleText />
          <p className="ticket-hint">{t('ipo.ticket.holdNote')}</p>
        </details>
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </Refreshable>
    </Page>
  );
}
