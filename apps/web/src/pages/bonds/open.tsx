/**
 * bonds/open (SPEC §2 order query: name, code, source, direction): the ticket of one treasury bond. The quote for a
 * trade now (clean ask, accrued interest, the dirty price, the yield, the settlement date), the bond's terms, a
 * quantity of whole bonds, and what it costs: dirty ask × face + the published fee, from the wallet of the bond's
 * currency. Buying asks the transaction password (and second-factor code when on); the total shown is sent as the
 * most the customer agrees to pay, so a price that moved meanwhile is refused rather than charged.
 */
import { bondAmount, bondFee, Decimal } from '@beurs/contracts';
import { Stepper } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type BondItem, useBondBuyMutation, useBondQuery } from '../../api/bonds';
import { useWalletBalancesQuery } from '../../api/wallet';
import { paths } from '../../app/paths';
import { useQueryParams } from '../../app/useQueryParams';
import { Button } from '../../components/Button';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { Facts } from '../../components/trading/Sheet';
import { useFormatters } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import '../../components/trading/trading.css';
import './bonds.css';
import { MoneyMoveSecret, useMoneyMoveSecret } from '../../components/money/MoneyMoveSecret';

/** What `quantity` bonds cost, as the server charges it (@beurs/contracts bond-rules). */
function bondCost(bond: BondItem, quantity: number) {
  const amount = bondAmount(bond.dirtyAsk, bond.faceValue, quantity, 'buy');
  const fee = bondFee(amount);
  return { amount: amount.toFixed(2), fee: fee.toFixed(2), total: amount.plus(fee).toFixed(2) };
}

function Ticket({ bond }: { bond: BondItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const [quantity, setQuantity] = useState(1);
  const secret = useMoneyMoveSecret();
  const balances = useWalletBalancesQuery();
  const available = balances.data?.find((b) => b.walletType === bond.walletType)?.balance;
  const buy = useBondBuyMutation();
  const intent = useIdempotencyKey();
  const cost = bondCost(bond, quantity);
  const short = available !== undefined && new Decimal(cost.total).gt(available);
  const ready = secret.complete && !short;
  const money = (v: string | undefined) => <MoneyText amount={v} currency={bond.currency} />;

  if (buy.data) {
    return (
      <div className="card bond-card" data-testid="bond-bought">
        <p>
          {t('bonds.open.done', {
            quantity: f.integer(buy.data.quantity),
            name: buy.data.name,
            total: moneyFormat.amount(buy.data.total, { code: buy.data.currency }),
          })}
        </p>
        <Link to={paths.bondHoldings()} className="text-link" data-testid="bonds-to-holdings">
          {t('bonds.viewHoldings')} ›
        </Link>
      </div>
    );
  }

  const submit = () => {
    const request = { code: bond.code, quantity, maxTotal: cost.total };
    buy.mutate({
      request: { ...request, ...secret.credentials },
      idempotencyKey: intent.keyFor(request),
    });
  };

  return (
    <>
      <div className="card bond-card">
        <h2 className="bond-card__title">{bond.name}</h2>
        <Facts
          rows={[
            { label: t('bonds.labels.code'), value: bond.code },
            {
              label: t('bonds.labels.coupon'),
              value:
                bond.frequency === 0
                  ? t('bonds.noCoupon')
                  : `${f.number(bond.couponRate, 3)}% · ${bond.couponDates.join(', ')}`,
            },
            { label: t('bonds.labels.maturity'), value: f.dateTime(bond.maturityDate, 'date') },
            { label: t('bonds.labels.dayCount'), value: bond.dayCount },
            { label: t('bonds.labels.settlement'), value: f.dateTime(bond.settlementDate, 'date') },
            { label: t('bonds.labels.ask'), value: f.number(bond.ask, 6), testId: 'bond-ask' },
            { label: t('bonds.labels.accrued'), value: f.number(bond.accruedInterest, 6) },
            { label: t('bonds.labels.dirty'), value: f.number(bond.dirtyAsk, 6) },
            { label: t('bonds.labels.yield'), value: `${f.number(bond.askYield, 3)}%`, testId: 'bond-ask-yield' },
            { label: t('bonds.labels.face'), value: money(bond.faceValue) },
          ]}
        />
      </div>
      <div className="card bond-card">
        <div className="bond-quantity">
          <span>{t('bonds.labels.quantity')}</span>
          <Stepper
            min={1}
            max={10_000}
            digits={0}
            value={quantity}
            onChange={(v) => {
              setQuantity(Math.max(1, Math.min(10_000, Math.floor(v || 1))));
              intent.renew();
            }}
            data-testid="bond-quantity"
          />
        </div>
        <Facts
          rows={[
            { label: t('bonds.labels.amount'), value: money(cost.amount), testId: 'bond-amount' },
            {
              label: t('bonds.labels.fee'),
              value: money(cost.fee),
              testId: 'bond-fee',
            },
            { label: t('bonds.labels.total'), value: money(cost.total), testId: 'bond-total', strong: true },
            { label: t('bonds.labels.available'), value: money(available) },
          ]}
        />
        <p className="ticket-hint">
          {t('bonds.open.feeNote', {
            rate: f.number(new Decimal(bond.feeRate).times(100).toString(), 1),
            min: moneyFormat.amount(bond.minFee, { code: bond.currency }),
          })}
        </p>
        {short && (
          <p className="ticket-error" data-testid="bond-short">
            {t('bonds.open.short')}
          </p>
        )}
        <div className="bond-secret">
          <MoneyMoveSecret id="bond" {...secret.fields} error={buy.error} />
        </div>
        <Button
          block
          color="primary"
          shape="rounded"
          disabled={!ready}
          loading={buy.isPending}
          onClick={submit}
          data-testid="bond-buy"
        >
          {t('bonds.open.buy', { total: moneyFormat.amount(cost.total, { code: bond.currency }) })}
        </Button>
      </div>
    </>
  );
}

export function BondsOpenPage() {
  const { t } = useTranslation();
  const { code = '' } = useQueryParams<'code' | 'name'>();
  const query = useBondQuery(code);
  return (
    <Page>
      {query.isPending && code !== '' ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <EmptyState
          icon="list"
          title={t('bonds.open.gone')}
          description={t('bonds.open.goneText')}
          action={
            <Link to={paths.bonds()} className="text-link">
              {t('bonds.toList')} ›
            </Link>
          }
        />
      ) : (
        <Ticket key={query.data.code} bond={query.data} />
      )}
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
