import { type TableColumnsType, Tag, Typography } from 'antd';
import type { AdjustmentProposal, Operator } from '../../../api/queries';
import { lookup, t } from '../../../i18n';
import styles from '../approvals.module.css';
import type { Decisions } from '../use-decisions';
import { ActionsCell, AmountCell, CustomerCell, DecidedCell, ProposedCell } from './approval-cells';

/** The proposals' columns; the last one decides on the waiting tab and shows the decision on the others. */
export function approvalColumns(
  waiting: boolean,
  operator: Operator,
  decisions: Decisions,
): TableColumnsType<AdjustmentProposal> {
  return [
    { title: t('approvals.id'), dataIndex: 'id', width: 50 },
    { title: t('approvals.proposedAt'), key: 'proposed', width: 170, render: (_, p) => <ProposedCell p={p} /> },
    { title: t('approvals.customer'), key: 'customer', width: 170, render: (_, p) => <CustomerCell p={p} /> },
    { title: t('approvals.amount'), key: 'amount', width: 150, align: 'right', render: (_, p) => <AmountCell p={p} /> },
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
    waiting
      ? {
          title: t('approvals.actions'),
          key: 'actions',
          width: 250,
          fixed: 'right',
          render: (_, p) => <ActionsCell p={p} operator={operator} decisions={decisions} />,
        }
      : { title: t('approvals.checker'), key: 'decided', width: 250, render: (_, p) => <DecidedCell p={p} /> },
  ];
}
