/**
 * yinmutual/myhold (docs/fixed-income.md "Funds"): the customer's funds. The totals (held in Regular and in Current
 * funds, yesterday's income, total income; SPEC §3 fund labels), then every order newest first with its state, rate,
 * interest so far and last day's interest; its daily series (SPEC §3 fund profit) opens below it. A Current in
 * progress is redeemed, all of it, after a confirmation naming what it pays back now.
 */
import { Decimal } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type FundOrderItem,
  useFundOrdersInfinite,
  useFundProfitQuery,
  useFundRedeemMutation,
  useFundStatQuery,
} from '../../api/funds';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { LoadMore } from '../../components/LoadMore';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { EmptyState, QueryBoundary } from '../../components/States';
import { Facts } from '../../components/trading/Sheet';
import { useFormatters } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency';
import { toastError, toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';

const eur = (v: string | null | undefined) => <MoneyText amount={v ?? undefined} currency="EUR" />;

function Totals() {
  const { t } = useTranslation();
  const stat = useFundStatQuery();
  if (!stat.data) return null;
  const s = stat.data;
  return (
    <div className="card bond-card" data-testid="fund-stat">
      <Facts
        rows={[
          { label: t('funds.labels.held'), value: eur(s.held), strong: true, testId: 'fund-stat-held' },
          { label: t('funds.labels.regularAmount'), value: eur(s.regularAmount) },
          { label: t('funds.labels.currentAmount'), value: eur(s.currentAmount) },
          { label: t('funds.labels.dailyYield'), value: eur(s.dailyYield), testId: 'fund-stat-daily' },
          { label: t('funds.labels.totalIncome'), value: eur(s.totalIncome), testId: 'fund-stat-income' },
        ]}
      />
    </div>
  );
}

function DailySeries({ order }: { order: FundOrderItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const query = useFundProfitQuery(order.id, true);
  return (
    <QueryBoundary
      query={query}
      empty={(data) => data.days.length === 0}
      emptyView={
        <p className="ticket-hint" data-testid="fund-no-days">
          {/* An order that ended before its first day of interest earned none; one in progress has its first ahead. */}
          {t(order.status === 'inProgress' ? 'funds.noDays' : 'funds.noDaysEnded', {
            date: f.dateTime(order.valueDate, 'date'),
          })}
        </p>
      }
    >
      {(data) => (
        <Facts
          testId="fund-days"
          rows={data.days.map((d) => ({
            label: `${f.dateTime(d.date, 'date')} · ${t('funds.dayRow', { rate: f.number(d.annualRate, 4) })}`,
            value: eur(d.profit),
          }))}
        />
      )}
    </QueryBoundary>
  );
}

function OrderRow({ order }: { order: FundOrderItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const redeem = useFundRedeemMutation();
  const [open, setOpen] = useState(false);
  const inProgress = order.status === 'inProgress';
  const confirmRedeem = async () => {
    const amount = new Decimal(order.amount).plus(order.income).toFixed(2);
    const ok = await Dialog.confirm({
      title: t('funds.redeemTitle', { name: order.name }),
      content: (
        <p data-testid="fund-redeem-confirm">
          {t('funds.redeemNote', { amount: moneyFormat.amount(amount, { code: 'EUR' }) })}
        </p>
      ),
      confirmText: t('funds.redeemConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    redeem.mutate(
      { id: order.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (done) =>
          toastSuccess(t('funds.redeemed', { amount: moneyFormat.amount(done.paidOut, { code: done.currency }) })),
        onError: (error) => toastError(error),
      },
    );
  };
  return (
    <li className="card trade-row" data-testid="fund-order" data-id={order.id} data-state={order.status}>
      <div className="trade-row__head">
        <span className="trade-row__name">{order.name}</span>
        <span className={`tag tag--${inProgress ? 'gold' : 'neutral'}`} data-testid="fund-order-state">
          {t(`funds.states.${order.status}`)}
        </span>
      </div>
      <div className="trade-row__sub num">
        <span>{t(`funds.types.${order.type}`)}</span>
        <span>{f.dateTime(order.buyTimeStamp, 'minutes')}</span>
      </div>
      <Facts
        rows={[
          { label: t('funds.labels.amount'), value: eur(order.amount) },
          // A Current's: the rate of its last day accrued (today's until one is), not a promise of the next.
          { label: t('funds.labels.annualRate'), value: `${f.number(order.annualRate, 4)}%` },
          order.termDays !== null && {
            label: t('funds.labels.term'),
            value: t('funds.labels.termDays', { count: order.termDays }),
          },
          { label: t('funds.labels.valueDate'), value: f.dateTime(order.valueDate, 'date') },
          order.maturityDate !== null && {
            label: t('funds.labels.maturity'),
            value: f.dateTime(order.maturityDate, 'date'),
          },
          { label: t('funds.labels.dailyIncome'), value: eur(order.dailyIncome), testId: 'fund-order-daily' },
          { label: t('funds.labels.income'), value: eur(order.income), testId: 'fund-order-income' },
          order.paidOut !== null && { label: t('funds.labels.paidOut'), value: eur(order.paidOut) },
          order.sellTimeStamp !== null && {
            label: t('funds.labels.closed'),
            value: f.dateTime(order.sellTimeStamp, 'minutes'),
          },
        ]}
      />
      {open && <DailySeries order={order} />}
      <div className="fund-actions">
        <Button size="small" fill="none" onClick={() => setOpen(!open)} data-testid="fund-order-days">
          {open ? t('funds.hideDays') : t('funds.showDays')}
        </Button>
        {order.redeemable && (
          <Button
            size="small"
            fill="outline"
            loading={redeem.isPending}
            onClick={() => void confirmRedeem()}
            data-testid="fund-order-redeem"
          >
            {t('funds.redeem')}
          </Button>
        )}
      </div>
    </li>
  );
}

export function YinmutualMyholdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useFundOrdersInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page>
      <QueryBoundary
        query={query}
        empty={() => list.length === 0}
        emptyView={
          <EmptyState
            icon="list"
            title={t('funds.holdingsEmpty')}
            description={t('funds.holdingsEmptyText')}
            action={
              <Button color="primary" shape="rounded" onClick={() => navigate(paths.funds())}>
                {t('funds.toList')}
              </Button>
            }
          />
        }
        keepOnFailure={() => list.length > 0}
      >
        {() => (
          <>
            <Totals />
            <ul className="trade-list" data-testid="fund-orders">
              {list.map((o) => (
                <OrderRow key={o.id} order={o} />
              ))}
            </ul>
            <LoadMore query={query} endText={t('funds.end')} />
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}
