/**
 * Strategies (issue 17, docs/strategies.md "Console"): every copy-trading and AI quant strategy with its rule, the figures of its
 * book (the customers' own) and the follows running. A strategy's page shows its book read only; admins describe it,
 * set the fee for new follows, publish it and close it to new money there. Nothing here changes a book or a follow.
 */
import { Table, type TableColumnsType, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { type ConsoleStrategy, useStrategies } from '../../api/strategies';
import { ErrorAlert } from '../../components/error-alert';
import { ListEmpty, ListHeader, RefreshButton } from '../../components/list-page';
import { NameCell } from '../../components/name-cell';
import { lookup, t } from '../../i18n';
import { formatAmount, formatCount, formatDecimal } from '../../lib/money';
import { useTitle } from '../../lib/use-title';

/** The rule's name in the operator's language. */
export const ruleLabel = (rule: string) => lookup('strategies.rules', rule) ?? rule;

/** "-3.25 %", or a dash before the book's first tick. */
export const percentOf = (value: string | null) => (value === null ? t('common.none') : `${formatDecimal(value)} %`);

export function StateTags({ s }: { s: Pick<ConsoleStrategy, 'published' | 'open'> }) {
  return (
    <>
      {s.published ? (
        <Tag color="blue">{t('strategies.published')}</Tag>
      ) : (
        <Tag color="default">{t('strategies.unpublished')}</Tag>
      )}
      {s.open ? <Tag color="green">{t('strategies.open')}</Tag> : <Tag color="default">{t('strategies.closed')}</Tag>}
    </>
  );
}

export function StrategiesPage() {
  useTitle(t('strategies.title'));
  const strategies = useStrategies();
  const navigate = useNavigate();

  const columns: TableColumnsType<ConsoleStrategy> = [
    { title: t('strategies.strategy'), render: (_, s) => <NameCell name={s.name} detail={s.code} /> },
    { title: t('strategies.kind'), render: (_, s) => t(`strategies.kinds.${s.kind}`) },
    { title: t('strategies.manager'), dataIndex: 'manager' },
    { title: t('strategies.rule'), render: (_, s) => ruleLabel(s.rule) },
    { title: t('strategies.currency'), dataIndex: 'currency' },
    {
      title: t('strategies.nav'),
      align: 'right',
      render: (_, s) => (s.nav === null ? t('common.none') : formatDecimal(s.nav, 4)),
    },
    { title: t('strategies.totalReturn'), align: 'right', render: (_, s) => percentOf(s.totalReturn) },
    { title: t('strategies.maxDrawdown'), align: 'right', render: (_, s) => percentOf(s.maxDrawdown) },
    { title: t('strategies.fee'), align: 'right', render: (_, s) => `${formatDecimal(s.performanceFee)} %` },
    { title: t('strategies.followsRunning'), align: 'right', render: (_, s) => formatCount(s.followsRunning) },
    { title: t('strategies.moneyIn'), align: 'right', render: (_, s) => formatAmount(s.moneyIn, 'EUR') },
    { title: t('strategies.state'), render: (_, s) => <StateTags s={s} /> },
  ];

  return (
    <>
      <ListHeader
        title={t('strategies.title')}
        hint={t('strategies.hint')}
        extra={<RefreshButton query={strategies} />}
      />
      {strategies.isError ? <ErrorAlert error={strategies.error} onRetry={() => strategies.refetch()} /> : null}
      <Table<ConsoleStrategy>
        rowKey="id"
        loading={strategies.isPending}
        dataSource={strategies.data ?? []}
        columns={columns}
        pagination={false}
        onRow={(s) => ({ onClick: () => navigate(`/strategies/${s.id}`), style: { cursor: 'pointer' } })}
        locale={{ emptyText: <ListEmpty query={strategies} text={t('strategies.empty')} /> }}
        scroll={{ x: 1300 }}
      />
    </>
  );
}
