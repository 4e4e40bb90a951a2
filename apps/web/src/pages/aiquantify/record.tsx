/**
 * aiquantify/record (docs/strategies.md "AI quantification"): the customer's AI quant subscriptions, newest first,
 * page by page, each with its strategy, amount, value, profit or loss (a loss in red), fee, period, end and state;
 * a paid one shows what was paid back. A row opens record-detail.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type QuantOrderItem, useQuantOrdersInfinite } from '../../api/quant';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { Page } from '../../components/Page';
import { QuantOrderFacts, QuantStatus } from '../../components/quant/QuantParts';
import { EmptyState } from '../../components/States';
import { TradeListTab } from '../trade/parts/TradeListTab';
import '../../components/trading/trading.css';

function OrderRow({ item }: { item: QuantOrderItem }) {
  const { t } = useTranslation();
  return (
    <li className="card trade-row" data-testid="quant-order" data-status={item.status} data-id={item.id}>
      <Link to={paths.quantRecordDetail({ id: item.id })} className="trade-row__link" data-testid="quant-order-link">
        <div className="trade-row__head">
          <span className="trade-row__name">{item.name}</span>
          <QuantStatus status={item.status} />
        </div>
        <div className="trade-row__sub">
          <span>{item.code}</span>
          <span>#{item.id}</span>
        </div>
      </Link>
      <QuantOrderFacts item={item} />
      <Link to={paths.quantRecordDetail({ id: item.id })} className="text-link">
        {t('quant.details')} ›
      </Link>
    </li>
  );
}

export function AiQuantifyRecordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuantOrdersInfinite();
  return (
    <Page>
      <TradeListTab
        name="quant"
        query={query}
        empty={
          <EmptyState
            icon="list"
            title={t('quant.record.empty')}
            description={t('quant.record.emptyText')}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.quant())}>
                {t('quant.record.toStrategies')}
              </Button>
            }
          />
        }
        header={<p className="ticket-hint">{t('quant.pastResults')}</p>}
        row={(item) => <OrderRow key={item.id} item={item} />}
      />
    </Page>
  );
}
