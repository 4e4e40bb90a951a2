import { ReviewStatus } from '@beurs/contracts';
import { Button, Flex, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import type { QueueKind } from '../../../api/keys';
import type { QueueRows } from '../../../api/queries';
import { t } from '../../../i18n';
import { formatTime } from '../../../lib/time';
import styles from '../review-queue.module.css';

type Row = QueueRows[QueueKind];

function CustomerCell({ row }: { row: Row }) {
  return (
    <Flex vertical>
      <Link to={`/customers/${row.customerId}`} onClick={(e) => e.stopPropagation()}>
        {row.userId}
      </Link>
      <Typography.Text type="secondary" className={styles.small}>
        {row.email}
      </Typography.Text>
    </Flex>
  );
}

function ReviewedCell({ row }: { row: Row }) {
  return (
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
  );
}

/**
 * Every queue's table: when and who first, the queue's own columns, who reviewed (on the reviewed tabs;
 * there is no status column, the tab is the status) and the button that opens the drawer.
 */
export function queueColumns<K extends QueueKind>(
  columns: TableColumnsType<QueueRows[K]>,
  reviewed: boolean,
  onOpen: (row: QueueRows[K]) => void,
): TableColumnsType<QueueRows[K]> {
  return [
    {
      title: t('review.submitted'),
      dataIndex: 'createTimeTimestamp',
      render: (ts: number) => formatTime(ts),
      width: 160,
    },
    { title: t('review.customer'), key: 'customer', width: 190, render: (_, row) => <CustomerCell row={row} /> },
    ...columns,
    ...(reviewed
      ? ([
          { title: t('review.reviewed'), key: 'reviewed', width: 220, render: (_, row) => <ReviewedCell row={row} /> },
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
            onOpen(row);
          }}
        >
          {row.status === ReviewStatus.Pending ? t('review.open') : t('review.details')}
        </Button>
      ),
    },
  ];
}
