/** The desktop shell: side menu, header with the operator and log out, and the page. */
import { Badge, Button, Flex, Layout, Menu, type MenuProps, Result, Spin, Tag, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { errorMessage, isForbidden } from '../api/client';
import { type Operator, type TrialBalance, useLogout, useMe, useTrialBalance } from '../api/queries';
import { useSession } from '../api/session';
import { strings } from '../strings';

const { Sider, Header, Content } = Layout;

/** A queue's menu label with its pending count, when there is one. */
function queueLabel(label: string, count: number | undefined) {
  if (!count) return label;
  return (
    <Flex justify="space-between" align="center" gap={8}>
      <span>{label}</span>
      <Badge
        count={count}
        overflowCount={99}
        color="gold"
        title={strings.menu.pendingCount(count)}
        data-testid="menu-pending"
      />
    </Flex>
  );
}

function menuItems(operator: Operator, pending: TrialBalance['pending'] | undefined): NonNullable<MenuProps['items']> {
  return [
    { key: 'customers', label: strings.menu.customers },
    { key: 'kyc', label: queueLabel(strings.menu.kyc, pending?.kyc) },
    { key: 'deposits', label: queueLabel(strings.menu.deposits, pending?.deposits) },
    { key: 'withdrawals', label: queueLabel(strings.menu.withdrawals, pending?.withdrawals) },
    { key: 'deposit-channels', label: strings.menu.channels },
    // Everyone reads the trading rules; the page lets only the roles the server allows change them.
    { key: 'trading-settings', label: strings.menu.trading },
    { key: 'books', label: strings.menu.books },
    { key: 'outbox', label: strings.menu.outbox },
    // Reviewers cannot read the audit log; the server refuses it too.
    ...(operator.role === 'admin' ? [{ key: 'audit', label: strings.menu.audit }] : []),
  ];
}

/** Only a signed-in operator gets past this; others go to the login page and come back after. */
export function RequireSession() {
  const { token, ended } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={ended === 'loggedOut' ? undefined : { from: location }} />;
  return <ConsoleLayout />;
}

function ConsoleLayout() {
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  // Pending counts for the menu; a failure here just leaves the badges out.
  const books = useTrialBalance({ refetchInterval: 30_000, enabled: me.isSuccess });
  const section = location.pathname.split('/')[1] ?? '';

  if (me.isPending) {
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" description={strings.common.loading} />
      </Flex>
    );
  }
  if (me.isError) {
    return (
      <Result
        status={isForbidden(me.error) ? '403' : 'error'}
        title={strings.common.loadFailed}
        subTitle={errorMessage(me.error)}
        extra={<Button onClick={() => me.refetch()}>{strings.common.retry}</Button>}
      />
    );
  }
  const operator = me.data;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider width={220} breakpoint="lg" collapsedWidth={64} theme="dark">
        <div
          style={{
            color: '#fff',
            fontWeight: 600,
            fontSize: 16,
            padding: '20px 24px',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {strings.appName}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[section]}
          items={menuItems(operator, books.data?.pending)}
          onClick={({ key }) => navigate(`/${key}`)}
        />
      </Sider>
      <Layout>
        <Header
          style={{
            background: '#fff',
            padding: '0 24px',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'flex-end',
            gap: 12,
          }}
        >
          <Typography.Text strong data-testid="operator-name">
            {operator.username}
          </Typography.Text>
          <Tag color={operator.role === 'admin' ? 'volcano' : 'geekblue'} data-testid="operator-role">
            {strings.header.role[operator.role] ?? operator.role}
          </Tag>
          <Button onClick={() => logout.mutate()} loading={logout.isPending}>
            {strings.header.logout}
          </Button>
        </Header>
        <Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet context={operator} />
        </Content>
      </Layout>
    </Layout>
  );
}
