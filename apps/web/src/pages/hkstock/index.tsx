import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { marketKeys, useQuoteListInfinite } from '../../api/market';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { IndexStrip } from '../../components/market/IndexStrip';
import { LiveBadge } from '../../components/market/LiveBadge';
import { Movers } from '../../components/market/Movers';
import { InfiniteQuoteList } from '../../components/market/QuoteList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { Refreshable } from '../../components/Refreshable';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import '../../components/primary/primary.css';

/**
 * hkstock/index: the Hong Kong market at a glance: Hang Seng and HSCEI, movers, the way to Hong Kong IPOs (the IPO
 * centre filtered to HK, whose open offerings lead to hkstock/payipo), and every HK stock.
 */
/** Hong Kong's indices on this page's strip (one array, so the strip's memo holds across renders). */
const HK_INDICES = ['HSI', 'HSCEI'] as const;

export function HkStockIndexPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const all = useQuoteListInfinite({ list: 'hk' });
  return (
    <Page right={<LiveBadge />}>
      <Refreshable onRefresh={() => queryClient.invalidateQueries({ queryKey: marketKeys.all })}>
        <SessionLine market="HK" />
        <IndexStrip codes={HK_INDICES} />
        <Movers fixedMarket="HK" />
        <HkIpoEntry />
        <h2 className="section-title">{t('hk.allTitle')}</h2>
        <div className="card list-card" data-testid="hk-all">
          <InfiniteQuoteList
            query={all}
            quotes={all.data}
            skeletonRows={8}
            showExchange={false}
            empty={<EmptyState icon="market" title={t('market.empty')} description={t('market.emptyText')} />}
          />
        </div>
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </Refreshable>
    </Page>
  );
}

/** The entry to Hong Kong IPO subscriptions. */
function HkIpoEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card ipo-hk-entry" data-testid="hk-ipo-entry">
      <div>
        <h2>{t('ipo.hkEntry.title')}</h2>
        <p>{t('ipo.hkEntry.text')}</p>
      </div>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        fill="outline"
        onClick={() => navigate(paths.ipoCentre({ market: 'HK' }))}
        data-testid="hk-ipo-open"
      >
        {t('ipo.hkEntry.open')}
      </Button>
    </section>
  );
}
