/**
 * The application: an amount between the published minimum and what is available now (checked here as the server
 * checks it, so a refused amount sends nothing), then a confirmation listing the amount, the rate, a day's interest
 * on it and the wallet it is paid into. The confirmed intent keeps its idempotency key until it succeeds.
 */
import { Decimal, dailyInterest, rules } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoanLimitData, useLoanApplyMutation } from '../../../../api/loan';
import { Button } from '../../../../components/Button';
import { AmountInput } from '../../../../components/money/AmountInput';
import { useMoneyFormat } from '../../../../components/money/format';
import { ConfirmSheet } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { useIdempotencyKey } from '../../../../lib/idempotency';
import { errorMessage, toastSuccess } from '../../../../lib/toast';
import { percentOf } from './LimitCard';

export function ApplyForm({ limit, inReview }: { limit: LoanLimitData; inReview: boolean }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = useMoneyFormat();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const apply = useLoanApplyMutation();
  const intent = useIdempotencyKey();
  const show = (v: string | Decimal) => money.amount(v, { currency: limit.currency });

  const valid = rules.AMOUNT_PATTERN.test(amount) && new Decimal(amount || 0).gt(0);
  const problem = !valid
    ? t('validation.correctAmount')
    : new Decimal(amount).lt(limit.minAmount)
      ? t('loan.belowMin', { min: show(limit.minAmount) })
      : new Decimal(amount).gt(limit.available)
        ? t('loan.aboveAvailable', { available: show(limit.available) })
        : null;

  const submit = () => {
    setAttempted(true);
    if (problem === null) setConfirming(true);
  };
  const confirm = () =>
    apply.mutate(
      { amount, idempotencyKey: intent.keyFor({ amount }) },
      {
        onSuccess: () => {
          intent.renew();
          setConfirming(false);
          setAmount('');
          setAttempted(false);
          toastSuccess(t('loan.applied'));
        },
      },
    );
  const failure = apply.isError ? errorMessage(apply.error) : null;

  return (
    <section className="card loan-card" data-testid="loan-apply">
      <h2 className="loan-card__title">{t('loan.applyTitle')}</h2>
      {inReview ? (
        <p className="loan-note" data-testid="loan-in-review-note">
          {t('loan.inReviewNote')}
        </p>
      ) : (
        <>
          <label className="ticket-field__label" htmlFor="loan-amount">
            {t('loan.amount')}
          </label>
          <div className={`ticket-input${attempted && problem ? ' ticket-input--error' : ''}`}>
            <AmountInput
              id="loan-amount"
              currency={limit.currency}
              max={limit.available}
              value={amount}
              onChange={(v) => {
                setAmount(v);
                intent.renew();
              }}
              testId="loan-amount"
            />
          </div>
          {attempted && problem && (
            <p className="ticket-error" role="alert" data-testid="loan-amount-error">
              {problem}
            </p>
          )}
          <p className="loan-note">
            {t('loan.minNote', { min: show(limit.minAmount), wallet: t(`wallets.${limit.walletType}`) })}
          </p>
          <Button block color="primary" shape="rounded" onClick={submit} data-testid="loan-apply-submit">
            {t('loan.apply')}
          </Button>
        </>
      )}
      <ConfirmSheet
        visible={confirming}
        title={t('loan.confirmTitle')}
        rows={[
          { label: t('loan.amount'), value: valid ? show(amount) : '', testId: 'loan-confirm-amount', strong: true },
          { label: t('loan.annualRate'), value: percentOf(limit.annualRate, f) },
          { label: t('loan.dailyInterest'), value: valid ? show(dailyInterest(amount, limit.annualRate)) : '' },
          { label: t('loan.paidInto'), value: t(`wallets.${limit.walletType}`) },
        ]}
        note={t('loan.confirmNote')}
        confirmText={t('loan.confirmSubmit', { amount: valid ? show(amount) : '' })}
        pending={apply.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        {failure && (
          <p className="ticket-error" role="alert" data-testid="loan-apply-error">
            {failure}
          </p>
        )}
      </ConfirmSheet>
    </section>
  );
}
