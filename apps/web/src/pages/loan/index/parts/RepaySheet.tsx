/**
 * Repaying a loan in use: any amount up to what is due now (principal + interest accrued, "All" fills it in), from
 * the funding wallet; the sheet lists what is owed and confirms with one button naming the amount. Interest is paid
 * first. The confirmed intent keeps its idempotency key until it succeeds.
 */
import { Decimal, rules } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoanItem, useLoanRepayMutation } from '../../../../api/loan';
import { useWalletBalancesQuery } from '../../../../api/wallet';
import { AmountInput } from '../../../../components/money/AmountInput';
import { useMoneyFormat } from '../../../../components/money/format';
import { ConfirmSheet } from '../../../../components/trading/Sheet';
import { useIdempotencyKey } from '../../../../lib/idempotency';
import { errorMessage, toastSuccess } from '../../../../lib/toast';

export function RepaySheet({ loan, onClose }: { loan: LoanItem; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const repay = useLoanRepayMutation();
  const intent = useIdempotencyKey();
  const available = useWalletBalancesQuery().data?.find((b) => b.walletType === loan.walletType)?.balance;
  const show = (v: string | undefined) => money.amount(v, { currency: loan.currency });

  const valid = rules.AMOUNT_PATTERN.test(amount) && new Decimal(amount || 0).gt(0);
  const problem = !valid
    ? t('validation.correctAmount')
    : new Decimal(amount).gt(loan.amountDue)
      ? t('loan.repayAbove', { due: show(loan.amountDue) })
      : null;
  const failure = repay.isError ? errorMessage(repay.error) : null;

  const confirm = () => {
    setAttempted(true);
    if (problem !== null) return;
    repay.mutate(
      { id: loan.id, amount, idempotencyKey: intent.keyFor({ id: loan.id, amount }) },
      {
        onSuccess: () => {
          intent.renew();
          toastSuccess(t('loan.repaid'));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmSheet
      visible
      title={t('loan.repayTitle', { id: loan.id })}
      rows={[
        { label: t('loan.labels.principal'), value: show(loan.principal) },
        { label: t('loan.labels.interest'), value: show(loan.interest) },
        { label: t('loan.labels.due'), value: show(loan.amountDue), strong: true, testId: 'loan-repay-due' },
      ]}
      note={t('loan.repayNote', { wallet: t(`wallets.${loan.walletType}`), available: show(available) })}
      confirmText={t('loan.repaySubmit', { amount: valid ? show(amount) : '' })}
      pending={repay.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <label className="ticket-field__label" htmlFor="loan-repay-amount">
        {t('loan.repayAmount')}
      </label>
      <div className={`ticket-input${attempted && problem ? ' ticket-input--error' : ''}`}>
        <AmountInput
          id="loan-repay-amount"
          currency={loan.currency}
          max={loan.amountDue}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            intent.renew();
          }}
          testId="loan-repay-amount"
        />
      </div>
      {attempted && problem && (
        <p className="ticket-error" role="alert" data-testid="loan-repay-error">
          {problem}
        </p>
      )}
      {failure && (
        <p className="ticket-error" role="alert" data-testid="loan-repay-failure">
          {failure}
        </p>
      )}
    </ConfirmSheet>
  );
}
