/**
 * The order ticket shared by payment/stock (stocks; Hong Kong stocks with source 11), payment/future and
 * payment/forex (query: name, code, source, direction): buy or sell, market or limit, the limit price, the
 * quantity with the half and full presets (what the wallet's available balance can carry) and the minimum and
 * lot size, the leverage within the product's cap, then margin, fee and total as the server computes them, a
 * confirmation sheet, and the result. A refusal says what to do next (TradeError).
 *
 * No transaction password: an order only moves money between the customer's own wallet and their own
 * positions, the order contracts take none, and a confirmation sheet with every figure guards the tap.
 */
import { ApiError } from '@beurs/api-client';
import { Decimal, type OrderResult, type Quote, trading } from '@beurs/contracts';
import { Button, Segmented } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLiveQuote } from '../../api/live';
import { useQuoteQuery, useSummaryQuery } from '../../api/market';
import {
  FEES_PATH,
  type OrderRequest,
  type TicketProduct,
  TRADE_PATH,
  tradeDetailPath,
  useCreateOrderMutation,
  useTicketFiguresQuery,
  useTradingRulesQuery,
} from '../../api/trading';
import { useWalletBalancesQuery } from '../../api/wallet';
import { useQueryParams } from '../../app/useQueryParams';
import { useFormatters } from '../../lib/format';
import { Icon } from '../Icon';
import { formatWhen } from '../market/QuoteDetails';
import { parseSource } from '../market/QuoteScreen';
import { MoneyText } from '../money/MoneyText';
import { Page } from '../Page';
import { SimulatedNotice } from '../SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../States';
import { leverageSteps, openingPrice, type Side, shortfall, shortfallSource, ticketFigures } from './figures';
import { ConfirmSheet, Facts } from './Sheet';
import { PriceField, QuantityField, QuantityPresets } from './TicketInput';
import { TicketQuote } from './TicketQuote';
import { reasonOf, TradeError } from './TradeError';
import { useKeyedSend } from './useKeyedSend';
import './trading.css';

/** What one unit of quantity is called on each ticket. */
const UNIT_KEY: Record<TicketProduct, 'shares' | 'units' | 'contracts'> = {
  stock: 'shares',
  hk: 'shares',
  future: 'contracts',
  forex: 'units',
};

const isLimitPrice = (s: string) => trading.priceInput.safeParse(s).success;

export function OrderTicketPage({ product: fixed }: { product: 'stock' | 'future' | 'forex' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useQueryParams<'name' | 'code' | 'source' | 'direction'>();
  const code = params.code?.trim() || undefined;
  const defaultSource = fixed === 'future' ? 3 : fixed === 'forex' ? 2 : undefined;
  const source = parseSource(params.source) ?? defaultSource;
  const query = useQuoteQuery(code, source);
  const product: TicketProduct = fixed === 'stock' && (source === 11 || query.data?.source === 11) ? 'hk' : fixed;

  if (!code) {
    return (
      <Page>
        <EmptyState
          icon="search"
          title={t('quote.noCode')}
          description={t('trading.ticket.noCodeText')}
          action={
            <Button color="primary" shape="rounded" onClick={() => navigate('/pages/search/index', { replace: true })}>
              {t('search.open')}
            </Button>
          }
        />
      </Page>
    );
  }
  if (query.isError)
    return (
      <Page title={params.name ?? code}>
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      </Page>
    );
  if (!query.data)
    return (
      <Page title={params.name ?? code}>
        <Loading />
      </Page>
    );
  return (
    <TicketForm
      key={`${query.data.key}`}
      base={query.data}
      product={product}
      initialDirection={params.direction === '1' ? 1 : 0}
    />
  );
}

function TicketForm({
  base,
  product,
  initialDirection,
}: {
  base: Quote;
  product: TicketProduct;
  initialDirection: Side;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const quote = useLiveQuote(base);
  const summary = useSummaryQuery(quote.stock_code, quote.source);
  const rules = useTradingRulesQuery(quote.stock_code, quote.source);
  const create = useCreateOrderMutation(product);
  const send = useKeyedSend(create);

  const [direction, setDirection] = useState<Side>(initialDirection);
  // The server refuses a market order while the market is closed (marketClosed): a closed market starts on limit.
  const [orderType, setOrderType] = useState<0 | 1>(base.marketOpen ? 0 : 1);
  const [limitPrice, setLimitPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState(1);
  const [protect, setProtect] = useState(false);
  const [stopLoss, setStopLoss] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<OrderResult | null>(null);

  const d = quote.priceDecimals;
  const marketOrderAllowed = quote.marketOpen;
  // The market closed while the ticket was open: a market order would only be refused, so the ticket turns to
  // limit, and a confirmation of the market order on screen is withdrawn rather than silently changed.
  useEffect(() => {
    if (marketOrderAllowed || orderType === 1) return;
    setOrderType(1);
    setConfirming(false);
  }, [marketOrderAllowed, orderType]);
  const livePrice = openingPrice(direction, quote);
  // The limit starts at the price the order would fill at now, to the instrument's decimals.
  useEffect(() => {
    if (orderType === 1 && limitPrice === '' && livePrice) setLimitPrice(new Decimal(livePrice).toFixed(d));
  }, [orderType, limitPrice, livePrice, d]);

  const limitValid = orderType === 0 || isLimitPrice(limitPrice);
  const figuresRequest =
    orderType === 1 && !limitValid
      ? null
      : {
          stockCode: quote.stock_code,
          source: quote.source,
          direction,
          orderType,
          price: orderType === 1 ? limitPrice.trim() : undefined,
          leverage,
        };
  const ticket = useTicketFiguresQuery(figuresRequest);
  const info = ticket.data;
  const maxLeverage = info?.maxLeverage ?? rules.data?.maxLeverage ?? 1;
  const minCount = info?.minCount ?? rules.data?.minCount ?? 1;
  const lotSize = info?.lotSize ?? rules.data?.lotSize ?? 1;
  const figures = ticketFigures(info, quantity);
  const unit = t(`trading.units.${UNIT_KEY[product]}`);

  // A lowered cap (or another instrument) never leaves a leverage above it selected.
  useEffect(() => {
    if (leverage > maxLeverage) setLeverage(maxLeverage);
  }, [leverage, maxLeverage]);

  const q = Number(quantity);
  const quantityError = !quantity
    ? t('trading.ticket.enterQuantity')
    : !Number.isInteger(q) || q < 1
      ? t('trading.ticket.enterQuantity')
      : q < minCount
        ? t('trading.ticket.belowMinimum', { min: f.integer(minCount) })
        : q % lotSize !== 0
          ? t('trading.ticket.lotStep', { lot: f.integer(lotSize) })
          : null;
  const priceError = orderType === 1 && !limitValid ? t('trading.ticket.enterPrice') : null;
  const optionalPrice = (value: string) => value.trim() === '' || isLimitPrice(value);
  const stopsError =
    protect && (!optionalPrice(stopLoss) || !optionalPrice(takeProfit)) ? t('trading.ticket.enterPrice') : null;
  const stops = protect
    ? { stopLoss: stopLoss.trim() || undefined, takeProfit: takeProfit.trim() || undefined }
    : { stopLoss: undefined, takeProfit: undefined };
  const missing = shortfall(figures?.total, info?.available);
  const shortOfMoney = missing !== null;
  // Only when short: the other wallets' balances say where the shortfall can be moved from.
  const balances = useWalletBalancesQuery({ enabled: shortOfMoney });

  const moneyAmount = (value: string | undefined) => (
    <MoneyText
      amount={value}
      currency={info?.currency ?? (product === 'stock' && quote.currency === 'USD' ? 'USD' : 'EUR')}
    />
  );
  const priceText = (value: string | undefined) => f.price(value, d, quote.currencySymbol);

  const request = (): OrderRequest => ({
    stockCode: quote.stock_code,
    source: quote.source,
    direction,
    orderType,
    price: orderType === 1 ? limitPrice.trim() : undefined,
    quantity: q,
    leverage,
    ...stops,
    // The fee schedule of the figures on screen: the server refuses the order if it is no longer current.
    termsVersion: info?.termsVersion ?? '',
  });

  const review = () => {
    setAttempted(true);
    create.reset();
    // Not enough money: the notice under the figures says what to do; the server would only refuse it.
    if (quantityError || priceError || stopsError || !figures || shortOfMoney) return;
    setConfirming(true);
  };

  /** After 422 termsChanged: the figures at the new schedule, then the confirmation with them. */
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

  const sideWord = direction === 0 ? t('quote.buy') : t('quote.sell');
  const title = t('trading.ticket.title', { side: sideWord, code: quote.stock_code });

  if (result) return <TicketResult result={result} quote={quote} onAgain={() => setResult(null)} />;

  return (
    <Page
      title={title}
      className="ticket-page"
      footer={
        <Button
          block
          size="large"
          className={`trade-button trade-button--${direction === 0 ? 'buy' : 'sell'}`}
          onClick={review}
          loading={create.isPending}
          data-testid="ticket-submit"
        >
          {t('trading.ticket.review')}
        </Button>
      }
    >
      <TicketQuote quote={quote} summary={summary.data} direction={direction} onDirection={setDirection} />

      {!marketOrderAllowed && (
        <div className="notice trade-notice" data-testid="ticket-market-closed">
          <Icon name="clock" size={18} />
          <div>
            <strong>
              {summary.data?.session.nextOpen
                ? t('trading.ticket.closedOpens', { when: formatWhen(summary.data.session.nextOpen) })
                : t('trading.ticket.closedTitle')}
            </strong>
            <p>{t('trading.ticket.closedText')}</p>
          </div>
        </div>
      )}

      <div className="ticket-field">
        <span className="ticket-field__label">{t('trading.ticket.orderType')}</span>
        <Segmented
          block
          className="segmented"
          value={orderType}
          onChange={(v) => setOrderType(v === 1 || !marketOrderAllowed ? 1 : 0)}
          options={[
            {
              label: <span data-testid="ticket-type-market">{t('trading.orderTypes.0')}</span>,
              value: 0,
              disabled: !marketOrderAllowed,
            },
            { label: <span data-testid="ticket-type-limit">{t('trading.orderTypes.1')}</span>, value: 1 },
          ]}
        />
      </div>

      <div className="ticket-field">
        <label className="ticket-field__label" htmlFor="ticket-price">
          {orderType === 0
            ? t('trading.ticket.marketPrice')
            : t('trading.ticket.limitPrice', { currency: quote.currency })}
        </label>
        {orderType === 0 ? (
          <div className="ticket-static num" data-testid="ticket-market-price">
            ≈ {priceText(livePrice)}
            <small>{direction === 0 ? t('trading.ticket.fillsAtAsk') : t('trading.ticket.fillsAtBid')}</small>
          </div>
        ) : (
          <PriceField
            id="ticket-price"
            value={limitPrice}
            onChange={setLimitPrice}
            invalid={attempted && Boolean(priceError)}
            autoComplete="off"
          />
        )}
        {orderType === 1 && (
          <p className="ticket-hint">
            {direction === 0 ? t('trading.ticket.limitBuyHint') : t('trading.ticket.limitSellHint')}
          </p>
        )}
        {attempted && priceError && <p className="ticket-error">{priceError}</p>}
      </div>

      <div className="ticket-field">
        <QuantityField
          id="ticket-quantity"
          label={t('trading.ticket.quantity', { unit })}
          value={quantity}
          onChange={setQuantity}
          invalid={attempted && Boolean(quantityError)}
          autoComplete="off"
          placeholder={t('trading.ticket.minimumPlaceholder', { min: f.integer(minCount) })}
          unit={unit}
        />
        <QuantityPresets figures={info} onPick={setQuantity} testIdPrefix="ticket" />
        <p className="ticket-hint" data-testid="ticket-min">
          {lotSize > 1
            ? t('trading.ticket.minAndLot', { min: f.integer(minCount), lot: f.integer(lotSize) })
            : t('trading.ticket.min', { min: f.integer(minCount) })}
        </p>
        {attempted && quantityError && (
          <p className="ticket-error" data-testid="ticket-quantity-error">
            {quantityError}{' '}
            {q > 0 && q < minCount && (
              <button type="button" className="text-link" onClick={() => setQuantity(String(minCount))}>
                {t('trading.errors.useMinimum')}
              </button>
            )}
          </p>
        )}
      </div>

      <div className="ticket-field">
        <span className="ticket-field__label">
          {t('trading.ticket.leverage')}
          <small>{t('trading.ticket.maxLeverage', { max: maxLeverage })}</small>
        </span>
        <fieldset className="ticket-leverage">
          <legend className="sr-only">{t('trading.ticket.leverage')}</legend>
          {leverageSteps(maxLeverage).map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={leverage === n}
              className={`chip${leverage === n ? ' chip--active' : ''}`}
              onClick={() => setLeverage(n)}
              data-testid={`ticket-leverage-${n}`}
            >
              {n}:1
            </button>
          ))}
        </fieldset>
        {leverage > 1 && <p className="ticket-hint">{t('trading.ticket.leverageRisk', { leverage })}</p>}
      </div>

      <div className="ticket-field">
        <label className="ticket-protect">
          <input
            type="checkbox"
            checked={protect}
            onChange={(event) => setProtect(event.target.checked)}
            data-testid="ticket-protect"
          />
          <span>
            {t('trading.ticket.protect')}
            <small>{t('trading.ticket.protectText')}</small>
          </span>
        </label>
        {protect && (
          <div className="ticket-stops">
            {(
              [
                ['ticket-stop-loss', t('trading.labels.stopLoss'), stopLoss, setStopLoss],
                ['ticket-take-profit', t('trading.labels.takeProfit'), takeProfit, setTakeProfit],
              ] as const
            ).map(([id, label, value, set]) => (
              <div key={id}>
                <PriceField
                  id={id}
                  label={label}
                  value={value}
                  onChange={set}
                  invalid={attempted && !optionalPrice(value)}
                  placeholder={t('trading.detail.notSet')}
                  autoComplete="off"
                />
              </div>
            ))}
          </div>
        )}
        {protect && (
          <p className="ticket-hint">
            {direction === 0 ? t('trading.ticket.protectLong') : t('trading.ticket.protectShort')}
          </p>
        )}
        {attempted && stopsError && <p className="ticket-error">{stopsError}</p>}
      </div>

      <section className="card ticket-summary" aria-label={t('trading.ticket.summary')} data-testid="ticket-summary">
        {ticket.isError && !info ? (
          <div className="inline-error">
            <span>{t('trading.ticket.figuresFailed')}</span>
            <button type="button" className="text-link" onClick={() => ticket.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : (
          <Facts
            rows={[
              {
                label: t('trading.ticket.available', { wallet: t(`wallets.${info?.walletType ?? 'BALANCE'}`) }),
                value: info ? moneyAmount(info.available) : '…',
                testId: 'ticket-available',
              },
              { label: t('trading.labels.orderValue'), value: figures ? moneyAmount(figures.notional) : '–' },
              {
                label: t('trading.labels.margin'),
                value: figures ? moneyAmount(figures.margin) : '–',
                testId: 'ticket-margin',
              },
              { label: t('trading.labels.fee'), value: figures ? moneyAmount(figures.fee) : '–', testId: 'ticket-fee' },
              {
                label: t('trading.labels.total'),
                value: figures ? moneyAmount(figures.total) : '–',
                testId: 'ticket-total',
                strong: true,
              },
            ]}
          />
        )}
        {info && (
          // Named because it is not always the wallet a customer expects (SPEC §3: DE, NL and BE stocks use
          // Funding, not the wallet called Stocks).
          <p className="ticket-hint" data-testid="ticket-wallet" data-wallet={info.walletType}>
            {t('trading.ticket.paidFrom', { wallet: t(`wallets.${info.walletType}`) })}
          </p>
        )}
        {shortOfMoney && info && (
          <TradeError
            error={
              new ApiError(
                'server',
                t('trading.ticket.notEnough', { wallet: t(`wallets.${info.walletType}`) }),
                422,
                undefined,
                'insufficientMargin',
              )
            }
            actions={{
              wallet: info.walletType,
              shortfall: missing
                ? { amount: missing, currency: info.currency, from: shortfallSource(info.walletType, balances.data) }
                : undefined,
            }}
          />
        )}
      </section>

      {create.isError && (
        <TradeError
          reveal
          error={create.error}
          actions={{
            wallet: info?.walletType,
            onUseLimit: () => {
              create.reset();
              setOrderType(1);
            },
            onUseMinimum: () => {
              create.reset();
              setQuantity(String(minCount));
            },
            onUseMaxLeverage: () => {
              create.reset();
              setLeverage(maxLeverage);
            },
            onReviewAgain: () => void reviewAgain(),
          }}
        />
      )}

      <p className="trade-note">{t('trading.ticket.note')}</p>
      <Link to={FEES_PATH} className="text-link ticket-terms" data-testid="ticket-fees-link">
        {t('routes.setting.fees')} ›
      </Link>
      <SimulatedNotice compact />

      <ConfirmSheet
        visible={confirming}
        onClose={() => setConfirming(false)}
        title={t('trading.confirm.title', { side: sideWord, code: quote.stock_code })}
        tone={direction === 0 ? 'buy' : 'sell'}
        pending={create.isPending}
        onConfirm={submit}
        confirmText={t('trading.confirm.submit', { side: sideWord })}
        note={orderType === 0 ? t('trading.confirm.marketNote') : t('trading.confirm.limitNote')}
        rows={[
          { label: t('trading.labels.instrument'), value: `${quote.name} (${quote.stock_code})` },
          { label: t('trading.labels.direction'), value: <DirectionTag direction={direction} /> },
          { label: t('trading.labels.orderType'), value: t(`trading.orderTypes.${orderType}`) },
          {
            label: orderType === 0 ? t('trading.ticket.marketPrice') : t('trading.labels.limitPrice'),
            value: orderType === 0 ? `≈ ${priceText(livePrice)}` : priceText(limitPrice),
          },
          { label: t('trading.labels.quantity'), value: `${f.integer(q)} ${unit}`, testId: 'confirm-quantity' },
          { label: t('trading.labels.leverage'), value: `${leverage}:1`, testId: 'confirm-leverage' },
          stops.stopLoss !== undefined && {
            label: t('trading.labels.stopLoss'),
            value: priceText(stops.stopLoss),
            testId: 'confirm-stop-loss',
          },
          stops.takeProfit !== undefined && {
            label: t('trading.labels.takeProfit'),
            value: priceText(stops.takeProfit),
            testId: 'confirm-take-profit',
          },
          { label: t('trading.labels.margin'), value: moneyAmount(figures?.margin), testId: 'confirm-margin' },
          { label: t('trading.labels.fee'), value: moneyAmount(figures?.fee), testId: 'confirm-fee' },
          {
            label: t('trading.labels.total'),
            value: moneyAmount(figures?.total),
            testId: 'confirm-total',
            strong: true,
          },
        ]}
      />
    </Page>
  );
}

export function DirectionTag({ direction, children }: { direction: number; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span
      className={`tag tag--${direction === 0 ? 'rise' : 'fall'}`}
      data-testid="direction"
      data-direction={direction}
    >
      {direction === 0 ? t('trading.directions.0') : t('trading.directions.1')}
      {children}
    </span>
  );
}

function TicketResult({ result, quote, onAgain }: { result: OrderResult; quote: Quote; onAgain: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const { order, position } = result;
  const filled = order.status === 1;
  const money = (value: string | null | undefined) => <MoneyText amount={value} currency={order.currency} />;
  return (
    <Page title={t('trading.result.title')} backFallback={TRADE_PATH}>
      <div className="transfer-done" data-testid="ticket-result" data-status={order.status} data-order={order.id}>
        <section className="result-card">
          <div className="result-card__icon">
            <Icon name={filled ? 'check' : 'clock'} size={28} />
          </div>
          <h2 className="result-card__title" data-testid="ticket-result-title">
            {filled ? t('trading.result.filled') : t('trading.result.entrusted')}
          </h2>
          <p className="result-card__text">
            {filled ? t('trading.result.filledText') : t('trading.result.entrustedText')}
          </p>
          <Facts
            rows={[
              { label: t('trading.labels.instrument'), value: `${order.stockName} (${order.stockCode})` },
              { label: t('trading.labels.direction'), value: <DirectionTag direction={order.direction} /> },
              { label: t('trading.labels.quantity'), value: f.integer(order.quantity) },
              {
                label: filled ? t('trading.labels.fillPrice') : t('trading.labels.limitPrice'),
                value: f.price(order.fillPrice ?? order.price, quote.priceDecimals, quote.currencySymbol),
                testId: 'result-price',
              },
              { label: t('trading.labels.leverage'), value: `${order.leverage}:1` },
              { label: t('trading.labels.margin'), value: money(order.margin), testId: 'result-margin' },
              { label: t('trading.labels.fee'), value: money(order.fee), testId: 'result-fee' },
            ]}
          />
        </section>
        <div className="transfer-done__actions">
          {position && (
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => navigate(tradeDetailPath(position, 'position'), { replace: true })}
              data-testid="result-position"
            >
              {t('trading.result.viewPosition')}
            </Button>
          )}
          <Button
            block
            shape="rounded"
            color="primary"
            fill={position ? 'outline' : 'solid'}
            onClick={() => navigate(`${TRADE_PATH}?tab=${filled ? 'holdings' : 'entrusted'}`)}
            data-testid="result-trade"
          >
            {filled ? t('trading.result.toHoldings') : t('trading.result.toEntrusted')}
          </Button>
          <Button block shape="rounded" fill="none" onClick={onAgain} data-testid="result-again">
            {t('trading.result.again')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
