/**
 * Pieces of the robot screens (robotai/index, product, quote; docs/strategies.md "Trading robots"): a robot's name
 * from its rule and pairs, its terms, how its rule trades, the statuses with SPEC §4's colours, and the caller's
 * allocation limits.
 */
import { robots as robotRules } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RobotItem, RobotQuotaData } from '../../api/robots';
import { paths } from '../../app/paths';
import { useFormatters } from '../../lib/format';
import { Icon } from '../Icon';
import { MoneyText } from '../money/MoneyText';
import { Facts } from '../trading/Sheet';
import '../trading/trading.css';
import './robots.css';

const { ROBOT_STATUS_CODES, ROBOT_STATUSES, robotStatusColour } = robotRules;

/** 'BTCUSD' -> 'BTC'. */
export const pairBase = (code: string) => code.replace(/USD$/, '');

/** "Grid robot · BTC, ETH": the rule and the pairs; the code is shown beside it. */
export function useRobotName() {
  const { t } = useTranslation();
  return (robot: RobotItem) => `${t(`robots.strategies.${robot.strategy}`)} · ${robot.pairs.map(pairBase).join(', ')}`;
}

/** The price terms in a line: "Rent 9.90 USD / 30 days · Buy 149.00 USD". */
function RobotPrices({ robot }: { robot: RobotItem }) {
  const { t } = useTranslation();
  return (
    <span className="robot-prices">
      {robot.rentPrice !== null && robot.rentCycleDays !== null && (
        <span data-testid="robot-rent">
          {t('robots.labels.rent')} <MoneyText amount={robot.rentPrice} currency={robot.currency} />{' '}
          {t('robots.labels.perCycle', { count: robot.rentCycleDays })}
        </span>
      )}
      {robot.buyPrice !== null && (
        <span data-testid="robot-buy">
          {t('robots.labels.buy')} <MoneyText amount={robot.buyPrice} currency={robot.currency} />
        </span>
      )}
    </span>
  );
}

/** One robot in a list, to its screen. */
export function RobotCard({ robot }: { robot: RobotItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const name = useRobotName();
  return (
    <li className="card trade-row" data-testid="robot-card" data-code={robot.code}>
      <Link to={paths.robotProduct({ id: robot.id })} className="trade-row__link robot-card">
        <div className="trade-row__head">
          <span className="trade-row__name">{name(robot)}</span>
          <span className={`tag tag--${robot.strategy === 'grid' ? 'gold' : 'rise'}`}>
            {t(`robots.strategyTags.${robot.strategy}`)}
          </span>
        </div>
        <div className="trade-row__sub">
          <span>{robot.code}</span>
          <span>
            {t('robots.labels.allocationRange', {
              min: f.number(robot.minAllocation, 0),
              max: f.number(robot.maxAllocation, 0),
              currency: robot.currency,
            })}
          </span>
        </div>
        <div className="robot-card__foot">
          <RobotPrices robot={robot} />
          <Icon name="chevron" size={16} />
        </div>
      </Link>
    </li>
  );
}

/** How the robot's rule trades, in words with its published parameters. */
export function RobotRule({ robot }: { robot: RobotItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <p className="robot-text" data-testid="robot-rule">
      {robot.strategy === 'grid'
        ? t('robots.how.grid', { step: f.number(robot.gridStepPercent, 2), levels: robot.levels })
        : t('robots.how.averaging', { levels: robot.levels, hours: robot.intervalHours })}
    </p>
  );
}

/** The published terms of one robot. */
export function RobotTerms({ robot }: { robot: RobotItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = (v: string) => <MoneyText amount={v} currency={robot.currency} />;
  return (
    <Facts
      testId="robot-terms"
      rows={[
        { label: t('robots.labels.strategy'), value: t(`robots.strategies.${robot.strategy}`) },
        robot.gridStepPercent !== null && {
          label: t('robots.labels.step'),
          value: `${f.number(robot.gridStepPercent, 2)}%`,
        },
        robot.intervalHours !== null && {
          label: t('robots.labels.interval'),
          value: t('robots.labels.everyHours', { count: robot.intervalHours }),
        },
        {
          label: t('robots.labels.rent'),
          value:
            robot.rentPrice !== null && robot.rentCycleDays !== null ? (
              <>
                {money(robot.rentPrice)} {t('robots.labels.perCycle', { count: robot.rentCycleDays })}
              </>
            ) : (
              t('robots.labels.notForRent')
            ),
        },
        {
          label: t('robots.labels.buy'),
          value: robot.buyPrice !== null ? money(robot.buyPrice) : t('robots.labels.notForSale'),
        },
        { label: t('robots.labels.minAllocation'), value: money(robot.minAllocation) },
        { label: t('robots.labels.maxAllocation'), value: money(robot.maxAllocation) },
        { label: t('robots.labels.wallet'), value: t(`wallets.${robot.walletType}`) },
      ]}
    />
  );
}

/** SPEC §4's statuses with their colours (1-4 yellow, 5-6 red) and what each means. */
export function RobotStatusTag({ status }: { status: robotRules.RobotStatusCode }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${robotStatusColour(status) === 'yellow' ? 'warn' : 'fall'}`} data-status={status}>
      {t(`robots.statuses.${ROBOT_STATUSES[status]}`)}
    </span>
  );
}

export function RobotStatusLegend() {
  const { t } = useTranslation();
  return (
    <ul className="robot-statuses" data-testid="robot-statuses">
      {ROBOT_STATUS_CODES.map((code) => (
        <li key={code}>
          <RobotStatusTag status={code} />
          <span>{t(`robots.statusText.${ROBOT_STATUSES[code]}`)}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the caller may allocate: the wallet, what running robots hold, the room left. */
export function RobotQuotaFacts({ quota }: { quota: RobotQuotaData }) {
  const { t } = useTranslation();
  const money = (v: string, testId?: string) => <MoneyText amount={v} currency={quota.currency} testId={testId} />;
  return (
    <Facts
      testId="robot-quota"
      rows={[
        { label: t('robots.quota.available'), value: money(quota.available, 'robot-quota-available') },
        { label: t('robots.quota.allocated'), value: money(quota.allocated) },
        {
          label: t('robots.quota.active'),
          value: t('robots.quota.activeValue', { active: quota.active, max: quota.maxActive }),
        },
        { label: t('robots.quota.max'), value: money(quota.maxAllocation) },
        { label: t('robots.quota.remaining'), value: money(quota.remaining, 'robot-quota-remaining'), strong: true },
      ]}
    />
  );
}
