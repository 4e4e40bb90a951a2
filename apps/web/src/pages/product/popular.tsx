/**
 * product/popular: what this app's customers trade and watch most, counted by the server from its orders and
 * watchlists over the last 30 days (docs/markets.md "Product lists"). The rule is on the screen; while nothing is
 * counted the server answers a fixed selection, and the screen says it is not a ranking.
 */
import { useTranslation } from 'react-i18next';
import { usePopularQuery } from '../../api/market';
import { QuoteList } from '../../components/market/QuoteList';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import '../market/market.css';
import './product-lists.css';

export function PopularPage() {
  const { t } = useTranslation();
  const query = usePopularQuery();
  const data = query.data;
  return (
    <Page flush>
      <div className="market-body product-list" data-testid="product-popular">
        <p className="product-list__intro">{t('productLists.popular.rule', { days: data?.windowDays ?? 30 })}</p>
        {data?.origin === 'fallback' && (
          <p className="product-list__fallback" role="note" data-testid="popular-fallback">
            {t('productLists.popular.fallback', { days: data.windowDays })}
          </p>
        )}
        <QuoteList
          query={query}
          quotes={data?.list}
          empty={<EmptyState icon="market" title={t('productLists.popular.empty')} />}
          skeletonRows={8}
          spark={false}
          trade
        />
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
