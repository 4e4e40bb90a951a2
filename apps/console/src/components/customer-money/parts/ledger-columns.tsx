import { type TableColumnsType, Tag, Typography } from 'antd';
import type { LedgerPosting } from '../../../api/queries';
import { lookup, t } from '../../../i18n';
import { walletLabel } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../customer-money.module.css';
import { Money, SignedAmount } from './amounts';

const none = t('common.none');

const entryColors: Record<string, string> = {
  deposit: 'green',
  withdrawal: 'orange',
  transfer: 'blue',
  transferReversal: 'geekblue',
  adjustment: 'purple',
};

function Reason({ reason, row }: { reason: string | null; row: LedgerPosting }) {
  return (
    <>
      {row.category ? <Tag>{lookup('adjustmentCategory', row.category) ?? row.category}</Tag> : null}
      <Typography.Paragraph className={styles.flush} ellipsis={{ rows: 2, tooltip: reason }}>
        {reason || none}
      </Typography.Paragraph>
      {row.rate ? (
        <Typography.Text type="secondary" className={styles.small}>
          {t('money.rate', { rate: row.rate })}
        </Typography.Text>
      ) : null}
    </>
  );
}

export const ledgerColumns: TableColumnsType<LedgerPosting> = [
  { title: t('money.time'), dataIndex: 'createTimeTimestamp', width: 160, render: (ts: number) => formatTime(ts) },
  {
    title: t('money.wallet'),
    dataIndex: 'walletType',
    width: 130,
    render: (walletType: string) => walletLabel(walletType),
  },
  {
    title: t('money.type'),
    dataIndex: 'type',
    width: 140,
    render: (type: string) => <Tag color={entryColors[type]}>{lookup('entryType', type) ?? type}</Tag>,
  },
  {
    title: t('money.amount'),
    dataIndex: 'amount',
    align: 'right',
    width: 120,
    render: (amount: string, row) => <SignedAmount amount={amount} currency={row.currency} />,
  },
  {
    title: t('money.balanceAfter'),
    dataIndex: 'balanceAfter',
    align: 'right',
    width: 120,
    render: (balance: string, row) => <Money amount={balance} currency={row.currency} />,
  },
  {
    title: t('money.reason'),
    dataIndex: 'reason',
    render: (reason: string | null, row) => <Reason reason={reason} row={row} />,
  },
  {
    title: t('money.reference'),
    dataIndex: 'reference',
    width: 140,
    render: (reference: string | null) => (reference ? <Typography.Text code>{reference}</Typography.Text> : none),
  },
  {
    title: t('money.operator'),
    dataIndex: 'operator',
    width: 100,
    render: (operator: string | null) => operator ?? none,
  },
];
