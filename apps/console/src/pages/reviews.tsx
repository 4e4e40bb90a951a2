/** The three review queues: identity (KYC), deposits and withdrawals. */
import { ReviewStatus, WithdrawalStatus } from '@beurs/contracts';
import { Alert, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import type { DepositReviewRow, KycReviewRow, WithdrawalReviewRow } from '../api/queries';
import { FileGallery } from '../components/files';
import { ReviewQueuePage } from '../components/review-queue';
import { AccountTypeTag } from '../components/tags';
import { formatAmount, walletLabel } from '../lib/money';
import { formatTime } from '../lib/time';
import { strings } from '../strings';

const none = strings.common.none;

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
      {children}
    </Typography.Title>
  );
}

function idTypeLabel(idType: string): string {
  return strings.idType[idType] ?? idType;
}

// ---------------------------------------------------------------------------------------------- identity

const k = strings.kyc;

function KycDetails({ row }: { row: KycReviewRow }) {
  const c = strings.customer;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'name', label: k.name, children: `${row.firstName} ${row.lastName}`.trim() || none },
          { key: 'accountType', label: k.accountType, children: <AccountTypeTag accountType={row.accountType} /> },
          { key: 'idType', label: k.idType, children: idTypeLabel(row.idType) },
          {
            key: 'idNumber',
            label: k.idNumber,
            children: <Typography.Text copyable>{row.idNumber}</Typography.Text>,
          },
          { key: 'country', label: k.country, children: row.country || none },
        ]}
      />
      {row.company ? (
        <div>
          <SectionTitle>{k.company}</SectionTitle>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'companyName', label: c.companyName, children: row.company.companyName || none },
              { key: 'licenceNumber', label: c.licenceNumber, children: row.company.licenceNumber || none },
              { key: 'officeAddress', label: c.officeAddress, children: row.company.officeAddress || none },
              {
                key: 'placeOfRegistration',
                label: c.placeOfRegistration,
                children: row.company.placeOfRegistration || none,
              },
              {
                key: 'corporateBankAccount',
                label: c.corporateBankAccount,
                children: row.company.corporateBankAccount || none,
              },
              { key: 'officerName', label: c.officerName, children: row.company.officerName || none },
              { key: 'officerIdType', label: c.officerIdType, children: idTypeLabel(row.company.officerIdType) },
              { key: 'officerIdNumber', label: c.officerIdNumber, children: row.company.officerIdNumber || none },
            ]}
          />
        </div>
      ) : null}
      <div>
        <SectionTitle>{k.documents}</SectionTitle>
        <FileGallery files={row.files} width={300} height={200} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {strings.review.linksExpire}
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
        ...k,
        approveConfirmBody: () => k.approveConfirmBody,
        approved: (row) => k.approved(row.userId),
        rejected: (row) => k.rejected(row.userId),
      }}
      columns={[
        {
          title: k.name,
          key: 'name',
          width: 170,
          render: (_, row: KycReviewRow) => `${row.firstName} ${row.lastName}`.trim() || none,
        },
        {
          title: k.accountType,
          dataIndex: 'accountType',
          width: 120,
          render: (accountType: number) => <AccountTypeTag accountType={accountType} />,
        },
        {
          title: k.idType,
          key: 'document',
          width: 160,
          render: (_, row: KycReviewRow) => (
            <Flex vertical>
              <span>{idTypeLabel(row.idType)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.idNumber}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: k.country, dataIndex: 'country', width: 90 },
      ]}
      details={(row) => <KycDetails row={row} />}
    />
  );
}

// ---------------------------------------------------------------------------------------------- deposits

/** Amount and wallet columns of the money queues (deposits, withdrawals). */
function moneyColumns(text: { amount: string; wallet: string }, width: number) {
  return [
    {
      title: text.amount,
      key: 'amount',
      align: 'right' as const,
      width,
      render: (_: unknown, row: { amount: string; currency: string }) => (
        <Typography.Text strong>{formatAmount(row.amount, row.currency)}</Typography.Text>
      ),
    },
    {
      title: text.wallet,
      dataIndex: 'walletType',
      width: width + 10,
      render: (walletType: string) => walletLabel(walletType),
    },
  ];
}

const d = strings.deposits;

function ChannelTypeTag({ type }: { type: string }) {
  return <Tag color={type === 'crypto' ? 'cyan' : 'blue'}>{strings.channelType[type] ?? type}</Tag>;
}

function DepositDetails({ row }: { row: DepositReviewRow }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" style={{ background: '#fafafa' }}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text type="secondary">{d.amount}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 24 }} data-testid="review-amount">
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
          { key: 'wallet', label: d.wallet, children: `${walletLabel(row.walletType)} (${row.currency})` },
          { key: 'channel', label: d.channel, children: row.channel },
          { key: 'type', label: d.channelType, children: <ChannelTypeTag type={row.type} /> },
          { key: 'entry', label: d.entry, children: row.entryId ?? none },
          {
            key: 'txHash',
            label: d.txHash,
            span: 2,
            children: row.txHash ? (
              <Typography.Text copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {row.txHash}
              </Typography.Text>
            ) : (
              none
            ),
          },
        ]}
      />
      <div>
        <SectionTitle>{d.proof}</SectionTitle>
        <FileGallery files={[row.proof]} width={400} height={280} />
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {strings.review.linksExpire}
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
        ...d,
        approveConfirmBody: (row) =>
          d.approveConfirmBody(formatAmount(row.amount, row.currency), walletLabel(row.walletType)),
        approved: (row) => d.approved(formatAmount(row.amount, row.currency), row.userId),
        rejected: (row) => d.rejected(row.userId),
      }}
      columns={[
        ...moneyColumns(d, 110),
        {
          title: d.channel,
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
          title: d.txHash,
          dataIndex: 'txHash',
          width: 130,
          render: (txHash: string | null) =>
            txHash ? (
              <Typography.Text code ellipsis={{ tooltip: txHash }} style={{ maxWidth: '100%' }}>
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

const w = strings.withdrawals;

function WithdrawalDetails({ row }: { row: WithdrawalReviewRow }) {
  const dest = row.destination;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" style={{ background: '#fafafa' }}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Text type="secondary">{w.amount}</Typography.Text>
          <Typography.Text strong style={{ fontSize: 24 }} data-testid="review-amount">
            {formatAmount(row.amount, row.currency)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {w.wallet}: {walletLabel(row.walletType)} ({row.currency})
          </Typography.Text>
          {row.entryId ? (
            <Typography.Text type="secondary">
              · {w.entry} #{row.entryId}
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      <div>
        <SectionTitle>{w.destination}</SectionTitle>
        {dest.kind === 'bank' ? (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'kind', label: strings.channels.type, children: <Tag color="blue">{w.bank}</Tag> },
              { key: 'bankName', label: w.bankName, children: dest.bankName },
              { key: 'holderName', label: w.holderName, children: dest.holderName },
              {
                key: 'cardNo',
                label: w.cardNo,
                children: (
                  <Typography.Text copyable code>
                    {dest.cardNo}
                  </Typography.Text>
                ),
              },
              {
                key: 'swift',
                label: w.swift,
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
              { key: 'kind', label: strings.channels.type, children: <Tag color="cyan">{w.crypto}</Tag> },
              { key: 'network', label: w.network, children: dest.currencyType },
              {
                key: 'address',
                label: w.address,
                children: (
                  <Typography.Text copyable style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
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
              label: w.payoutReference,
              children: (
                <Typography.Text copyable code data-testid="review-payout-reference">
                  {row.payoutReference}
                </Typography.Text>
              ),
            },
          ]}
        />
      ) : null}
      {row.overdue ? <Alert type="error" showIcon title={w.overdueNote} data-testid="review-overdue" /> : null}
      {row.status === ReviewStatus.Pending ? <Alert type="info" showIcon title={w.heldNote} /> : null}
    </Space>
  );
}

export function WithdrawalQueuePage() {
  return (
    <ReviewQueuePage
      kind="withdrawals"
      drawerWidth={640}
      text={{
        ...w,
        approveConfirmBody: (row) => w.approveConfirmBody(formatAmount(row.amount, row.currency)),
        approved: (row) => w.approved(formatAmount(row.amount, row.currency), row.userId),
        rejected: (row) => w.rejected(row.userId),
      }}
      columns={[
        {
          title: w.reviewBy,
          key: 'reviewBy',
          width: 170,
          render: (_, row: WithdrawalReviewRow) =>
            row.expectedByTimestamp === null ? (
              strings.common.none
            ) : (
              <Flex vertical align="flex-start">
                <span>{formatTime(row.expectedByTimestamp)}</span>
                {row.overdue ? (
                  <Tag color="red" data-testid="overdue-tag">
                    {w.overdue}
                  </Tag>
                ) : null}
              </Flex>
            ),
        },
        ...moneyColumns(w, 120),
        {
          title: w.destination,
          key: 'destination',
          width: 250,
          render: (_, row: WithdrawalReviewRow) => {
            const dest = row.destination;
            const where = dest.kind === 'bank' ? dest.cardNo : dest.address;
            return (
              <Flex vertical style={{ minWidth: 0 }}>
                <span>
                  <Tag color={dest.kind === 'bank' ? 'blue' : 'cyan'} style={{ marginInlineEnd: 6 }}>
                    {dest.kind === 'bank' ? w.bank : w.crypto}
                  </Tag>
                  {dest.kind === 'bank' ? dest.bankName : dest.currencyType}
                </span>
                <Typography.Text
                  type="secondary"
                  ellipsis={{ tooltip: where }}
                  style={{ fontSize: 12, maxWidth: '100%', fontFamily: 'monospace' }}
                >
                  {where}
                </Typography.Text>
              </Flex>
            );
          },
        },
      ]}
      details={(row) => <WithdrawalDetails row={row} />}
      extraTabs={[{ status: WithdrawalStatus.Cancelled, label: w.cancelledTab }]}
      approveReference={{
        label: w.payoutReference,
        placeholder: w.payoutReferencePlaceholder,
        hint: w.payoutReferenceHint,
      }}
    />
  );
}
