import type { Quote } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWatchlistQuery } from '../../api/watchlist';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { LiveBadge } from '../../components/market/LiveBadge';
import { QuoteList } from '../../components/market/QuoteList';
import { NavIconButton } from '../../components/NavIconButton';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import './watchlist.css';

const KINDS = ['all', 'stock', 'future', 'forex', 'index'] as const;
type KindFilter = (typeof KINDS)[number];

/** The watchlist tab: the user's instruments in their order, live; edit and search from the bar. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useWatchlistQuery();
  const [kind, setKind] = useState<KindFilter>('all');
  const items = query.data?.list;
  const present = new Set<Quote['kind']>(items?.map((i) => i.kind));
  const kinds = KINDS.filter((k) => k === 'all' || present.has(k));
  const active = kinds.includes(kind) ? kind : 'all';
  const shown = active === 'all' ? items : items?.filter((i) => i.kind === active);

  return (
    <Page
      right={
        <>
          <NavIconButton label={t('search.open')} onClick={() => navigate(paths.search())}>
            <Icon name="search" size={22} />
          </NavIconButton>
          {Boolean(items?.length) && (
            <NavIconButton
              label={t('watchlist.edit')}
              testId="watchlist-edit"
              onClick={() => navigate(paths.watchlistManage())}
            >
              <Icon name="edit" size={21} />
            </NavIconButton>
          )}
        </>
      }
    >
      <Refreshable onRefresh={() => query.refetch()}>
        {Boolean(items?.length) && (
          <div className="watchlist-bar">
            {kinds.length > 2 ? (
              <fieldset className="chip-row chip-row--compact">
                <legend className="sr-only">{t('market.filter')}</legend>
                {kinds.map((k) => (
                  <button
                    key={k}
                    type="button"
                    className={`chip${k === active ? ' chip--active' : ''}`}
                    aria-pressed={k === active}
                    onClick={() => setKind(k)}
                  >
                    {t(`watchlist.kinds.${k}`)}
                  </button>
                ))}
              </fieldset>
            ) : (
              <span className="watchlist-bar__count">{t('watchlist.count', { count: items?.length ?? 0 })}</span>
            )}
            <LiveBadge />
          </div>
        )}
        <div className="card list-card" data-testid="watchlist">
          <QuoteList
            query={query}
            quotes={shown}
            skeletonRows={6}
            empty={
              <EmptyState
                icon="star"
                title={t('watchlist.emptyTitle')}
                description={t('watchlist.emptyText')}
                action={
                  <Button
                    color="primary"
                    shape="rounded"
                    onClick={() => navigate(paths.search())}
                    data-testid="watchlist-search"
                  >
                    {t('watchlist.findInstruments')}
                  </Button>
                }
              />
            }
          />
        </div>
        {Boolean(items?.length) && (
          <div className="market-body__notice">
            <SimulatedNotice compact />
          </div>
        )}
      </Refreshable>
    </Page>
  );
}
