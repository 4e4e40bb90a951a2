/**
 * payment/follow (query: id, the institution; docs/strategies.md): following an institution. The customer enters an
 * amount of the FOLLOW wallet (100 to 1,000,000 EUR) and chooses the term (30, 90 or 180 days) before confirming;
 * the confirm sheet says plainly that the follow cannot be sold before the term ends, that its value moves with
 * the strategy's book, and that at the end the value less the performance fee (on profit above the high-water mark)
 * is paid back automatically. The fee shown is sent with the follow, so a fee changed meanwhile is refused.
 */
import { Decimal, MS_PER_DAY } from '@beurs/contracts';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type AgencyItem, useAgenciesQuery, useFollowAddMutation } from '../../api/follow';
import { useWalletBalancesQuery } from '../../api/wallet';
import { paths } from '../../app/paths';
import { Button } from '../../components/Button';
import { ChoiceChips } from '../../components/ChoiceChips';
import { AgencyFigures } from '../../components/follow/AgencyFigures';
import { AmountField } from '../../components/money/AmountField';
import { useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { serverNow } from '../../components/money/serverClock';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, QueryBoundary } from '../../components/States';
import { ConfirmSheet } from '../../components/trading/Sheet';
import { checkAmount } from '../../lib/amountCheck';
import { useFormatters } from '../../lib/format';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';
import '../bonds/bonds.css';
import '../product/follow.css';
import { MoneyMoveSecret, useMoneyMoveSecret } from '../../components/money/MoneyMoveSecret';

type Term = '30' | '90' | '180';

function FollowTicket({
  agency,
  limits,
}: {
  agency: AgencyItem;
  limits: { min: string; max: string; terms: number[] };
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const moneyFormat = useMoneyFormat();
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [term, setTerm] = useState<Term>('30');
  const [reviewing, setReviewing] = useState(false);
  const secret = useMoneyMoveSecret();
  const balances = useWalletBalancesQuery();
  const available = balances.data?.find((b) => b.walletType === 'FOLLOW')?.balance;
  const add = useFollowAddMutation();
  const intent = useIdempotencyKey();
  const text = amount.trim();
  const check = checkAmount(text, { min: limits.min, max: limits.max, available });
  const short = check.problem === 'short';
  const valid = check.problem === null;
  const ready = valid && secret.complete;
  const money = (v: string | undefined) => <MoneyText amount={v} currency="EUR" />;
  const range = { min: moneyFormat.amount(limits.min), max: moneyFormat.amount(limits.max), currency: 'EUR' };
  const problem = {
    empty: null,
    malformed: t('follow.badAmount'),
    outside: t('follow.outOfRange', range),
    aboveRoom: null,
    short: t('follow.short'),
  }[check.problem ?? 'empty'];
  const endsAbout = serverNow() + Number(term) * MS_PER_DAY;

  const submit = () => {
    const request = {
      agencyId: agency.id,
      amount: new Decimal(text).toFixed(2),
      termDays: Number(term) as 30 | 90 | 180,
      performanceFee: agency.performanceFee,
    };
    add.mutate(
      {
        request: { ...request, ...secret.credentials },
        idempotencyKey: intent.keyFor(request),
      },
      {
        onSuccess: (placed) => {
          toastSuccess(
            t('follow.done', { amount: moneyFormat.amount(placed.amount, { code: 'EUR' }), manager: placed.manager }),
          );
          intent.renew();
          void navigate(paths.follows(), { replace: true });
        },
      },
    );
  };

  return (
    <>
      <div className="card trade-row" data-testid="follow-agency" data-code={agency.code}>
        <div className="trade-row__head">
          <span className="trade-row__name">{agency.manager}</span>
        </div>
        <div className="trade-row__sub">
          <span>{agency.name}</span>
        </div>
        <p className="follow-description">{agency.description}</p>
        <AgencyFigures agency={agency} />
      </div>
      <div className="card bond-secret follow-ticket">
        <AmountField
          id="follow-amount"
          label={t('follow.labels.amount')}
          currency="EUR"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            intent.renew();
          }}
          placeholder={t('follow.amountPlaceholder', range)}
          problem={problem}
        />
        {short && (
          <Link to={paths.transfer({ to: 'FOLLOW' })} className="text-link">
            {t('follow.transfer')} ›
          </Link>
        )}
        <p className="ticket-hint">
          {t('follow.labels.available')}: {money(available)}
        </p>
        <ChoiceChips
          label={t('follow.labels.term')}
          options={limits.terms.map((d) => ({ value: String(d) as Term, label: t('follow.termDays', { count: d }) }))}
          value={term}
          onChange={(v) => {
            setTerm(v);
            intent.renew();
          }}
          testIdPrefix="follow-term-"
        />
        <div className="trade-note" data-testid="follow-terms">
          <p>{t('follow.rules.term', { count: Number(term) })}</p>
          <p>{t('follow.rules.fee', { fee: f.number(agency.performanceFee, 2) })}</p>
          <p>{t('follow.rules.value')}</p>
        </div>
        <Button
          color="primary"
          shape="rounded"
          block
          disabled={!valid}
          onClick={() => setReviewing(true)}
          data-testid="follow-review"
        >
          {t('follow.review')}
        </Button>
      </div>
      {reviewing && (
        <ConfirmSheet
          visible
          title={t('follow.confirmTitle')}
          rows={[
            { label: t('follow.labels.institution'), value: agency.manager },
            { label: t('follow.labels.amount'), value: money(new Decimal(text || 0).toFixed(2)), strong: true },
            {
              label: t('follow.labels.term'),
              value: t('follow.termDays', { count: Number(term) }),
              testId: 'confirm-term',
            },
            { label: t('follow.labels.endsAbout'), value: f.dateTime(endsAbout, 'minutes') },
            { label: t('follow.labels.fee'), value: `${f.number(agency.performanceFee, 2)}%` },
            { label: t('follow.labels.nav'), value: f.number(agency.nav, 4) },
          ]}
          note={
            <div className="trade-note" data-testid="follow-confirm-note">
              <p>
                <strong>{t('follow.rules.noSale', { count: Number(term) })}</strong>
              </p>
              <p>{t('follow.rules.fee', { fee: f.number(agency.performanceFee, 2) })}</p>
              <p>{t('follow.pastResults')}</p>
            </div>
          }
          confirmText={t('follow.confirm', { amount: moneyFormat.amount(text || '0', { code: 'EUR' }) })}
          pending={add.isPending}
          disabled={!ready}
          onConfirm={submit}
          onClose={() => setReviewing(false)}
        >
          <div className="bond-secret">
            <MoneyMoveSecret id="follow" {...secret.fields} error={add.error} />
          </div>
        </ConfirmSheet>
      )}
    </>
  );
}

export function PaymentFollowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useAgenciesQuery();
  return (
    <Page>
      <QueryBoundary
        query={query}
        empty={(data) => !data.list.some((a) => a.id === id && a.open)}
        emptyView={
          <EmptyState
            icon="list"
            title={t('follow.notFound')}
            description={t('follow.notFoundText')}
            action={
              <Link to={paths.followAgencies()} className="text-link">
                {t('follow.toAgencies')} ›
              </Link>
            }
          />
        }
      >
        {(data) => {
          const agency = data.list.find((a) => a.id === id) as AgencyItem;
          return (
            <FollowTicket agency={agency} limits={{ min: data.minAmount, max: data.maxAmount, terms: data.terms }} />
          );
        }}
      </QueryBoundary>
      <div className="market-body__notice">
        <SimulatedNotice compact />
      </div>
    </Page>
  );
}
