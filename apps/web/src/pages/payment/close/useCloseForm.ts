/**
 * The close form's state: the quantity (all by default), its check, the estimate for that part (profit,
 * close fee, margin released) at the live closing price, and the send after the confirmation.
 */
import { type DataOf, Decimal, type Position, type trading } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlatPositionMutation, useTradingRulesQuery } from '../../../api/trading';
import { useKeyedSend } from '../../../components/trading/useKeyedSend';
import { useLivePosition } from '../../../components/trading/useLivePosition';
import { useFormatters } from '../../../lib/format';

export type CloseResult = DataOf<typeof trading.flatPosition>;

const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

export function useCloseForm(position: Position, onDone: (result: CloseResult) => void) {
  const { t } = useTranslation();
  const f = useFormatters();
  const live = useLivePosition(position);
  const rules = useTradingRulesQuery(position.stockCode, position.source);
  const mutation = useFlatPositionMutation();
  const send = useKeyedSend(mutation);
  const [quantity, setQuantity] = useState(String(position.positionNum));
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const q = Number(quantity);
  const all = q === position.positionNum;
  const error =
    !quantity || !Number.isInteger(q) || q < 1
      ? t('trading.ticket.enterQuantity')
      : q > position.positionNum
        ? t('trading.close.tooMany', { max: f.integer(position.positionNum) })
        : null;
  const share = error ? null : new Decimal(q).div(position.positionNum);
  // Closing a long sells (sellRate); closing a short buys back (buyRate).
  const feeRate = rules.data ? (position.direction === 0 ? rules.data.sellRate : rules.data.buyRate) : undefined;
  const estimate = share
    ? {
        profit: cents(new Decimal(live.profit).mul(share)),
        released: cents(new Decimal(position.isolatedPosition).mul(share)),
        fee: feeRate
          ? cents(new Decimal(q).mul(live.mark).mul(position.multiplier).mul(position.rate).mul(feeRate))
          : undefined,
      }
    : null;

  const review = () => {
    setAttempted(true);
    mutation.reset();
    if (error) return;
    setConfirming(true);
  };

  const submit = () => {
    send(
      { id: position.id, quantity: all ? undefined : q },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          onDone(answer);
        },
        onError: () => setConfirming(false),
      },
    );
  };

  return {
    live,
    mutation,
    quantity: { text: quantity, set: setQuantity, value: q, all, error, shown: attempted && Boolean(error) },
    estimate,
    confirm: { visible: confirming, close: () => setConfirming(false) },
    review,
    submit,
  };
}
