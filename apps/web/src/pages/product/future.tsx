/**
 * product/future: the futures by category (metals, energy, agricultural, indices, rates), front contracts with live
 * prices; each row opens its quote, Trade its ticket. The category is kept in the address (?g=).
 */
import type { FuturesCategory } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { GroupChips, ProductQuoteList, useGroup } from '../../components/market/ProductList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import '../market/market.css';
import './product-lists.css';

const CATEGORIES: readonly FuturesCategory[] = ['metals', 'energy', 'agricultural', 'indices', 'rates'];

export function FuturePage() {
  const { t } = useTranslation();
  const [category, choose] = useGroup(CATEGORIES);
  return (
    <Page flush>
      <div className="market-body product-list" data-testid="product-future">
        <GroupChips
          groups={CATEGORIES}
          value={category}
          onChange={choose}
          label={t('productLists.future.label')}
          labelOf={(c) => t(`productLists.future.groups.${c}`)}
        />
        <p className="product-list__intro">{t(`productLists.future.about.${category}`)}</p>
        <SessionLine market="FUTURES" />
        <ProductQuoteList
          key={category}
          spec={{ list: 'futures', category }}
          empty={<EmptyState icon="market" title={t('productLists.future.empty')} />}
        />
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
