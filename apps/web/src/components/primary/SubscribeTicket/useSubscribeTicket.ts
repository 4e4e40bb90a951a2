/**
 * The subscription ticket's state: the lots chosen, the server's figures for them (getIpoFullNum), what is wrong
 * (shown once a review was attempted), and review → confirm → one keyed send. The rate is live, so the review
 * freezes the figures: the confirmation shows them unchanged while open, and the request carries their total as
 * `maxTotal`: the server holds no more than that (a rate that moved since is refused, and the
 * ticket then reviews the new figures). A refused or successful send renews the idempotency key (useKeyedSend).
 */
import type { Offering, Subscription } from '@beurs/contracts';
import { useEffect, useState } from 'react';
import { type SubscribeRequest, useIpoTicketQuery, useSubscribeMutation } from '../../../api/primary';
import { reasonOf } from '../../trading/TradeError';
import { useKeyedSend } from '../../trading/useKeyedSend';
import { maxLotsOf, type SubscriptionFigures, subscriptionFigures } from '../figures';

export type LotsProblem = 'missing' | 'aboveOffered' | 'short' | null;

export function useSubscribeTicket(offering: Offering, onResult: (result: Subscription) => void) {
  const ticket = useIpoTicketQuery(offering.code);
  const info = ticket.data;
  const [lots, setLots] = useState(1);
  /** Published IPO financing chosen (only when the offering offers it): the deposit and the fee held. */
  const [financedChoice, setFinanced] = useState(false);
  const financed = financedChoice && Boolean(info?.financing);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** The figures the confirmation shows and the request holds to, frozen when it opened. */
  const [reviewed, setReviewed] = useState<{ figures: SubscriptionFigures; info: NonNullable<typeof info> } | null>(
    null,
  );
  const create = useSubscribeMutation();
  const send = useKeyedSend(create);

  const maxLots = maxLotsOf(info, financed);
  const offeredLots = Math.floor(offering.sharesOffered / offering.lotSize);
  const figures = subscriptionFigures(info, lots, financed);
  const problem: LotsProblem =
    !Number.isInteger(lots) || lots < 1
      ? 'missing'
      : lots > offeredLots
        ? 'aboveOffered'
        : figures?.shortfall
          ? 'short'
          : null;

  // A changed ticket is another intent: an earlier refusal no longer describes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new number of lots or financing choice only
  useEffect(() => {
    if (create.isError) create.reset();
  }, [lots, financed]);

  const review = () => {
    setAttempted(true);
    create.reset();
    if (problem || !figures || !info) return;
    setReviewed({ figures, info });
    setConfirming(true);
  };

  /** After the rate moved above the ticket's total: fetch the figures again and show the confirmation. */
  const reviewAgain = async () => {
    create.reset();
    const fresh = await ticket.refetch();
    const again = subscriptionFigures(fresh.data, lots, financed);
    if (!fresh.data || !again) return;
    setReviewed({ figures: again, info: fresh.data });
    setConfirming(true);
  };

  const submit = () => {
    if (!reviewed) return;
    const request: SubscribeRequest = {
      code: offering.code,
      quantity: reviewed.figures.quantity,
      maxTotal: reviewed.figures.total,
      ...(reviewed.figures.financing ? { financing: true } : {}),
    };
    send(request, {
      onSuccess: (answer) => {
        setConfirming(false);
        onResult(answer);
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
    financed,
    setFinanced,
    maxLots,
    offeredLots,
    figures,
    problem: attempted ? problem : problem === 'short' ? problem : null,
    confirming,
    setConfirming,
    reviewed,
    create,
    review,
    reviewAgain,
    submit,
  };
}

export type SubscribeTicketState = ReturnType<typeof useSubscribeTicket>;
