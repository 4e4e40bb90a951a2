import { type CancelResult, type ConsoleOffering, useCancelOffering } from '../../../api/primary';
import { CancelWithReasonModal } from '../../../components/cancel-with-reason-modal';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';

/**
 * The confirmation of an offering's cancellation: every live subscription cancelled, everything held or paid
 * returned, fee included (components/cancel-with-reason-modal: the reason, the key made when it opens).
 */
export function CancelModal({
  offering,
  onClose,
  onCancelled,
}: {
  offering: ConsoleOffering;
  onClose: () => void;
  onCancelled: (result: CancelResult) => void;
}) {
  const cancel = useCancelOffering();
  return (
    <CancelWithReasonModal
      title={t('offerings.cancelTitle', { code: offering.code })}
      okText={t('offerings.cancelOk')}
      testId="offering-cancel"
      statement={t('offerings.cancelRefunds', { n: formatCount(offering.subscriptions) })}
      statementDetail={t('offerings.cancelRefundsDetail')}
      failedTitle={t('offerings.cancelFailed')}
      cancel={(reason, idempotencyKey) => cancel.mutateAsync({ id: offering.id, reason, idempotencyKey })}
      pending={cancel.isPending}
      error={cancel.error}
      onClose={onClose}
      onCancelled={onCancelled}
    />
  );
}
