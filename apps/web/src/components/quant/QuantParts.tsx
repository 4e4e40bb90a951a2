/**
 * Pieces of the AI quant screens (docs/strategies.md "AI quantification"): a subscription's figures (value, profit
 * or loss with its sign and colour, fee, NAV at entry and now, period and end) on aiquantify/record and
 * record-detail, and the subscribe sheet of aiquantify/index: amount from the Funds wallet within the strategy's
 * published minimum and maximum, one of its published periods, the terms in plain words, the transaction password
 * (MoneyMoveSecret). The sheet sends the fee it showed, so a fee changed meanwhile is refused.
 */
import { Decimal, MS_PER_DAY } from '@beurs/contracts';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type QuantItem, type QuantOrderItem, useQuantSubscribeMutation } from '../../api/quant';
import { useWalletBalancesQuery } from '../../api/wallet';
import { paths } from '../../app/paths';
import { checkAmount } from '../../lib/amountCheck';
import { useFormatters } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { ChoiceChips } from '../ChoiceChips';
import { AmountField } from '../money/AmountField';
import { useMoneyFormat } from '../money/format';
import { MoneyMoveSecret, useMoneyMoveSecret } from '../money/MoneyMoveSecret';
import { MoneyText } from '../money/MoneyText';
import { serverNow } from '../money/serverClock';
import { ConfirmSheet, Facts } from '../trading/Sheet';

export const QUANT_WALLET = 'FINANCIAL';

export function QuantOrderFacts({ item }: { item: QuantOrderItem }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = (v: string | null, trend = false) => (
    <MoneyText amount={v ?? undefined} currency="EUR" trend={trend} sign={trend ? 'always' : undefined} />
  );
  return (
    <Facts
      rows={[
        { label: t('quant.labels.amount'), value: money(item.amount) },
        { label: t('quant.labels.value'), value: money(item.value), testId: 'quant-value', strong: true },
        { label: t('quant.labels.profit'), value: money(item.profit, true), testId: 'quant-profit' },
        { label: t('quant.labels.feeCharged'), value: money(item.fee), testId: 'quant-fee' },
        item.paidOut !== null && {
          label: t('quant.labels.paidOut'),
          value: money(item.paidOut),
          testId: 'quant-paid-out',
        },
        { label: t('quant.labels.navNow'), value: `${f.number(item.entryNav, 4)} → ${f.number(item.nav, 4)}` },
        { label: t('quant.labels.period'), value: t('quant.periodDays', { count: item.termDays }) },
        { label: t('quant.labels.start'), value: f.dateTime(item.buyTimeStamp, 'minutes') },
        {
          label: item.status === 'running' ? t('quant.labels.ends') : t('quant.labels.ended'),
          value: f.dateTime(item.endTimeStamp, 'minutes'),
        },
        { label: t('quant.labels.fee'), value: `${f.number(item.performanceFee, 2)}%` },
      ]}
    />
  );
}

export function QuantStatus({ status }: { status: QuantOrderItem['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag--${status === 'running' ? 'gold' : 'neutral'}`} data-testid="quant-status">
      {t(`quant.states.${status}`)}
    </span>
  );
}

export function SubscribeSheet({
  strategy,
  onClose,
  onDone,
}: {
  strategy: QuantItem;
  onClose: () => void;
  onDone: (order: QuantOrderItem) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState(String(strategy.terms[0] ?? ''));
  const secret = useMoneyMoveSecret();
  const balances = useWalletBalancesQuery();
  const available = balances.data?.find((b) => b.walletType === QUANT_WALLET)?.balance;
  const subscribe = useQuantSubscribeMutation();
  const intent = useIdempotencyKey();
  const text = amount.trim();
  const check = checkAmount(text, { min: strategy.minAmount, max: strategy.maxAmount, available });
  const wellFormed = check.value !== null;
  const short = check.problem === 'short';
  const valid = check.problem === null && term !== '';
  const ready = valid && secret.complete;
  const range = { min: f.number(strategy.minAmount, 2), max: f.number(strategy.maxAmount, 2), currency: 'EUR' };
  const problem = {
    empty: null,
    malformed: t('quant.badAmount'),
    outside: t('quant.outOfRange', range),
    aboveRoom: null,
    short: t('quant.short'),
  }[check.problem ?? 'empty'];
  const days = Number(term);

  const submit = () => {
    const request = {
      strategyId: strategy.id,
      amount: new Decimal(text).toFixed(2),
      termDays: days,
      performanceFee: strategy.performanceFee,
    };
    subscribe.mutate(
      {
        request,
        secret: secret.credentials,
        idempotencyKey: intent.keyFor(request),
      },
      {
        onSuccess: (order) => {
          intent.renew();
          onDone(order);
        },
      },
    );
  };

  return (
    <ConfirmSheet
      visible
      title={t('quant.sheetTitle', { name: strategy.name })}
      rows={[
        { label: t('quant.labels.fee'), value: `${f.number(strategy.performanceFee, 2)}%` },
        { label: t('quant.labels.nav'), value: f.number(strategy.nav, 4) },
        {
          label: t('quant.labels.endsAbout'),
          value: days > 0 ? f.dateTime(serverNow() + days * MS_PER_DAY, 'minutes') : '—',
        },
      ]}
      note={
        <span data-testid="quant-sheet-note">
          {t('quant.rules.period', { count: days })}{' '}
          {t('quant.rules.fee', { fee: f.number(strategy.performanceFee, 2) })} {t('quant.pastResults')}
        </span>
      }
      confirmText={t('quant.confirm', { amount: moneyFormat.amount(text && wellFormed ? text : '0', { code: 'EUR' }) })}
      pending={subscribe.isPending}
      disabled={!ready}
      onConfirm={submit}
      onClose={onClose}
    >
      <div className="bond-secret quant-ticket">
        <AmountField
          id="quant-amount"
          label={t('quant.labels.amount')}
          currency="EUR"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            intent.renew();
          }}
          placeholder={t('quant.amountPlaceholder', range)}
          problem={problem}
        />
        <p className="ticket-hint">
          {t('quant.labels.available')}: <MoneyText amount={available} currency="EUR" />
        </p>
        {short && (
          <Link to={paths.transfer({ to: QUANT_WALLET })} className="text-link">
            {t('quant.transfer')} ›
          </Link>
        )}
        <ChoiceChips
          label={t('quant.labels.period')}
          options={strategy.terms.map((d) => ({ value: String(d), label: t('quant.periodDays', { count: d }) }))}
          value={term}
          onChange={(v) => {
            setTerm(v);
            intent.renew();
          }}
          testIdPrefix="quant-term-"
        />
        <MoneyMoveSecret id="quant" {...secret.fields} error={subscribe.error} />
      </div>
    </ConfirmSheet>
  );
}
