/**
 * One position or order (SPEC §2 trade/detail; query name, code, source, id, type = position | order; the
 * inbox links with `positionId` or `orderId`). An open position shows its live profit or loss and offers:
 * close (all or part, payment/close), add margin, add to the position, stop-loss and take-profit. A closed
 * one shows its sellProfit, close fee and why it closed. An entrusted order can be cancelled after a
 * confirmation.
 */
import { ApiError } from '@beurs/api-client';
import { type Position, rules, type TradeOrder, trading } from '@beurs/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  closePath,
  TRADE_PATH,
  tradeDetailPath,
  useAdditionsMutation,
  useAddMarginMutation,
  useOrderDetailQuery,
  usePositionDetailQuery,
  useSetStopsMutation,
  useTicketFiguresQuery,
} from '../../api/trading';
import { useWalletBalancesQuery } from '../../api/wallet';
import { useQueryParams } from '../../app/useQueryParams';
import { Icon } from '../../components/Icon';
import { AmountInput } from '../../components/money/AmountInput';
import { exceeds, trendOfAmount, useMoneyFormat } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { sum, ticketFigures } from '../../components/trading/figures';
import { DirectionTag } from '../../components/trading/OrderTicket';
import { usePriceText } from '../../components/trading/Rows';
import { Facts, Sheet } from '../../components/trading/Sheet';
import { PriceField, QuantityField, QuantityPresets } from '../../components/trading/TicketInput';
import { reasonOf, TradeError } from '../../components/trading/TradeError';
import { useCancelOrder } from '../../components/trading/useCancelOrder';
import { useKeyedSend } from '../../components/trading/useKeyedSend';
import { useLivePosition } from '../../components/trading/useLivePosition';
import { useFormatters } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import '../../components/trading/trading.css';

const positiveId = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function TradeDetailPage() {
  const params = useQueryParams<'name' | 'code' | 'source' | 'id' | 'type' | 'positionId' | 'orderId'>();
  const orderId = positiveId(params.orderId) ?? (params.type === 'order' ? positiveId(params.id) : undefined);
  const positionId = orderId ? undefined : (positiveId(params.positionId) ?? positiveId(params.id));
  if (orderId) return <OrderDetail id={orderId} title={params.name} />;
  if (positionId) return <PositionDetail id={positionId} title={params.name} />;
  return (
    <Page backFallback={TRADE_PATH}>
      <Missing />
    </Page>
  );
}

function Missing() {
  const { t } = useTranslation();
  return <EmptyState icon="search" title={t('trading.detail.missing')} description={t('trading.detail.missingText')} />;
}

function notFound(error: unknown) {
  return error instanceof ApiError && (error.code === 404 || error.code === 400);
}

/** A position or an order before its data: loading, then not found or the error with a retry. */
function NotLoaded({
  title,
  query,
}: {
  title?: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
}) {
  return (
    <Page title={title} backFallback={TRADE_PATH}>
      {query.isError ? (
        notFound(query.error) ? (
          <Missing />
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )
      ) : (
        <Loading />
      )}
    </Page>
  );
}

/** The page title of a position or an order: the instrument's name over its code. */
function InstrumentTitle({ name, code }: { name: string; code: string }) {
  return (
    <span className="quote-title">
      <span className="quote-title__name">{name}</span>
      <small className="num">{code}</small>
    </span>
  );
}

function PositionDetail({ id, title }: { id: number; title?: string }) {
  const query = usePositionDetailQuery(id);
  if (query.data) return <PositionBody position={query.data.position} orders={query.data.orders} />;
  return <NotLoaded title={title} query={query} />;
}

type SheetName = 'margin' | 'add' | 'stops' | null;

function PositionBody({ position, orders }: { position: Position; orders: TradeOrder[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const price = usePriceText();
  const live = useLivePosition(position);
  const [sheet, setSheet] = useState<SheetName>(null);
  const open = position.status === 1;
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={position.currency} sign={sign} trend={sign === 'always'} />
  );

  return (
    <Page
      title={<InstrumentTitle name={position.stockName} code={position.stockCode} />}
      backFallback={TRADE_PATH}
      footer={
        open && (
          <div className="trade-buttons">
            <Button
              block
              size="large"
              className="trade-button trade-button--sell"
              onClick={() => navigate(closePath(position))}
              data-testid="detail-close"
            >
              {t('trading.detail.close')}
            </Button>
            <Button block size="large" color="primary" onClick={() => setSheet('add')} data-testid="detail-add">
              {t('trading.detail.add')}
            </Button>
          </div>
        )
      }
    >
      <section
        className="card detail-hero"
        data-testid="position-detail"
        data-id={position.id}
        data-status={position.status}
      >
        <div className="detail-hero__top">
          <DirectionTag direction={position.direction}> {position.leverage}:1</DirectionTag>
          <span className={`tag tag--${open ? 'gold' : 'neutral'}`} data-testid="position-status">
            {t(`trading.positionStatuses.${position.status}`)}
          </span>
        </div>
        <span className="detail-hero__label">
          {open ? t('trading.labels.floatingPL') : t('trading.labels.netProfit')}
        </span>
        <div className="detail-hero__pl">
          <MoneyText
            amount={open ? live.profit : (position.netProfit ?? position.sellProfit)}
            currency={position.currency}
            sign="always"
            trend
            testId={open ? 'detail-profit' : 'detail-net-profit'}
          />
          {open && <span className={`num ${trendOfAmount(live.profit)}`}>{f.ratio(live.zdf)}</span>}
        </div>
        {!open && (
          <span className="detail-hero__label num" data-testid="detail-gross-fees">
            {t('trading.labels.grossProfit')} {money(position.sellProfit, 'always')} · {t('trading.labels.fees')}{' '}
            {money(position.fees)}
          </span>
        )}
        {!open && position.closeReason && (
          <span className={`tag tag--${position.closeReason === 'customer' ? 'neutral' : 'warn'}`}>
            {t(`trading.closeReasons.${position.closeReason}`)}
          </span>
        )}
      </section>

      {open && (
        <div className="detail-actions">
          <button
            type="button"
            className="detail-action"
            onClick={() => setSheet('margin')}
            data-testid="detail-margin"
          >
            <Icon name="wallet" size={20} className="detail-action__icon" />
            {t('trading.detail.addMargin')}
          </button>
          <button type="button" className="detail-action" onClick={() => setSheet('stops')} data-testid="detail-stops">
            <Icon name="shield" size={20} className="detail-action__icon" />
            {t('trading.detail.stops')}
          </button>
        </div>
      )}

      <Facts
        className="card trade-facts--card"
        testId="position-facts"
        rows={[
          { label: t('trading.labels.quantity'), value: f.integer(position.positionNum), testId: 'fact-quantity' },
          { label: t('trading.labels.openPrice'), value: price(position.openPrice) },
          open
            ? { label: t('trading.labels.nowPrice'), value: price(live.mark), testId: 'fact-now' }
            : { label: t('trading.labels.closePrice'), value: price(position.sellPrice) },
          { label: t('trading.labels.marginHeld'), value: money(position.isolatedPosition), testId: 'fact-margin' },
          { label: t('trading.labels.initialMargin'), value: money(position.initialMargin) },
          { label: t('trading.labels.addedMargin'), value: money(position.addedMargin), testId: 'fact-added-margin' },
          open && { label: t('trading.labels.orderValue'), value: money(position.notional) },
          { label: t('trading.labels.openFee'), value: money(position.openFee) },
          !open && { label: t('trading.labels.closeFee'), value: money(position.closeFee) },
          !open &&
            position.absorbedLoss !== null &&
            Number(position.absorbedLoss) > 0 && {
              label: t('trading.labels.absorbedLoss'),
              value: money(position.absorbedLoss),
            },
          open && {
            label: t('trading.labels.stopLoss'),
            value: position.stopLoss ? price(position.stopLoss) : t('trading.detail.notSet'),
            testId: 'fact-stop-loss',
          },
          open && {
            label: t('trading.labels.takeProfit'),
            value: position.takeProfit ? price(position.takeProfit) : t('trading.detail.notSet'),
            testId: 'fact-take-profit',
          },
          { label: t('trading.labels.wallet'), value: t(`wallets.${position.walletType}`) },
          { label: t('trading.labels.openTime'), value: f.dateTime(position.createTimeTimestamp, 'minutes') },
          !open &&
            position.sellTimeTimestamp !== null && {
              label: t('trading.labels.closeTime'),
              value: f.dateTime(position.sellTimeTimestamp, 'minutes'),
            },
        ]}
      />

      {!open && (
        <div className="detail-links">
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => navigate('/pages/profile/transaction')}
          >
            {t('trading.detail.viewBill')}
          </Button>
        </div>
      )}

      {orders.length > 0 && (
        <>
          <h2 className="section-title">{t('trading.detail.orders')}</h2>
          <ul className="card detail-orders" data-testid="position-orders">
            {orders.map((o) => (
              <li key={o.id}>
                <button type="button" className="detail-order" onClick={() => navigate(tradeDetailPath(o, 'order'))}>
                  <span>
                    <strong className="detail-order__title">
                      {o.openClose === 0 ? t('trading.detail.openOrder') : t('trading.detail.closeOrder')} #{o.id}
                    </strong>
                    <small className="detail-order__meta num">
                      {f.integer(o.quantity)} @ {price(o.fillPrice ?? o.price)} ·{' '}
                      {f.dateTime(o.createTimeTimestamp, 'minutes')}
                    </small>
                  </span>
                  <span className={`tag tag--${o.status === 1 ? 'rise' : o.status === 2 ? 'neutral' : 'warn'}`}>
                    {t(`trading.statuses.${o.status}`)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="quote-page__notice">
        <SimulatedNotice compact />
      </div>

      {open && (
        <>
          <AddMarginSheet position={position} visible={sheet === 'margin'} onClose={() => setSheet(null)} />
          <AddToPositionSheet position={position} visible={sheet === 'add'} onClose={() => setSheet(null)} />
          <StopsSheet position={position} mark={live.mark} visible={sheet === 'stops'} onClose={() => setSheet(null)} />
        </>
      )}
    </Page>
  );
}

/** Holds more of the wallet's available balance as this position's margin (raises its margin level). */
function AddMarginSheet({ position, visible, onClose }: { position: Position; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const balances = useWalletBalancesQuery({ enabled: visible });
  const available = balances.data?.find((b) => b.walletType === position.walletType)?.balance;
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const mutation = useAddMarginMutation();
  const send = useKeyedSend(mutation);
  const invalid = !rules.amount.safeParse(amount).success;
  const tooMuch = !invalid && exceeds(amount, available);

  const submit = () => {
    setAttempted(true);
    if (invalid || tooMuch) return;
    send(
      { id: position.id, amount: amount.trim() },
      {
        onSuccess: () => {
          toastSuccess(t('trading.addMargin.done'));
          setAmount('');
          setAttempted(false);
          onClose();
        },
      },
    );
  };

  return (
    <Sheet visible={visible} title={t('trading.addMargin.title')} onClose={onClose} testId="margin-sheet">
      <p className="trade-note">{t('trading.addMargin.text')}</p>
      <label className="ticket-field__label" htmlFor="add-margin-amount">
        {t('trading.addMargin.amount')}
      </label>
      <div className={`ticket-input${attempted && (invalid || tooMuch) ? ' ticket-input--error' : ''}`}>
        <AmountInput
          id="add-margin-amount"
          currency={position.currency}
          max={available}
          value={amount}
          onChange={setAmount}
          testId="add-margin-amount"
        />
      </div>
      {attempted && invalid && <p className="ticket-error">{t('validation.correctAmount')}</p>}
      {attempted && tooMuch && (
        <p className="ticket-error">
          {t('transfer.moreThanAvailable', { amount: money.amount(available, { currency: position.currency }) })}
        </p>
      )}
      <Facts
        className="trade-facts--sheet"
        rows={[
          {
            label: t('trading.ticket.available', { wallet: t(`wallets.${position.walletType}`) }),
            value: <MoneyText amount={available} currency={position.currency} />,
          },
          {
            label: t('trading.labels.marginHeld'),
            value: <MoneyText amount={position.isolatedPosition} currency={position.currency} />,
          },
          {
            label: t('trading.addMargin.after'),
            value: (
              <MoneyText
                amount={invalid ? position.isolatedPosition : sum([position.isolatedPosition, amount])}
                currency={position.currency}
              />
            ),
            strong: true,
            testId: 'add-margin-after',
          },
        ]}
      />
      {mutation.isError && <TradeError error={mutation.error} actions={{ wallet: position.walletType }} />}
      <Button
        block
        size="large"
        color="primary"
        loading={mutation.isPending}
        onClick={submit}
        data-testid="add-margin-submit"
      >
        {t('trading.addMargin.submit')}
      </Button>
    </Sheet>
  );
}

/** Adds to the position at market, in its direction and at its leverage; the open price becomes the average. */
function AddToPositionSheet({
  position,
  visible,
  onClose,
}: {
  position: Position;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
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
  const figures = ticketFigures(info, quantity);
  const q = Number(quantity);
  const min = info?.minCount ?? 1;
  const lot = info?.lotSize ?? 1;
  const error =
    !quantity || !Number.isInteger(q) || q < 1
      ? t('trading.ticket.enterQuantity')
      : q < min
        ? t('trading.ticket.belowMinimum', { min: f.integer(min) })
        : q % lot !== 0
          ? t('trading.ticket.lotStep', { lot: f.integer(lot) })
          : null;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={position.currency} />;

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
          onClose();
        },
        onError: (failure) => {
          if (reasonOf(failure) === 'termsChanged') void ticket.refetch();
        },
      },
    );
  };

  return (
    <Sheet visible={visible} title={t('trading.addToPosition.title')} onClose={onClose} testId="add-sheet">
      <p className="trade-note">{t('trading.addToPosition.text', { leverage: position.leverage })}</p>
      <QuantityField
        id="add-quantity"
        label={t('trading.labels.quantity')}
        value={quantity}
        onChange={setQuantity}
        invalid={attempted && Boolean(error)}
        placeholder={t('trading.ticket.minimumPlaceholder', { min: f.integer(min) })}
      />
      {attempted && error && <p className="ticket-error">{error}</p>}
      <QuantityPresets figures={info} onPick={setQuantity} />
      <Facts
        className="trade-facts--sheet"
        rows={[
          { label: t('trading.ticket.marketPrice'), value: info ? `≈ ${info.price}` : '…' },
          { label: t('trading.labels.margin'), value: money(figures?.margin) },
          { label: t('trading.labels.fee'), value: money(figures?.fee) },
          { label: t('trading.labels.total'), value: money(figures?.total), strong: true },
          {
            label: t('trading.ticket.available', { wallet: t(`wallets.${position.walletType}`) }),
            value: money(info?.available),
          },
        ]}
      />
      {mutation.isError && <TradeError error={mutation.error} actions={{ wallet: position.walletType }} />}
      <Button block size="large" color="primary" loading={mutation.isPending} onClick={submit} data-testid="add-submit">
        {t('trading.addToPosition.submit')}
      </Button>
    </Sheet>
  );
}

/** Stop-loss and take-profit prices (empty clears one); the matching job closes the position at either. */
function StopsSheet({
  position,
  mark,
  visible,
  onClose,
}: {
  position: Position;
  mark: string;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const price = usePriceText();
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [attempted, setAttempted] = useState(false);
  const mutation = useSetStopsMutation();
  const valid = (s: string) => s.trim() === '' || trading.priceInput.safeParse(s).success;
  const long = position.direction === 0;

  const submit = () => {
    setAttempted(true);
    if (!valid(stopLoss) || !valid(takeProfit)) return;
    mutation.mutate(
      { id: position.id, stopLoss: stopLoss.trim() || null, takeProfit: takeProfit.trim() || null },
      {
        onSuccess: () => {
          toastSuccess(t('trading.stops.done'));
          onClose();
        },
      },
    );
  };

  const field = (id: string, label: string, hint: string, value: string, onChange: (v: string) => void) => (
    <div className="ticket-field">
      <PriceField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        invalid={attempted && !valid(value)}
        placeholder={t('trading.detail.notSet')}
        clearable
      />
      <p className="ticket-hint">{hint}</p>
      {attempted && !valid(value) && <p className="ticket-error">{t('validation.correctAmount')}</p>}
    </div>
  );

  return (
    <Sheet visible={visible} title={t('trading.stops.title')} onClose={onClose} testId="stops-sheet">
      <p className="trade-note">{t('trading.stops.text', { price: price(mark) })}</p>
      {field(
        'stop-loss',
        t('trading.labels.stopLoss'),
        long ? t('trading.stops.stopLossLong') : t('trading.stops.stopLossShort'),
        stopLoss,
        setStopLoss,
      )}
      {field(
        'take-profit',
        t('trading.labels.takeProfit'),
        long ? t('trading.stops.takeProfitLong') : t('trading.stops.takeProfitShort'),
        takeProfit,
        setTakeProfit,
      )}
      {mutation.isError && <TradeError error={mutation.error} />}
      <Button
        block
        size="large"
        color="primary"
        loading={mutation.isPending}
        onClick={submit}
        data-testid="stops-submit"
      >
        {t('trading.stops.submit')}
      </Button>
    </Sheet>
  );
}

function OrderDetail({ id, title }: { id: number; title?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const price = usePriceText();
  const query = useOrderDetailQuery(id);
  const { cancel, isPending } = useCancelOrder();
  const order = query.data;
  if (!order) return <NotLoaded title={title} query={query} />;
  const waiting = order.status === 0 || order.status === 3;
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={order.currency} sign={sign} trend={sign === 'always'} />
  );
  return (
    <Page
      title={<InstrumentTitle name={order.stockName} code={order.stockCode} />}
      backFallback={TRADE_PATH}
      footer={
        waiting && (
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={isPending}
            onClick={() => void cancel(order, () => void query.refetch())}
            data-testid="detail-cancel"
          >
            {t('trading.cancel.button')}
          </Button>
        )
      }
    >
      <section className="card detail-hero" data-testid="order-detail" data-id={order.id} data-status={order.status}>
        <div className="detail-hero__top">
          <DirectionTag direction={order.direction}> {order.leverage}:1</DirectionTag>
          <span
            className={`tag tag--${waiting ? 'warn' : order.status === 1 ? 'rise' : 'neutral'}`}
            data-testid="order-status"
          >
            {t(`trading.statuses.${order.status}`)}
          </span>
        </div>
        <span className="detail-hero__label">
          {order.openClose === 0 ? t('trading.detail.openOrder') : t('trading.detail.closeOrder')} #{order.id}
        </span>
        {waiting && <p className="trade-note">{t('trading.detail.waitingText')}</p>}
      </section>
      <Facts
        className="card trade-facts--card"
        rows={[
          { label: t('trading.labels.orderType'), value: t(`trading.orderTypes.${order.orderType}`) },
          { label: t('trading.labels.quantity'), value: f.integer(order.quantity) },
          {
            label: order.orderType === 1 ? t('trading.labels.limitPrice') : t('trading.labels.price'),
            value: price(order.price),
          },
          order.fillPrice !== null && { label: t('trading.labels.fillPrice'), value: price(order.fillPrice) },
          { label: t('trading.labels.orderValue'), value: money(order.amount) },
          { label: t('trading.labels.margin'), value: money(order.margin) },
          { label: t('trading.labels.fee'), value: money(order.fee) },
          { label: waiting ? t('trading.labels.held') : t('trading.labels.total'), value: money(order.total) },
          order.profit !== null && { label: t('trading.labels.sellProfit'), value: money(order.profit, 'always') },
          { label: t('trading.labels.wallet'), value: t(`wallets.${order.walletType}`) },
          { label: t('trading.labels.orderTime'), value: f.dateTime(order.createTimeTimestamp, 'minutes') },
          order.fillTimeTimestamp !== null && {
            label: t('trading.labels.fillTime'),
            value: f.dateTime(order.fillTimeTimestamp, 'minutes'),
          },
          order.cancelTimeTimestamp !== null && {
            label: t('trading.labels.cancelTime'),
            value: f.dateTime(order.cancelTimeTimestamp, 'minutes'),
          },
        ]}
      />
      {order.positionId !== null && (
        <div className="detail-links">
          <Button
            block
            shape="rounded"
            fill="outline"
            color="primary"
            onClick={() => navigate(tradeDetailPath({ ...order, id: order.positionId ?? 0 }, 'position'))}
            data-testid="order-position"
          >
            {t('trading.detail.viewPosition')}
          </Button>
        </div>
      )}
    </Page>
  );
}
