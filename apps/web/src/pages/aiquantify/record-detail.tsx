/**
 * aiquantify/record-detail (query: id; docs/strategies.md "AI quantification"): one of the customer's AI quant
 * subscriptions: its figures as on record, what happens at the period's end in plain words, and its state. Another
 * customer's id or one that does not exist reads as not found (the server answers 404).
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuantOrderQuery } from '../../api/quant';
import { paths } from '../../app/paths';
import { useMoneyFormat } from '../../components/money/format';
import { Page } from '../../components/Page';
import { QuantOrderFacts, QuantStatus } from '../../components/quant/QuantParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import { useFormatters } from '../../lib/format';
import '../../components/trading/trading.css';

export function AiQuantifyRecordDetailPage() {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useQuantOrderQuery(id);
  const missing = (
    <EmptyState
      icon="list"
      title={t('quant.record.notFound')}
      action={
        <Link to={paths.quantRecord()} className="text-link">
          {t('routes.aiquantify.record')} ›
        </Link>
      }
    />
  );
  if (!Number.isInteger(id) || id <= 0) return <Page>{missing}</Page>;
  return (
    <Page>
      <QueryBoundary query={query} empty={(o) => o === null} emptyView={missing}>
        {(o) =>
          o && (
            <div className="card trade-row" data-testid="quant-order-detail" data-status={o.status}>
              <div className="trade-row__head">
                <span className="trade-row__name">{o.name}</span>
                <QuantStatus status={o.status} />
              </div>
              <div className="trade-row__sub">
                <span>{o.code}</span>
                <span>#{o.id}</span>
              </div>
              <QuantOrderFacts item={o} />
              <p className="trade-note" data-testid="quant-detail-note">
                {o.status === 'running'
                  ? t('quant.record.runningNote', { end: f.dateTime(o.endTimeStamp, 'minutes') })
                  : t('quant.record.paidNote', { paid: moneyFormat.amount(o.paidOut ?? '0') })}
              </p>
              <p className="ticket-hint">{t('quant.pastResults')}</p>
            </div>
          )
        }
      </QueryBoundary>
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
