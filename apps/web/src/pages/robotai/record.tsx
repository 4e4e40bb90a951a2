/**
 * robotai/record (docs/strategies.md "Robot orders"): the customer's robots, running or ended, newest first, each
 * with its status (SPEC §4's colours), allocation, value and income, to its detail.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRobotOrdersInfinite } from '../../api/robots';
import { paths } from '../../app/paths';
import { ChoiceChips } from '../../components/ChoiceChips';
import { LoadMore } from '../../components/LoadMore';
import { Page } from '../../components/Page';
import { RobotOrderCard } from '../../components/robots/RobotOrderParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import '../market/market.css';

type Tab = 'running' | 'ended';

export function RobotaiRecordPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  const query = useRobotOrdersInfinite(tab === 'ended');
  return (
    <Page>
      <ChoiceChips
        label={t('robots.myRobots')}
        options={[
          { value: 'running' as Tab, label: t('robots.order.running') },
          { value: 'ended' as Tab, label: t('robots.order.ended') },
        ]}
        value={tab}
        onChange={setTab}
        testIdPrefix="robot-record-"
      />
      <QueryBoundary
        query={query}
        empty={(data) => data.pages[0]?.total === 0}
        emptyView={
          <EmptyState
            icon="list"
            title={t('robots.order.listEmpty')}
            description={t('robots.order.listEmptyText')}
            action={
              <Link to={paths.robots()} className="text-link">
                {t('robots.allRobots')} ›
              </Link>
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className="trade-list" data-testid="robot-orders">
              {data.pages
                .flatMap((p) => p.list)
                .map((o) => (
                  <RobotOrderCard key={o.id} order={o} />
                ))}
            </ul>
            <LoadMore query={query} endText={t('robots.order.end')} />
          </>
        )}
      </QueryBoundary>
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
