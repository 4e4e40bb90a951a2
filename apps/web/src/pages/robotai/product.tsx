/**
 * robotai/product?id= (docs/strategies.md "Trading robots"): one robot's published terms, its rule in words, the
 * pairs it may trade (each to its quote), what its statuses mean, and, logged in, what the caller may allocate to it.
 */
import { Decimal } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRobotQuotaQuery, useRobotsQuery } from '../../api/robots';
import { useIsLoggedIn } from '../../api/session';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { useMoneyFormat } from '../../components/money/format';
import { Page } from '../../components/Page';
import {
  pairBase,
  RobotQuotaFacts,
  RobotRule,
  RobotStatusLegend,
  RobotTerms,
  useRobotName,
} from '../../components/robots/RobotParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import '../market/market.css';

export function RobotaiProductPage() {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const id = Number(useQueryParams<'id'>().id);
  const robots = useRobotsQuery();
  const robot = robots.data?.list.find((r) => r.id === id);
  const quota = useRobotQuotaQuery(robot?.id, loggedIn && robot !== undefined);
  const name = useRobotName();

  return (
    <Page title={robot ? name(robot) : undefined}>
      <QueryBoundary query={robots}>
        {() =>
          !robot ? (
            <EmptyState
              icon="search"
              title={t('robots.unknown')}
              description={t('robots.unknownText')}
              action={
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.robots(), { replace: true })}>
                  {t('robots.allRobots')}
                </Button>
              }
            />
          ) : (
            <div data-testid="robot-product" data-code={robot.code}>
              <h2 className="section-title">{t('robots.howTitle')}</h2>
              <RobotRule robot={robot} />
              <h2 className="section-title">{t('robots.termsTitle')}</h2>
              <RobotTerms robot={robot} />
              <p className="ticket-hint">{t('robots.feeNote')}</p>

              <h2 className="section-title">{t('robots.pairsTitle')}</h2>
              <ul className="robot-pairs" data-testid="robot-pairs">
                {robot.pairs.map((code) => (
                  <li key={code}>
                    <Link to={paths.robotQuote({ code })} className="chip" data-testid={`robot-pair-${code}`}>
                      {pairBase(code)} / USD
                    </Link>
                  </li>
                ))}
              </ul>

              <div className="robot-actions">
                {robot.open &&
                  (['rent', 'buy'] as const).map((term) => {
                    const price = term === 'rent' ? robot.rentPrice : robot.buyPrice;
                    if (price === null) return null;
                    const label = t(term === 'rent' ? 'robots.startRent' : 'robots.startBuy', {
                      price: moneyFormat.amount(price, { code: robot.currency }),
                    });
                    const target = paths.robotRental({ id: robot.id, term });
                    return (
                      <Button
                        key={term}
                        color={term === 'rent' ? 'primary' : 'default'}
                        shape="rounded"
                        block
                        data-testid={`robot-${term}-action`}
                        onClick={() => navigate(loggedIn ? target : loginPathFor(target))}
                      >
                        {label}
                      </Button>
                    );
                  })}
                {loggedIn && (
                  <Link to={paths.robotRecord()} className="text-link" data-testid="robot-my-robots">
                    {t('robots.myRobots')} ›
                  </Link>
                )}
              </div>

              <h2 className="section-title">{t('robots.quota.title')}</h2>
              {loggedIn ? (
                <QueryBoundary query={quota} inline>
                  {(data) => (
                    <>
                      <RobotQuotaFacts quota={data} />
                      {data.robot && !data.robot.canStart && (
                        <p className="ticket-hint" data-testid="robot-cannot-start">
                          {t('robots.quota.cannotStart', {
                            min: moneyFormat.amount(data.robot.minAllocation, { code: data.currency }),
                          })}{' '}
                          {new Decimal(data.available).lt(data.robot.minAllocation) && (
                            <Link to={paths.transfer({ to: data.walletType })} className="text-link">
                              {t('robots.quota.transfer')} ›
                            </Link>
                          )}
                        </p>
                      )}
                    </>
                  )}
                </QueryBoundary>
              ) : (
                <Link to={loginPathFor(paths.robotProduct({ id }))} className="text-link" data-testid="robots-login">
                  {t('robots.quota.login')} ›
                </Link>
              )}

              <h2 className="section-title">{t('robots.statusesTitle')}</h2>
              <RobotStatusLegend />
              <p className="ticket-hint">{t('robots.incomeNote')}</p>
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
