import { Card, Descriptions, Flex, Space, Typography } from 'antd';
import type { DepositReviewRow } from '../../../api/queries';
import { FileGallery } from '../../../components/files';
import { t } from '../../../i18n';
import { formatAmount, walletLabel } from '../../../lib/money';
import styles from '../reviews.module.css';
import { ChannelTypeTag, LinksExpireNote, none, SectionTitle } from './shared';

export function DepositDetails({ row }: { row: DepositReviewRow }) {
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
        <LinksExpireNote />
      </div>
    </Space>
  );
}
