/**
 * Transfer between two of the customer's wallets (SPEC §2 profile/transfer, docs/money.md "Wallets and
 * transfers"): from and to (with a swap), the source's available balance with "All", the amount checked
 * by the shared rule, a preview at the live EUR/USD rate when the currencies differ, a confirmation, then
 * the result as the server booked it (debited, credited, rate) with "Cancel transfer" while allowed.
 * Query: `from`, `to` (wallet types) preselect the wallets; `amount` prefills the amount (the order
 * ticket's "Move €X to <wallet>" sends all three). The form's state is `useTransferForm`; parts in `parts/`.
 */
import type { TransferResult } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { TransferDone } from './parts/TransferDone';
import { TransferForm } from './parts/TransferForm';

export function TransferPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<TransferResult | null>(null);
  return (
    <Page>
      {result ? (
        <TransferDone result={result} onNew={() => setResult(null)} />
      ) : (
        <>
          <p className="page-lead">{t('transfer.lead')}</p>
          <TransferForm onDone={setResult} />
        </>
      )}
    </Page>
  );
}
