import { Button, Flex, Input, Popconfirm, Typography } from 'antd';
import { t } from '../../../i18n';
import styles from '../review-queue.module.css';
import type { ApproveReference } from '../types';
import type { ReviewActions } from '../use-review-actions';

function ReferenceField({ approveReference, actions }: { approveReference: ApproveReference; actions: ReviewActions }) {
  return (
    <Flex vertical gap={4} className={styles.belowSmall}>
      <label htmlFor="payout-reference">
        <Typography.Text strong>{approveReference.label}</Typography.Text>
      </label>
      <Input
        id="payout-reference"
        value={actions.reference}
        onChange={(e) => actions.setReference(e.target.value)}
        placeholder={approveReference.placeholder}
        maxLength={100}
        status={actions.referenceBad ? 'error' : undefined}
        data-testid="payout-reference"
        autoFocus
      />
      <Typography.Text type={actions.referenceBad ? 'danger' : 'secondary'} className={styles.small}>
        {approveReference.hint}
      </Typography.Text>
    </Flex>
  );
}

/** Approve, after a confirmation that says what happens (and asks for the payout reference where one is due). */
export function ApproveButton({
  title,
  body,
  label,
  approveReference,
  actions,
}: {
  title: string;
  body: string;
  label: string;
  approveReference: ApproveReference | undefined;
  actions: ReviewActions;
}) {
  const { review } = actions;
  return (
    <Popconfirm
      title={title}
      description={
        <div className={styles.maxWidth320}>
          {body}
          {approveReference ? <ReferenceField approveReference={approveReference} actions={actions} /> : null}
        </div>
      }
      okButtonProps={{ disabled: approveReference !== undefined && !actions.referenceOk }}
      okText={label}
      cancelText={t('review.cancel')}
      onConfirm={actions.approve}
      placement="topRight"
    >
      <Button type="primary" loading={review.isPending && review.variables?.action === 'approve'}>
        {label}
      </Button>
    </Popconfirm>
  );
}
