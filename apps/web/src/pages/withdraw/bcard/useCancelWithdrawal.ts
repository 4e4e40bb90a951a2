import { ApiError } from '@beurs/api-client';
import type { WithdrawalRecord } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useWithdrawalCancelMutation } from '../../../api/withdrawal';
import { useMoneyFormat } from '../../../components/money/format';
import { useConfirmedCancel } from '../../../components/useConfirmedCancel';

/**
 * Cancels a pending withdrawal after a confirmation; the key belongs to the confirmation, so a lost answer retried
 * replays it instead of failing as "no longer pending".
 */
export function useCancelWithdrawal() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const confirmed = useConfirmedCancel(useWithdrawalCancelMutation(), {
    variables: (id, idempotencyKey) => ({ id, idempotencyKey }),
    idOf: (v) => v.id,
    done: t('withdraw.record.cancelled'),
    // Decided meanwhile (paid or rejected): the list is read again and shows what happened.
    renewOnError: (error) => error instanceof ApiError && error.kind === 'server',
  });
  const cancel = (record: WithdrawalRecord) =>
    confirmed.cancel(record.id, {
      title: t('withdraw.record.cancelTitle'),
      content: t('withdraw.record.cancelText', {
        amount: money.amount(record.amount, { currency: record.currency }),
        wallet: t(`wallets.${record.walletType}`),
      }),
      confirmText: t('withdraw.record.cancelConfirm'),
      cancelText: t('withdraw.record.cancelKeep'),
    });
  return { cancel, pendingId: confirmed.pendingId };
}
