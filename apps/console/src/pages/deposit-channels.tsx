/** Where customers send deposits: crypto addresses and bank accounts. Admins add and change them. */
import { ApiError } from '@beurs/api-client';
import { roleAtLeast, WALLETS, type Wallet } from '@beurs/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { errorMessage } from '../api/client';
import {
  type DepositChannel,
  type DepositChannelInput,
  useDepositChannels,
  useSaveDepositChannel,
} from '../api/queries';
import { ErrorAlert } from '../components/error-alert';
import { ListEmpty, ListHeader, RefreshButton } from '../components/list-page';
import { lookup, t } from '../i18n';
import { formatAmount, walletLabel } from '../lib/money';
import { useOperator } from '../lib/use-operator';
import { useTitle } from '../lib/use-title';
import styles from './deposit-channels.module.css';

const none = t('common.none');

interface ChannelForm {
  type: 'crypto' | 'bank';
  asset: string;
  network?: string;
  address?: string;
  bank?: { bankName: string; accountName: string; iban: string; swift: string; bankAddress: string };
  walletType: Wallet;
  minAmount: string;
  confirmations: number;
  enabled: boolean;
}

const emptyForm: ChannelForm = {
  type: 'crypto',
  asset: '',
  walletType: 'US_STOCK',
  minAmount: '1',
  confirmations: 3,
  enabled: true,
};

function toForm(channel: DepositChannel): ChannelForm {
  return {
    type: channel.type,
    asset: channel.asset,
    network: channel.network ?? undefined,
    address: channel.address ?? undefined,
    bank: channel.bank ?? undefined,
    walletType: channel.walletType,
    minAmount: channel.minAmount,
    confirmations: channel.confirmations,
    enabled: channel.enabled,
  };
}

function toInput(form: ChannelForm): DepositChannelInput {
  const crypto = form.type === 'crypto';
  const bank = form.bank;
  return {
    type: form.type,
    asset: form.asset.trim().toUpperCase(),
    network: crypto ? (form.network?.trim() ?? null) : null,
    address: crypto ? (form.address?.trim() ?? null) : null,
    bank:
      !crypto && bank
        ? {
            bankName: bank.bankName.trim(),
            accountName: bank.accountName.trim(),
            iban: bank.iban.replace(/\s+/g, '').toUpperCase(),
            swift: bank.swift.trim().toUpperCase(),
            bankAddress: bank.bankAddress.trim(),
          }
        : null,
    walletType: form.walletType,
    minAmount: form.minAmount.trim(),
    confirmations: crypto ? (form.confirmations ?? 3) : 0,
    enabled: form.enabled,
  };
}

const required = (message: string) => [{ required: true, whitespace: true, message }];

export function DepositChannelsPage() {
  useTitle(t('channels.title'));
  const operator = useOperator();
  const isAdmin = roleAtLeast(operator.role, 'admin');
  const channels = useDepositChannels();
  const save = useSaveDepositChannel();
  const { message } = App.useApp();
  /**
   * The add/edit dialog: the channel being edited (null: a new one). Each opening gets a new `seq`,
   * so the dialog (and its form) starts fresh instead of keeping the previous channel's fields.
   */
  const [dialog, setDialog] = useState<{ open: boolean; channel: DepositChannel | null; seq: number }>({
    open: false,
    channel: null,
    seq: 0,
  });
  const openDialog = (channel: DepositChannel | null) => setDialog((d) => ({ open: true, channel, seq: d.seq + 1 }));
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const toggle = async (channel: DepositChannel, enabled: boolean) => {
    try {
      await save.mutateAsync({ id: channel.id, input: toInput({ ...toForm(channel), enabled }) });
      void message.success(
        enabled
          ? t('channels.enabledNow', { asset: channel.asset })
          : t('channels.disabledNow', { asset: channel.asset }),
      );
    } catch (error) {
      void message.error(errorMessage(error));
    }
  };

  const columns: TableColumnsType<DepositChannel> = [
    { title: t('channels.id'), dataIndex: 'id', width: 50 },
    {
      title: t('channels.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: string) => (
        <Tag color={type === 'crypto' ? 'cyan' : 'blue'}>{lookup('channelType', type) ?? type}</Tag>
      ),
    },
    { title: t('channels.asset'), dataIndex: 'asset', width: 80, render: (asset: string) => <strong>{asset}</strong> },
    {
      title: t('channels.details'),
      key: 'details',
      render: (_, channel) =>
        channel.type === 'crypto' ? (
          (channel.network ?? none)
        ) : (
          <Flex vertical>
            <span>{channel.bank?.bankName ?? none}</span>
            <Typography.Text type="secondary" className={styles.small}>
              {channel.bank?.accountName}
              {channel.bank?.swift ? ` · ${channel.bank.swift}` : ''}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: t('channels.address'),
      key: 'address',
      render: (_, channel) => {
        const value = channel.type === 'crypto' ? channel.address : channel.bank?.iban;
        return value ? (
          <Typography.Text code copyable ellipsis={{ tooltip: value }} className={styles.fitWidth}>
            {value}
          </Typography.Text>
        ) : (
          none
        );
      },
    },
    {
      title: t('channels.wallet'),
      key: 'wallet',
      width: 160,
      render: (_, channel) => `${walletLabel(channel.walletType)} (${channel.currency})`,
    },
    {
      title: t('channels.minimum'),
      dataIndex: 'minAmount',
      align: 'right',
      width: 100,
      render: (minAmount: string, channel) => formatAmount(minAmount, channel.currency),
    },
    {
      title: t('channels.confirmations'),
      dataIndex: 'confirmations',
      align: 'right',
      width: 120,
      render: (confirmations: number, channel) => (channel.type === 'crypto' ? confirmations : none),
    },
    {
      title: t('channels.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, channel) =>
        isAdmin ? (
          <Switch
            checked={enabled}
            loading={save.isPending && save.variables?.id === channel.id}
            onChange={(checked) => toggle(channel, checked)}
            aria-label={`${t('channels.enabled')}: ${channel.asset} #${channel.id}`}
          />
        ) : (
          <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('channels.on') : t('channels.off')}</Tag>
        ),
    },
    ...(isAdmin
      ? ([
          {
            key: 'edit',
            width: 80,
            fixed: 'right',
            render: (_, channel) => (
              <Button size="small" onClick={() => openDialog(channel)}>
                {t('channels.edit')}
              </Button>
            ),
          },
        ] satisfies TableColumnsType<DepositChannel>)
      : []),
  ];

  return (
    <>
      <ListHeader
        title={t('channels.title')}
        hint={t('channels.hint')}
        extra={
          <>
            <RefreshButton query={channels} />
            {isAdmin ? (
              <Button type="primary" onClick={() => openDialog(null)}>
                {t('channels.add')}
              </Button>
            ) : null}
          </>
        }
      />
      {isAdmin ? null : <Alert type="info" showIcon title={t('channels.readOnly')} className={styles.section} />}
      {channels.isError ? <ErrorAlert error={channels.error} onRetry={() => channels.refetch()} /> : null}
      <Table<DepositChannel>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={channels.data ?? []}
        loading={channels.isPending && channels.isFetching}
        pagination={false}
        locale={{ emptyText: <ListEmpty query={channels} text={t('channels.empty')} /> }}
        scroll={{ x: 1150 }}
      />
      {isAdmin ? (
        <ChannelModal
          key={dialog.seq}
          open={dialog.open}
          channel={dialog.channel}
          onClose={closeDialog}
          onSaved={(created) => {
            void message.success(created ? t('channels.created') : t('channels.saved'));
            closeDialog();
          }}
        />
      ) : null}
    </>
  );
}

function ChannelModal({
  open,
  channel,
  onClose,
  onSaved,
}: {
  open: boolean;
  channel: DepositChannel | null;
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const [form] = Form.useForm<ChannelForm>();
  const save = useSaveDepositChannel();
  const type = Form.useWatch('type', form) ?? channel?.type ?? 'crypto';

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      await save.mutateAsync({ id: channel?.id ?? null, input: toInput(values) });
      onSaved(channel === null);
    } catch (error) {
      // A field the server refused is marked on the field; anything else shows above the buttons.
      if (error instanceof ApiError && error.field) {
        form.setFields([{ name: error.field.split('.') as never, errors: [error.message] }]);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={channel ? t('channels.editTitle', { id: channel.id }) : t('channels.createTitle')}
      okText={t('channels.save')}
      cancelText={t('channels.cancel')}
      onOk={submit}
      okButtonProps={{ loading: save.isPending }}
      onCancel={onClose}
      width={720}
      mask={{ closable: false }}
    >
      <Form<ChannelForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={channel ? toForm(channel) : emptyForm}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="type" label={t('channels.type')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: 'crypto', label: t('channelType.crypto') },
                  { value: 'bank', label: t('channelType.bank') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enabled" label={t('channels.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="asset"
              label={t('channels.asset')}
              extra={t('channels.assetHelp')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[
                { required: true, message: t('channels.assetRequired') },
                { pattern: /^[A-Z0-9]{2,10}$/, message: t('channels.assetRequired') },
              ]}
            >
              <Input placeholder={type === 'crypto' ? 'USDT' : 'EUR'} maxLength={10} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="walletType"
              label={t('channels.wallet')}
              extra={t('channels.walletHelp')}
              rules={[{ required: true, message: t('money.adjustWalletRequired') }]}
            >
              <Select options={WALLETS.map((wallet) => ({ value: wallet, label: walletLabel(wallet) }))} />
            </Form.Item>
          </Col>
        </Row>
        {type === 'crypto' ? (
          <Card size="small" title={t('channelType.crypto')} className={styles.section}>
            <Row gutter={16}>
              <Col span={8}>
                <Form.Item name="network" label={t('channels.network')} rules={required(t('channels.networkRequired'))}>
                  <Input placeholder={t('channels.networkPlaceholder')} maxLength={20} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  name="address"
                  label={t('channels.cryptoAddress')}
                  rules={required(t('channels.addressRequired'))}
                >
                  <Input maxLength={120} className={styles.mono} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="confirmations"
                  label={t('channels.confirmations')}
                  extra={t('channels.confirmationsHelp')}
                >
                  <InputNumber min={0} max={100} precision={0} className={styles.fullWidth} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        ) : (
          <Card size="small" title={t('channelType.bank')} className={styles.section}>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name={['bank', 'bankName']}
                  label={t('channels.bankName')}
                  rules={required(t('channels.fieldRequired'))}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name={['bank', 'accountName']}
                  label={t('channels.accountName')}
                  rules={required(t('channels.fieldRequired'))}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col span={14}>
                <Form.Item
                  name={['bank', 'iban']}
                  label={t('channels.iban')}
                  rules={required(t('channels.fieldRequired'))}
                >
                  <Input maxLength={42} className={styles.mono} />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item
                  name={['bank', 'swift']}
                  label={t('channels.swift')}
                  rules={required(t('channels.fieldRequired'))}
                >
                  <Input maxLength={11} className={styles.mono} />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name={['bank', 'bankAddress']}
                  label={t('channels.bankAddress')}
                  rules={required(t('channels.fieldRequired'))}
                >
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        )}
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="minAmount"
              label={t('channels.minimum')}
              extra={t('channels.minimumHelp')}
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const amount = (value ?? '').trim();
                    return /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/.test(amount) && Number.parseFloat(amount) >= 1
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('channels.minimumInvalid')));
                  },
                },
              ]}
            >
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {save.isError && !(save.error instanceof ApiError && save.error.field) ? (
        <Alert type="error" showIcon title={t('review.actionFailed')} description={errorMessage(save.error)} />
      ) : null}
    </Modal>
  );
}
