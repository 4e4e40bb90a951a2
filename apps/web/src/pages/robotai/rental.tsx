/**
 * robotai/rental (query: id, the robot; term, rent or buy; docs/strategies.md "Robot orders"): starting a robot. The
 * customer picks the pair and the allocation (within /robot/getMiningQuota's limits) and confirms in a sheet that
 * shows the price (paid once, never from the allocation), what leaves the wallet, when it starts trading and when a
 * rent's cycle ends, with the transaction password (MoneyMoveSecret). The price shown is sent with the order, so a
 * price changed meanwhile is refused.
 */
import { Decimal } from '@beurs/contracts';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type RobotItem, useRobotCreateMutation, useRobotQuotaQuery, useRobotsQuery } from '../../api/robots';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { AmountField } from '../../components/money/AmountField';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyMoveSecret, useMoneyMoveSecret } from '../../components/money/MoneyMoveSecret';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { pairBase, RobotQuotaFacts, useRobotName } from '../../components/robots/RobotParts';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import { ConfirmSheet } from '../../components/trading/Sheet';
import { checkAmount } from '../../lib/amountCheck';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';
import '../market/market.css';
import '../../components/robots/robots.css';

function RobotStartTicket({ robot, term }: { robot: RobotItem; term: 'rent' | 'buy' }) {
  const { t } = useTranslation();
  const moneyFormat = useMoneyFormat();
  const navigate = useNavigate();
  const name = useRobotName();
  const quota = useRobotQuotaQuery(robot.id, true);
  const [pair, setPair] = useState(robot.pairs[0] ?? '');
  const [amount, setAmount] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const secret = useMoneyMoveSecret();
  const create = useRobotCreateMutation();
  const intent = useIdempotencyKey();
  const price = (term === 'rent' ? robot.rentPrice : robot.buyPrice) ?? '0';
  const currency = robot.currency;
  const text = amount.trim();
  const room = quota.data?.remaining;
  const check = checkAmount(text, {
    min: robot.minAllocation,
    max: robot.maxAllocation,
    room,
    available: quota.data?.available,
    plus: price,
  });
  const short = check.problem === 'short';
  const valid = check.problem === null;
  const ready = valid && secret.complete;
  const money = (v: string) => <MoneyText amount={v} currency={currency} />;
  const range = {
    min: moneyFormat.amount(robot.minAllocation),
    max: moneyFormat.amount(robot.maxAllocation),
    currency,
  };
  const problem = {
    empty: null,
    malformed: t('robots.start.badAmount'),
    outside: t('robots.start.outOfRange', range),
    aboveRoom: t('robots.start.aboveRoom', { max: moneyFormat.amount(room, { code: currency }) }),
    short: t('robots.start.short'),
  }[check.problem ?? 'empty'];

  const submit = () => {
    const request = { robotId: robot.id, term, pair, amount: new Decimal(text).toFixed(2), price };
    create.mutate(
      {
        request: { ...request, ...secret.credentials },
        idempotencyKey: intent.keyFor(request),
      },
      {
        onSuccess: (order) => {
          toastSuccess(t('robots.start.done', { id: order.id }));
          intent.renew();
          void navigate(paths.robotDetail({ id: order.id }), { replace: true });
        },
      },
    );
  };

  return (
    <>
      <div className="card trade-row" data-testid="robot-start" data-code={robot.code} data-term={term}>
        <div className="trade-row__head">
          <span className="trade-row__name">{name(robot)}</span>
          <span className="trade-row__sub">{robot.code}</span>
        </div>
        <p className="ticket-hint">
          {term === 'rent' ? t('robots.start.rent', { count: robot.rentCycleDays ?? 0 }) : t('robots.start.buy')} ·{' '}
          {money(price)}
        </p>
      </div>
      <QueryBoundary query={quota} inline>
        {(data) => <RobotQuotaFacts quota={data} />}
      </QueryBoundary>
      <div className="card bond-secret robot-ticket">
        <ChoiceChips
          label={t('robots.start.pair')}
          options={robot.pairs.map((code) => ({ value: code, label: `${pairBase(code)} / USD` }))}
          value={pair}
          onChange={(v) => {
            setPair(v);
            intent.renew();
          }}
          testIdPrefix="robot-pair-choice-"
        />
        <AmountField
          id="robot-amount"
          label={t('robots.start.amount')}
          currency={currency}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            intent.renew();
          }}
          placeholder={t('robots.start.amountPlaceholder', range)}
          problem={problem}
        />
        {short && (
          <Link to={paths.transfer({ to: robot.walletType })} className="text-link">
            {t('robots.quota.transfer')} ›
          </Link>
        )}
        <p className="ticket-hint">{t('robots.start.noteStart')}</p>
        <Button
          color="primary"
          shape="rounded"
          block
          disabled={!valid}
          onClick={() => setReviewing(true)}
          data-testid="robot-review"
        >
          {t('robots.start.review')}
        </Button>
      </div>
      {reviewing && (
        <ConfirmSheet
          visible
          title={t('robots.start.confirmTitle')}
          rows={[
            { label: t('robots.start.robot'), value: `${robot.code} · ${pairBase(pair)}/USD` },
            {
              label: t('robots.start.term'),
              value:
                term === 'rent' ? t('robots.start.rent', { count: robot.rentCycleDays ?? 0 }) : t('robots.start.buy'),
              testId: 'confirm-term',
            },
            { label: t('robots.start.amount'), value: money(new Decimal(text || 0).toFixed(2)), strong: true },
            { label: t('robots.start.price'), value: money(price), testId: 'confirm-price' },
            { label: t('robots.start.total'), value: money(new Decimal(text || 0).plus(price).toFixed(2)) },
            // The server's clock decides the hour (it may not be this device's): said in words, not as a time.
            { label: t('robots.start.starts'), value: t('robots.start.nextHour') },
            {
              label: t('robots.start.ends'),
              value:
                term === 'rent'
                  ? t('robots.start.cycleAfter', { count: robot.rentCycleDays ?? 0 })
                  : t('robots.start.untilEnded'),
            },
          ]}
          note={
            <span className="trade-note" data-testid="robot-confirm-note">
              <span>{t('robots.feeNote')}</span> <strong>{t('robots.start.pastResults')}</strong>
            </span>
          }
          confirmText={t('robots.start.confirm', { amount: moneyFormat.amount(text || '0', { code: currency }) })}
          pending={create.isPending}
          disabled={!ready}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        >
          <div className="bond-secret">
            <MoneyMoveSecret id="robot" {...secret.fields} error={create.error} />
          </div>
        </ConfirmSheet>
      )}
    </>
  );
}

export function RobotaiRentalPage() {
  const { t } = useTranslation();
  const params = useQueryParams<'id' | 'term'>();
  const id = Number(params.id);
  const term = params.term === 'buy' ? 'buy' : 'rent';
  const robots = useRobotsQuery();
  const offered = (r: RobotItem) =>
    r.id === id && r.open && (term === 'rent' ? r.rentPrice !== null : r.buyPrice !== null);
  return (
    <Page>
      <QueryBoundary
        query={robots}
        empty={(data) => !data.list.some(offered)}
        emptyView={
          <EmptyState
            icon="search"
            title={t('robots.start.unknown')}
            description={t('robots.unknownText')}
            action={
              <Link to={paths.robots()} className="text-link">
                {t('robots.allRobots')} ›
              </Link>
            }
          />
        }
      >
        {(data) => <RobotStartTicket robot={data.list.find(offered) as RobotItem} term={term} />}
      </QueryBoundary>
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
