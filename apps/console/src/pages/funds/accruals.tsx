/** The funds job's work per day (orders accrued, interest posted, Regular orders matured and paid) and its state. */
import { Card, Col, Flex, Row, Statistic, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { type FundAccrualDay, useFundAccruals } from '../../api/funds';
import type { PageParams } from '../../api/keys';
import { ListTable, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { formatAmount, formatCount } from '../../lib/money';
import { formatTime } from '../../lib/time';
import styles from '../offerings/offerings.module.css';

const CURRENCY = 'EUR';

const columns: TableColumnsType<FundAccrualDay> = [
  { title: t('funds.day'), dataIndex: 'date' },
  { title: t('funds.ordersAccrued'), align: 'right', render: (_, d) => formatCount(d.ordersAccrued) },
  { title: t('funds.interest'), align: 'right', render: (_, d) => formatAmount(d.interest, CURRENCY) },
  { title: t('funds.matured'), align: 'right', render: (_, d) => formatCount(d.matured) },
  { title: t('funds.maturedPaid'), align: 'right', render: (_, d) => formatAmount(d.maturedPaid, CURRENCY) },
];

export function AccrualDays() {
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const query = useFundAccruals(params);
  const data = query.data;
  return (
    <Flex vertical gap={16}>
      <div>
        <RefreshButton query={query} />
      </div>
      {data ? (
        <Card size="small" title={t('funds.jobTitle')} className={styles.section}>
          <Row gutter={16}>
            <Col span={6}>
              <Statistic
                title={t('funds.lastAccrual')}
                value={formatTime(data.lastAccrualTimestamp, t('common.never'))}
              />
            </Col>
            <Col span={6}>
              <Statistic
                title={t('funds.ordersDue')}
                value={formatCount(data.ordersDue)}
                styles={{ content: { color: data.ordersDue > 0 ? '#d48806' : undefined } }}
              />
            </Col>
            <Col span={6}>
              <Statistic title={t('funds.interestTotal')} value={formatAmount(data.totals.interest, CURRENCY)} />
            </Col>
            <Col span={6}>
              <Statistic
                title={t('funds.maturedTotal', { n: data.totals.matured })}
                value={formatAmount(data.totals.maturedPaid, CURRENCY)}
              />
            </Col>
          </Row>
        </Card>
      ) : null}
      <ListTable<FundAccrualDay>
        query={query}
        params={params}
        setParams={setParams}
        columns={columns}
        rowKey="date"
        emptyText={t('funds.accrualsEmpty')}
      />
    </Flex>
  );
}
