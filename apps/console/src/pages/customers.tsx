import { type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type CustomerRow, useCustomers } from '../api/queries';
import { ListHeader, ListTable } from '../components/list-page';
import { AccountTypeTag, ReviewStatusTag } from '../components/tags';
import { t } from '../i18n';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';

const columns: TableColumnsType<CustomerRow> = [
  {
    title: t('customers.userId'),
    dataIndex: 'userId',
    render: (userId: string, row) => (
      <Link to={`/customers/${row.id}`} onClick={(e) => e.stopPropagation()}>
        {userId}
      </Link>
    ),
  },
  { title: t('customers.email'), dataIndex: 'email' },
  { title: t('customers.name'), dataIndex: 'name', render: (name: string | null) => name || t('common.none') },
  {
    title: t('customers.accountType'),
    dataIndex: 'accountType',
    render: (accountType: number) => <AccountTypeTag accountType={accountType} />,
  },
  {
    title: t('customers.verification'),
    dataIndex: 'kycStatus',
    render: (status: number) => <ReviewStatusTag status={status} />,
  },
  {
    title: t('customers.country'),
    dataIndex: 'country',
    render: (country: string | null) => country || t('common.none'),
  },
  {
    title: t('customers.registered'),
    dataIndex: 'createTimeTimestamp',
    render: (ts: number) => formatTime(ts),
    width: 170,
  },
  {
    title: t('customers.lastLogin'),
    dataIndex: 'lastLoginTimestamp',
    render: (ts: number | null) =>
      ts === null ? <Typography.Text type="secondary">{t('common.never')}</Typography.Text> : formatTime(ts),
    width: 170,
  },
];

export function CustomersPage() {
  useTitle(t('customers.title'));
  const [params, setParams] = usePageParams();
  const navigate = useNavigate();
  const customers = useCustomers(params);

  return (
    <>
      <ListHeader
        title={t('customers.title')}
        search={{ value: params.q, placeholder: t('customers.searchPlaceholder'), onSearch: (q) => setParams({ q }) }}
      />
      <ListTable<CustomerRow>
        query={customers}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={params.q ? t('customers.emptySearch', { q: params.q }) : t('customers.empty')}
        onRow={(row) => ({ onClick: () => navigate(`/customers/${row.id}`), style: { cursor: 'pointer' } })}
      />
    </>
  );
}
