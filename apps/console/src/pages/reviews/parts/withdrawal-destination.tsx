import { Descriptions, Tag, Typography } from 'antd';
import type { WithdrawalReviewRow } from '../../../api/queries';
import { t } from '../../../i18n';
import styles from '../reviews.module.css';
import { none } from './shared';

type Destination = WithdrawalReviewRow['destination'];

/** Where the money goes: a bank account or a crypto address, each copyable. */
export function WithdrawalDestination({ dest }: { dest: Destination }) {
  return dest.kind === 'bank' ? (
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
  );
}
