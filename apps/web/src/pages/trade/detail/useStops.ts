/**
 * The stop-loss and take-profit form: each empty (cleared) or a price in the instrument's steps (`priceDecimals`
 * from its quote; while that is not known, only the form of the price is checked, and the server checks the step);
 * moves no money, so no intent key.
 */
import type { Position } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetStopsMutation } from '../../../api/trading';
import { typedPriceProblem } from '../../../components/trading/usePriceProblemText';
import { toastSuccess } from '../../../lib/toast';

/** The most decimals a price may have at all (`trading.priceInput`): the step check when the quote is not known. */
const ANY_DECIMALS = 8;

export function useStops(position: Position, priceDecimals: number | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [attempted, setAttempted] = useState(false);
  const mutation = useSetStopsMutation();
  const problemOf = (value: string) => typedPriceProblem(value, priceDecimals ?? ANY_DECIMALS, true);
  const problems = { stopLoss: problemOf(stopLoss), takeProfit: problemOf(takeProfit) };

  const submit = () => {
    setAttempted(true);
    if (problems.stopLoss || problems.takeProfit) return;
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

  return {
    stopLoss,
    setStopLoss,
    takeProfit,
    setTakeProfit,
    problems: attempted ? problems : { stopLoss: null, takeProfit: null },
    mutation,
    submit,
  };
}
