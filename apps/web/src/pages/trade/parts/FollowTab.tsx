/**
 * The trade centre's follow tab (docs/strategies.md): the customer's follows, newest first, page by page, each with
 * its institution, amount, term and end, the book's NAV at entry and now, the value, the performance fee, the
 * profit or loss (a loss in red) and its state; paid follows show what was paid back.
 */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type FollowItem, useFollowsInfinite } from '../../../api/follow';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/Button';
import { MoneyText } from '../../../components/money/MoneyText';
import { EmptyState } from '../../../components/States';
import { Facts } from '../../../components/trading/Sheet';
import { useFormatters } from '../../../lib/format';
import { TradeListTab } from './TradeListTab';

function FollowRow({ item }: { item: FollowItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = (v: string | null, trend = false) => (
    <MoneyText amount={v ?? undefined} currency="EUR" trend={trend} sign={trend ? 'always' : undefined} />
  );
  return (
    <li className="card trade-row" data-testid="follow-row" data-status={item.status}>
      <div className="trade-row__head">
        <span className="trade-row__name">{item.manager}</span>
        <span className={`tag tag--${item.status === 'running' ? 'gold' : 'neutral'}`} data-testid="follow-status">
          {t(`follow.states.${item.status}`)}
        </span>
      </div>
      <div className="trade-row__sub">
        <span>{item.name}</span>
        <span>#{item.id}</span>
      </div>
      <Facts
        rows={[
          { label: t('follow.labels.amount'), value: money(item.amount) },
          { label: t('follow.labels.value'), value: money(item.value), testId: 'follow-value', strong: true },
          { label: t('follow.labels.profit'), value: money(item.profit, true), testId: 'follow-profit' },
          { label: t('follow.labels.feeCharged'), value: money(item.fee), testId: 'follow-fee' },
          item.paidOut !== null && { label: t('follow.labels.paidOut'), value: money(item.paidOut) },
          { label: t('follow.labels.navNow'), value: `${f.number(item.entryNav, 4)} → ${f.number(item.nav, 4)}` },
          { label: t('follow.labels.term'), value: t('follow.termDays', { count: item.termDays }) },
          {
            label: item.status === 'running' ? t('follow.labels.ends') : t('follow.labels.ended'),
            value: f.dateTime(item.endTimeStamp, 'minutes'),
          },
          { label: t('follow.labels.fee'), value: `${f.number(item.performanceFee, 2)}%` },
        ]}
      />
    </li>
  );
}

export function FollowTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useFollowsInfinite();
  return (
    <TradeListTab
      name="follow"
      query={query}
      empty={
        <EmptyState
          icon="list"
          title={t('follow.tab.empty')}
          description={t('follow.tab.emptyText')}
          action={
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.followAgencies())}>
              {t('follow.tab.toAgencies')}
            </Button>
          }
        />
      }
      header={
        <p className="ticket-hint">
          <Link to={paths.followAgencies()} className="text-link" data-testid="follow-agencies">
            {t('routes.product.follow')} ›
          </Link>
          <br />
          {t('follow.pastResults')}
        </p>
      }
      row={(item) => <FollowRow key={item.id} item={item} />}
    />
  );
}
