/**
 * Pieces of a customer's robot (robotai/detail, record; docs/strategies.md "Robot orders"): a row of the list, the
 * order's facts (SPEC §3: robot, working cycle, availability time, income, trading status, purchase time), its
 * equity curve and its event log (at most the last 20, SPEC §9).
 */
import { Decimal, robots as robotRules } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RobotMessageItem, RobotOrderItem } from '../../api/robots';
import { paths } from '../../app/paths';
import { useFormatters } from '../../lib/format';
import { NavChart } from '../follow/NavChart';
import { Icon } from '../Icon';
import { useMoneyFormat } from '../money/format';
import { MoneyText } from '../money/MoneyText';
import { Facts } from '../trading/Sheet';
import { pairBase, RobotStatusTag } from './RobotParts';
import '../trading/trading.css';
import './robots.css';

/** "GRID-BTC · BTC/USD". */
export const robotOrderName = (order: Pick<RobotOrderItem, 'code' | 'pair'>) =>
  `${order.code} · ${pairBase(order.pair)}/USD`;

/** Income and its ratio, coloured by sign ("+12.34 USD (+1.234%)"). */
function Income({ order, testId }: { order: RobotOrderItem; testId?: string }) {
  const f = useFormatters();
  return (
    <span data-testid={testId}>
      <MoneyText amount={order.income} currency={order.currency} sign="auto" trend />{' '}
      <span className="num">({f.change(order.incomeRatio, robotRules.ROBOT_INCOME_RATIO_DECIMALS)}%)</span>
    </span>
  );
}

export function RobotOrderCard({ order }: { order: RobotOrderItem }) {
  const { t } = useTranslation();
  return (
    <li className="card trade-row" data-testid="robot-order" data-id={order.id} data-status={order.status}>
      <Link to={paths.robotDetail({ id: order.id })} className="trade-row__link robot-card">
        <div className="trade-row__head">
          <span className="trade-row__name">{robotOrderName(order)}</span>
          <RobotStatusTag status={order.status} />
        </div>
        <div className="trade-row__sub">
          <span>
            {t('robots.order.allocation')} <MoneyText amount={order.allocation} currency={order.currency} />
          </span>
          <span>
            {t('robots.order.value')} <MoneyText amount={order.value} currency={order.currency} />
          </span>
        </div>
        <div className="robot-card__foot">
          <span>
            {t('robots.order.income')} <Income order={order} />
          </span>
          <Icon name="chevron" size={16} />
        </div>
      </Link>
    </li>
  );
}

export function RobotOrderFacts({ order }: { order: RobotOrderItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = (v: string, testId?: string) => <MoneyText amount={v} currency={order.currency} testId={testId} />;
  return (
    <Facts
      testId="robot-order-facts"
      rows={[
        { label: t('robots.order.status'), value: <RobotStatusTag status={order.status} />, testId: 'robot-status' },
        { label: t('robots.order.allocation'), value: money(order.allocation) },
        { label: t('robots.order.value'), value: money(order.value, 'robot-value'), strong: true },
        { label: t('robots.order.income'), value: <Income order={order} testId="robot-income" /> },
        // What the customer paid for the robot is not in its income (the allocation's trades are): both side by side.
        { label: t(`robots.order.price.${order.term}`), value: money(order.price, 'robot-price') },
        {
          label: t('robots.order.net'),
          value: (
            <MoneyText
              amount={new Decimal(order.income).minus(order.price).toFixed(2)}
              currency={order.currency}
              sign="auto"
              trend
              testId="robot-net"
            />
          ),
        },
        { label: t('robots.order.trades'), value: f.integer(order.trades) },
        {
          label: t('robots.order.cycle'),
          value:
            order.cycleDays === null
              ? t('robots.order.untilEnded')
              : t('robots.order.cycleDays', { count: order.cycleDays }),
        },
        {
          label: t(order.term === 'rent' ? 'robots.order.rented' : 'robots.order.purchased'),
          value: f.dateTime(order.createTimeTimestamp, 'minutes'),
        },
        { label: t('robots.order.startsAt'), value: f.dateTime(order.startTimeStamp, 'minutes') },
        order.endTimeStamp !== null && {
          label: t('robots.order.availableUntil'),
          value: f.dateTime(order.endTimeStamp, 'minutes'),
        },
        order.updatedTimeStamp !== null && {
          label: t('robots.order.updated'),
          value: f.dateTime(order.updatedTimeStamp, 'minutes'),
        },
        order.paidOut !== null && { label: t('robots.order.paidOut'), value: money(order.paidOut, 'robot-paid-out') },
      ]}
    />
  );
}

export function RobotCurve({ allocation, points }: { allocation: string; points: { time: number; value: string }[] }) {
  const { t } = useTranslation();
  const base = Number(allocation);
  if (points.length < 2) return <p className="ticket-hint">{t('robots.order.curveEmpty')}</p>;
  return (
    <NavChart
      testId="robot-curve"
      label={t('robots.order.curveLabel')}
      points={points.map((p) => ({ time: p.time, nav: String(Number(p.value) / base) }))}
    />
  );
}

export function RobotEventList({ events, pair }: { events: RobotMessageItem[]; pair: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  if (events.length === 0) return <p className="ticket-hint">{t('robots.order.logEmpty')}</p>;
  return (
    <ul className="robot-events" data-testid="robot-events">
      {events.map((e) => (
        <li key={e.seq} data-testid="robot-event" data-kind={e.kind}>
          <span className="robot-events__time num">{f.dateTime(e.time, 'minutes')}</span>
          <span>
            {e.kind === 'status' && e.status !== null ? (
              <RobotStatusTag status={e.status} />
            ) : (
              t(`robots.events.${e.side === 'sell' ? 'sell' : 'buy'}`, {
                quantity: e.quantity ?? '',
                base: pairBase(pair),
                price: `$${f.number(e.price, 2)}`,
                fee: moneyFormat.amount(e.fee, { currency: 'USD' }),
              })
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
