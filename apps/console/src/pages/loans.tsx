/**
 * The loan application queue (docs/loans.md "The decision"): customers who applied for a securities-backed loan, with
 * the published criteria as they stand now (identity verified, the amount within the limit of their holdings less
 * what they owe). A reviewer approves only when both are met (the server refuses otherwise, loanCriteriaUnmet): the
 * amount is paid into the customer's funding wallet from the loans account. Or rejects with a reason the customer
 * sees in the app and in their inbox; they may apply again.
 */
import { Alert, Descriptions, type TableColumnsType, Tag } from 'antd';
import type { LoanReviewRow } from '../api/queries';
import { ReviewQueuePage } from '../components/review-queue';
import { t } from '../i18n';
import styles from './reviews.module.css';

function Criterion({ met, testId }: { met: boolean; testId: string }) {
  return (
    <Tag color={met ? 'green' : 'red'} data-testid={testId} data-met={met}>
      {met ? t('loans.met') : t('loans.unmet')}
    </Tag>
  );
}

const money = (amount: string, currency: string) => `${amount} ${currency}`;

const columns: TableColumnsType<LoanReviewRow> = [
  {
    title: t('loans.amount'),
    dataIndex: 'amount',
    width: 140,
    align: 'right',
    render: (_: string, row) => <span data-testid="loan-queue-amount">{money(row.amount, row.currency)}</span>,
  },
  {
    title: t('loans.identityVerified'),
    dataIndex: 'identityVerified',
    width: 150,
    render: (met: boolean) => <Criterion met={met} testId="loan-criterion-identity" />,
  },
  {
    title: t('loans.withinLimit'),
    dataIndex: 'withinLimit',
    width: 160,
    render: (met: boolean) => <Criterion met={met} testId="loan-criterion-limit" />,
  },
];

function Details({ row }: { row: LoanReviewRow }) {
  const unmet = !row.identityVerified || !row.withinLimit;
  return (
    <>
      <Descriptions
        title={t('loans.criteria')}
        column={1}
        size="small"
        items={[
          { key: 'amount', label: t('loans.amount'), children: money(row.amount, row.currency) },
          {
            key: 'identity',
            label: t('loans.identityVerified'),
            children: <Criterion met={row.identityVerified} testId="loan-detail-identity" />,
          },
          { key: 'limit', label: t('loans.limitNow'), children: money(row.limitNow, row.currency) },
          { key: 'owed', label: t('loans.outstandingNow'), children: money(row.outstandingNow, row.currency) },
          {
            key: 'within',
            label: t('loans.withinLimit'),
            children: <Criterion met={row.withinLimit} testId="loan-detail-limit" />,
          },
          { key: 'state', label: t('loans.loanState'), children: t(`loans.states.${row.loanStatus}`) },
        ]}
      />
      {unmet && row.status === 1 ? (
        <Alert type="warning" showIcon title={t('loans.unmetNote')} className={styles.unmetNote} />
      ) : null}
    </>
  );
}

export function LoanQueuePage() {
  return (
    <ReviewQueuePage
      kind="loans"
      text={{
        approveConfirmBody: (row) => t('loans.approveConfirmBody', { amount: row.amount, currency: row.currency }),
        approved: (row) => t('loans.approved', { userId: row.userId }),
        rejected: (row) => t('loans.rejected', { userId: row.userId }),
      }}
      columns={columns}
      details={(row) => <Details row={row} />}
    />
  );
}
