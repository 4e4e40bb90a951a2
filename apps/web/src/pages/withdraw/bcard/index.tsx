/**
 * Withdraw (SPEC §2 withdraw/bcard and withdraw/vm, docs/money.md "Withdrawals"): from a wallet (default
 * BALANCE) to one of the caller's bank cards or crypto wallets. Shows what may be withdrawn now (with
 * "All"), asks for the transaction password and a confirmation, then says the request waits for review
 * with the amount on hold. Nothing but the transaction password is ever asked for. Below the form, the
 * caller's withdrawals with their status and the reason of a refusal.
 *
 * Both routes render `WithdrawScreen`; they differ only in the kind of destination. The form's state is
 * `useWithdrawForm`; the parts are in `parts/`.
 */
import type { WithdrawalRecord } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfoQuery } from '../../../api/user';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/Button';
import { Page } from '../../../components/Page';
import { Segmented } from '../../../components/Segmented';
import { QueryBoundary, StateBlock } from '../../../components/States';
import { type DestinationKind, destinationPaths } from './destinations';
import { Submitted } from './parts/Submitted';
import { WithdrawalRecords } from './parts/WithdrawalRecords';
import { WithdrawForm } from './parts/WithdrawForm';
import '../../../components/money/money.css';

export type { DestinationKind } from './destinations';

/** Withdrawing needs a transaction password: without one, where to set it. */
function NoPayPassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StateBlock
      icon="key"
      title={t('withdraw.noPayPassword')}
      description={t('withdraw.noPayPasswordText')}
      action={
        <Button shape="rounded" color="primary" onClick={() => navigate(paths.payPassword())}>
          {t('withdraw.setPayPassword')}
        </Button>
      }
    />
  );
}

export function WithdrawScreen({ kind }: { kind: DestinationKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useUserInfoQuery();
  const [submitted, setSubmitted] = useState<WithdrawalRecord | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <Page backFallback={paths.profile()}>
      {submitted ? (
        <Submitted
          record={submitted}
          onAgain={() => {
            setSubmitted(null);
            setFormKey((k) => k + 1);
          }}
        />
      ) : (
        <>
          <Segmented
            label={t('common.withdrawKind')}
            value={kind}
            onChange={(next) => navigate(destinationPaths[next as DestinationKind].self(), { replace: true })}
            options={[
              { label: <span data-testid="withdraw-kind-bank">{t('withdraw.toBank')}</span>, value: 'bank' },
              { label: <span data-testid="withdraw-kind-crypto">{t('withdraw.toCrypto')}</span>, value: 'crypto' },
            ]}
          />
          <QueryBoundary query={userInfo} empty={(user) => !user.hasPayPassword} emptyView={<NoPayPassword />}>
            {() => <WithdrawForm key={formKey} kind={kind} onDone={setSubmitted} />}
          </QueryBoundary>
        </>
      )}
      <WithdrawalRecords />
    </Page>
  );
}

export function WithdrawBankCardPage() {
  return <WithdrawScreen kind="bank" />;
}
