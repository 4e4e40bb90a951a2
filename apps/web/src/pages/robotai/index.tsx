/**
 * robotai/index (docs/strategies.md "Trading robots"): what a robot is, in plain words; the published robots, each to
 * its terms; the caller's allocation limits when logged in; the crypto market the robots trade.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRobotQuotaQuery, useRobotsQuery } from '../../api/robots';
import { useIsLoggedIn } from '../../api/session';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { Icon } from '../../components/Icon';
import { Page } from '../../components/Page';
import { RobotCard, RobotQuotaFacts } from '../../components/robots/RobotParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import '../market/market.css';

export function RobotaiIndexPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const robots = useRobotsQuery();
  const quota = useRobotQuotaQuery(undefined, loggedIn);
  return (
    <Page>
      <p className="robot-text" data-testid="robots-intro">
        {t('robots.intro')}
      </p>
      <Link to={paths.market({ m: 'crypto' })} className="link-card robot-section" data-testid="robots-to-market">
        <span>
          <strong>{t('robots.toMarket')}</strong>
          <small>{t('robots.toMarketText')}</small>
        </span>
        <Icon name="chevron" size={18} />
      </Link>

      <h2 className="section-title">{t('robots.listTitle')}</h2>
      <QueryBoundary
        query={robots}
        {...PAGED_ROWS}
        emptyView={<EmptyState icon="list" title={t('robots.empty')} description={t('robots.emptyText')} />}
      >
        {(data) => (
          <ul className="trade-list robot-section" data-testid="robot-list">
            {data.list.map((robot) => (
              <RobotCard key={robot.id} robot={robot} />
            ))}
          </ul>
        )}
      </QueryBoundary>

      <h2 className="section-title">{t('robots.quota.title')}</h2>
      {loggedIn ? (
        <QueryBoundary query={quota} inline>
          {(data) => <RobotQuotaFacts quota={data} />}
        </QueryBoundary>
      ) : (
        <Link to={loginPathFor(paths.robots())} className="text-link" data-testid="robots-login">
          {t('robots.quota.login')} ›
        </Link>
      )}

      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
