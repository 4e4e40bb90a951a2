/** The trial balance: each currency's postings sum to zero, and every account equals its postings. */
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { type TrialBalance, type TrialBalanceChecks, useTrialBalance, useTrialBalanceChecks } from '../api/queries';
import { ErrorAlert } from '../components/error-alert';
import { ListHeader } from '../components/list-page';
import { lookup, t } from '../i18n';
import { formatAmount, isZero } from '../lib/money';
import { formatTime } from '../lib/time';
import { useTitle } from '../lib/use-title';
import styles from './books.module.css';

type CurrencyBooks = TrialBalance['currencies'][number];

const GOOD = '#389e0d';
const BAD = '#cf1322';

function CurrencyCard({ books }: { books: CurrencyBooks }) {
  const balanced = isZero(books.postingsSum);
  return (
    <Card
      title={t('books.currency', { c: books.currency })}
      data-testid={`books-${books.currency}`}
      extra={
        <Tag color={balanced ? 'success' : 'error'} data-testid={`books-${books.currency}-balanced`}>
          {balanced ? t('books.balanced') : t('books.unbalanced')}
        </Tag>
      }
      className={styles.fullHeight}
    >
      <Row gutter={[16, 16]} className={styles.section}>
        <Col span={8}>
          <Statistic
            title={t('books.postingsSum')}
            value={formatAmount(books.postingsSum, books.currency)}
            styles={{ content: { color: balanced ? GOOD : BAD, fontWeight: 600 } }}
          />
        </Col>
        <Col span={8}>
          <Statistic title={t('books.customerBalances')} value={formatAmount(books.customerBalances, books.currency)} />
        </Col>
        <Col span={8}>
          <Statistic title={t('books.customerHolds')} value={formatAmount(books.customerHolds, books.currency)} />
        </Col>
      </Row>
      <Typography.Title level={5} className={styles.titleGap}>
        {t('books.systemAccounts')}
      </Typography.Title>
      <Table
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={books.systemAccounts}
        locale={{ emptyText: t('books.noSystemAccounts') }}
        columns={[
          {
            title: t('books.account'),
            dataIndex: 'name',
            render: (name: string) => (
              <Flex gap={8} align="center">
                <span>{lookup('books.systemAccount', name) ?? name}</span>
                <Typography.Text type="secondary" code className={styles.small}>
                  {name}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('books.balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (balance: string) => <span className={styles.nowrap}>{formatAmount(balance, books.currency)}</span>,
          },
        ]}
      />
    </Card>
  );
}

type Check = TrialBalanceChecks['alerts'][number];

/** "minute", "5 minutes", "30 seconds": how often the server checks, in the console's language. */
function every(ms: number): string {
  if (ms % 60_000 === 0) return t('books.interval.minutes', { count: ms / 60_000 });
  return t('books.interval.seconds', { count: Math.round(ms / 1000) });
}

/** The scheduled trial balance: how often, the latest result, and every check that found the books unbalanced. */
function ScheduledChecks({ checks }: { checks: TrialBalanceChecks }) {
  const { latest } = checks;
  return (
    <Card
      title={t('books.checksTitle')}
      data-testid="books-checks"
      extra={
        latest ? (
          <Flex gap={8} align="center">
            <Typography.Text type="secondary">
              {t('books.lastCheck', { time: formatTime(latest.checkTimeTimestamp) })}
            </Typography.Text>
            <Tag color={latest.balanced ? 'success' : 'error'}>
              {latest.balanced ? t('books.checkBalanced') : t('books.checkUnbalanced')}
            </Tag>
          </Flex>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        {checks.intervalMs > 0 ? t('books.checksEvery', { minutes: every(checks.intervalMs) }) : t('books.checksOff')}{' '}
        {latest ? null : t('books.checksNone')}
      </Typography.Paragraph>
      <Typography.Title level={5} className={styles.titleGap}>
        {t('books.alertsTitle')}
      </Typography.Title>
      <Table<Check>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={checks.alerts}
        locale={{ emptyText: t('books.noAlerts') }}
        columns={[
          {
            title: t('books.checkTime'),
            dataIndex: 'checkTimeTimestamp',
            width: 190,
            render: (ts: number) => formatTime(ts),
          },
          {
            title: t('books.problems'),
            dataIndex: 'problems',
            render: (problems: string[]) => <Typography.Text type="danger">{problems.join('; ')}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}

export function BooksPage() {
  useTitle(t('books.title'));
  const books = useTrialBalance();
  const checks = useTrialBalanceChecks();
  const data = books.data;

  return (
    <>
      <ListHeader
        title={t('books.title')}
        hint={t('books.hint')}
        extra={
          <Button
            onClick={() => {
              void books.refetch();
              void checks.refetch();
            }}
            loading={books.isRefetching}
          >
            {t('common.refresh')}
          </Button>
        }
      />
      {books.isError ? <ErrorAlert error={books.error} onRetry={() => books.refetch()} /> : null}
      {books.isPending && !books.isError ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : null}
      {data ? (
        <Flex vertical gap={16}>
          {data.accountsMatchPostings ? (
            <Alert type="success" showIcon title={t('books.accountsMatch')} data-testid="books-accounts-match" />
          ) : (
            <Alert
              type="error"
              showIcon
              title={t('books.accountsMismatch')}
              description={t('books.accountsMismatchBody')}
              data-testid="books-accounts-mismatch"
            />
          )}
          {data.loansMatchLedger ? null : (
            <Alert
              type="error"
              showIcon
              title={t('books.loansMismatch')}
              description={t('books.loansMismatchBody')}
              data-testid="books-loans-mismatch"
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} md={6}>
              <Card className={styles.fullHeight}>
                <Statistic title={t('books.entries')} value={data.entries} />
              </Card>
            </Col>
            <Col xs={24} md={18}>
              <Card className={styles.fullHeight}>
                <Typography.Text type="secondary">{t('books.pending')}</Typography.Text>
                <Row gutter={16} className={styles.below}>
                  {(
                    [
                      ['kyc', t('menu.kyc')],
                      ['deposits', t('menu.deposits')],
                      ['withdrawals', t('menu.withdrawals')],
                    ] as const
                  ).map(([key, label]) => (
                    <Col span={8} key={key}>
                      <Link to={`/${key}`}>
                        <Statistic
                          title={label}
                          value={data.pending[key]}
                          styles={{ content: { color: data.pending[key] > 0 ? '#d48806' : undefined } }}
                        />
                      </Link>
                    </Col>
                  ))}
                </Row>
              </Card>
            </Col>
          </Row>
          {checks.data ? <ScheduledChecks checks={checks.data} /> : null}
          {data.currencies.length === 0 ? (
            <Card>
              <Empty description={t('books.noCurrencies')} />
            </Card>
          ) : (
            <Row gutter={[16, 16]}>
              {data.currencies.map((currency) => (
                <Col xs={24} xl={12} key={currency.currency}>
                  <CurrencyCard books={currency} />
                </Col>
              ))}
            </Row>
          )}
        </Flex>
      ) : null}
    </>
  );
}
