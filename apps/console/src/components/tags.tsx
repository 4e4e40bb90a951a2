import { AccountType, ReviewStatus, WithdrawalStatus } from '@beurs/contracts';
import { Tag } from 'antd';
import { strings } from '../strings';

const reviewStatusLook: Record<ReviewStatus, { color: string; label: string }> = {
  [ReviewStatus.None]: { color: 'default', label: strings.reviewStatus.none },
  [ReviewStatus.Pending]: { color: 'gold', label: strings.reviewStatus.pending },
  [ReviewStatus.Failed]: { color: 'red', label: strings.reviewStatus.failed },
  [ReviewStatus.Approved]: { color: 'green', label: strings.reviewStatus.approved },
};

function isReviewStatus(value: number): value is ReviewStatus {
  return value in reviewStatusLook;
}

/** `failedLabel` names status 2 where "Failed" is not the word (a rejected deposit or withdrawal). */
export function ReviewStatusTag({ status, failedLabel }: { status: number; failedLabel?: string }) {
  if (status === WithdrawalStatus.Cancelled) return <Tag data-status={status}>{strings.withdrawals.cancelled}</Tag>;
  if (!isReviewStatus(status)) return <Tag>{strings.reviewStatus.unknown(status)}</Tag>;
  const look = reviewStatusLook[status];
  return (
    <Tag color={look.color} data-status={status}>
      {status === ReviewStatus.Failed && failedLabel ? failedLabel : look.label}
    </Tag>
  );
}

export function accountTypeLabel(accountType: number): string {
  if (accountType === AccountType.Individual) return strings.accountType.individual;
  if (accountType === AccountType.Company) return strings.accountType.company;
  return strings.accountType.unknown(accountType);
}

export function AccountTypeTag({ accountType }: { accountType: number }) {
  const color = accountType === AccountType.Company ? 'purple' : accountType === AccountType.Individual ? 'blue' : '';
  return (
    <Tag color={color || undefined} variant="outlined">
      {accountTypeLabel(accountType)}
    </Tag>
  );
}
