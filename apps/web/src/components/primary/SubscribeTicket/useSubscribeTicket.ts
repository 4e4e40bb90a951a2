/**
 * The subscription ticket's state: the lots chosen, the server's figures for them (getIpoFullNum), what is wrong
 * (shown once a review was attempted), and review → confirm → one keyed send. The request carries `maxTotal`, the
 * total the confirmation showed: the server holds no more than that (a rate that moved since is refused, and the
 * ticket then reviews the new figures). A refused or successful send renews the idempotency key (useKeyedSend).
 */
import type { Offering, Subscription } from '@beurs/contracts';
import { useEffect, useState } from 'react';
import { type SubscribeRequest, useIpoTicketQuery, useSubscribeMutation } from '../../../api/primary';
import { reasonOf } from '../../trading/TradeError';
import { useKeyedSend } from '../../trading/useKeyedSend';
import { maxLotsOf, subscriptionFigures } from '../figures';

export type LotsProblem = 'missing' | 'aboveOffered' | 'short' | null;

export function useSubscribeTicket(offering: Offering) {
  const ticket = useIpoTicketQuery(offering.code);
  const info = ticket.data;
  const [lots, setLots] = useState(1);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<Subscription | null>(null);
  const create = useSubscribeMutation();
  const send = useKeyedSend(create);

  const maxLots = maxLotsOf(info);
  const offeredLots = Math.floor(offering.sharesOffered / offering.lotSize);
  const figures = subscriptionFigures(info, lots);
  const problem: LotsProblem =
    !Number.isInteger(lots) || lots < 1
      ? 'missing'
      : lots > offeredLots
        ? 'aboveOffered'
        : figures?.shortfall
          ? 'short'
          : null;

  // A changed ticket is another intent: an earlier refusal no longer describes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new number of lots only
  useEffect(() => {
    if (create.isError) create.reset();
  }, [lots]);

  const request = (): SubscribeRequest => ({
    code: offering.code,
    quantity: lots * offering.lotSize,
    maxTotal: figures?.total,
  });

  const review = () => {
    setAttempted(true);
    create.reset();
    if (problem || !figures) return;
    setConfirming(true);
  };

  /** After the rate moved above the ticket's total: fetch the figures again and show the confirmation. */
  const reviewAgain = async () => {
    create.reset();
    const fresh = await ticket.refetch();
    if (fresh.data) setConfirming(true);
  };

  const submit = () => {
    send(request(), {
      onSuccess: (answer) => {
        setConfirming(false);
        setResult(answer);
      },
      onError: (error) => {
        setConfirming(false);
        if (reasonOf(error) === 'offeringTotalAboveTicket' || reasonOf(error) === 'insufficientBalance') {
          void ticket.refetch();
        }
      },
    });
  };

  return {
    ticket,
    info,
    lots,
    setLots,
    maxLots,
    offeredLots,
    figures,
    problem: attempted ? problem : problem === 'short' ? problem : null,
    confirming,
    setConfirming,
    result,
    create,
    review,
    reviewAgain,
    submit,
  };
}

export type SubscribeTicketState = ReturnType<typeof useSubscribeTicket>;
