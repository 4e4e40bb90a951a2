/**
 * The customer's treasury bonds: the totals per currency (value at the bid, accrued interest, income received) and
 * every holding newest first with its SPEC §4 state. A holding still traded may be sold, all of it, at the bid after
 * a confirmation naming what the sale would pay in now; the amount confirmed is sent as the least the customer
 * accepts. On bonds/close and in the trade centre's bonds tab.
 */
import { type BondHoldingState, bondFee, Decimal } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type BondHoldingItem,
  useBondHoldingsInfinite,
  useBondSellMutation,
  useBondTotalsQuery,
} from '../../api/bonds';
import { paths } from '../../app/paths';
import { useFormatters } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency';
import { toastError, toastSuccess } from '../../lib/toast';
import { Button } from '../Button';
import { LoadMore } from '../LoadMore';
import { useMoneyFormat } from '../money/format';
import { MoneyText } from '../money/MoneyText';
import { EmptyState, QueryBoundary } from '../States';
import { Facts } from '../trading/Sheet';
import '../trading/trading.css';
import '../../pages/bonds/bonds.css';

const TONE: Record<BondHoldingState, string> = {
  bought: 'gold',
  waitingRedemption: 'warn',
  redeemed: 'rise',
  sold: 'neutral',
};

/**
 * What a sale pays in now, as far as the holding's figures tell (value at the bid + accrued, less the published fee),
 * a cent lower for their rounding: sent as the least the customer accepts.
 */
function proceedsOf(h: BondHoldingItem): string {
  const gross = new Decimal(h.marketValue).plus(h.accruedInterest);
  return Decimal.max(gross.minus(bondFee(gross)).minus('0.01'), 0).toFixed(2);
}

function Totals() {
  const { t } = useTranslation();
  const f = useFormatters();
  const totals = useBondTotalsQuery();
  // A currency with nothing held and nothing received says nothing.
  const shown = totals.data?.totals.filter((x) => x.holdings > 0 || Number(x.income) > 0) ?? [];
  if (shown.length === 0) return null;
  return (
    <div className="card bond-card" data-testid="bond-totals">
      {shown.map((x) => (
        <Facts
          key={x.currency}
          rows={[
            { label: t('bonds.close.held', { currency: x.currency }), value: f.integer(x.holdings) },
            { label: t('bonds.labels.value'), value: <MoneyText amount={x.marketValue} currency={x.currency} /> },
            { label: t('bonds.labels.accrued'), value: <MoneyText amount={x.accruedInterest} currency={x.currency} /> },
            { label: t('bonds.labels.income'), value: <MoneyText amount={x.income} currency={x.currency} /> },
          ]}
        />
      ))}
    </div>
  );
}

function HoldingRow({ h }: { h: BondHoldingItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const sell = useBondSellMutation();
  const money = (v: string | null) => <MoneyText amount={v ?? undefined} currency={h.currency} />;
  const confirmSell = async () => {
    const estimate = proceedsOf(h);
    const ok = await Dialog.confirm({
      title: t('bonds.close.sellTitle'),
      content: (
        <p data-testid="bond-sell-confirm">
          {t('bonds.close.sellText', {
            quantity: f.integer(h.quantity),
            name: h.name,
            amount: moneyFormat.amount(estimate, { code: h.currency }),
          })}
        </p>
      ),
      confirmText: t('bonds.close.sell'),
      cancelText: t('bonds.close.keep'),
    });
    if (!ok) return;
    sell.mutate(
      { id: h.id, minProceeds: estimate, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (sold) =>
          toastSuccess(t('bonds.close.sold', { amount: moneyFormat.amount(sold.saleAmount, { code: sold.currency }) })),
        onError: (error) => toastError(error),
      },
    );
  };
  return (
    <li className="card trade-row" data-testid="bond-holding" data-id={h.id} data-state={h.status}>
      <div className="trade-row__head">
        <span className="trade-row__name">{h.name}</span>
        <span className={`tag tag--${TONE[h.status]}`} data-testid="bond-holding-state">
          {t(`bonds.states.${h.status}`)}
        </span>
      </div>
      <div className="trade-row__sub num">
        <span>{h.code}</span>
        <span>{f.dateTime(h.createTimeTimestamp, 'minutes')}</span>
      </div>
      <Facts
        rows={[
          { label: t('bonds.labels.quantity'), value: f.integer(h.quantity) },
          { label: t('bonds.labels.buyingPrice'), value: f.number(h.buyingPrice, 4) },
          { label: t('bonds.labels.yield'), value: `${f.number(h.yield, 3)}%` },
          {
            label: t('bonds.labels.coupon'),
            value: h.frequency === 0 ? t('bonds.noCoupon') : `${f.number(h.couponRate, 3)}%`,
          },
          { label: t('bonds.labels.maturity'), value: f.dateTime(h.maturityDate, 'date') },
          { label: t('bonds.labels.total'), value: money(h.total) },
          { label: t('bonds.labels.interest'), value: money(h.interest), testId: 'bond-holding-interest' },
          (h.status === 'bought' || h.status === 'waitingRedemption') && {
            label: t('bonds.labels.accrued'),
            value: money(h.accruedInterest),
            testId: 'bond-holding-accrued',
          },
          h.status === 'bought' && { label: t('bonds.labels.value'), value: money(h.marketValue) },
          h.nextCouponDate !== null &&
            h.frequency > 0 && { label: t('bonds.labels.nextCoupon'), value: f.dateTime(h.nextCouponDate, 'date') },
          h.status === 'sold' && { label: t('bonds.labels.saleAmount'), value: money(h.saleAmount) },
        ]}
      />
      {h.status === 'bought' && (
        <Button
          size="small"
          fill="outline"
          loading={sell.isPending}
          data-testid="bond-holding-sell"
          onClick={() => void confirmSell()}
        >
          {t('bonds.close.sell')}
        </Button>
      )}
    </li>
  );
}

export function BondHoldings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useBondHoldingsInfinite();
  const list = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <QueryBoundary
      query={query}
      empty={() => list.length === 0}
      emptyView={
        <EmptyState
          icon="list"
          title={t('bonds.close.empty')}
          description={t('bonds.close.emptyText')}
          action={
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.bonds())}>
              {t('bonds.toList')}
            </Button>
          }
        />
      }
      keepOnFailure={() => list.length > 0}
    >
      {() => (
        <>
          <Totals />
          <ul className="trade-list" data-testid="bond-holdings">
            {list.map((h) => (
              <HoldingRow key={h.id} h={h} />
            ))}
          </ul>
          <LoadMore query={query} endText={t('bonds.close.end')} />
        </>
      )}
    </QueryBoundary>
  );
}
