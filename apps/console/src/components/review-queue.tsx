/**
 * One review queue (identity, deposits or withdrawals): status tabs, search and pages in the URL,
 * and a drawer with everything needed to decide, where the operator approves (after a confirm) or
 * rejects with a reason the customer sees.
 */
import { ReviewStatus, rules } from '@beurs/contracts';
import {
  Alert,
  App,
  Badge,
  Button,
  Descriptions,
  type DescriptionsProps,
  Divider,
  Drawer,
  Flex,
  Input,
  Popconfirm,
  Space,
  type TableColumnsType,
  Tabs,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import type { QueueKind } from '../api/keys';
import { type QueueRows, useQueue, useReview, useTrialBalance } from '../api/queries';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { useQueueParams } from '../lib/use-queue-params';
import { useTitle } from '../lib/use-title';
import { ListHeader, ListTable, RefreshButton } from './list-page';
import { RejectModal } from './reject-modal';
import styles from './review-queue.module.css';
import { ReviewStatusTag } from './tags';

/** The texts that depend on the row; the others are the catalogue's section of the queue's kind. */
export interface QueueText<Row> {
  approveConfirmBody: (row: Row) => string;
  /** The approve button's label when "Approve" is not the right word (withdrawals: "Mark paid"). */
  approveLabel?: string;
  approved: (row: Row) => string;
  rejected: (row: Row) => string;
}

export interface QueueConfig<K extends QueueKind> {
  kind: K;
  text: QueueText<QueueRows[K]>;
  /** The columns between the customer and the status. */
  columns: TableColumnsType<QueueRows[K]>;
  /** What the drawer shows between the customer and the review. */
  details: (row: QueueRows[K]) => ReactNode;
  /** Wider drawers for documents. */
  drawerWidth?: number;
  /** Status tabs after the three of every queue (withdrawals: cancelled by the customer). */
  extraTabs?: ReadonlyArray<{ status: 4; label: string }>;
  /** An approval that must carry a reference (a withdrawal's payout reference), asked for in the confirmation. */
  approveReference?: { label: string; placeholder: string; hint: string };
}

const statusTabs = [
  { status: ReviewStatus.Pending, label: t('review.tabs.pending') },
  { status: ReviewStatus.Failed, label: t('review.tabs.rejected') },
  { status: ReviewStatus.Approved, label: t('review.tabs.approved') },
] as const;

export function ReviewQueuePage<K extends QueueKind>({
  kind,
  text,
  columns,
  details,
  drawerWidth = 720,
  extraTabs = [],
  approveReference,
}: QueueConfig<K>) {
  useTitle(t(`${kind}.title`));
  const [params, setParams] = useQueueParams();
  const queue = useQueue(kind, params);
  const pending = useTrialBalance().data?.pending[kind];
  const [selected, setSelected] = useState<QueueRows[K] | null>(null);
  const navigate = useNavigate();

  const reviewed = params.status !== ReviewStatus.Pending;
  const allColumns: TableColumnsType<QueueRows[K]> = [
    {
      title: t('review.submitted'),
      dataIndex: 'createTimeTimestamp',
      render: (ts: number) => formatTime(ts),
      width: 160,
    },
    {
      title: t('review.customer'),
      key: 'customer',
      width: 190,
      render: (_, row) => (
        <Flex vertical>
          <Link to={`/customers/${row.customerId}`} onClick={(e) => e.stopPropagation()}>
            {row.userId}
          </Link>
          <Typography.Text type="secondary" className={styles.small}>
            {row.email}
          </Typography.Text>
        </Flex>
      ),
    },
    ...columns,
    // No status column: the tab is the status.
    ...(reviewed
      ? ([
          {
            title: t('review.reviewed'),
            key: 'reviewed',
            width: 220,
            render: (_, row) => (
              <Flex vertical>
                <span>
                  {formatTime(row.reviewTimeTimestamp)}
                  {row.reviewer ? (
                    <Typography.Text type="secondary" className={styles.small}>
                      {' · '}
                      {row.reviewer}
                    </Typography.Text>
                  ) : null}
                </span>
                {row.reason ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: row.reason }} className={styles.fitWidth}>
                    {row.reason}
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
        ] satisfies TableColumnsType<QueueRows[K]>)
      : []),
    {
      key: 'open',
      width: 95,
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          type={row.status === ReviewStatus.Pending ? 'primary' : 'default'}
          onClick={(e) => {
            e.stopPropagation();
            setSelected(row);
          }}
        >
          {row.status === ReviewStatus.Pending ? t('review.open') : t('review.details')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListHeader
        title={t(`${kind}.title`)}
        hint={t(`${kind}.hint`)}
        search={{ value: params.q, placeholder: t(`${kind}.searchPlaceholder`), onSearch: (q) => setParams({ q }) }}
        extra={<RefreshButton query={queue} />}
      />
      <Tabs
        activeKey={String(params.status)}
        onChange={(key) => setParams({ status: Number(key) as 1 | 2 | 3 | 4 })}
        items={[...statusTabs, ...extraTabs].map(({ status, label }) => ({
          key: String(status),
          label:
            status === ReviewStatus.Pending && pending ? (
              <Space size={6}>
                {label}
                <Badge count={pending} overflowCount={999} color="gold" />
              </Space>
            ) : (
              label
            ),
        }))}
        tabBarExtraContent={
          <Typography.Text type="secondary">
            {reviewed ? t('review.newestFirst') : t('review.oldestFirst')}
          </Typography.Text>
        }
      />
      <ListTable<QueueRows[K]>
        query={queue}
        params={params}
        setParams={setParams}
        columns={allColumns}
        emptyText={params.q ? t(`${kind as QueueKind}.emptySearch`, { q: params.q }) : t(`${kind}.empty`)}
        onRow={(row) => ({ onClick: () => setSelected(row), style: { cursor: 'pointer' } })}
        // Every column has a width; the table scrolls sideways rather than squeeze them.
        scrollX={allColumns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 160), 0)}
      />
      <ReviewDrawer
        kind={kind}
        row={selected}
        text={text}
        details={details}
        approveReference={approveReference}
        width={drawerWidth}
        onClose={() => setSelected(null)}
        onReviewed={setSelected}
        onOpenCustomer={(id) => navigate(`/customers/${id}`)}
      />
    </>
  );
}

function ReviewDrawer<K extends QueueKind>({
  kind,
  row,
  text,
  details,
  approveReference,
  width,
  onClose,
  onReviewed,
  onOpenCustomer,
}: {
  kind: K;
  row: QueueRows[K] | null;
  text: QueueText<QueueRows[K]>;
  details: (row: QueueRows[K]) => ReactNode;
  approveReference: QueueConfig<K>['approveReference'];
  width: number;
  onClose: () => void;
  onReviewed: (row: QueueRows[K]) => void;
  onOpenCustomer: (customerId: number) => void;
}) {
  const { message } = App.useApp();
  const review = useReview(kind);
  const [rejecting, setRejecting] = useState(false);
  const [reference, setReference] = useState('');
  const isPending = row?.status === ReviewStatus.Pending;
  // The same rule as the server's; the server also checks a crypto payout's hash against its network.
  const referenceCheck = rules.payoutReference.safeParse(reference);
  const referenceBad = reference.trim() !== '' && !referenceCheck.success;

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

  const reviewItems: DescriptionsProps['items'] = row
    ? [
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
      ]
    : [];

  return (
    <Drawer
      open={row !== null}
      onClose={close}
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
        row && isPending ? (
          <Flex justify="flex-end" gap={8}>
            <Button danger onClick={() => setRejecting(true)} disabled={review.isPending}>
              {t('review.reject')}
            </Button>
            <Popconfirm
              title={t(`${kind}.approveConfirm`)}
              description={
                <div className={styles.maxWidth320}>
                  {text.approveConfirmBody(row)}
                  {approveReference ? (
                    <Flex vertical gap={4} className={styles.belowSmall}>
                      <label htmlFor="payout-reference">
                        <Typography.Text strong>{approveReference.label}</Typography.Text>
                      </label>
                      <Input
                        id="payout-reference"
                        value={reference}
                        onChange={(e) => setReference(e.target.value)}
                        placeholder={approveReference.placeholder}
                        maxLength={100}
                        status={referenceBad ? 'error' : undefined}
                        data-testid="payout-reference"
                        autoFocus
                      />
                      <Typography.Text type={referenceBad ? 'danger' : 'secondary'} className={styles.small}>
                        {approveReference.hint}
                      </Typography.Text>
                    </Flex>
                  ) : null}
                </div>
              }
              okButtonProps={{ disabled: approveReference !== undefined && !referenceCheck.success }}
              okText={text.approveLabel ?? t('review.approve')}
              cancelText={t('review.cancel')}
              onConfirm={approve}
              placement="topRight"
            >
              <Button type="primary" loading={review.isPending && review.variables?.action === 'approve'}>
                {text.approveLabel ?? t('review.approve')}
              </Button>
            </Popconfirm>
          </Flex>
        ) : null
      }
      destroyOnHidden
      data-testid="review-drawer"
    >
      {row ? (
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
          {details(row)}
          <Divider className={styles.divided} />
          <Descriptions size="small" bordered column={2} items={reviewItems} />
          <RejectModal
            open={rejecting}
            title={t(`${kind}.rejectTitle`)}
            pending={review.isPending}
            error={rejecting && review.isError ? review.error : null}
            onCancel={() => {
              setRejecting(false);
              review.reset();
            }}
            onReject={reject}
          />
        </>
      ) : null}
    </Drawer>
  );
}
