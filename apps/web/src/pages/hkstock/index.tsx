import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { marketKeys, useQuoteListInfinite } from '../../api/market';
import { IndexStrip } from '../../components/market/IndexStrip';
import { LiveBadge } from '../../components/market/LiveBadge';
import { Movers } from '../../components/market/Movers';
import { InfiniteQuoteList } from '../../components/market/QuoteList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';

/** hkstock/index: the Hong Kong market at a glance: Hang Seng and HSCEI, movers, and every HK stock. */
/** Hong Kong's indices on this page's strip (one array, so the strip's memo holds across renders). */
const HK_INDICES = ['HSI', 'HSCEI'] as const;

export function HkStockIndexPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const all = useQuoteListInfinite({ list: 'hk' });
  return (
    <Page right={<LiveBadge />}>
      <PullToRefresh
        onRefresh={async () => {
          await queryClient.invalidateQueries({ queryKey: marketKeys.all });
        }}
        pullingText={t('market.pullToRefresh')}
        canReleaseText={t('market.releaseToRefresh')}
        refreshingText={t('common.loading')}
        completeText={t('market.refreshed')}
      >
        <SessionLine market="HK" />
        <IndexStrip codes={HK_INDICES} />
        <Movers fixedMarket="HK" />
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
      </PullToRefresh>
    </Page>
  );
}
