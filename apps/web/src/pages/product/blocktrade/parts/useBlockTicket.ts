/**
 * The block ticket's state: the quantity typed, the figures for it at the desk price now, what is wrong (shown
 * once a review was attempted), and review → confirm with the transaction password → one keyed send. The review
 * freezes the desk price and the figures: the confirmation shows them unchanged while open, and the order carries
 * that price (the server refuses it, blockPriceMoved, when the desk price is now higher). A wrong transaction
 * password, a used-up attempt limit or a second-factor problem is said inside the confirmation, which stays open;
 * any other refusal closes it and is said on the ticket. A refusal or a success renews the idempotency key.
 */
import { ApiError } from '@beurs/api-client';
import { useEffect, useState } from 'react';
import { type BlockCreateResult, type BlockDeskStock, useBlockBuyMutation } from '../../../../api/blocktrade';
import { useTotpStatusQuery } from '../../../../api/totp';
import { reasonOf } from '../../../../components/trading/TradeError';
import { useIdempotencyKey } from '../../../../lib/idempotency';
import { type BlockFigures, blockFigures, quantityProblem } from './figures';

const SECRET_REASONS = new Set(['wrongPayPassword', 'totpRequired', 'totpWrong', 'enterPayPassword']);

/** A refusal of the password step (answered by checkSecret), said in the confirmation. */
export const isSecretRefusal = (error: unknown) =>
  error instanceof ApiError && (error.code === 429 || SECRET_REASONS.has(reasonOf(error) ?? ''));

export function useBlockTicket(stock: BlockDeskStock | undefined, onResult: (r: BlockCreateResult) => void) {
  const min = stock?.minQuantity ?? 10_000;
  const [quantity, setQuantity] = useState(min);
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reviewed, setReviewed] = useState<{ stock: BlockDeskStock; figures: BlockFigures } | null>(null);
  const [payPassword, setPayPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const totpEnabled = useTotpStatusQuery().data?.enabled === true;
  const buy = useBlockBuyMutation();
  const intent = useIdempotencyKey();

  const figures = blockFigures(stock, quantity);
  const problem = quantityProblem(quantity, min);

  // A changed ticket is another intent: an earlier refusal no longer describes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new quantity only
  useEffect(() => {
    if (buy.isError) buy.reset();
  }, [quantity]);

  /** Opens the confirmation at the desk price of `fresh` (just refetched, after the price moved) or of the ticket. */
  const review = (fresh?: BlockDeskStock) => {
    setAttempted(true);
    buy.reset();
    const at = fresh ?? stock;
    const frozen = blockFigures(at, quantity);
    if (problem || !frozen || !at || !at.marketOpen) return;
    setReviewed({ stock: at, figures: frozen });
    setPayPassword('');
    setTotpCode('');
    setConfirming(true);
  };

  const submit = () => {
    if (!reviewed) return;
    const s = reviewed.stock;
    const order = {
      stockCode: s.code,
      quantity: reviewed.figures.quantity,
      price: s.deskPrice,
      termsVersion: s.termsVersion,
    };
    const totp = totpCode.trim();
    const secret = { stockCode: s.code, quantity: order.quantity, payPassword, ...(totp ? { totpCode: totp } : {}) };
    buy.mutate(
      { secret, order, idempotencyKey: intent.keyFor(order) },
      {
        onSuccess: (result) => {
          intent.renew();
          setConfirming(false);
          onResult(result);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.kind === 'server') intent.renew();
          setPayPassword('');
          if (!isSecretRefusal(error)) setConfirming(false);
        },
      },
    );
  };

  return {
    min,
    quantity,
    setQuantity,
    figures,
    problem: attempted ? problem : null,
    confirming,
    close: () => {
      setConfirming(false);
      buy.reset();
    },
    reviewed,
    review,
    submit,
    buy,
    payPassword,
    setPayPassword,
    totpCode,
    setTotpCode,
    totpEnabled,
  };
}

export type BlockTicketState = ReturnType<typeof useBlockTicket>;
