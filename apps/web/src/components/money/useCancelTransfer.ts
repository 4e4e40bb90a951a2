/**
 * Cancelling a transfer (docs/money.md): asks first, explaining the rule (once, within 5 minutes, while
 * the credited money is still available), then sends /wallet/cancelTransfer with the idempotency key of
 * this confirmation. Refusals (too late, already cancelled, money spent) toast the server's msg.
 */

import { Dialog } from 'antd-mobile';
import '../../app/antdMobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wallet } from '../../api/endpoints';
import { useCancelTransferMutation } from '../../api/wallet';
import { useIdempotencyKey } from '../../lib/idempotency';
import { toastSuccess } from '../../lib/toast';

export function useCancelTransfer() {
  const { t } = useTranslation();
  const mutation = useCancelTransferMutation();
  const intent = useIdempotencyKey();
  const [pendingId, setPendingId] = useState<number | null>(null);

  const cancel = async (entryId: number, onDone?: () => void) => {
    const confirmed = await Dialog.confirm({
      title: t('transfer.cancelTitle'),
      content: t('transfer.cancelText', { minutes: wallet.TRANSFER_CANCEL_SECONDS / 60 }),
      confirmText: t('transfer.cancelConfirm'),
      cancelText: t('transfer.cancelKeep'),
    });
    if (!confirmed) return;
    const request = { entryId };
    setPendingId(entryId);
    mutation.mutate(
      { ...request, idempotencyKey: intent.keyFor(request) },
      {
        onSuccess: () => {
          intent.renew();
          toastSuccess(t('transfer.cancelled'));
          onDone?.();
        },
        onSettled: () => setPendingId(null),
      },
    );
  };

  return { cancel, pendingId, isPending: mutation.isPending };
}
