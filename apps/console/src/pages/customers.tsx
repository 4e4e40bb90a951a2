import { type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type CustomerRow, useCustomers } from '../api/queries';
import { ListHeader, ListTable } from '../components/list-page';
import { AccountTypeTag, ReviewStatusTag } from '../components/tags';
import { formatTime } from '../lib/time';
import { usePageParams } from '../lib/use-page-params';
import { useTitle } from '../lib/use-title';
import { strings } from '../strings';

const t = strings.customers;

const columns: TableColumnsType<CustomerRow> = [
  {
    title: t.userId,
    dataIndex: 'userId',
    render: (userId: string, row) => (
      <Link to={`/customers/${row.id}`} onClick={(e) => e.stopPropagation()}>
        {userId}
      </Link>
    ),
  },
  { title: t.email, dataIndex: 'email' },
  { title: t.name, dataIndex: 'name', render: (name: string | null) => name || strings.common.none },
  {
    title: t.accountType,
    dataIndex: 'accountType',
    render: (accountType: number) => <AccountTypeTag accountType={accountType} />,
  },
  {
    title: t.verification,
    dataIndex: 'kycStatus',
    render: (status: number) => <ReviewStatusTag status={status} />,
  },
  { title: t.country, dataIndex: 'country', render: (country: string | null) => country || strings.common.none },
  {
    title: t.registered,
    dataIndex: 'createTimeTimestamp',
    render: (ts: number) => formatTime(ts),
    width: 170,
  },
  {
    title: t.lastLogin,
    dataIndex: 'lastLoginTimestamp',
    render: (ts: number | null) =>
      ts === null ? <Typography.Text type="secondary">{strings.common.never}</Typography.Text> : formatTime(ts),
    width: 170,
  },
];

export function CustomersPage() {
  useTitle(t.title);
  const [params, setParams] = usePageParams();
  const navigate = useNavigate();
  const customers = useCustomers(params);

  return (
    <>
      <ListHeader
        title={t.title}
        search={{ value: params.q, placeholder: t.searchPlaceholder, onSearch: (q) => setParams({ q }) }}
      />
      <ListTable<CustomerRow>
        query={customers}
        params={params}
        setParams={setParams}
        columns={columns}
        emptyText={params.q ? t.emptySearch(params.q) : t.empty}
        onRow={(row) => ({ onClick: () => navigate(`/customers/${row.id}`), style: { cursor: 'pointer' } })}
      />
    </>
  );
}
