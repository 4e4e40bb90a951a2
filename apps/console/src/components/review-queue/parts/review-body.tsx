import { ReviewStatus } from '@beurs/contracts';
import { Alert, Descriptions, type DescriptionsProps, Divider, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import type { QueueKind } from '../../../api/keys';
import type { QueueRows } from '../../../api/queries';
import { t } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import { ReviewStatusTag } from '../../tags';
import styles from '../review-queue.module.css';
import type { QueueText } from '../types';
import type { ReviewActions } from '../use-review-actions';

type Row = QueueRows[QueueKind];

function reviewItems(row: Row): DescriptionsProps['items'] {
  return [
    {
      key: 'status',
      label: t('review.status'),
      children: <ReviewStatusTag status={row.status} failedLabel={t('review.tabs.rejected')} />,
    },
    { key: 'submitted', label: t('review.submitted'), children: formatTime(row.createTimeTimestamp) },
    {
      key: 'reviewed',
      label: t('review.reviewed'),
      children: formatTime(row.reviewTimeTimestamp, t('review.notReviewed')),
    },
    { key: 'reviewer', label: t('review.reviewer'), children: row.reviewer ?? t('common.none') },
    ...(row.reason ? [{ key: 'reason', label: t('review.reason'), span: 2, children: row.reason }] : []),
  ];
}

/** What the drawer shows: the outcome of the last call, the customer, the queue's details and the review. */
export function ReviewBody<K extends QueueKind>({
  row,
  text,
  details,
  actions,
}: {
  row: QueueRows[K];
  text: QueueText<QueueRows[K]>;
  details: ReactNode;
  actions: ReviewActions;
}) {
  const { review, rejecting } = actions;
  return (
    <>
      {review.isError && !rejecting ? (
        <Alert
          type="error"
          showIcon
          title={t('review.actionFailed')}
          description={errorMessage(review.error)}
          className={styles.section}
        />
      ) : null}
      {review.isSuccess && row.status !== ReviewStatus.Pending ? (
        <Alert
          type={row.status === ReviewStatus.Approved ? 'success' : 'warning'}
          showIcon
          title={row.status === ReviewStatus.Approved ? text.approved(row) : text.rejected(row)}
          className={styles.section}
        />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          {
            key: 'customer',
            label: t('review.customer'),
            children: <Link to={`/customers/${row.customerId}`}>{row.userId}</Link>,
          },
          {
            key: 'email',
            label: t('review.email'),
            children: <Typography.Text copyable>{row.email}</Typography.Text>,
          },
        ]}
      />
      <Divider className={styles.divided} />
      {details}
      <Divider className={styles.divided} />
      <Descriptions size="small" bordered column={2} items={reviewItems(row)} />
    </>
  );
}
