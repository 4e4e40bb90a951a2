/** The three review queues: identity (KYC), deposits and withdrawals. */
import { WithdrawalStatus } from '@beurs/contracts';
import { ReviewQueuePage } from '../../components/review-queue';
import { t } from '../../i18n';
import { formatAmount, walletLabel } from '../../lib/money';
import { depositColumns, kycColumns, withdrawalColumns } from './parts/columns';
import { DepositDetails } from './parts/deposit-details';
import { KycDetails } from './parts/kyc-details';
import { WithdrawalDetails } from './parts/withdrawal-details';

export function KycQueuePage() {
  return (
    <ReviewQueuePage
      kind="kyc"
      drawerWidth={760}
      text={{
        approveConfirmBody: () => t('kyc.approveConfirmBody'),
        approved: (row) => t('kyc.approved', { userId: row.userId }),
        rejected: (row) => t('kyc.rejected', { userId: row.userId }),
      }}
      columns={kycColumns}
      details={(row) => <KycDetails row={row} />}
    />
  );
}

export function DepositQueuePage() {
  return (
    <ReviewQueuePage
      kind="deposits"
      text={{
        approveConfirmBody: (row) =>
          t('deposits.approveConfirmBody', {
            amount: formatAmount(row.amount, row.currency),
            wallet: walletLabel(row.walletType),
          }),
        approved: (row) =>
          t('deposits.approved', { amount: formatAmount(row.amount, row.currency), userId: row.userId }),
        rejected: (row) => t('deposits.rejected', { userId: row.userId }),
      }}
      columns={depositColumns}
      details={(row) => <DepositDetails row={row} />}
    />
  );
}

export function WithdrawalQueuePage() {
  return (
    <ReviewQueuePage
      kind="withdrawals"
      drawerWidth={640}
      text={{
        approveConfirmBody: (row) =>
          t('withdrawals.approveConfirmBody', { amount: formatAmount(row.amount, row.currency) }),
        approved: (row) =>
          t('withdrawals.approved', { amount: formatAmount(row.amount, row.currency), userId: row.userId }),
        rejected: (row) => t('withdrawals.rejected', { userId: row.userId }),
      }}
      columns={withdrawalColumns}
      details={(row) => <WithdrawalDetails row={row} />}
      extraTabs={[{ status: WithdrawalStatus.Cancelled, label: t('withdrawals.cancelledTab') }]}
      approveReference={{
        label: t('withdrawals.payoutReference'),
        placeholder: t('withdrawals.payoutReferencePlaceholder'),
        hint: t('withdrawals.payoutReferenceHint'),
      }}
    />
  );
}
