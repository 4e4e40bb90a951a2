import { type ConsolePlacing, type PlacingCancelResult, useCancelPlacing } from '../../../api/placings';
import { CancelWithReasonModal } from '../../../components/cancel-with-reason-modal';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';

/**
 * The confirmation of a placing's cancellation: every live application cancelled, its hold released in full, fee
 * included (components/cancel-with-reason-modal: the reason, the key made when it opens).
 */
export function CancelPlacingModal({
  placing,
  onClose,
  onCancelled,
}: {
  placing: ConsolePlacing;
  onClose: () => void;
  onCancelled: (result: PlacingCancelResult) => void;
}) {
  const cancel = useCancelPlacing();
  return (
    <CancelWithReasonModal
      title={t('placings.cancelTitle', { code: placing.code })}
      okText={t('placings.cancelOk')}
      testId="placing-cancel"
      statement={t('placings.cancelRefunds', { n: formatCount(placing.applications) })}
      statementDetail={t('placings.cancelRefundsDetail')}
      failedTitle={t('placings.cancelFailed')}
      cancel={(reason, idempotencyKey) => cancel.mutateAsync({ id: placing.id, reason, idempotencyKey })}
      pending={cancel.isPending}
      error={cancel.error}
      onClose={onClose}
      onCancelled={onCancelled}
    />
  );
}
