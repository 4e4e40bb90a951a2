import { ReviewStatus } from '@beurs/contracts';
import { Alert, Card, Descriptions, Flex, Space, Typography } from 'antd';
import type { WithdrawalReviewRow } from '../../../api/queries';
import { t } from '../../../i18n';
import { formatAmount, walletLabel } from '../../../lib/money';
import styles from '../reviews.module.css';
import { SectionTitle } from './shared';
import { WithdrawalDestination } from './withdrawal-destination';

function PayoutReference({ reference }: { reference: string }) {
  return (
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
              {reference}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

export function WithdrawalDetails({ row }: { row: WithdrawalReviewRow }) {
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
        <WithdrawalDestination dest={row.destination} />
      </div>
      {row.payoutReference ? <PayoutReference reference={row.payoutReference} /> : null}
      {row.overdue ? (
        <Alert type="error" showIcon title={t('withdrawals.overdueNote')} data-testid="review-overdue" />
      ) : null}
      {row.status === ReviewStatus.Pending ? <Alert type="info" showIcon title={t('withdrawals.heldNote')} /> : null}
    </Space>
  );
}
