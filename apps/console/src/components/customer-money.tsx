/** A customer's money in the console: wallet balances, the ledger, and (admins) proposing an adjustment. */
import {
  ADJUSTMENT_CATEGORIES,
  type AdjustmentCategory,
  DEFAULT_WALLET_CURRENCY,
  rules,
  WALLETS,
  type Wallet,
} from '@beurs/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LedgerParams } from '../api/keys';
import {
  type AdjustmentInput,
  type CustomerWallet,
  type LedgerPosting,
  useAdjustments,
  useCustomerLedger,
  useCustomerWallets,
  useProposeAdjustment,
} from '../api/queries';
import { lookup, t } from '../i18n';
import { formatAmount, formatSigned, isZero, sign, walletLabel } from '../lib/money';
import { formatTime } from '../lib/time';
import styles from './customer-money.module.css';
import { ErrorAlert } from './error-alert';
import { ListTable, RefreshButton } from './list-page';

const none = t('common.none');

const walletOptions = WALLETS.map((wallet) => ({ value: wallet, label: walletLabel(wallet) }));

/** Green for money in, red for money out. */
function SignedAmount({ amount, currency, large }: { amount: string; currency: string; large?: boolean }) {
  const s = sign(amount);
  return (
    <Typography.Text
      strong
      type={s > 0 ? 'success' : s < 0 ? 'danger' : undefined}
      className={large ? styles.largeNowrap : styles.nowrap}
    >
      {formatSigned(amount, currency)}
    </Typography.Text>
  );
}

function Money({ amount, currency, strong }: { amount: string; currency: string; strong?: boolean }) {
  return (
    <Typography.Text strong={strong} type={isZero(amount) ? 'secondary' : undefined} className={styles.nowrap}>
      {formatAmount(amount, currency)}
    </Typography.Text>
  );
}

// ----------------------------------------------------------------------------------------------- wallets

const walletColumns: TableColumnsType<CustomerWallet> = [
  {
    title: t('money.wallet'),
    dataIndex: 'walletType',
    render: (walletType: string) => walletLabel(walletType),
  },
  { title: t('money.currency'), dataIndex: 'currency', width: 90 },
  {
    title: t('money.available'),
    dataIndex: 'balance',
    align: 'right',
    render: (balance: string, row) => <Money amount={balance} currency={row.currency} />,
  },
  {
    title: t('money.onHold'),
    dataIndex: 'usedBalance',
    align: 'right',
    render: (held: string, row) => <Money amount={held} currency={row.currency} />,
  },
  {
    title: t('money.total'),
    dataIndex: 'total',
    align: 'right',
    render: (total: string, row) => <Money amount={total} currency={row.currency} strong />,
  },
];

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

// ------------------------------------------------------------------------------------------------ ledger

const entryColors: Record<string, string> = {
  deposit: 'green',
  withdrawal: 'orange',
  transfer: 'blue',
  transferReversal: 'geekblue',
  adjustment: 'purple',
};

const ledgerColumns: TableColumnsType<LedgerPosting> = [
  { title: t('money.time'), dataIndex: 'createTimeTimestamp', width: 160, render: (ts: number) => formatTime(ts) },
  {
    title: t('money.wallet'),
    dataIndex: 'walletType',
    width: 130,
    render: (walletType: string) => walletLabel(walletType),
  },
  {
    title: t('money.type'),
    dataIndex: 'type',
    width: 140,
    render: (type: string) => <Tag color={entryColors[type]}>{lookup('entryType', type) ?? type}</Tag>,
  },
  {
    title: t('money.amount'),
    dataIndex: 'amount',
    align: 'right',
    width: 120,
    render: (amount: string, row) => <SignedAmount amount={amount} currency={row.currency} />,
  },
  {
    title: t('money.balanceAfter'),
    dataIndex: 'balanceAfter',
    align: 'right',
    width: 120,
    render: (balance: string, row) => <Money amount={balance} currency={row.currency} />,
  },
  {
    title: t('money.reason'),
    dataIndex: 'reason',
    render: (reason: string | null, row) => (
      <>
        {row.category ? <Tag>{lookup('adjustmentCategory', row.category) ?? row.category}</Tag> : null}
        <Typography.Paragraph className={styles.flush} ellipsis={{ rows: 2, tooltip: reason }}>
          {reason || none}
        </Typography.Paragraph>
        {row.rate ? (
          <Typography.Text type="secondary" className={styles.small}>
            {t('money.rate', { rate: row.rate })}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: t('money.reference'),
    dataIndex: 'reference',
    width: 140,
    render: (reference: string | null) => (reference ? <Typography.Text code>{reference}</Typography.Text> : none),
  },
  {
    title: t('money.operator'),
    dataIndex: 'operator',
    width: 100,
    render: (operator: string | null) => operator ?? none,
  },
];

export function LedgerCard({ customerId }: { customerId: number }) {
  const [params, setParams] = useState<LedgerParams>({ page: 1, pageSize: 20 });
  const ledger = useCustomerLedger(customerId, params);
  return (
    <Card
      title={
        <Flex vertical>
          <span>{t('money.ledger')}</span>
          <Typography.Text type="secondary" className={styles.aside}>
            {t('money.ledgerHint')}
          </Typography.Text>
        </Flex>
      }
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

// -------------------------------------------------------------------------------------------- adjustment

interface AdjustForm {
  walletType: Wallet;
  direction: 'credit' | 'debit';
  amount: string;
  category: AdjustmentCategory;
  reason: string;
}

function reasonRule(value: string | undefined) {
  const reason = (value ?? '').trim();
  if (reason.length < 3) return Promise.reject(new Error(t('money.adjustReasonRequired')));
  if (reason.length > 500) return Promise.reject(new Error(t('money.adjustReasonTooLong')));
  return Promise.resolve();
}

function amountRule(value: string | undefined) {
  const amount = (value ?? '').trim();
  if (!rules.AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount))
    return Promise.reject(new Error(t('money.adjustAmountRequired')));
  return Promise.resolve();
}

const categoryOptions = ADJUSTMENT_CATEGORIES.map((c) => ({ value: c, label: lookup('adjustmentCategory', c) ?? c }));

/**
 * Proposes a credit or debit (four eyes): nothing moves here; another operator approves it in Approvals,
 * where the journal entry is posted. Shows how many proposals of this customer are waiting.
 */
export function ProposeAdjustmentCard({ customerId, userId }: { customerId: number; userId: string }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AdjustForm>();
  const wallets = useCustomerWallets(customerId);
  const propose = useProposeAdjustment(customerId);
  const waiting = useAdjustments({ status: 'proposed', customerId, q: '', page: 1, pageSize: 1 });
  const [confirming, setConfirming] = useState<AdjustmentInput | null>(null);

  const review = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    propose.reset();
    setConfirming({ ...values, amount: values.amount.trim(), reason: values.reason.trim() });
  };

  const submit = async () => {
    if (!confirming) return;
    try {
      const proposal = await propose.mutateAsync(confirming);
      void message.success(t('money.proposed', { id: proposal.id }));
      setConfirming(null);
      form.resetFields(['amount', 'reason']);
    } catch {
      // Shown in the dialog; the operator may try again or cancel.
    }
  };

  const wallet = confirming ? wallets.data?.find((w) => w.walletType === confirming.walletType) : undefined;
  const currency = confirming ? (wallet?.currency ?? DEFAULT_WALLET_CURRENCY[confirming.walletType as Wallet]) : 'EUR';
  const credit = confirming ? confirming.direction === 'credit' : true;
  const absolute = confirming ? formatAmount(confirming.amount, currency) : '';
  const waitingCount = waiting.data?.total ?? 0;

  return (
    <Card
      title={
        <Flex vertical>
          <span>{t('money.adjust')}</span>
          <Typography.Text type="secondary" className={styles.asideWrapping}>
            {t('money.adjustHint')}
          </Typography.Text>
        </Flex>
      }
      className={styles.fullHeight}
      data-testid="adjust-card"
    >
      {waitingCount > 0 ? (
        <Alert
          type="info"
          showIcon
          className={styles.section}
          title={t('money.waiting', { count: waitingCount })}
          action={
            <Link to="/approvals">
              <Button size="small">{t('money.openApprovals')}</Button>
            </Link>
          }
          data-testid="adjust-waiting"
        />
      ) : null}
      <Form<AdjustForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ walletType: 'BALANCE', direction: 'credit' }}
        onFinish={review}
      >
        <Flex gap={12}>
          <Form.Item
            name="walletType"
            label={t('money.adjustWallet')}
            rules={[{ required: true, message: t('money.adjustWalletRequired') }]}
            className={styles.grow}
          >
            <Select options={walletOptions} />
          </Form.Item>
          <Form.Item name="direction" label={t('money.adjustDirection')} className={styles.grow}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'credit', label: t('money.credit') },
                { value: 'debit', label: t('money.debit') },
              ]}
            />
          </Form.Item>
        </Flex>
        <Flex gap={12}>
          <Form.Item
            name="amount"
            label={t('money.adjustAmount')}
            rules={[{ validator: (_, value: string | undefined) => amountRule(value) }]}
            className={styles.grow}
          >
            <Input placeholder="25.00" inputMode="decimal" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="category"
            label={t('money.adjustCategory')}
            rules={[{ required: true, message: t('money.adjustCategoryRequired') }]}
            className={styles.grow}
          >
            <Select options={categoryOptions} />
          </Form.Item>
        </Flex>
        <Typography.Text type="secondary" className={styles.fieldNote}>
          {t('money.adjustAmountHelp')}
        </Typography.Text>
        <Form.Item
          name="reason"
          label={t('money.adjustReason')}
          extra={t('money.adjustReasonHelp')}
          rules={[{ validator: (_, value: string | undefined) => reasonRule(value) }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('money.adjustSubmit')}
        </Button>
      </Form>
      <Modal
        open={confirming !== null}
        title={t('money.adjustConfirmTitle')}
        okText={t('money.adjustConfirmOk')}
        okButtonProps={{ loading: propose.isPending }}
        cancelText={t('review.cancel')}
        onOk={submit}
        onCancel={() => {
          if (propose.isPending) return;
          setConfirming(null);
          propose.reset();
        }}
        mask={{ closable: false }}
        destroyOnHidden
      >
        {confirming ? (
          <Flex vertical gap={12}>
            <Typography.Paragraph className={styles.flush}>
              {credit
                ? t('money.adjustConfirmCredit', {
                    amount: absolute,
                    wallet: walletLabel(confirming.walletType),
                    userId,
                  })
                : t('money.adjustConfirmDebit', {
                    amount: absolute,
                    wallet: walletLabel(confirming.walletType),
                    userId,
                  })}
            </Typography.Paragraph>
            <Flex align="baseline" gap={12}>
              <SignedAmount amount={credit ? confirming.amount : `-${confirming.amount}`} currency={currency} large />
              <Tag>{lookup('adjustmentCategory', confirming.category) ?? confirming.category}</Tag>
            </Flex>
            <Alert type="info" showIcon title={t('money.adjustConfirmFourEyes')} />
            <Alert
              type="warning"
              showIcon
              title={t('money.adjustConfirmReason')}
              description={<Typography.Text italic>“{confirming.reason}”</Typography.Text>}
            />
            {propose.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('review.actionFailed')}
                description={propose.error instanceof Error ? propose.error.message : t('common.unexpected')}
              />
            ) : null}
          </Flex>
        ) : null}
      </Modal>
    </Card>
  );
}
