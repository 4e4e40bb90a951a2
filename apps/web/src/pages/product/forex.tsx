/**
 * product/forex: the forex pairs by group, majors, minors and crosses, with live rates; each row opens its quote,
 * Trade its ticket. The group is kept in the address (?g=).
 */
import type { ForexGroup } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { GroupChips, ProductQuoteList, useGroup } from '../../components/market/ProductList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import '../market/market.css';
import './product-lists.css';

const GROUPS: readonly ForexGroup[] = ['major', 'minor', 'cross'];

export function ForexPage() {
  const { t } = useTranslation();
  const [group, choose] = useGroup(GROUPS);
  return (
    <Page flush>
      <div className="market-body product-list" data-testid="product-forex">
        <GroupChips
          groups={GROUPS}
          value={group}
          onChange={choose}
          label={t('productLists.forex.label')}
          labelOf={(g) => t(`productLists.forex.groups.${g}`)}
        />
        <p className="product-list__intro">{t(`productLists.forex.about.${group}`)}</p>
        <SessionLine market="FOREX" />
        <ProductQuoteList key={group} spec={{ list: 'forex', group }} />
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
