/**
 * One strategy: what customers read of it (names and descriptions in three languages, the fee new follows are sold
 * with, published and open), its figures, and its book READ ONLY: cash, positions at the bid of its last tick, the
 * daily NAV and its trades. Admins change what is published here; there is no control over the book, its trades, its
 * NAV or a follow (a follow keeps the fee it was sold with).
 */
import { follow } from '@beurs/contracts';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Popconfirm, Result, Row, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, isForbidden } from '../../api/client';
import {
  type StrategyDetail,
  type StrategyTrade,
  useSetStrategyOpen,
  useSetStrategyPublished,
  useStrategy,
  useStrategyTrades,
} from '../../api/strategies';
import { ListHeader, ListTable, RefreshButton } from '../../components/list-page';
import { t } from '../../i18n';
import { formatAmount, formatCount, formatDecimal } from '../../lib/money';
import { formatTime } from '../../lib/time';
import { useOperator } from '../../lib/use-operator';
import { usePageParams } from '../../lib/use-page-params';
import { useTitle } from '../../lib/use-title';
import styles from '../offerings/offerings.module.css';
import { mayCall } from '../trading-settings/rules';
import { percentOf, ruleLabel, StateTags } from '.';
import { DescribeModal } from './describe-modal';
import { FeeModal } from './fee-modal';

function Published({ s }: { s: StrategyDetail }) {
  return (
    <Descriptions size="small" bordered column={3} className={styles.section} data-testid="strategy-published">
      <Descriptions.Item label={t('strategies.nameEn')}>{s.name}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.nameNl')}>{s.nameNl}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.nameZh')}>{s.nameZh}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.descriptionEn')}>{s.description}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.descriptionNl')}>{s.descriptionNl}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.descriptionZh')}>{s.descriptionZh}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.fee')}>
        <span data-testid="strategy-fee">{formatDecimal(s.performanceFee)} %</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('strategies.state')} span={2}>
        <StateTags s={s} />
      </Descriptions.Item>
    </Descriptions>
  );
}

function Figures({ s }: { s: StrategyDetail }) {
  return (
    <Descriptions size="small" bordered column={4} className={styles.section}>
      <Descriptions.Item label={t('strategies.rule')}>{ruleLabel(s.rule)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.instruments')} span={3}>
        {s.instruments.map((i) => i.split(':')[1] ?? i).join(', ')}
      </Descriptions.Item>
      <Descriptions.Item label={t('strategies.nav')}>
        {s.nav === null ? t('common.none') : formatDecimal(s.nav, 8)}
      </Descriptions.Item>
      <Descriptions.Item label={t('strategies.totalReturn')}>{percentOf(s.totalReturn)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.return30d')}>{percentOf(s.return30d)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.maxDrawdown')}>{percentOf(s.maxDrawdown)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.winRate')}>{percentOf(s.winRate)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.trades')}>{formatCount(s.trades)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.followsRunning')}>{formatCount(s.followsRunning)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.moneyIn')}>{formatAmount(s.moneyIn, 'EUR')}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.cash')}>{formatAmount(s.cash, s.currency)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.value')}>{formatAmount(s.value, s.currency)}</Descriptions.Item>
      <Descriptions.Item label={t('strategies.bookTick')} span={2}>
        {formatTime(s.bookTimestamp)}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Positions({ s }: { s: StrategyDetail }) {
  return (
    <Table
      rowKey="instrument"
      size="small"
      pagination={false}
      dataSource={s.positions}
      locale={{ emptyText: t('strategies.noPositions') }}
      columns={[
        { title: t('strategies.instrument'), render: (_, p) => p.instrument.split(':')[1] ?? p.instrument },
        { title: t('strategies.quantity'), align: 'right', render: (_, p) => formatDecimal(p.quantity, 4) },
        { title: t('strategies.cost'), align: 'right', render: (_, p) => formatAmount(p.cost, s.currency) },
        { title: t('strategies.bid'), align: 'right', render: (_, p) => formatDecimal(p.bid, 2) },
        { title: t('strategies.value'), align: 'right', render: (_, p) => formatAmount(p.value, s.currency) },
      ]}
    />
  );
}

/** The daily NAV, newest first (the chart customers see, as figures). */
function Navs({ s }: { s: StrategyDetail }) {
  return (
    <Table
      rowKey="time"
      size="small"
      dataSource={[...s.chart].reverse()}
      pagination={{ pageSize: 10, showSizeChanger: false }}
      locale={{ emptyText: t('strategies.noNavs') }}
      columns={[
        { title: t('strategies.time'), render: (_, p) => formatTime(p.time) },
        { title: t('strategies.nav'), align: 'right', render: (_, p) => formatDecimal(p.nav, 8) },
      ]}
    />
  );
}

function Trades({ s }: { s: StrategyDetail }) {
  const [params, setParams] = usePageParams();
  const trades = useStrategyTrades(s.id, { page: params.page, pageSize: params.pageSize });
  return (
    <ListTable<StrategyTrade>
      query={trades}
      params={params}
      setParams={setParams}
      rowKey="seq"
      emptyText={t('strategies.noTrades')}
      columns={[
        { title: '#', dataIndex: 'seq' },
        { title: t('strategies.time'), render: (_, x) => formatTime(x.time) },
        { title: t('strategies.instrument'), render: (_, x) => x.instrument.split(':')[1] ?? x.instrument },
        {
          title: t('strategies.side'),
          render: (_, x) => <Tag color={x.side === 'buy' ? 'green' : 'red'}>{t(`strategies.sides.${x.side}`)}</Tag>,
        },
        { title: t('strategies.quantity'), align: 'right', render: (_, x) => formatDecimal(x.quantity, 4) },
        { title: t('strategies.price'), align: 'right', render: (_, x) => formatDecimal(x.price, 2) },
        { title: t('strategies.tradeFee'), align: 'right', render: (_, x) => formatAmount(x.fee, s.currency) },
        {
          title: t('strategies.profit'),
          align: 'right',
          render: (_, x) => (x.profit === null ? t('common.none') : formatAmount(x.profit, s.currency)),
        },
        { title: t('strategies.cashAfter'), align: 'right', render: (_, x) => formatAmount(x.cashAfter, s.currency) },
      ]}
    />
  );
}

type Dialog = 'describe' | 'fee' | null;

export function StrategyPage() {
  const id = Number(useParams().id);
  const strategy = useStrategy(id);
  const operator = useOperator();
  const canWrite = mayCall(operator, follow.consoleStrategyDescribe);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const setOpen = useSetStrategyOpen();
  const setPublished = useSetStrategyPublished();
  const [dialog, setDialog] = useState<{ kind: Dialog; seq: number }>({ kind: null, seq: 0 });
  const close = () => setDialog((d) => ({ ...d, kind: null }));
  const open = (kind: Dialog) => setDialog((d) => ({ kind, seq: d.seq + 1 }));
  useTitle(strategy.data ? strategy.data.code : t('strategies.title'));

  if (strategy.isPending && strategy.fetchStatus !== 'idle') return <Skeleton active />;
  if (!strategy.data) {
    return (
      <Result
        status={isForbidden(strategy.error) ? '403' : '404'}
        title={strategy.isError ? t('common.loadFailed') : t('strategies.notFound')}
        subTitle={strategy.isError ? errorMessage(strategy.error) : undefined}
        extra={<Button onClick={() => navigate('/strategies')}>{t('strategies.back')}</Button>}
      />
    );
  }
  const s = strategy.data;
  const run = async (write: () => Promise<unknown>, done: string) => {
    try {
      await write();
      void message.success(done);
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  return (
    <>
      <ListHeader
        title={`${s.code} · ${s.manager}`}
        hint={t('strategies.simulated')}
        extra={
          <Flex gap={8} align="center" wrap>
            <Button onClick={() => navigate('/strategies')}>{t('strategies.back')}</Button>
            <RefreshButton query={strategy} />
            {canWrite ? (
              <>
                <Button onClick={() => open('describe')} data-testid="strategy-describe">
                  {t('strategies.describe')}
                </Button>
                <Button onClick={() => open('fee')} data-testid="strategy-set-fee">
                  {t('strategies.setFee')}
                </Button>
                <Popconfirm
                  title={
                    s.published
                      ? t('strategies.unpublishConfirm', { code: s.code })
                      : t('strategies.publishConfirm', { code: s.code })
                  }
                  description={s.published ? t('strategies.unpublishBody') : undefined}
                  okText={t('strategies.confirm')}
                  cancelText={t('strategies.cancel')}
                  onConfirm={() =>
                    run(
                      () => setPublished.mutateAsync({ id: s.id, published: !s.published }),
                      t(s.published ? 'strategies.unpublishedNow' : 'strategies.publishedNow', { code: s.code }),
                    )
                  }
                >
                  <Button data-testid="strategy-publish">
                    {s.published ? t('strategies.unpublish') : t('strategies.publish')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={
                    s.open
                      ? t('strategies.closeConfirm', { code: s.code })
                      : t('strategies.reopenConfirm', { code: s.code })
                  }
                  description={s.open ? t('strategies.closeBody') : undefined}
                  okText={t('strategies.confirm')}
                  cancelText={t('strategies.cancel')}
                  onConfirm={() =>
                    run(
                      () => setOpen.mutateAsync({ id: s.id, open: !s.open }),
                      t(s.open ? 'strategies.closedNow' : 'strategies.reopenedNow', { code: s.code }),
                    )
                  }
                >
                  <Button danger={s.open} data-testid="strategy-open">
                    {s.open ? t('strategies.close') : t('strategies.reopen')}
                  </Button>
                </Popconfirm>
              </>
            ) : null}
          </Flex>
        }
      />
      {canWrite ? null : <Alert type="info" showIcon title={t('strategies.readOnly')} className={styles.section} />}
      <Published s={s} />
      <Alert type="info" showIcon title={t('strategies.bookReadOnly')} className={styles.section} />
      <Figures s={s} />
      <Row gutter={16}>
        <Col span={14}>
          <Card title={t('strategies.positions')} size="small" className={styles.section}>
            <Positions s={s} />
          </Card>
        </Col>
        <Col span={10}>
          <Card title={t('strategies.navs')} size="small" className={styles.section}>
            <Navs s={s} />
          </Card>
        </Col>
      </Row>
      <Card title={t('strategies.tradesTitle')} size="small" className={styles.section}>
        <Trades s={s} />
      </Card>
      {dialog.kind === 'describe' ? (
        <DescribeModal
          key={dialog.seq}
          strategy={s}
          onClose={close}
          onSaved={() => {
            void message.success(t('strategies.described', { code: s.code }));
            close();
          }}
        />
      ) : null}
      {dialog.kind === 'fee' ? (
        <FeeModal
          key={dialog.seq}
          strategy={s}
          onClose={close}
          onSaved={(fee) => {
            void message.success(t('strategies.feeSet', { code: s.code, fee: formatDecimal(fee) }));
            close();
          }}
        />
      ) : null}
    </>
  );
}
