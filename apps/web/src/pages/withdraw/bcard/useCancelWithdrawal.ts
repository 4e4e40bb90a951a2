import { ApiError } from '@beurs/api-client';
import type { WithdrawalRecord } from '@beurs/contracts';
import { Dialog } from 'antd-mobile';
import '../../../app/antdMobile';
import { useTranslation } from 'react-i18next';
import { useWithdrawalCancelMutation } from '../../../api/withdrawal';
import { useMoneyFormat } from '../../../components/money/format';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { toastError, toastSuccess } from '../../../lib/toast';

/**
 * Cancels a pending withdrawal after a confirmation; the key belongs to the confirmation, so a lost answer retried
 * replays it instead of failing as "no longer pending".
 */
export function useCancelWithdrawal() {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const mutation = useWithdrawalCancelMutation();
  const intent = useIdempotencyKey();
  const cancel = async (record: WithdrawalRecord) => {
    const confirmed = await Dialog.confirm({
      title: t('withdraw.record.cancelTitle'),
      content: t('withdraw.record.cancelText', {
        amount: money.amount(record.amount, { currency: record.currency }),
        wallet: t(`wallets.${record.walletType}`),
      }),
      confirmText: t('withdraw.record.cancelConfirm'),
      cancelText: t('withdraw.record.cancelKeep'),
    });
    if (!confirmed) return;
    const request = { id: record.id };
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: () => {
          intent.renew();
          toastSuccess(t('withdraw.record.cancelled'));
        },
        onError: (error) => {
          // Decided meanwhile (paid or rejected): the list is read again and shows what happened.
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          toastError(error);
        },
      },
    );
  };
  return { cancel, pendingId: mutation.isPending ? mutation.variables?.id : undefined };
}
