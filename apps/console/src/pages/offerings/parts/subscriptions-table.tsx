import type { TableColumnsType } from 'antd';
import { Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PageParams } from '../../../api/keys';
import { type OfferingSubscription, useOfferingSubscriptions } from '../../../api/primary';
import { ListTable } from '../../../components/list-page';
import { lookup, t } from '../../../i18n';
import { formatAmount, formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';

const columns: TableColumnsType<OfferingSubscription> = [
  { title: t('offerings.subscriptionId'), dataIndex: 'id' },
  {
    title: t('offerings.customer'),
    // The user ID above the email, so the financing columns fit beside it without scrolling sideways.
    render: (_, s) => (
      <Link to={`/customers/${s.customerId}`}>
        <Flex vertical>
          <span>{s.userId}</span>
          <Typography.Text type="secondary">{s.email}</Typography.Text>
        </Flex>
      </Link>
    ),
  },
  { title: t('offerings.quantity'), align: 'right', render: (_, s) => formatCount(s.quantity) },
  { title: t('offerings.lots'), align: 'right', render: (_, s) => formatCount(s.lots) },
  { title: t('offerings.held'), align: 'right', render: (_, s) => formatAmount(s.total, s.currency) },
  {
    title: t('offerings.state'),
    render: (_, s) => <Tag data-status={s.status}>{lookup('offerings.states', s.status) ?? s.status}</Tag>,
  },
  {
    title: t('offerings.allotted'),
    align: 'right',
    render: (_, s) => (s.allottedQuantity === null ? t('common.none') : formatCount(s.allottedQuantity)),
  },
  { title: t('offerings.subscribedAt'), render: (_, s) => formatTime(s.createTimeTimestamp) },
  // IPO financing: financed or not, the deposit paid up front, the make-up due, its deadline, and paid or lapsed.
  {
    title: t('offerings.financed'),
    render: (_, s) => <span data-financed={s.financed}>{s.financed ? t('common.yes') : t('common.no')}</span>,
  },
  {
    title: t('offerings.upFront'),
    align: 'right',
    render: (_, s) => (s.deposit === null ? t('common.none') : formatAmount(s.deposit, s.currency)),
  },
  {
    title: t('offerings.makeUpDue'),
    align: 'right',
    render: (_, s) => (s.makeUp === null ? t('common.none') : formatAmount(s.makeUp, s.currency)),
  },
  {
    title: t('offerings.paymentDue'),
    render: (_, s) => (s.paymentDueAtTimestamp === null ? t('common.none') : formatTime(s.paymentDueAtTimestamp)),
  },
  { title: t('offerings.paidOrLapsed'), render: (_, s) => paidOrLapsed(s) },
];

function paidOrLapsed(s: OfferingSubscription) {
  if (s.paidAtTimestamp !== null) return t('offerings.paidAt', { at: formatTime(s.paidAtTimestamp) });
  if (s.lapsedAtTimestamp !== null) return t('offerings.lapsedAt', { at: formatTime(s.lapsedAtTimestamp) });
  return t('common.none');
}

/** An offering's subscriptions, oldest first (the order of the ballot does not depend on it). */
export function SubscriptionsTable({ offeringId }: { offeringId: number }) {
  const [params, setParams] = useState<PageParams>({ page: 1, pageSize: 20 });
  const query = useOfferingSubscriptions(offeringId, params);
  return (
    <ListTable<OfferingSubscription>
      query={query}
      params={params}
      setParams={setParams}
      columns={columns}
      emptyText={t('offerings.noSubscriptions')}
    />
  );
}
