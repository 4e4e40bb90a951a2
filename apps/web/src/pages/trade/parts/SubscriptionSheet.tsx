/**
 * One subscription in full (SPEC §3 "Subscription"): listing date, exchange code, prospectus date, fund raising,
 * subscription deadline and price, quantity, total, allotted quantity, amount paid and pending, state and
 * settlement. Opened from the subscription tab (`?tab=subscription&id=…`), so a link can open it.
 */
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useOfferingQuery, useSubscriptionQuery } from '../../../api/primary';
import { MoneyText } from '../../../components/money/MoneyText';
import { AllotmentRuleLine } from '../../../components/primary/AllotmentRule';
import { MakeUpPay } from '../../../components/primary/MakeUpPay';
import { SettleTag, StateTag } from '../../../components/primary/StateTag';
import { ErrorState, Loading } from '../../../components/States';
import { Facts, Sheet } from '../../../components/trading/Sheet';
import { useFormatters } from '../../../lib/format';
import { usePriceRange } from '../../product/newstock/parts/usePriceRange';

export function SubscriptionSheet({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useSubscriptionQuery(id);
  const s = query.data;
  return (
    <Sheet
      visible={id !== undefined}
      title={s ? t('ipo.tab.detail', { code: s.code }) : t('trading.tabs.subscription')}
      onClose={onClose}
      testId="subscription-sheet"
      dismiss="close"
    >
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : !s ? (
        <Loading />
      ) : (
        <SubscriptionFacts subscription={s} />
      )}
    </Sheet>
  );
}

function SubscriptionFacts({
  subscription: s,
}: {
  subscription: NonNullable<ReturnType<typeof useSubscriptionQuery>['data']>;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const range = usePriceRange();
  const offering = useOfferingQuery(s.code).data?.offering;
  const currency = s.currency as Currency;
  const money = (value: string | null, testId?: string) => (
    <MoneyText amount={value ?? undefined} currency={currency} testId={testId} />
  );
  return (
    <div data-testid="subscription-detail" data-status={s.status}>
      <Facts
        className="trade-facts--sheet"
        rows={[
          { label: t('trading.labels.instrument'), value: `${s.name} (${s.code})` },
          { label: t('ipo.labels.status'), value: <StateTag state={s.status} /> },
          s.settleStatus !== null && {
            label: t('ipo.labels.settleStatus'),
            value: <SettleTag settle={s.settleStatus} />,
          },
          { label: t('ipo.labels.exchange'), value: s.exchange },
          offering !== undefined && {
            label: t('ipo.labels.prospectusDate'),
            value: f.dateTime(offering.prospectusDateTimestamp, 'date'),
          },
          offering !== undefined && { label: t('ipo.labels.priceRange'), value: range(offering) },
          offering !== undefined && {
            label: t('ipo.labels.fundRaising'),
            value: `${f.compact(offering.fundRaising)} ${offering.currency}`,
          },
          { label: t('ipo.labels.deadline'), value: f.dateTime(s.closesAtTimestamp, 'minutes') },
          { label: t('ipo.labels.listingDate'), value: f.dateTime(s.marketDateTimestamp, 'date') },
          { label: t('ipo.labels.subscriptionPrice'), value: `${f.number(s.price, 2)} ${s.priceCurrency}` },
          s.priceCurrency !== s.currency && {
            label: t('ipo.labels.rate'),
            value: `1 ${s.priceCurrency} = ${f.rate(s.rate)} ${s.currency}`,
          },
          { label: t('ipo.labels.quantity'), value: f.integer(s.quantity), testId: 'detail-quantity' },
          {
            label: t('ipo.labels.allottedQuantity'),
            value: s.allottedQuantity === null ? '–' : f.integer(s.allottedQuantity),
            testId: 'detail-allotted',
          },
          { label: t('ipo.labels.amount'), value: money(s.amount) },
          { label: t('ipo.labels.fee'), value: money(s.fee) },
          { label: t('ipo.labels.total'), value: money(s.total, 'detail-total'), strong: true },
          { label: t('ipo.labels.amountPaid'), value: money(s.amountPaid, 'detail-paid') },
          { label: t('ipo.labels.amountPending'), value: money(s.amountPending, 'detail-pending') },
          s.financed && { label: t('ipo.financing.depositLabel'), value: money(s.deposit, 'detail-deposit') },
          s.makeUp !== null && { label: t('ipo.financing.interestIncluded'), value: money(s.interest) },
          s.makeUp !== null && {
            label: t(s.status === 'pendingPayment' ? 'ipo.financing.makeUpDue' : 'ipo.financing.makeUpLabel'),
            value: money(s.makeUp, 'detail-makeup'),
          },
          s.paymentDueAtTimestamp !== null && {
            label: t('ipo.financing.due'),
            value: f.dateTime(s.paymentDueAtTimestamp, 'minutes'),
          },
          { label: t('ipo.labels.wallet'), value: t(`wallets.${s.walletType}`) },
          { label: t('ipo.labels.subscribedAt'), value: f.dateTime(s.createTimeTimestamp, 'minutes') },
        ]}
      />
      <MakeUpPay subscription={s} />
      {s.status === 'lapsed' && <p className="trade-note">{t('ipo.financing.lapsedNote')}</p>}
      {offering && <AllotmentRuleLine rule={offering.allotmentRule} />}
    </div>
  );
}
