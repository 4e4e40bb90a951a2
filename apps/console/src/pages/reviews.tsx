/** The three review queues: identity (KYC), deposits and withdrawals. */
import { ReviewStatus, WithdrawalStatus } from '@beurs/contracts';
import { Alert, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import type { DepositReviewRow, KycReviewRow, WithdrawalReviewRow } from '../api/queries';
import { FileGallery } from '../components/files';
import { ReviewQueuePage } from '../components/review-queue';
import { AccountTypeTag } from '../components/tags';
import { lookup, t } from '../i18n';
import { formatAmount, walletLabel } from '../lib/money';
import { formatTime } from '../lib/time';
import styles from './reviews.module.css';

const none = t('common.none');

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} className={styles.titleGap}>
      {children}
    </Typography.Title>
  );
}

function idTypeLabel(idType: string): string {
  return lookup('idType', idType) ?? idType;
}

// ---------------------------------------------------------------------------------------------- identity

function KycDetails({ row }: { row: KycReviewRow }) {
  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'name', label: t('kyc.name'), children: `${row.firstName} ${row.lastName}`.trim() || none },
          {
            key: 'accountType',
            label: t('kyc.accountType'),
            children: <AccountTypeTag accountType={row.accountType} />,
          },
          { key: 'idType', label: t('kyc.idType'), children: idTypeLabel(row.idType) },
          {
            key: 'idNumber',
            label: t('kyc.idNumber'),
            children: <Typography.Text copyable>{row.idNumber}</Typography.Text>,
          },
          { key: 'country', label: t('kyc.country'), children: row.country || none },
        ]}
      />
      {row.company ? (
        <div>
          <SectionTitle>{t('kyc.company')}</SectionTitle>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'companyName', label: t('customer.companyName'), children: row.company.companyName || none },
              { key: 'licenceNumber', label: t('customer.licenceNumber'), children: row.company.licenceNumber || none },
              { key: 'officeAddress', label: t('customer.officeAddress'), children: row.company.officeAddress || none },
              {
                key: 'placeOfRegistration',
                label: t('customer.placeOfRegistration'),
                children: row.company.placeOfRegistration || none,
              },
              {
                key: 'corporateBankAccount',
                label: t('customer.corporateBankAccount'),
                children: row.company.corporateBankAccount || none,
              },
              { key: 'officerName', label: t('customer.officerName'), children: row.company.officerName || none },
              {
                key: 'officerIdType',
                label: t('customer.officerIdType'),
                children: idTypeLabel(row.company.officerIdType),
              },
              {
                key: 'officerIdNumber',
                label: t('customer.officerIdNumber'),
                children: row.company.officerIdNumber || none,
              },
            ]}
          />
        </div>
      ) : null}
      <div>
        <SectionTitle>{t('kyc.documents')}</SectionTitle>
        <FileGallery files={row.files} width={300} height={200} />
        <Typography.Text type="secondary" className={styles.note}>
          {t('review.linksExpire')}
        </Typography.Text>
      </div>
    </Space>
  );
}

export function KycQueuePage() {
  return (
    <ReviewQueuePage
      kind="kyc"
      drawerWidth={760}
      text={{
        approveConfirmBody: () => t('kyc.approveConfirmBody'),
        approved: (row) => t('kyc.approved', { userId: row.userId }),
        rejected: (row) => t('kyc.rejected', { userId: row.userId }),
      }}
      columns={[
        {
          title: t('kyc.name'),
          key: 'name',
          width: 170,
          render: (_, row: KycReviewRow) => `${row.firstName} ${row.lastName}`.trim() || none,
        },
        {
          title: t('kyc.accountType'),
          dataIndex: 'accountType',
          width: 120,
          render: (accountType: number) => <AccountTypeTag accountType={accountType} />,
        },
        {
          title: t('kyc.idType'),
          key: 'document',
          width: 160,
          render: (_, row: KycReviewRow) => (
            <Flex vertical>
              <span>{idTypeLabel(row.idType)}</span>
              <Typography.Text type="secondary" className={styles.small}>
                {row.idNumber}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: t('kyc.country'), dataIndex: 'country', width: 90 },
      ]}
      details={(row) => <KycDetails row={row} />}
    />
  );
}

// ---------------------------------------------------------------------------------------------- deposits

/** Amount and wallet columns of the money queues (deposits, withdrawals). */
function moneyColumns(kind: 'deposits' | 'withdrawals', width: number) {
  return [
    {
      title: t(`${kind}.amount`),
      key: 'amount',
      align: 'right' as const,
      width,
      render: (_: unknown, row: { amount: string; currency: string }) => (
        <Typography.Text strong>{formatAmount(row.amount, row.currency)}</Typography.Text>
      ),
    },
    {
      title: t(`${kind}.wallet`),
      dataIndex: 'walletType',
      width: width + 10,
      render: (walletType: string) => walletLabel(walletType),
    },
  ];
}

function ChannelTypeTag({ type }: { type: string }) {
  return <Tag color={type === 'crypto' ? 'cyan' : 'blue'}>{lookup('channelType', type) ?? type}</Tag>;
}

function DepositDetails({ row }: { row: DepositReviewRow }) {
  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Card size="small" className={styles.shaded}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text type="secondary">{t('deposits.amount')}</Typography.Text>
          <Typography.Text strong className={styles.text2xl} data-testid="review-amount">
            {formatAmount(row.amount, row.currency)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {row.currency} → {walletLabel(row.walletType)}
          </Typography.Text>
        </Flex>
      </Card>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'wallet', label: t('deposits.wallet'), children: `${walletLabel(row.walletType)} (${row.currency})` },
          { key: 'channel', label: t('deposits.channel'), children: row.channel },
          { key: 'type', label: t('deposits.channelType'), children: <ChannelTypeTag type={row.type} /> },
          { key: 'entry', label: t('deposits.entry'), children: row.entryId ?? none },
          {
            key: 'txHash',
            label: t('deposits.txHash'),
            span: 2,
            children: row.txHash ? (
              <Typography.Text copyable className={styles.hash}>
                {row.txHash}
              </Typography.Text>
            ) : (
              none
            ),
          },
        ]}
      />
      <div>
        <SectionTitle>{t('deposits.proof')}</SectionTitle>
        <FileGallery files={[row.proof]} width={400} height={280} />
        <Typography.Text type="secondary" className={styles.note}>
          {t('review.linksExpire')}
        </Typography.Text>
      </div>
    </Space>
  );
}

export function DepositQueuePage() {
  return (
    <ReviewQueuePage
      kind="deposits"
      text={{
        approveConfirmBody: (row) =>
          t('deposits.approveConfirmBody', {
            amount: formatAmount(row.amount, row.currency),
            wallet: walletLabel(row.walletType),
          }),
        approved: (row) =>
          t('deposits.approved', { amount: formatAmount(row.amount, row.currency), userId: row.userId }),
        rejected: (row) => t('deposits.rejected', { userId: row.userId }),
      }}
      columns={[
        ...moneyColumns('deposits', 110),
        {
          title: t('deposits.channel'),
          key: 'channel',
          width: 170,
          render: (_, row: DepositReviewRow) => (
            <Flex vertical align="flex-start" gap={2}>
              <ChannelTypeTag type={row.type} />
              <span>{row.channel}</span>
            </Flex>
          ),
        },
        {
          title: t('deposits.txHash'),
          dataIndex: 'txHash',
          width: 130,
          render: (txHash: string | null) =>
            txHash ? (
              <Typography.Text code ellipsis={{ tooltip: txHash }} className={styles.fitWidth}>
                {txHash}
              </Typography.Text>
            ) : (
              none
            ),
        },
      ]}
      details={(row) => <DepositDetails row={row} />}
    />
  );
}

// ------------------------------------------------------------------------------------------- withdrawals

function WithdrawalDetails({ row }: { row: WithdrawalReviewRow }) {
  const dest = row.destination;
  return (
    <Space orientation="vertical" size={16} className={styles.fullWidth}>
      <Card size="small" className={styles.shaded}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text type="secondary">{t('withdrawals.amount')}</Typography.Text>
          <Typography.Text strong className={styles.text2xl} data-testid="review-amount">
            {formatAmount(row.amount, row.currency)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('withdrawals.wallet')}: {walletLabel(row.walletType)} ({row.currency})
          </Typography.Text>
          {row.entryId ? (
            <Typography.Text type="secondary">
              · {t('withdrawals.entry')} #{row.entryId}
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      <div>
        <SectionTitle>{t('withdrawals.destination')}</SectionTitle>
        {dest.kind === 'bank' ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'kind', label: t('channels.type'), children: <Tag color="blue">{t('withdrawals.bank')}</Tag> },
              { key: 'bankName', label: t('withdrawals.bankName'), children: dest.bankName },
              { key: 'holderName', label: t('withdrawals.holderName'), children: dest.holderName },
              {
                key: 'cardNo',
                label: t('withdrawals.cardNo'),
                children: (
                  <Typography.Text copyable code>
                    {dest.cardNo}
                  </Typography.Text>
                ),
              },
              {
                key: 'swift',
                label: t('withdrawals.swift'),
                children: dest.swift ? <Typography.Text copyable>{dest.swift}</Typography.Text> : none,
              },
            ]}
          />
        ) : (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'kind', label: t('channels.type'), children: <Tag color="cyan">{t('withdrawals.crypto')}</Tag> },
              { key: 'network', label: t('withdrawals.network'), children: dest.currencyType },
              {
                key: 'address',
                label: t('withdrawals.address'),
                children: (
                  <Typography.Text copyable className={styles.hash}>
                    {dest.address}
                  </Typography.Text>
                ),
              },
            ]}
          />
        )}
      </div>
      {row.payoutReference ? (
        <Descriptions
          size="small"
          bordered
          column={1}
          items={[
            {
              key: 'payoutReference',
              label: t('withdrawals.payoutReference'),
              children: (
                <Typography.Text copyable code data-testid="review-payout-reference">
                  {row.payoutReference}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : null}
      {row.overdue ? (
        <Alert type="error" showIcon title={t('withdrawals.overdueNote')} data-testid="review-overdue" />
      ) : null}
      {row.status === ReviewStatus.Pending ? <Alert type="info" showIcon title={t('withdrawals.heldNote')} /> : null}
    </Space>
  );
}

export function WithdrawalQueuePage() {
  return (
    <ReviewQueuePage
      kind="withdrawals"
      drawerWidth={640}
      text={{
        approveConfirmBody: (row) =>
          t('withdrawals.approveConfirmBody', { amount: formatAmount(row.amount, row.currency) }),
        approved: (row) =>
          t('withdrawals.approved', { amount: formatAmount(row.amount, row.currency), userId: row.userId }),
        rejected: (row) => t('withdrawals.rejected', { userId: row.userId }),
      }}
      columns={[
        {
          title: t('withdrawals.reviewBy'),
          key: 'reviewBy',
          width: 170,
          render: (_, row: WithdrawalReviewRow) =>
            row.expectedByTimestamp === null ? (
              t('common.none')
            ) : (
              <Flex vertical align="flex-start">
                <span>{formatTime(row.expectedByTimestamp)}</span>
                {row.overdue ? (
                  <Tag color="red" data-testid="overdue-tag">
                    {t('withdrawals.overdue')}
                  </Tag>
                ) : null}
              </Flex>
            ),
        },
        ...moneyColumns('withdrawals', 120),
        {
          title: t('withdrawals.destination'),
          key: 'destination',
          width: 250,
          render: (_, row: WithdrawalReviewRow) => {
            const dest = row.destination;
            const where = dest.kind === 'bank' ? dest.cardNo : dest.address;
            return (
              <Flex vertical className={styles.shrinkable}>
                <span>
                  <Tag color={dest.kind === 'bank' ? 'blue' : 'cyan'} className={styles.iconGap}>
                    {dest.kind === 'bank' ? t('withdrawals.bank') : t('withdrawals.crypto')}
                  </Tag>
                  {dest.kind === 'bank' ? dest.bankName : dest.currencyType}
                </span>
                <Typography.Text type="secondary" ellipsis={{ tooltip: where }} className={styles.code}>
                  {where}
                </Typography.Text>
              </Flex>
            );
          },
        },
      ]}
      details={(row) => <WithdrawalDetails row={row} />}
      extraTabs={[{ status: WithdrawalStatus.Cancelled, label: t('withdrawals.cancelledTab') }]}
      approveReference={{
        label: t('withdrawals.payoutReference'),
        placeholder: t('withdrawals.payoutReferencePlaceholder'),
        hint: t('withdrawals.payoutReferenceHint'),
      }}
    />
  );
}
