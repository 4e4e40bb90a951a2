import { Alert, Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { type OfferingAllotment, useOfferingAllotment } from '../../../api/primary';
import { ErrorAlert } from '../../../components/error-alert';
import { ListEmpty } from '../../../components/list-page';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import styles from '../offerings.module.css';

type Application = OfferingAllotment['applications'][number];

const columns: TableColumnsType<Application> = [
  { title: t('offerings.application'), dataIndex: 'id' },
  { title: t('offerings.lotsApplied'), align: 'right', render: (_, a) => formatCount(a.lots) },
  {
    title: t('offerings.lotsAllotted'),
    align: 'right',
    render: (_, a) => (a.allottedLots === null ? t('common.none') : formatCount(a.allottedLots)),
  },
];

/**
 * The allotment's published inputs (rule, seed, lots offered, the applications in lots) and its result, with where
 * the result comes from: the job's record, recomputed here, or a preview of what it would give now.
 */
export function AllotmentView({ offeringId }: { offeringId: number }) {
  const allotment = useOfferingAllotment(offeringId);
  if (allotment.isError) return <ErrorAlert error={allotment.error} onRetry={() => allotment.refetch()} />;
  const a = allotment.data;
  return (
    <>
      {a ? (
        <>
          <Alert
            type={a.source === 'recorded' ? 'success' : 'info'}
            showIcon
            title={t(`offerings.source.${a.source}`)}
            description={t('offerings.recompute')}
            className={styles.section}
            data-testid="allotment-source"
          />
          <Descriptions size="small" bordered column={3} className={styles.section}>
            <Descriptions.Item label={t('offerings.rule')}>{t(`offerings.rules.${a.rule}`)}</Descriptions.Item>
            <Descriptions.Item label={t('offerings.seed')}>
              <Typography.Text copyable className={styles.mono}>
                {a.seed}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('offerings.lotSize')}>{formatCount(a.lotSize)}</Descriptions.Item>
            <Descriptions.Item label={t('offerings.lotsOffered')}>{formatCount(a.lotsOffered)}</Descriptions.Item>
            <Descriptions.Item label={t('offerings.lotsApplied')}>{formatCount(a.lotsApplied)}</Descriptions.Item>
            <Descriptions.Item label={t('offerings.lotsAllotted')}>{formatCount(a.lotsAllotted)}</Descriptions.Item>
            {a.ranAtTimestamp ? (
              <Descriptions.Item label={t('offerings.ranAt')}>{formatTime(a.ranAtTimestamp)}</Descriptions.Item>
            ) : null}
          </Descriptions>
        </>
      ) : null}
      <Table<Application>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={a?.applications ?? []}
        loading={allotment.isPending}
        locale={{ emptyText: <ListEmpty query={allotment} text={t('offerings.noApplications')} /> }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
      />
    </>
  );
}
