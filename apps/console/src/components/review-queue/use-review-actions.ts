import { rules } from '@beurs/contracts';
import { App } from 'antd';
import { useState } from 'react';
import type { QueueKind } from '../../api/keys';
import { type QueueRows, useReview } from '../../api/queries';
import type { ApproveReference, QueueText } from './types';

/**
 * The drawer's state: the review call, the reject dialog and the payout reference typed into the approval.
 * A failed call stays on screen (in the drawer or the reject dialog) so the operator can retry or cancel.
 */
export function useReviewActions<K extends QueueKind>({
  kind,
  row,
  text,
  approveReference,
  onClose,
  onReviewed,
}: {
  kind: K;
  row: QueueRows[K] | null;
  text: QueueText<QueueRows[K]>;
  approveReference: ApproveReference | undefined;
  onClose: () => void;
  onReviewed: (row: QueueRows[K]) => void;
}) {
  const { message } = App.useApp();
  const review = useReview(kind);
  const [rejecting, setRejecting] = useState(false);
  const [reference, setReference] = useState('');
  // The same rule as the server's; the server also checks a crypto payout's hash against its network.
  const referenceOk = rules.payoutReference.safeParse(reference).success;

  const close = () => {
    review.reset();
    setRejecting(false);
    setReference('');
    onClose();
  };

  const approve = async () => {
    if (!row) return;
    try {
      const result = await review.mutateAsync(
        approveReference
          ? { action: 'approve', id: row.id, payoutReference: reference.trim() }
          : { action: 'approve', id: row.id },
      );
      setReference('');
      void message.success(text.approved(result));
      onReviewed(result);
    } catch {
      // Shown in the drawer.
    }
  };

  const reject = async (reason: string) => {
    if (!row) return;
    try {
      const result = await review.mutateAsync({ action: 'reject', id: row.id, reason });
      void message.success(text.rejected(result));
      setRejecting(false);
      onReviewed(result);
    } catch {
      // Shown in the modal.
    }
  };

  return {
    review,
    rejecting,
    startRejecting: () => setRejecting(true),
    cancelRejecting: () => {
      setRejecting(false);
      review.reset();
    },
    reference,
    setReference,
    referenceOk,
    referenceBad: reference.trim() !== '' && !referenceOk,
    close,
    approve,
    reject,
  };
}

export type ReviewActions = ReturnType<typeof useReviewActions>;
