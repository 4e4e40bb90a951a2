/**
 * robotai/detail?id= (docs/strategies.md "Robot orders"): one of the customer's robots. Its status (SPEC §4's
 * colours), value, income (losses show), the SPEC §3 fields, its equity curve, its event log (the last 20: fills and
 * state changes) and, until it has ended, the way to end it and get its value back. A stopped robot (status 5)
 * says so and offers only that: it never asks for more money.
 */
import { isNotFound } from '@beurs/api-client';
import { robots as robotRules } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  useRobotCurveQuery,
  useRobotMessagesQuery,
  useRobotOrderQuery,
  useRobotRedeemMutation,
} from '../../api/robots';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { useMoneyFormat } from '../../components/money/format';
import { Page } from '../../components/Page';
import { RobotCurve, RobotEventList, RobotOrderFacts, robotOrderName } from '../../components/robots/RobotOrderParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import { useConfirmedCancel } from '../../components/useConfirmedCancel';
import '../market/market.css';

export function RobotaiDetailPage() {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const id = Number(useQueryParams<'id'>().id) || 0;
  const order = useRobotOrderQuery(id);
  const curve = useRobotCurveQuery(id);
  const messages = useRobotMessagesQuery(id);
  const redeem = useConfirmedCancel(useRobotRedeemMutation(), {
    variables: (orderId, idempotencyKey) => ({ id: orderId, idempotencyKey }),
    idOf: (v) => v.id,
    done: t('robots.order.redeemDone'),
  });
  const notFound = order.isError && isNotFound(order.error);

  return (
    <Page title={order.data ? robotOrderName(order.data) : undefined}>
      {notFound || id === 0 ? (
        <EmptyState
          icon="search"
          title={t('robots.order.notFound')}
          description={t('robots.order.notFoundText')}
          action={
            <Link to={paths.robotRecord()} className="text-link">
              {t('robots.myRobots')} ›
            </Link>
          }
        />
      ) : (
        <QueryBoundary query={order}>
          {(o) => (
            <div data-testid="robot-order-detail" data-status={o.status}>
              <RobotOrderFacts order={o} />
              {o.status === 5 && (
                <p className="ticket-error" data-testid="robot-stopped">
                  {t('robots.order.stopped')}
                </p>
              )}
              {o.status !== 6 && (
                <Button
                  color={o.status === 5 ? 'primary' : 'default'}
                  shape="rounded"
                  block
                  loading={redeem.isPending}
                  data-testid="robot-redeem"
                  onClick={() =>
                    void redeem.cancel(o.id, {
                      title: t('robots.order.redeemTitle'),
                      content: t('robots.order.redeemBody', {
                        value: moneyFormat.amount(o.value, { code: o.currency }),
                      }),
                      confirmText: t('robots.order.redeemConfirm'),
                      cancelText: t('robots.order.redeemCancel'),
                    })
                  }
                >
                  {t('robots.order.redeem')}
                </Button>
              )}
              <h2 className="section-title">{t('robots.order.curveTitle')}</h2>
              <QueryBoundary query={curve} inline>
                {(c) => <RobotCurve allocation={c.allocation} points={c.points} />}
              </QueryBoundary>
              <h2 className="section-title">{t('robots.order.logTitle')}</h2>
              <p className="ticket-hint robot-log-note">
                {t('robots.order.logNote', { count: robotRules.ROBOT_MESSAGE_LIMIT })}
              </p>
              <QueryBoundary query={messages} inline>
                {(m) => <RobotEventList events={m.list.slice(0, robotRules.ROBOT_MESSAGE_LIMIT)} pair={o.pair} />}
              </QueryBoundary>
              <p className="ticket-hint">{t('robots.incomeNote')}</p>
            </div>
          )}
        </QueryBoundary>
      )}
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
