/**
 * yinmutual/index (docs/fixed-income.md "Funds"): the fund products open to new money, Current and Regular, each with
 * the terms a subscription now gets (the annual rate, the term and the day it is paid back, the minimum, whether and
 * how it may be redeemed). Subscribing opens a confirm sheet: the amount from the Funds wallet, what it earns and
 * when, the terms again, the transaction password (and second-factor code when on). A Regular's rate shown is sent
 * with the subscription, so a rate that changed meanwhile is refused rather than applied.
 */
import { Decimal, fundInterest } from '@beurs/contracts';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type FundProductItem, useFundProductsQuery, useFundSubscribeMutation } from '../../api/funds';
import { useIsLoggedIn } from '../../api/session';
import { useWalletBalancesQuery } from '../../api/wallet';
import { loginPathFor } from '../../app/navigation';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { AmountField } from '../../components/money/AmountField';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, PAGED_ROWS, QueryBoundary } from '../../components/States';
import { ConfirmSheet, Facts } from '../../components/trading/Sheet';
import { checkAmount } from '../../lib/amountCheck';
import { useFormatters } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';
import { MoneyMoveSecret, useMoneyMoveSecret } from '../../components/money/MoneyMoveSecret';

type Filter = 'all' | 'current' | 'regular';
const FILTERS: readonly Filter[] = ['all', 'current', 'regular'];

/** The product's terms in words: how it pays and when it may be redeemed. */
export function FundRules({ product }: { product: FundProductItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="trade-note" data-testid="fund-rules">
      <p>
        {product.type === 'current'
          ? t('funds.rules.current', { fee: f.number(product.managementFee, 2) })
          : t('funds.rules.regular', {
              rate: f.number(product.annualRate, 2),
              days: product.termDays,
              maturity: f.dateTime(product.maturityDate, 'date'),
            })}
      </p>
      <p>{t('funds.rules.interest')}</p>
    </div>
  );
}

function SubscribeSheet({ product, onClose }: { product: FundProductItem; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const [amount, setAmount] = useState('');
  const secret = useMoneyMoveSecret();
  const balances = useWalletBalancesQuery();
  const available = balances.data?.find((b) => b.walletType === 'FINANCIAL')?.balance;
  const subscribe = useFundSubscribeMutation();
  const intent = useIdempotencyKey();
  const money = (v: string | undefined) => <MoneyText amount={v} currency={product.currency} />;
  const check = checkAmount(amount, { min: product.minAmount, available });
  const wellFormed = check.value !== null;
  const short = check.problem === 'short';
  const ready = check.problem === null && secret.complete;
  const interest =
    wellFormed && product.type === 'regular'
      ? fundInterest(amount.trim(), new Decimal(product.annualRate).dividedBy(100), product.termDays ?? 0).toFixed(2)
      : null;
  const problem = {
    empty: null,
    malformed: t('funds.badAmount'),
    outside: t('funds.belowMin', { min: moneyFormat.amount(product.minAmount, { code: product.currency }) }),
    aboveRoom: null,
    short: t('funds.short'),
  }[check.problem ?? 'empty'];

  const submit = () => {
    const request = {
      productId: product.id,
      amount: new Decimal(amount.trim()).toFixed(2),
      ...(product.type === 'regular' ? { annualRate: product.annualRate } : {}),
    };
    subscribe.mutate(
      {
        request: { ...request, ...secret.credentials },
        idempotencyKey: intent.keyFor(request),
      },
      {
        onSuccess: (order) => {
          toastSuccess(
            t('funds.done', { amount: moneyFormat.amount(order.amount, { code: order.currency }), name: order.name }),
          );
          intent.renew();
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmSheet
      visible
      title={t('funds.confirmTitle')}
      rows={[
        { label: t(`funds.types.${product.type}`), value: product.name },
        {
          label: product.type === 'current' ? t('funds.labels.currentRate') : t('funds.labels.annualRate'),
          value: `${f.number(product.annualRate, 2)}%`,
        },
        product.termDays !== null && {
          label: t('funds.labels.term'),
          value: t('funds.labels.termDays', { count: product.termDays }),
        },
        { label: t('funds.labels.valueDate'), value: f.dateTime(product.valueDate, 'date') },
        product.maturityDate !== null && {
          label: t('funds.labels.maturity'),
          value: f.dateTime(product.maturityDate, 'date'),
        },
        interest !== null && {
          label: t('funds.labels.expectedInterest'),
          value: money(interest),
          testId: 'fund-expected-interest',
          strong: true,
        },
        { label: t('funds.labels.available'), value: money(available) },
      ]}
      note={<FundRules product={product} />}
      confirmText={t('funds.confirm', {
        amount: wellFormed ? moneyFormat.amount(amount.trim(), { code: product.currency }) : '',
      })}
      pending={subscribe.isPending}
      disabled={!ready}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className="bond-secret">
        <AmountField
          id="fund-amount"
          label={t('funds.labels.amount')}
          currency={product.currency}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            intent.renew();
          }}
          placeholder={t('funds.amountPlaceholder')}
          problem={problem}
        />
        {short && (
          <Link to={paths.transfer({ to: 'FINANCIAL' })} className="text-link">
            {t('funds.transfer')} ›
          </Link>
        )}
        <MoneyMoveSecret id="fund" {...secret.fields} error={subscribe.error} />
      </div>
    </ConfirmSheet>
  );
}

function ProductRow({ product, onSubscribe }: { product: FundProductItem; onSubscribe: () => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <li className="card trade-row" data-testid="fund-product" data-code={product.code} data-type={product.type}>
      <div className="trade-row__head">
        <span className="trade-row__name">{product.name}</span>
        <span className="num" data-testid="fund-rate">
          {f.number(product.annualRate, 2)}%
        </span>
      </div>
      <div className="trade-row__sub">
        <span className={`tag tag--${product.type === 'current' ? 'rise' : 'gold'}`}>
          {t(`funds.types.${product.type}`)}
        </span>
        <span>{product.code}</span>
      </div>
      <Facts
        rows={[
          product.termDays !== null && {
            label: t('funds.labels.term'),
            value: t('funds.labels.termDays', { count: product.termDays }),
          },
          product.maturityDate !== null && {
            label: t('funds.labels.maturity'),
            value: f.dateTime(product.maturityDate, 'date'),
          },
          product.marketYield !== null && {
            label: t('funds.labels.marketYield'),
            value: `${f.number(product.marketYield, 3)}%`,
          },
          product.managementFee !== null && {
            label: t('funds.labels.managementFee'),
            value: `${f.number(product.managementFee, 2)}%`,
          },
          { label: t('funds.labels.minAmount'), value: <MoneyText amount={product.minAmount} currency="EUR" /> },
        ]}
      />
      <FundRules product={product} />
      <Button color="primary" shape="rounded" size="small" onClick={onSubscribe} data-testid="fund-subscribe">
        {t('funds.subscribe')}
      </Button>
    </li>
  );
}

export function YinmutualIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [filter, setFilter] = useState<Filter>('all');
  const [chosen, setChosen] = useState<FundProductItem | null>(null);
  const query = useFundProductsQuery(filter === 'all' ? undefined : filter);
  const choose = (p: FundProductItem) => {
    if (!loggedIn) {
      void navigate(loginPathFor(paths.funds()));
      return;
    }
    setChosen(p);
  };
  return (
    <Page>
      <ChoiceChips
        label={t('funds.filterLabel')}
        options={FILTERS.map((value) => ({ value, label: t(`funds.filters.${value}`) }))}
        value={filter}
        onChange={setFilter}
        testIdPrefix="funds-filter-"
      />
      <p className="ticket-hint">{t('funds.listNote')}</p>
      {loggedIn && (
        <Link to={paths.fundHoldings()} className="text-link" data-testid="funds-to-holdings">
          {t('funds.viewHoldings')} ›
        </Link>
      )}
      <QueryBoundary
        query={query}
        {...PAGED_ROWS}
        emptyView={<EmptyState icon="list" title={t('funds.empty')} description={t('funds.emptyText')} />}
      >
        {(data) => (
          <ul className="trade-list" data-testid="fund-products">
            {data.list.map((p) => (
              <ProductRow key={p.id} product={p} onSubscribe={() => choose(p)} />
            ))}
          </ul>
        )}
      </QueryBoundary>
      {chosen && <SubscribeSheet key={chosen.id} product={chosen} onClose={() => setChosen(null)} />}
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
