/** A customer's money in the console: wallet balances, the ledger, and (admins) proposing an adjustment. */
import { Card, Flex, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import type { LedgerParams } from '../../api/keys';
import { type CustomerWallet, type LedgerPosting, useCustomerLedger, useCustomerWallets } from '../../api/queries';
import { t } from '../../i18n';
import { ErrorAlert } from '../error-alert';
import { ListTable, RefreshButton } from '../list-page';
import styles from './customer-money.module.css';
import { AdjustmentConfirm } from './parts/adjustment-confirm';
import { AdjustmentFields } from './parts/adjustment-fields';
import { ledgerColumns } from './parts/ledger-columns';
import { WaitingAlert } from './parts/waiting-alert';
import { walletColumns } from './parts/wallet-columns';
import { walletOptions } from './rules';
import { useAdjustmentForm } from './use-adjustment-form';

export function WalletsCard({ customerId }: { customerId: number }) {
  const wallets = useCustomerWallets(customerId);
  return (
    <Card
      title={t('money.wallets')}
      className={styles.fullHeight}
      extra={<RefreshButton query={wallets} size="small" />}
      data-testid="wallets-card"
    >
      {wallets.isError ? <ErrorAlert error={wallets.error} onRetry={() => wallets.refetch()} /> : null}
      <Table<CustomerWallet>
        rowKey="walletType"
        size="small"
        columns={walletColumns}
        dataSource={wallets.data ?? []}
        loading={wallets.isPending && !wallets.isError}
        pagination={false}
        locale={{ emptyText: t('money.noWallets') }}
      />
    </Card>
  );
}

/** A card title with a quieter line under it. */
function CardTitle({ title, hint, className }: { title: string; hint: string; className?: string }) {
  return (
    <Flex vertical>
      <span>{title}</span>
      <Typography.Text type="secondary" className={className}>
        {hint}
      </Typography.Text>
    </Flex>
  );
}

export function LedgerCard({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<LedgerParams>({ page: 1, pageSize: 20 });
  const ledger = useCustomerLedger(customerId, params);
  return (
    <Card
      title={<CardTitle title={t('money.ledger')} hint={t('money.ledgerHint')} className={styles.aside} />}
      extra={
        <Flex gap={8}>
          <Select
            allowClear
            placeholder={t('money.allWallets')}
            aria-label={t('money.wallet')}
            options={walletOptions}
            value={params.walletType}
            onChange={(walletType?: string) => setParams({ ...params, walletType, page: 1 })}
            className={styles.width200}
            data-testid="ledger-wallet-filter"
          />
          <RefreshButton query={ledger} />
        </Flex>
      }
      data-testid="ledger-card"
    >
      <ListTable<LedgerPosting>
        query={ledger}
        params={params}
        setParams={(next) => setParams({ ...params, ...next })}
        columns={ledgerColumns}
        emptyText={t('money.ledgerEmpty')}
      />
    </Card>
  );
}

/**
 * Proposes a credit or debit (four eyes): nothing moves here; another operator approves it in Approvals,
 * where the journal entry is posted. Shows how many proposals of this customer are waiting.
 */
export function ProposeAdjustmentCard({ customerId, userId }: { customerId: number; userId: string }) {
  const state = useAdjustmentForm(customerId);
  return (
    <Card
      title={<CardTitle title={t('money.adjust')} hint={t('money.adjustHint')} className={styles.asideWrapping} />}
      className={styles.fullHeight}
      data-testid="adjust-card"
    >
      <WaitingAlert customerId={customerId} />
      <AdjustmentFields state={state} />
      <AdjustmentConfirm state={state} userId={userId} />
    </Card>
  );
}
