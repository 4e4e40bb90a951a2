import { AccountType, ReviewStatus, WithdrawalStatus } from '@beurs/contracts';
import { Tag } from 'antd';
import { t } from '../i18n';

const reviewStatusLook: Record<ReviewStatus, { color: string; label: string }> = {
  [ReviewStatus.None]: { color: 'default', label: t('reviewStatus.none') },
  [ReviewStatus.Pending]: { color: 'gold', label: t('reviewStatus.pending') },
  [ReviewStatus.Failed]: { color: 'red', label: t('reviewStatus.failed') },
  [ReviewStatus.Approved]: { color: 'green', label: t('reviewStatus.approved') },
};

function isReviewStatus(value: number): value is ReviewStatus {
  return value in reviewStatusLook;
}

/** `failedLabel` names status 2 where "Failed" is not the word (a rejected deposit or withdrawal). */
export function ReviewStatusTag({ status, failedLabel }: { status: number; failedLabel?: string }) {
  if (status === WithdrawalStatus.Cancelled) return <Tag data-status={status}>{t('withdrawals.cancelled')}</Tag>;
  if (!isReviewStatus(status)) return <Tag>{t('reviewStatus.unknown', { value: status })}</Tag>;
  const look = reviewStatusLook[status];
  return (
    <Tag color={look.color} data-status={status}>
      {status === ReviewStatus.Failed && failedLabel ? failedLabel : look.label}
    </Tag>
  );
}

export function accountTypeLabel(accountType: number): string {
  if (accountType === AccountType.Individual) return t('accountType.individual');
  if (accountType === AccountType.Company) return t('accountType.company');
  return t('accountType.unknown', { value: accountType });
}

export function AccountTypeTag({ accountType }: { accountType: number }) {
  const color = accountType === AccountType.Company ? 'purple' : accountType === AccountType.Individual ? 'blue' : '';
  return (
    <Tag color={color || undefined} variant="outlined">
      {accountTypeLabel(accountType)}
    </Tag>
  );
}
