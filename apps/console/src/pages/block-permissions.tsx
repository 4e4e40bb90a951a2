/**
 * The block trading permission queue (docs/primary-markets.md "Block trades"): customers who applied, with the
 * published criteria as they stand now (identity verified, transaction password set). A reviewer approves only
 * when both are met (the server refuses otherwise, blockCriteriaUnmet) or refuses with a reason the customer sees
 * in the app and in their inbox; they may apply again.
 */
import { Alert, Descriptions, type TableColumnsType, Tag } from 'antd';
import type { BlockPermissionReviewRow } from '../api/queries';
import { ReviewQueuePage } from '../components/review-queue';
import { t } from '../i18n';
import styles from './reviews.module.css';

function Criterion({ met, testId }: { met: boolean; testId: string }) {
  return (
    <Tag color={met ? 'green' : 'red'} data-testid={testId} data-met={met}>
      {met ? t('blockPermissions.met') : t('blockPermissions.unmet')}
    </Tag>
  );
}

const columns: TableColumnsType<BlockPermissionReviewRow> = [
  {
    title: t('blockPermissions.identityVerified'),
    dataIndex: 'identityVerified',
    width: 150,
    render: (met: boolean) => <Criterion met={met} testId="block-criterion-identity" />,
  },
  {
    title: t('blockPermissions.payPasswordSet'),
    dataIndex: 'payPasswordSet',
    width: 170,
    render: (met: boolean) => <Criterion met={met} testId="block-criterion-paypassword" />,
  },
];

function Details({ row }: { row: BlockPermissionReviewRow }) {
  const unmet = !row.identityVerified || !row.payPasswordSet;
  return (
    <>
      <Descriptions
        title={t('blockPermissions.criteria')}
        column={1}
        size="small"
        items={[
          {
            key: 'identity',
            label: t('blockPermissions.identityVerified'),
            children: <Criterion met={row.identityVerified} testId="block-detail-identity" />,
          },
          {
            key: 'payPassword',
            label: t('blockPermissions.payPasswordSet'),
            children: <Criterion met={row.payPasswordSet} testId="block-detail-paypassword" />,
          },
        ]}
      />
      {unmet && row.status === 1 ? (
        <Alert type="warning" showIcon title={t('blockPermissions.unmetNote')} className={styles.unmetNote} />
      ) : null}
    </>
  );
}

export function BlockPermissionQueuePage() {
  return (
    <ReviewQueuePage
      kind="blockPermissions"
      text={{
        approveConfirmBody: () => t('blockPermissions.approveConfirmBody'),
        approved: (row) => t('blockPermissions.approved', { userId: row.userId }),
        rejected: (row) => t('blockPermissions.rejected', { userId: row.userId }),
      }}
      columns={columns}
      details={(row) => <Details row={row} />}
    />
  );
}
