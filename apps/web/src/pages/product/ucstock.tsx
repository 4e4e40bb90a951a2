/**
 * product/ucstock: UC stocks, read as US listings (mostly ADRs) of companies based in mainland China or Hong Kong
 * (docs/markets.md "Product lists"), largest first, with live prices; each row opens its quote, Trade its ticket.
 */
import { useTranslation } from 'react-i18next';
import type { ListSpec } from '../../api/market';
import { ProductQuoteList } from '../../components/market/ProductList';
import { SessionLine } from '../../components/market/SessionLine';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState } from '../../components/States';
import '../market/market.css';
import './product-lists.css';

const UC_STOCKS: ListSpec = { list: 'stocks', market: 'US', domicile: 'CN' };

export function UcStockPage() {
  const { t } = useTranslation();
  return (
    <Page flush>
      <div className="market-body product-list" data-testid="product-ucstock">
        <p className="product-list__intro">{t('productLists.ucstock.intro')}</p>
        <SessionLine market="US" />
        <ProductQuoteList
          spec={UC_STOCKS}
          empty={<EmptyState icon="market" title={t('productLists.ucstock.empty')} />}
        />
        <div className="market-body__notice">
          <SimulatedNotice compact />
        </div>
      </div>
    </Page>
  );
}
