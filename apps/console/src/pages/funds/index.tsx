/**
 * Funds (issue 16, docs/fixed-income.md "Console"): the fund products with their published terms, publishing one
 * and closing it to new money (admins), and the accrual job's work per day. A product's terms are fixed once
 * published and every order keeps the terms it was sold with: there is nothing here that changes either. Interest
 * comes from the job, never from an operator.
 */
import { roleAtLeast } from '@beurs/contracts';
import { Alert, App, Button, Popconfirm, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { type ConsoleFundProduct, termsOf, useFundProducts, useSetFundProductOpen } from '../../api/funds';
import { ErrorAlert } from '../../components/error-alert';
import { ListHeader, RefreshButton } from '../../components/list-page';
import { NameCell } from '../../components/name-cell';
import { t } from '../../i18n';
import { formatAmount, formatCount, formatDecimal } from '../../lib/money';
import { useOperator } from '../../lib/use-operator';
import { useTitle } from '../../lib/use-title';
import styles from '../offerings/offerings.module.css';
import { AccrualDays } from './accruals';
import { PublishModal } from './publish-modal';

/** A product's terms in words: "90 days at 2.1000 %" or "market 1.9500 % less 0.3000 % fee". */
function Products({ isAdmin }: { isAdmin: boolean }) {
  const products = useFundProducts();
  const setOpen = useSetFundProductOpen();
  const { message } = App.useApp();
  const [publishing, setPublishing] = useState(0);

  const toggle = async (p: ConsoleFundProduct, open: boolean) => {
    try {
      await setOpen.mutateAsync({ id: p.id, open });
      void message.success(open ? t('funds.reopened', { code: p.code }) : t('funds.closedNow', { code: p.code }));
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  const columns: TableColumnsType<ConsoleFundProduct> = [
    {
      title: t('funds.product'),
      render: (_, p) => <NameCell name={p.name} detail={`${p.code} · ${p.nameNl} · ${p.nameZh}`} />,
    },
    { title: t('funds.type'), render: (_, p) => <Tag>{t(`funds.types.${p.type}`)}</Tag> },
    { title: t('funds.terms'), render: (_, p) => termsOf(p) },
    {
      title: t('funds.rateNow'),
      align: 'right',
      render: (_, p) => (
        <>
          {formatDecimal(p.annualRate, 4)} %
          {p.marketYield !== null ? (
            <>
              <br />
              <Typography.Text type="secondary">
                {t('funds.marketYield', { value: formatDecimal(p.marketYield, 4) })}
              </Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    { title: t('funds.minimum'), align: 'right', render: (_, p) => formatAmount(p.minAmount, p.currency) },
    { title: t('funds.ordersInProgress'), align: 'right', render: (_, p) => formatCount(p.ordersInProgress) },
    { title: t('funds.held'), align: 'right', render: (_, p) => formatAmount(p.held, p.currency) },
    {
      title: t('funds.state'),
      render: (_, p) =>
        p.open ? <Tag color="green">{t('funds.open')}</Tag> : <Tag color="default">{t('funds.closed')}</Tag>,
    },
    ...(isAdmin
      ? ([
          {
            title: '',
            render: (_, p) =>
              p.open ? (
                <Popconfirm
                  title={t('funds.closeConfirm', { code: p.code })}
                  description={t('funds.closeConfirmBody')}
                  okText={t('funds.close')}
                  cancelText={t('funds.cancel')}
                  onConfirm={() => toggle(p, false)}
                >
                  <Button size="small" danger data-testid="fund-close">
                    {t('funds.close')}
                  </Button>
                </Popconfirm>
              ) : (
                <Popconfirm
                  title={t('funds.reopenConfirm', { code: p.code })}
                  okText={t('funds.reopen')}
                  cancelText={t('funds.cancel')}
                  onConfirm={() => toggle(p, true)}
                >
                  <Button size="small" data-testid="fund-reopen">
                    {t('funds.reopen')}
                  </Button>
                </Popconfirm>
              ),
          },
        ] satisfies TableColumnsType<ConsoleFundProduct>)
      : []),
  ];

  return (
    <>
      <div className={styles.section}>
        <RefreshButton query={products} />{' '}
        {isAdmin ? (
          <Button type="primary" onClick={() => setPublishing((n) => n + 1)} data-testid="fund-publish">
            {t('funds.publish')}
          </Button>
        ) : null}
      </div>
      {isAdmin ? null : <Alert type="info" showIcon title={t('funds.readOnly')} className={styles.section} />}
      {products.isError ? <ErrorAlert error={products.error} onRetry={() => products.refetch()} /> : null}
      <Table<ConsoleFundProduct>
        rowKey="id"
        loading={products.isPending}
        dataSource={products.data ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: products.isError ? t('common.loadFailed') : t('funds.empty') }}
        scroll={{ x: 1300 }}
      />
      {isAdmin && publishing > 0 ? (
        <PublishModal
          key={publishing}
          onClose={() => setPublishing(0)}
          onPublished={(code) => {
            void message.success(t('funds.published', { code }));
            setPublishing(0);
          }}
        />
      ) : null}
    </>
  );
}

export function FundsPage() {
  useTitle(t('funds.title'));
  const operator = useOperator();
  const isAdmin = roleAtLeast(operator.role, 'admin');
  return (
    <>
      <ListHeader title={t('funds.title')} hint={t('funds.hint')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'products', label: t('funds.productsTab'), children: <Products isAdmin={isAdmin} /> },
          { key: 'accruals', label: t('funds.accrualsTab'), children: <AccrualDays /> },
        ]}
      />
    </>
  );
}
