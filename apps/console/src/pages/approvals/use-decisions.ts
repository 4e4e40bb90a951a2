import { App } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type AdjustmentProposal, useDecideAdjustment } from '../../api/queries';
import { t } from '../../i18n';
import { newIdempotencyKey } from './rules';

/**
 * The decisions on proposals: approve (after a confirmation, with an idempotency key), reject (with a
 * reason) and withdraw one's own. A failed call stays in its dialog; a failed withdrawal is a message.
 */
export function useDecisions() {
  const { message } = App.useApp();
  const decide = useDecideAdjustment();
  const [approving, setApproving] = useState<{ proposal: AdjustmentProposal; idempotencyKey: string } | null>(null);
  const [rejecting, setRejecting] = useState<AdjustmentProposal | null>(null);

  const approve = async () => {
    if (!approving) return;
    try {
      // Retrying the same confirmation reuses its key, so it cannot post twice.
      const done = await decide.mutateAsync({ action: 'approve', ...approving });
      void message.success(t('approvals.approved', { id: done.id }));
      setApproving(null);
    } catch {
      // Shown in the dialog.
    }
  };
  const reject = async (reason: string) => {
    if (!rejecting) return;
    try {
      const done = await decide.mutateAsync({ action: 'reject', proposal: rejecting, reason });
      void message.success(t('approvals.rejected', { id: done.id }));
      setRejecting(null);
    } catch {
      // Shown in the dialog.
    }
  };
  const withdraw = async (proposal: AdjustmentProposal) => {
    try {
      const done = await decide.mutateAsync({ action: 'cancel', proposal });
      void message.success(t('approvals.withdrawn', { id: done.id }));
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  return {
    decide,
    approving,
    rejecting,
    startApproving: (proposal: AdjustmentProposal) => {
      decide.reset();
      setApproving({ proposal, idempotencyKey: newIdempotencyKey() });
    },
    stopApproving: () => {
      if (!decide.isPending) setApproving(null);
    },
    startRejecting: (proposal: AdjustmentProposal) => {
      decide.reset();
      setRejecting(proposal);
    },
    stopRejecting: () => setRejecting(null),
    approve,
    reject,
    withdraw,
  };
}

export type Decisions = ReturnType<typeof useDecisions>;
