import { Button, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import type { TradingSetting, useTradingSettings } from '../../../api/queries';
import { ListEmpty } from '../../../components/list-page';
import { t } from '../../../i18n';
import { formatCount } from '../../../lib/money';
import { formatTime } from '../../../lib/time';
import { assetClassLabel, ratePercent } from '../rules';
import styles from '../trading-settings.module.css';

function Rate({ rate }: { rate: string }) {
  return (
    <Flex vertical align="flex-end">
      <span className={styles.nowrap}>{ratePercent(rate)}</span>
      <Typography.Text type="secondary" className={styles.small}>
        {rate}
      </Typography.Text>
    </Flex>
  );
}

function LeverageCap({ cap, esmaCap }: { cap: number; esmaCap: number }) {
  return (
    <Flex vertical align="flex-start">
      <Flex align="center" gap={8}>
        <Typography.Text strong className={styles.textLg} data-testid="leverage-cap">
          {t('trading.leverageValue', { n: cap })}
        </Typography.Text>
        {cap < esmaCap ? (
          <Tag color="blue" className={styles.flush}>
            {t('tradingSettings.belowEsma')}
          </Tag>
        ) : null}
      </Flex>
      <Typography.Text type="secondary" className={styles.small}>
        {t('tradingSettings.esmaCap', { cap: esmaCap })}
      </Typography.Text>
    </Flex>
  );
}

function Changed({ row }: { row: TradingSetting }) {
  if (row.updateTimeTimestamp === null) {
    return <Typography.Text type="secondary">{t('tradingSettings.defaults')}</Typography.Text>;
  }
  return (
    <Flex vertical>
      <span className={styles.nowrap}>{formatTime(row.updateTimeTimestamp)}</span>
      {row.updatedBy ? (
        <Typography.Text type="secondary" className={styles.small}>
          {t('tradingSettings.changedBy', { who: row.updatedBy })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function columnsOf(onEdit: ((row: TradingSetting) => void) | null): TableColumnsType<TradingSetting> {
  const rate = { align: 'right' as const, width: 110, render: (value: string) => <Rate rate={value} /> };
  return [
    {
      title: t('tradingSettings.assetClass'),
      dataIndex: 'assetClass',
      render: (assetClass: string) => (
        <Flex vertical>
          <Typography.Text strong>{assetClassLabel(assetClass)}</Typography.Text>
          <Typography.Text type="secondary" code className={styles.smallStart}>
            {assetClass}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('tradingSettings.leverageCap'),
      dataIndex: 'leverageCap',
      width: 190,
      render: (cap: number, row) => <LeverageCap cap={cap} esmaCap={row.esmaCap} />,
    },
    { title: t('tradingSettings.buyRate'), dataIndex: 'buyRate', ...rate },
    { title: t('tradingSettings.sellRate'), dataIndex: 'sellRate', ...rate },
    {
      title: t('tradingSettings.minQuantity'),
      dataIndex: 'minQuantity',
      align: 'right',
      width: 140,
      render: (n: number) => formatCount(n),
    },
    { title: t('tradingSettings.changed'), key: 'changed', width: 190, render: (_, row) => <Changed row={row} /> },
    ...(onEdit
      ? ([
          {
            key: 'edit',
            width: 80,
            render: (_, row) => (
              <Button
                size="small"
                onClick={() => onEdit(row)}
                aria-label={`${t('tradingSettings.edit')}: ${assetClassLabel(row.assetClass)}`}
              >
                {t('tradingSettings.edit')}
              </Button>
            ),
          },
        ] satisfies TableColumnsType<TradingSetting>)
      : []),
  ];
}

/** The rules of every asset class; `onEdit` (null for those who may not change them) opens one for editing. */
export function SettingsTable({
  settings,
  onEdit,
}: {
  settings: ReturnType<typeof useTradingSettings>;
  onEdit: ((row: TradingSetting) => void) | null;
}) {
  return (
    <Table<TradingSetting>
      rowKey="assetClass"
      size="middle"
      columns={columnsOf(onEdit)}
      dataSource={settings.data ?? []}
      loading={settings.isPending && settings.isFetching}
      pagination={false}
      locale={{ emptyText: <ListEmpty query={settings} text={t('tradingSettings.loadEmpty')} /> }}
      onRow={(row) => ({ 'data-testid': `setting-${row.assetClass}` }) as HTMLAttributes<HTMLElement>}
      scroll={{ x: 900 }}
    />
  );
}
