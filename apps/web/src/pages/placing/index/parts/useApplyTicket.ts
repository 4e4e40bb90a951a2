/**
 * The state of the placing ticket: the lots, the figures (the IPO ticket's own: lots × perLot + fee, sent as
 * maxTotal), the confirmation with the transaction password, and the one idempotency key of the confirmed intent.
 */
import { ApiError } from '@beurs/api-client';
import { Decimal } from '@beurs/contracts';
import { useState } from 'react';
import {
  type PlacingApplication,
  type PlacingItem,
  type PlacingTicketFigures,
  usePlacingApplyMutation,
  usePlacingTicketQuery,
} from '../../../../api/placing';
import { useTotpStatusQuery } from '../../../../api/totp';
import type { LotsProblem } from '../../../../components/primary/SubscribeTicket/useSubscribeTicket';
import { useIdempotencyKey } from '../../../../lib/idempotency';

/** Refusals of the password step: said in the confirmation sheet, which stays open. */
export const isSecretRefusal = (error: unknown) =>
  error instanceof ApiError &&
  ['wrongPayPassword', 'payPasswordNotSet', 'totpRequired', 'totpInvalid'].includes(error.reason ?? '');

/**
 * The figures of `lots` lots, as the IPO ticket's (components/primary/figures.ts): the server holds
 * round_up(quantity × price × rate) + the fee; lots × perLot (one lot's hold rounded up) is never below it, so it is
 * shown as what is held at most and sent as maxTotal.
 */
export function placingFigures(info: PlacingTicketFigures | undefined, lots: number) {
  if (!info || !Number.isInteger(lots) || lots < 1) return null;
  const amount = new Decimal(info.perLot).times(lots);
  const total = amount.plus(info.fee);
  const missing = total.minus(info.available);
  return {
    quantity: lots * info.lotSize,
    amount: amount.toFixed(2),
    fee: new Decimal(info.fee).toFixed(2),
    total: total.toFixed(2),
    shortfall: missing.gt(0) ? missing.toFixed(2) : null,
  };
}

export function useApplyTicket(placing: PlacingItem | null) {
  const ticket = usePlacingTicketQuery(placing?.id ?? null);
  const apply = usePlacingApplyMutation();
  const intent = useIdempotencyKey();
  const totpEnabled = useTotpStatusQuery().data?.enabled === true;
  const [lots, setLots] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [payPassword, setPayPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [result, setResult] = useState<PlacingApplication | null>(null);
  const info = ticket.data;
  const figures = placingFigures(info, lots);
  const offeredLots = placing ? Math.floor(placing.sharesOffered / placing.lotSize) : 0;
  const maxLots = info && info.lotSize > 0 ? Math.floor(info.maxQuantity / info.lotSize) : 0;
  const problem: LotsProblem =
    !Number.isInteger(lots) || lots < 1
      ? 'missing'
      : lots > offeredLots
        ? 'aboveOffered'
        : figures?.shortfall
          ? 'short'
          : null;

  const submit = () => {
    if (!placing || !figures) return;
    const order = { id: placing.id, quantity: figures.quantity, maxTotal: figures.total };
    const secret = { id: placing.id, quantity: figures.quantity, payPassword, ...(totpEnabled ? { totpCode } : {}) };
    apply.mutate(
      { secret, order, idempotencyKey: intent.keyFor(order) },
      {
        onSuccess: (answer) => {
          intent.renew();
          setConfirming(false);
          setResult(answer);
        },
      },
    );
  };

  return {
    ticket,
    info,
    figures,
    lots,
    setLots: (n: number) => {
      setLots(n);
      apply.reset();
    },
    offeredLots,
    maxLots,
    problem,
    confirming,
    review: () => setConfirming(true),
    close: () => setConfirming(false),
    payPassword,
    setPayPassword,
    totpCode,
    setTotpCode,
    totpEnabled,
    apply,
    submit,
    result,
  };
}
export type ApplyTicketState = ReturnType<typeof useApplyTicket>;
