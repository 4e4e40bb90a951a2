/**
 * Approvals (four eyes): adjustments proposed by one operator wait here for a second. Approving posts the
 * journal entry (after a confirmation, with an idempotency key); rejecting asks for a reason and moves nothing.
 * The maker's own proposals cannot be decided by them (they may withdraw them), and proposals above the
 * approval limit only by a supervisor; the buttons say so, and the server refuses it too.
 */
import type { AdjustmentStatus } from '@beurs/contracts';
import { Tabs, Typography } from 'antd';
import { useState } from 'react';
import { type AdjustmentProposal, useAdjustments } from '../../api/queries';
import { ListHeader, ListTable, RefreshButton } from '../../components/list-page';
import { RejectModal } from '../../components/reject-modal';
import { t } from '../../i18n';
import { useOperator } from '../../lib/use-operator';
import { usePageParams } from '../../lib/use-page-params';
import { useTitle } from '../../lib/use-title';
import { approvalColumns } from './parts/approval-columns';
import { ApproveModal } from './parts/approve-modal';
import { statusTabs } from './rules';
import { useDecisions } from './use-decisions';

function emptyText(q: string, waiting: boolean): string {
  if (q) return t('approvals.emptySearch', { q });
  return waiting ? t('approvals.empty') : t('approvals.emptyOther');
}

export function ApprovalsPage() {
  useTitle(t('approvals.title'));
  const operator = useOperator();
  const [params, setParams] = usePageParams();
  const [status, setStatus] = useState<AdjustmentStatus>('proposed');
  const list = useAdjustments({ ...params, status }, { refetchInterval: status === 'proposed' ? 15_000 : undefined });
  const decisions = useDecisions();
  const waiting = status === 'proposed';
  const columns = approvalColumns(waiting, operator, decisions);

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
        emptyText={emptyText(params.q, waiting)}
        scrollX={columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 160), 0)}
      />
      <ApproveModal decisions={decisions} />
      <RejectModal
        open={decisions.rejecting !== null}
        title={decisions.rejecting ? t('approvals.rejectTitle', { id: decisions.rejecting.id }) : ''}
        hint={t('approvals.rejectHint')}
        pending={decisions.decide.isPending}
        error={decisions.decide.isError ? decisions.decide.error : null}
        onCancel={decisions.stopRejecting}
        onReject={decisions.reject}
      />
    </>
  );
}
