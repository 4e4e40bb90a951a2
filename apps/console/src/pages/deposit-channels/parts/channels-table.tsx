import { Button, Flex, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { DepositChannel, useDepositChannels, useSaveDepositChannel } from '../../../api/queries';
import { ListEmpty } from '../../../components/list-page';
import { lookup, t } from '../../../i18n';
import { formatAmount, walletLabel } from '../../../lib/money';
import styles from '../deposit-channels.module.css';

const none = t('common.none');

interface Actions {
  isAdmin: boolean;
  save: ReturnType<typeof useSaveDepositChannel>;
  toggle: (channel: DepositChannel, enabled: boolean) => void;
  openDialog: (channel: DepositChannel) => void;
}

function columnsOf({ isAdmin, save, toggle, openDialog }: Actions): TableColumnsType<DepositChannel> {
  return [
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
}

/** Every channel; admins switch one on or off in its row and open it for editing. */
export function ChannelsTable({ channels, ...actions }: Actions & { channels: ReturnType<typeof useDepositChannels> }) {
  return (
    <Table<DepositChannel>
      rowKey="id"
      size="middle"
      columns={columnsOf(actions)}
      dataSource={channels.data ?? []}
      loading={channels.isPending && channels.isFetching}
      pagination={false}
      locale={{ emptyText: <ListEmpty query={channels} text={t('channels.empty')} /> }}
      scroll={{ x: 1150 }}
    />
  );
}
