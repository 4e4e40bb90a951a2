/**
 * The add-margin form: an amount of the wallet's available balance (a money amount, at most what is
 * available), sent once with the key of its intent; on success the sheet closes and the form empties.
 */
import { type Position, rules } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddMarginMutation } from '../../../api/trading';
import { useWalletBalancesQuery } from '../../../api/wallet';
import { exceeds } from '../../../components/money/format';
import { useKeyedSend } from '../../../components/trading/useKeyedSend';
import { toastSuccess } from '../../../lib/toast';

export function useAddMargin(position: Position, visible: boolean, onDone: () => void) {
  const { t } = useTranslation();
  const balances = useWalletBalancesQuery({ enabled: visible });
  const available = balances.data?.find((b) => b.walletType === position.walletType)?.balance;
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const mutation = useAddMarginMutation();
  const send = useKeyedSend(mutation);
  const invalid = !rules.amount.safeParse(amount).success;
  const tooMuch = !invalid && exceeds(amount, available);

  const submit = () => {
    setAttempted(true);
    if (invalid || tooMuch) return;
    send(
      { id: position.id, amount: amount.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('trading.addMargin.done'));
          setAmount('');
          setAttempted(false);
          onDone();
        },
      },
    );
  };

  return { available, amount, setAmount, attempted, invalid, tooMuch, mutation, submit };
}
