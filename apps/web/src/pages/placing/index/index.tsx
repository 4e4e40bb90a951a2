/**
 * placing/index (docs/primary-markets.md "Placings"): the placings of listed stocks (SPO / QIP), open first, with
 * their discount, price (fixed at the window's open), window, lots, lock-up and demand; an open one opens its
 * ticket (lots, what is held, the confirmation with the transaction password). Simulated like every price here.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PlacingItem, usePlacingListInfinite } from '../../../api/placing';
import { useIsLoggedIn } from '../../../api/session';
import { paths } from '../../../app/paths';
import { LoadMore } from '../../../components/LoadMore';
import { Page } from '../../../components/Page';
import { AllotmentRuleText } from '../../../components/primary/AllotmentRule';
import { Refreshable } from '../../../components/Refreshable';
import { SimulatedNotice } from '../../../components/SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../../components/States';
import { PlacingRow } from './parts/PlacingRow';
import { PlacingTicket } from './parts/PlacingTicket';
import '../../../components/trading/trading.css';
import '../../../components/primary/primary.css';
import './parts/placing.css';

export function PlacingIndexPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const query = usePlacingListInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  const [open, setOpen] = useState<PlacingItem | null>(null);

  return (
    <Page>
      <Refreshable onRefresh={() => query.refetch()}>
        <p className="ticket-hint">{t('placing.simulatedNote')}</p>
        {loggedIn && (
          <Link to={paths.placingRecord()} className="text-link" data-testid="placing-to-record">
            {t('placing.viewRecord')} ›
          </Link>
        )}
        {query.isPending ? (
          <Loading />
        ) : query.isError && list.length === 0 ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState icon="list" title={t('placing.empty')} description={t('placing.emptyText')} />
        ) : (
          <>
            <ul className="trade-list" data-testid="placing-list">
              {list.map((p) => (
                <PlacingRow key={p.id} placing={p} onApply={setOpen} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('placing.end')} />
          </>
        )}
        <details className="ipo-rules-section" data-testid="placing-rules">
          <summary>{t('placing.rules.open')}</summary>
          <p className="ticket-hint">{t('placing.rules.price')}</p>
          <AllotmentRuleText />
          <p className="ticket-hint">{t('placing.rules.lockup')}</p>
        </details>
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </Refreshable>
      {open && <PlacingTicket key={open.id} placing={open} onClose={() => setOpen(null)} />}
    </Page>
  );
}
