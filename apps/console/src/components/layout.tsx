/** The desktop shell: side menu, header with the operator and log out, and the page. */

import { roleAtLeast } from '@beurs/contracts';
import { Alert, Badge, Button, Flex, Layout, Menu, type MenuProps, Result, Spin, Tag, Typography } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { errorMessage, isForbidden } from '../api/client';
import {
  type Operator,
  type TrialBalance,
  useAdjustments,
  useLogout,
  useMe,
  useTrialBalance,
  useTrialBalanceChecks,
} from '../api/queries';
import { useSession } from '../api/session';
import { useSupportLive, useSupportUnread } from '../api/support';
import { lookup, t } from '../i18n';
import { BooksAlert } from './books-alert';
import { LanguageSelect } from './language-select';
import styles from './layout.module.css';

const { Sider, Header, Content } = Layout;

const ROLE_COLOR: Record<Operator['role'], string> = { supervisor: 'purple', admin: 'volcano', reviewer: 'geekblue' };

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
        title={t('menu.pendingCount', { n: count })}
        data-testid="menu-pending"
      />
    </Flex>
  );
}

function menuItems(
  operator: Operator,
  pending: TrialBalance['pending'] | undefined,
  pendingAdjustments: number | undefined,
  supportUnread: number | undefined,
): NonNullable<MenuProps['items']> {
  return [
    { key: 'customers', label: t('menu.customers') },
    { key: 'kyc', label: queueLabel(t('menu.kyc'), pending?.kyc) },
    { key: 'deposits', label: queueLabel(t('menu.deposits'), pending?.deposits) },
    { key: 'withdrawals', label: queueLabel(t('menu.withdrawals'), pending?.withdrawals) },
    { key: 'block-permissions', label: queueLabel(t('menu.blockPermissions'), pending?.blockPermissions) },
    { key: 'loans', label: queueLabel(t('menu.loans'), pending?.loans) },
    { key: 'support', label: queueLabel(t('menu.support'), supportUnread) },
    { key: 'support-replies', label: t('menu.supportReplies') },
    // Adjustments wait here for a second operator (four eyes); proposing and deciding are for admins.
    ...(roleAtLeast(operator.role, 'admin')
      ? [{ key: 'approvals', label: queueLabel(t('menu.approvals'), pendingAdjustments) }]
      : []),
    { key: 'deposit-channels', label: t('menu.channels') },
    { key: 'awards', label: t('menu.awards') },
    { key: 'articles', label: t('menu.articles') },
    // Everyone reads the trading rules; the page lets only the roles the server allows change them.
    { key: 'trading-settings', label: t('menu.trading') },
    // Everyone reads the offerings; creating, changing and cancelling them is for admins (the page and the server).
    { key: 'offerings', label: t('menu.offerings') },
    { key: 'placings', label: t('menu.placings') },
    { key: 'auction-orders', label: t('menu.auctionOrders') },
    { key: 'bonds', label: t('menu.bonds') },
    // Everyone reads the fund products and the accrual job; publishing and closing them is for admins.
    { key: 'funds', label: t('menu.funds') },
    // Everyone reads the strategies and their books; describing, the fee, publishing and closing are for admins.
    { key: 'strategies', label: t('menu.strategies') },
    { key: 'books', label: t('menu.books') },
    { key: 'outbox', label: t('menu.outbox') },
    // Reviewers cannot read the audit log; the server refuses it too.
    ...(roleAtLeast(operator.role, 'admin') ? [{ key: 'audit', label: t('menu.audit') }] : []),
    { key: 'security', label: t('menu.security') },
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
  // Signed in past the second factor: the menu's counts and checks may load.
  const ready = me.isSuccess && !me.data.totpRequired;
  // Pending counts for the menu; a failure here just leaves the badges out.
  const books = useTrialBalance({ refetchInterval: 30_000, enabled: ready });
  const section = location.pathname.split('/')[1] ?? '';
  // The scheduled trial balance: an unbalanced latest check is shown on every page.
  const checks = useTrialBalanceChecks({ refetchInterval: 60_000, enabled: ready });
  // The support inbox's unread count, kept current by the live socket's support events.
  const supportUnread = useSupportUnread({ enabled: ready });
  useSupportLive(ready);
  const waitingAdjustments = useAdjustments(
    { status: 'proposed', q: '', page: 1, pageSize: 1 },
    {
      enabled: ready && roleAtLeast(me.data.role, 'admin'),
      refetchInterval: 30_000,
    },
  );

  if (me.isPending) {
    return (
      <Flex align="center" justify="center" className={styles.fullPage}>
        <Spin size="large" description={t('common.loading')} />
      </Flex>
    );
  }
  if (me.isError) {
    return (
      <Result
        status={isForbidden(me.error) ? '403' : 'error'}
        title={t('common.loadFailed')}
        subTitle={errorMessage(me.error)}
        extra={<Button onClick={() => me.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const operator = me.data;
  // The server refuses everything else until the operator has a second factor (OPERATOR_TOTP_REQUIRED).
  if (operator.totpRequired && section !== 'security') return <Navigate to="/security" replace />;

  return (
    <Layout className={styles.fullPage}>
      <Sider width={220} breakpoint="lg" collapsedWidth={64} theme="dark">
        <div className={styles.brand}>{t('appName')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[section]}
          items={
            operator.totpRequired
              ? [{ key: 'security', label: t('menu.security') }]
              : menuItems(operator, books.data?.pending, waitingAdjustments.data?.total, supportUnread.data)
          }
          onClick={({ key }) => navigate(`/${key}`)}
        />
      </Sider>
      <Layout>
        <Header className={styles.header}>
          <Typography.Text strong data-testid="operator-name">
            {operator.username}
          </Typography.Text>
          <Tag color={ROLE_COLOR[operator.role]} data-testid="operator-role">
            {lookup('header.role', operator.role) ?? operator.role}
          </Tag>
          <LanguageSelect />
          <Button onClick={() => logout.mutate()} loading={logout.isPending}>
            {t('header.logout')}
          </Button>
        </Header>
        <Content className={styles.content}>
          <BooksAlert checks={checks.data} />
          {!operator.totpEnabled && !operator.totpRequired && section !== 'security' ? (
            <Alert
              type="warning"
              showIcon
              title={t('secondFactor.suggested')}
              description={t('secondFactor.suggestedText')}
              action={
                <Button type="primary" onClick={() => navigate('/security')}>
                  {t('secondFactor.setUp')}
                </Button>
              }
              className={styles.section}
              data-testid="totp-suggested"
            />
          ) : null}
          <Outlet context={operator} />
        </Content>
      </Layout>
    </Layout>
  );
}
