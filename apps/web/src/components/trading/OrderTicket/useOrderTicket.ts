/**
 * The order ticket's state: what the customer chose and typed, the server's figures for it, what is wrong
 * with it (shown once a review was attempted), and the review, confirm and send of one order. The send
 * carries the key of its intent (useKeyedSend): a second tap or a retry of the same order never places it twice.
 */
import { Decimal, type OrderResult, orderQuantityProblem, type Quote } from '@beurs/contracts';
import { useEffect, useState } from 'react';
import { useLiveQuote } from '../../../api/live';
import { useSummaryQuery } from '../../../api/market';
import {
  type OrderRequest,
  type TicketProduct,
  useCreateOrderMutation,
  useTicketFiguresQuery,
  useTradingRulesQuery,
} from '../../../api/trading';
import { useWalletBalancesQuery } from '../../../api/wallet';
import { openingPrice, type Side, shortfall, ticketFigures } from '../figures';
import { reasonOf } from '../TradeError';
import { useKeyedSend } from '../useKeyedSend';
import { isLimitPrice, typedPriceProblem, usePriceProblemText } from '../usePriceProblemText';
import { useQuantityProblemText } from '../useQuantityProblemText';

export type OrderType = 0 | 1;

/** What the customer chose and typed. */
function useTicketInputs(marketOpen: boolean, initialDirection: Side) {
  const [direction, setDirection] = useState<Side>(initialDirection);
  // The server refuses a market order while the market is closed (marketClosed): a closed market starts on limit.
  const [orderType, setOrderType] = useState<OrderType>(marketOpen ? 0 : 1);
  const [limitPrice, setLimitPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState(1);
  const [protect, setProtect] = useState(false);
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  return {
    direction,
    setDirection,
    orderType,
    setOrderType,
    limitPrice,
    setLimitPrice,
    quantity,
    setQuantity,
    leverage,
    setLeverage,
    protect,
    setProtect,
    stopLoss,
    setStopLoss,
    takeProfit,
    setTakeProfit,
  };
}

export type TicketInputs = ReturnType<typeof useTicketInputs>;

/** The instrument's limits: from the ticket's figures once they came, else from its published rules. */
export interface TicketLimits {
  maxLeverage: number;
  minCount: number;
  lotSize: number;
}

/** What is wrong with the inputs, as the texts the ticket shows (null: nothing). */
function useTicketErrors(inputs: TicketInputs, limits: TicketLimits, quote: Quote) {
  const quantityText = useQuantityProblemText();
  const { quantity, orderType, limitPrice, protect, stopLoss, takeProfit } = inputs;
  const quantityError = quantityText(
    orderQuantityProblem(Number(quantity), { min: limits.minCount, lotSize: limits.lotSize }),
  );
  const d = quote.priceDecimals;
  const priceText = usePriceProblemText(quote.stock_code, d);
  const priceError = orderType === 1 ? priceText(typedPriceProblem(limitPrice, d)) : null;
  const stopsError = protect
    ? priceText(typedPriceProblem(stopLoss, d, true) ?? typedPriceProblem(takeProfit, d, true))
    : null;
  return { quantityError, priceError, stopsError };
}

/**
 * Keeps the inputs possible: a market that closed while the ticket was open turns it to limit (a market
 * order would only be refused) and withdraws a confirmation of the market order on screen rather than
 * silently changing it; a limit starts at the price the order would fill at now, to the instrument's
 * decimals; a lowered cap (or another instrument) never leaves a leverage above it selected.
 */
function useTicketDefaults(
  inputs: TicketInputs,
  quote: Quote,
  livePrice: string | undefined,
  setConfirming: (open: boolean) => void,
) {
  const { orderType, setOrderType, limitPrice, setLimitPrice } = inputs;
  const marketOrderAllowed = quote.marketOpen;
  const d = quote.priceDecimals;
  useEffect(() => {
    if (marketOrderAllowed || orderType === 1) return;
    setOrderType(1);
    setConfirming(false);
  }, [marketOrderAllowed, orderType, setOrderType, setConfirming]);
  useEffect(() => {
    if (orderType === 1 && limitPrice === '' && livePrice) setLimitPrice(new Decimal(livePrice).toFixed(d));
  }, [orderType, limitPrice, livePrice, d, setLimitPrice]);
}

export function useOrderTicket(base: Quote, product: TicketProduct, initialDirection: Side) {
  const quote = useLiveQuote(base);
  const summary = useSummaryQuery(quote.stock_code, quote.source);
  const rules = useTradingRulesQuery(quote.stock_code, quote.source);
  const inputs = useTicketInputs(base.marketOpen, initialDirection);
  const { direction, orderType, limitPrice, quantity, leverage, setLeverage } = inputs;
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<OrderResult | null>(null);

  const livePrice = openingPrice(direction, quote);
  useTicketDefaults(inputs, quote, livePrice, setConfirming);

  const price = orderType === 1 ? limitPrice.trim() : undefined;
  const ticket = useTicketFiguresQuery(
    orderType === 1 && !isLimitPrice(limitPrice)
      ? null
      : { stockCode: quote.stock_code, source: quote.source, direction, orderType, price, leverage },
  );
  const info = ticket.data;
  const limits: TicketLimits = {
    maxLeverage: info?.maxLeverage ?? rules.data?.maxLeverage ?? 1,
    minCount: info?.minCount ?? rules.data?.minCount ?? 1,
    lotSize: info?.lotSize ?? rules.data?.lotSize ?? 1,
  };
  useEffect(() => {
    if (leverage > limits.maxLeverage) setLeverage(limits.maxLeverage);
  }, [leverage, limits.maxLeverage, setLeverage]);

  const errors = useTicketErrors(inputs, limits, quote);
  const figures = ticketFigures(info, quantity);
  const missing = shortfall(figures?.total, info?.available);
  // Only when short: the other wallets' balances say where the shortfall can be moved from.
  const balances = useWalletBalancesQuery({ enabled: missing !== null });
  const stops = inputs.protect
    ? { stopLoss: inputs.stopLoss.trim() || undefined, takeProfit: inputs.takeProfit.trim() || undefined }
    : { stopLoss: undefined, takeProfit: undefined };
  const request = (): OrderRequest => ({
    stockCode: quote.stock_code,
    source: quote.source,
    direction,
    orderType,
    price,
    quantity: Number(quantity),
    leverage,
    ...stops,
    // The fee schedule of the figures on screen: the server refuses the order if it is no longer current.
    termsVersion: info?.termsVersion ?? '',
  });
  const flow = useTicketFlow({
    product,
    request,
    ticket,
    setConfirming,
    setResult,
    // Not enough money: the notice under the figures says what to do; the server would only refuse it.
    blocked: () => Boolean(errors.quantityError || errors.priceError || errors.stopsError || !figures || missing),
    onAttempt: () => setAttempted(true),
  });

  return {
    quote,
    /** The paying wallet's currency; before the figures came, the one it will be. */
    currency: info?.currency ?? (product === 'stock' && quote.currency === 'USD' ? 'USD' : 'EUR'),
    summary: summary.data,
    inputs,
    limits,
    livePrice,
    ticket,
    info,
    figures,
    stops,
    errors: attempted ? errors : { quantityError: null, priceError: null, stopsError: null },
    attempted,
    shortfall: missing,
    balances: balances.data,
    confirming,
    setConfirming,
    result,
    setResult,
    ...flow,
  };
}

export type OrderTicketState = ReturnType<typeof useOrderTicket>;

/** Review (checks first), confirm (one keyed send) and, after 422 termsChanged, review again at the new figures. */
function useTicketFlow({
  product,
  request,
  ticket,
  setConfirming,
  setResult,
  blocked,
  onAttempt,
}: {
  product: TicketProduct;
  request: () => OrderRequest;
  ticket: { refetch: () => Promise<{ data?: unknown }> };
  setConfirming: (open: boolean) => void;
  setResult: (result: OrderResult) => void;
  blocked: () => boolean;
  onAttempt: () => void;
}) {
  const create = useCreateOrderMutation(product);
  const send = useKeyedSend(create);

  const review = () => {
    onAttempt();
    create.reset();
    if (blocked()) return;
    setConfirming(true);
  };

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
        // The fees changed since the ticket was shown: show the new figures at once.
        if (reasonOf(error) === 'termsChanged') void ticket.refetch();
      },
    });
  };

  return { create, review, reviewAgain, submit };
}
