import { ReviewStatus } from '@beurs/contracts';
import { Button, Drawer, Flex, Space } from 'antd';
import type { QueueKind } from '../../../api/keys';
import type { QueueRows } from '../../../api/queries';
import { t } from '../../../i18n';
import { RejectModal } from '../../reject-modal';
import { ReviewStatusTag } from '../../tags';
import type { QueueConfig } from '../types';
import { useReviewActions } from '../use-review-actions';
import { ApproveButton } from './approve-button';
import { ReviewBody } from './review-body';

/** Everything needed to decide, with approve (after a confirm) and reject (with a reason) while pending. */
export function ReviewDrawer<K extends QueueKind>({
  kind,
  row,
  text,
  details,
  approveReference,
  width,
  onClose,
  onReviewed,
  onOpenCustomer,
}: Pick<QueueConfig<K>, 'kind' | 'text' | 'details' | 'approveReference'> & {
  row: QueueRows[K] | null;
  width: number;
  onClose: () => void;
  onReviewed: (row: QueueRows[K]) => void;
  onOpenCustomer: (customerId: number) => void;
}) {
  const actions = useReviewActions({ kind, row, text, approveReference, onClose, onReviewed });
  const { review } = actions;
  const approveLabel = text.approveLabel ?? t('review.approve');
  return (
    <Drawer
      open={row !== null}
      onClose={actions.close}
      size={width}
      title={
        row ? (
          <Space>
            {t(`${kind as QueueKind}.drawerTitle`, { id: row.id })}
            <ReviewStatusTag status={row.status} failedLabel={t('review.tabs.rejected')} />
          </Space>
        ) : null
      }
      extra={
        row ? (
          <Button onClick={() => onOpenCustomer(row.customerId)} type="link">
            {t('review.openCustomer')}
          </Button>
        ) : null
      }
      footer={
        row && row.status === ReviewStatus.Pending ? (
          <Flex justify="flex-end" gap={8}>
            <Button danger onClick={actions.startRejecting} disabled={review.isPending}>
              {t('review.reject')}
            </Button>
            <ApproveButton
              title={t(`${kind}.approveConfirm`)}
              body={text.approveConfirmBody(row)}
              label={approveLabel}
              approveReference={approveReference}
              actions={actions}
            />
          </Flex>
        ) : null
      }
      destroyOnHidden
      data-testid="review-drawer"
    >
      {row ? (
        <>
          <ReviewBody row={row} text={text} details={details(row)} actions={actions} />
          <RejectModal
            open={actions.rejecting}
            title={t(`${kind}.rejectTitle`)}
            pending={review.isPending}
            error={actions.rejecting && review.isError ? review.error : null}
            onCancel={actions.cancelRejecting}
            onReject={actions.reject}
          />
        </>
      ) : null}
    </Drawer>
  );
}
