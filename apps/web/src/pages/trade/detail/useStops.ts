/** The stop-loss and take-profit form: each empty (cleared) or a price; moves no money, so no intent key. */
import type { Position } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStopsMutation } from '../../../api/trading';
import { isOptionalPrice } from '../../../components/trading/usePriceProblemText';
import { toastSuccess } from '../../../lib/toast';

export function useStops(position: Position, onDone: () => void) {
  const { t } = useTranslation();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [attempted, setAttempted] = useState(false);
  const mutation = useSetStopsMutation();

  const submit = () => {
    setAttempted(true);
    if (!isOptionalPrice(stopLoss) || !isOptionalPrice(takeProfit)) return;
    mutation.mutate(
      { id: position.id, stopLoss: stopLoss.trim() || null, takeProfit: takeProfit.trim() || null },
      {
        onSuccess: () => {
          toastSuccess(t('trading.stops.done'));
          onDone();
        },
      },
    );
  };

  return { stopLoss, setStopLoss, takeProfit, setTakeProfit, attempted, mutation, submit };
}
