import { Table, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { type CustomerRow, useCustomers } from '../api/queries';
import { ErrorAlert } from '../components/error-alert';
import { ListEmpty, ListHeader } from '../components/list-page';
import { AccountTypeTag, ReviewStatusTag } from '../components/tags';
import { formatTime } from '../lib/time';
import { PAGE_SIZES, usePageParams } from '../lib/use-page-params';
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
      {customers.isError ? <ErrorAlert error={customers.error} onRetry={() => customers.refetch()} /> : null}
      <Table<CustomerRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={customers.data?.list ?? []}
        loading={customers.isPending && customers.isFetching ? true : customers.isPlaceholderData}
        onRow={(row) => ({ onClick: () => navigate(`/customers/${row.id}`), style: { cursor: 'pointer' } })}
        locale={{
          emptyText: <ListEmpty query={customers} text={params.q ? t.emptySearch(params.q) : t.empty} />,
        }}
        pagination={{
          current: params.page,
          pageSize: params.pageSize,
          total: customers.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: strings.common.total,
          onChange: (page, pageSize) => setParams({ page, pageSize }),
        }}
        scroll={{ x: 1000 }}
      />
    </>
  );
}
