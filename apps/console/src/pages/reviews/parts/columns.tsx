/** The columns each queue adds between the customer and the review (the queue adds those). */
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import type { DepositReviewRow, KycReviewRow, WithdrawalReviewRow } from '../../../api/queries';
import { AccountTypeTag } from '../../../components/tags';
import { t } from '../../../i18n';
import { formatAmount, walletLabel } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../reviews.module.css';
import { ChannelTypeTag, idTypeLabel, none } from './shared';

export const kycColumns: TableColumnsType<KycReviewRow> = [
  {
    title: t('kyc.name'),
    key: 'name',
    width: 170,
    render: (_, row) => `${row.firstName} ${row.lastName}`.trim() || none,
  },
  {
    title: t('kyc.accountType'),
    dataIndex: 'accountType',
    width: 120,
    render: (accountType: number) => <AccountTypeTag accountType={accountType} />,
  },
  {
    title: t('kyc.idType'),
    key: 'document',
    width: 160,
    render: (_, row) => (
      <Flex vertical>
        <span>{idTypeLabel(row.idType)}</span>
        <Typography.Text type="secondary" className={styles.small}>
          {row.idNumber}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: t('kyc.country'), dataIndex: 'country', width: 90 },
];

/** Amount and wallet columns of the money queues (deposits, withdrawals). */
function moneyColumns(kind: 'deposits' | 'withdrawals', width: number) {
  return [
    {
      title: t(`${kind}.amount`),
      key: 'amount',
      align: 'right' as const,
      width,
      render: (_: unknown, row: { amount: string; currency: string }) => (
        <Typography.Text strong>{formatAmount(row.amount, row.currency)}</Typography.Text>
      ),
    },
    {
      title: t(`${kind}.wallet`),
      dataIndex: 'walletType',
      width: width + 10,
      render: (walletType: string) => walletLabel(walletType),
    },
  ];
}

export const depositColumns: TableColumnsType<DepositReviewRow> = [
  ...moneyColumns('deposits', 110),
  {
    title: t('deposits.channel'),
    key: 'channel',
    width: 170,
    render: (_, row) => (
      <Flex vertical align="flex-start" gap={2}>
        <ChannelTypeTag type={row.type} />
        <span>{row.channel}</span>
      </Flex>
    ),
  },
  {
    title: t('deposits.txHash'),
    dataIndex: 'txHash',
    width: 130,
    render: (txHash: string | null) =>
      txHash ? (
        <Typography.Text code ellipsis={{ tooltip: txHash }} className={styles.fitWidth}>
          {txHash}
        </Typography.Text>
      ) : (
        none
      ),
  },
];

function ReviewBy({ row }: { row: WithdrawalReviewRow }) {
  if (row.expectedByTimestamp === null) return t('common.none');
  return (
    <Flex vertical align="flex-start">
      <span>{formatTime(row.expectedByTimestamp)}</span>
      {row.overdue ? (
        <Tag color="red" data-testid="overdue-tag">
          {t('withdrawals.overdue')}
        </Tag>
      ) : null}
    </Flex>
  );
}

function DestinationCell({ dest }: { dest: WithdrawalReviewRow['destination'] }) {
  const where = dest.kind === 'bank' ? dest.cardNo : dest.address;
  return (
    <Flex vertical className={styles.shrinkable}>
      <span>
        <Tag color={dest.kind === 'bank' ? 'blue' : 'cyan'} className={styles.iconGap}>
          {dest.kind === 'bank' ? t('withdrawals.bank') : t('withdrawals.crypto')}
        </Tag>
        {dest.kind === 'bank' ? dest.bankName : dest.currencyType}
      </span>
      <Typography.Text type="secondary" ellipsis={{ tooltip: where }} className={styles.code}>
        {where}
      </Typography.Text>
    </Flex>
  );
}

export const withdrawalColumns: TableColumnsType<WithdrawalReviewRow> = [
  {
    title: t('withdrawals.reviewBy'),
    key: 'reviewBy',
    width: 170,
    render: (_, row) => <ReviewBy row={row} />,
  },
  ...moneyColumns('withdrawals', 120),
  {
    title: t('withdrawals.destination'),
    key: 'destination',
    width: 250,
    render: (_, row) => <DestinationCell dest={row.destination} />,
  },
];
