/**
 * The add-to-position form: a quantity at market, in the position's direction and at its leverage, checked
 * against the instrument's minimum and lot size, with the ticket's figures for it while the sheet is open;
 * sent once with the key of its intent and the fee schedule of the figures shown.
 */
import { orderQuantityProblem, type Position } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdditionsMutation, useTicketFiguresQuery } from '../../../api/trading';
import { ticketFigures } from '../../../components/trading/figures';
import { reasonOf } from '../../../components/trading/TradeError';
import { useKeyedSend } from '../../../components/trading/useKeyedSend';
import { useQuantityProblemText } from '../../../components/trading/useQuantityProblemText';
import { toastSuccess } from '../../../lib/toast';

export function useAddToPosition(position: Position, visible: boolean, onDone: () => void) {
  const { t } = useTranslation();
  const quantityText = useQuantityProblemText();
  const [quantity, setQuantity] = useState('');
  const [attempted, setAttempted] = useState(false);
  const mutation = useAdditionsMutation();
  const send = useKeyedSend(mutation);
  const ticket = useTicketFiguresQuery(
    visible
      ? {
          stockCode: position.stockCode,
          source: position.source,
          direction: position.direction,
          orderType: 0,
          leverage: position.leverage,
        }
      : null,
  );
  const info = ticket.data;
  const q = Number(quantity);
  const min = info?.minCount ?? 1;
  const error = quantityText(orderQuantityProblem(q, { min, lotSize: info?.lotSize ?? 1 }));

  const submit = () => {
    setAttempted(true);
    if (error || !info) return;
    send(
      // The fee schedule of the figures shown: refused (termsChanged) if it changed, and the figures refetched.
      { positionId: position.id, quantity: q, orderType: 0, termsVersion: info.termsVersion },
      {
        onSuccess: () => {
          toastSuccess(t('trading.addToPosition.done'));
          setQuantity('');
          setAttempted(false);
          onDone();
        },
        onError: (failure) => {
          if (reasonOf(failure) === 'termsChanged') void ticket.refetch();
        },
      },
    );
  };

  const figures = ticketFigures(info, quantity);
  return { info, figures, min, quantity, setQuantity, error: attempted ? error : null, mutation, submit };
}
