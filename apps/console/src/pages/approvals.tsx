/**
 * Approvals (four eyes): adjustments proposed by one operator wait here for a second. Approving posts the
 * journal entry (after a confirmation, with an idempotency key); rejecting asks for a reason and moves nothing.
 * The maker's own proposals cannot be decided by them (they may withdraw them), and proposals above the
 * approval limit only by a supervisor; the buttons say so, and the server refuses it too.
 */
import { type AdjustmentStatus, roleAtLeast } from '@beurs/contracts';
import { Alert, App, Button, Flex, Modal, Popconfirm, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/client';
import { type AdjustmentProposal, type Operator, useAdjustments, useDecideAdjustment } from '../api/queries';
import { ListHeader, ListTable, RefreshButton } from '../components/list-page';
import { RejectModal } from '../components/reject-modal';
import { lookup, t } from '../i18n';
import { formatAmount, formatSigned, walletLabel } from '../lib/money';
import { formatTime } from '../lib/time';
import { useOperator } from '../lib/use-operator';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import styles from './approvals.module.css';

const statusTabs: ReadonlyArray<{ status: AdjustmentStatus; label: string }> = [
  { status: 'proposed', label: t('approvals.tabs.proposed') },
  { status: 'approved', label: t('approvals.tabs.approved') },
  { status: 'rejected', label: t('approvals.tabs.rejected') },
  { status: 'cancelled', label: t('approvals.tabs.cancelled') },
];

/** A fresh idempotency key; crypto.randomUUID needs a secure context, which plain http is not. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const signed = (p: AdjustmentProposal) => (p.direction === 'debit' ? `-${p.amount}` : p.amount);

/** Why this operator may not approve this proposal, or null when they may. */
function cannotApprove(operator: Operator, p: AdjustmentProposal): string | null {
  if (p.makerId === operator.id) return t('approvals.yours');
  if (!roleAtLeast(operator.role, p.approverRole))
    return t('approvals.needsSupervisor', { limit: formatAmount(p.approvalLimit, p.currency) });
  return null;
}

export function ApprovalsPage() {
  useTitle(t('approvals.title'));
  const operator = useOperator();
  const { message } = App.useApp();
  const [params, setParams] = usePageParams();
  const [status, setStatus] = useState<AdjustmentStatus>('proposed');
  const list = useAdjustments({ ...params, status }, { refetchInterval: status === 'proposed' ? 15_000 : undefined });
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

  const waiting = status === 'proposed';
  const columns: TableColumnsType<AdjustmentProposal> = [
    { title: t('approvals.id'), dataIndex: 'id', width: 50 },
    {
      title: t('approvals.proposedAt'),
      key: 'proposed',
      width: 170,
      render: (_, p) => (
        <Flex vertical>
          <span>{formatTime(p.createTimeTimestamp)}</span>
          <Typography.Text type="secondary" className={styles.small} data-testid="approval-maker">
            {t('approvals.by', { name: p.maker })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('approvals.customer'),
      key: 'customer',
      width: 170,
      render: (_, p) => (
        <Flex vertical>
          <Link to={`/customers/${p.customerId}`}>{p.userId}</Link>
          <Typography.Text type="secondary" className={styles.small}>
            {p.email}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('approvals.amount'),
      key: 'amount',
      width: 150,
      align: 'right',
      render: (_, p) => (
        <Flex vertical align="flex-end">
          <Typography.Text strong type={p.direction === 'debit' ? 'danger' : 'success'} className={styles.nowrap}>
            {formatSigned(signed(p), p.currency)}
          </Typography.Text>
          <Typography.Text type="secondary" className={styles.small}>
            {walletLabel(p.walletType)}
          </Typography.Text>
          {p.approverRole === 'supervisor' ? <Tag color="purple">{t('approvals.supervisorTag')}</Tag> : null}
        </Flex>
      ),
    },
    {
      title: t('approvals.category'),
      dataIndex: 'category',
      width: 150,
      render: (category: string) => <Tag>{lookup('adjustmentCategory', category) ?? category}</Tag>,
    },
    {
      title: t('approvals.reason'),
      dataIndex: 'reason',
      width: 260,
      render: (reason: string) => (
        <Typography.Paragraph className={styles.flush} ellipsis={{ rows: 3, tooltip: reason }}>
          {reason}
        </Typography.Paragraph>
      ),
    },
    ...(waiting
      ? ([
          {
            title: t('approvals.actions'),
            key: 'actions',
            width: 250,
            fixed: 'right',
            render: (_, p) => {
              const mine = p.makerId === operator.id;
              const blocked = cannotApprove(operator, p);
              return (
                <Flex vertical gap={6} data-testid={`approval-${p.id}`}>
                  <Flex gap={8}>
                    <Button
                      type="primary"
                      size="small"
                      disabled={blocked !== null}
                      onClick={() => {
                        decide.reset();
                        setApproving({ proposal: p, idempotencyKey: newIdempotencyKey() });
                      }}
                    >
                      {t('approvals.approve')}
                    </Button>
                    <Button
                      danger
                      size="small"
                      disabled={mine}
                      onClick={() => {
                        decide.reset();
                        setRejecting(p);
                      }}
                    >
                      {t('approvals.reject')}
                    </Button>
                    {mine ? (
                      <Popconfirm title={`${t('approvals.withdraw')}?`} onConfirm={() => withdraw(p)}>
                        <Button size="small">{t('approvals.withdraw')}</Button>
                      </Popconfirm>
                    ) : null}
                  </Flex>
                  {blocked ? (
                    <Typography.Text type="secondary" className={styles.small} data-testid="approval-blocked">
                      {blocked}
                    </Typography.Text>
                  ) : null}
                </Flex>
              );
            },
          },
        ] satisfies TableColumnsType<AdjustmentProposal>)
      : ([
          {
            title: t('approvals.checker'),
            key: 'decided',
            width: 250,
            render: (_, p) => (
              <Flex vertical>
                <span>
                  {formatTime(p.decidedTimeTimestamp)}
                  {p.checker ? (
                    <Typography.Text type="secondary" className={styles.small}>
                      {' · '}
                      {p.checker}
                    </Typography.Text>
                  ) : null}
                </span>
                {p.decisionReason ? <Typography.Text type="secondary">{p.decisionReason}</Typography.Text> : null}
                {p.entryId ? <Typography.Text code>{`#${p.entryId}`}</Typography.Text> : null}
              </Flex>
            ),
          },
        ] satisfies TableColumnsType<AdjustmentProposal>)),
  ];

  return (
    <>
      <ListHeader
        title={t('approvals.title')}
        hint={t('approvals.hint')}
        search={{ value: params.q, placeholder: t('approvals.searchPlaceholder'), onSearch: (q) => setParams({ q }) }}
        extra={<RefreshButton query={list} />}
      />
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key as AdjustmentStatus);
          setParams({ page: 1 });
        }}
        items={statusTabs.map(({ status: s, label }) => ({ key: s, label }))}
        tabBarExtraContent={
          <Typography.Text type="secondary">
            {waiting ? t('review.oldestFirst') : t('review.newestFirst')}
          </Typography.Text>
        }
      />
      <ListTable<AdjustmentProposal>
        query={list}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={
          params.q
            ? t('approvals.emptySearch', { q: params.q })
            : waiting
              ? t('approvals.empty')
              : t('approvals.emptyOther')
        }
        scrollX={columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 160), 0)}
      />
      <Modal
        open={approving !== null}
        title={approving ? t('approvals.approveTitle', { id: approving.proposal.id }) : ''}
        okText={t('approvals.approveOk')}
        okButtonProps={{ loading: decide.isPending, danger: approving?.proposal.direction === 'debit' }}
        cancelText={t('review.cancel')}
        onOk={approve}
        onCancel={() => {
          if (decide.isPending) return;
          setApproving(null);
        }}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {approving ? (
          <Flex vertical gap={12}>
            <Typography.Paragraph className={styles.flush}>
              {t('approvals.approveBody', {
                amount: formatSigned(signed(approving.proposal), approving.proposal.currency),
                wallet: walletLabel(approving.proposal.walletType),
                userId: approving.proposal.userId,
              })}
            </Typography.Paragraph>
            <Flex gap={8} align="center">
              <Tag>{lookup('adjustmentCategory', approving.proposal.category) ?? approving.proposal.category}</Tag>
              <Typography.Text type="secondary">{`${t('approvals.maker')}: ${approving.proposal.maker}`}</Typography.Text>
            </Flex>
            <Alert
              type="warning"
              showIcon
              title={t('money.adjustConfirmReason')}
              description={<Typography.Text italic>“{approving.proposal.reason}”</Typography.Text>}
            />
            {decide.isError ? (
              <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(decide.error)} />
            ) : null}
          </Flex>
        ) : null}
      </Modal>
      <RejectModal
        open={rejecting !== null}
        title={rejecting ? t('approvals.rejectTitle', { id: rejecting.id }) : ''}
        hint={t('approvals.rejectHint')}
        pending={decide.isPending}
        error={decide.isError ? decide.error : null}
        onCancel={() => setRejecting(null)}
        onReject={reject}
      />
    </>
  );
}
