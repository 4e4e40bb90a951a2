/**
 * Closing a position, all or part (SPEC §2 payment/close; query name, code, source, direction, id = the
 * position): the quantity with 25 / 50 / 75 % and All, the live closing price (bid for a long, ask for a
 * short), and for that part the estimated profit or loss, close fee and margin released; a confirmation
 * sheet; then what the server settled (sellProfit, fee) and what remains open.
 */
import { type DataOf, Decimal, type Position, type trading } from '@beurs/contracts';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  TRADE_PATH,
  tradeDetailPath,
  useFlatPositionMutation,
  usePositionDetailQuery,
  useTradingRulesQuery,
} from '../../api/trading';
import { useQueryParams } from '../../app/useQueryParams';
import { Icon } from '../../components/Icon';
import { trendOfAmount } from '../../components/money/format';
import { MoneyText } from '../../components/money/MoneyText';
import { Page } from '../../components/Page';
import { SimulatedNotice } from '../../components/SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { partOf } from '../../components/trading/figures';
import { DirectionTag } from '../../components/trading/OrderTicket';
import { usePriceText } from '../../components/trading/Rows';
import { ConfirmSheet, Facts } from '../../components/trading/Sheet';
import { QuantityField } from '../../components/trading/TicketInput';
import { TradeError } from '../../components/trading/TradeError';
import { useKeyedSend } from '../../components/trading/useKeyedSend';
import { useLivePosition } from '../../components/trading/useLivePosition';
import { useFormatters } from '../../lib/format';
import '../../components/trading/trading.css';

type CloseResult = DataOf<typeof trading.flatPosition>;

const PARTS = [
  { key: '25', fraction: '0.25' },
  { key: '50', fraction: '0.5' },
  { key: '75', fraction: '0.75' },
  { key: 'all', fraction: '1' },
] as const;

export function PaymentClosePage() {
  const { t } = useTranslation();
  const params = useQueryParams<'name' | 'id'>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePositionDetailQuery(valid ? id : undefined);
  const [result, setResult] = useState<CloseResult | null>(null);

  if (result) return <CloseDone result={result} />;
  if (!valid)
    return (
      <Page backFallback={TRADE_PATH}>
        <EmptyState icon="search" title={t('trading.detail.missing')} description={t('trading.close.chooseText')} />
      </Page>
    );
  if (query.data) {
    const { position } = query.data;
    if (position.status !== 1)
      return (
        <Page backFallback={TRADE_PATH}>
          <EmptyState
            icon="check"
            title={t('trading.close.alreadyClosed')}
            description={t('trading.close.alreadyClosedText')}
          />
        </Page>
      );
    return <CloseForm key={position.id} position={position} onDone={setResult} />;
  }
  return (
    <Page title={params.name} backFallback={TRADE_PATH}>
      {query.isError ? <ErrorState error={query.error} onRetry={() => query.refetch()} /> : <Loading />}
    </Page>
  );
}

function CloseForm({ position, onDone }: { position: Position; onDone: (result: CloseResult) => void }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const price = usePriceText();
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
  const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
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
  const money = (value: string | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={position.currency} sign={sign} trend={sign === 'always'} />
  );

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

  const sideWord = t(`trading.directions.${position.direction}`);
  return (
    <Page
      title={t('trading.close.title', { code: position.stockCode })}
      backFallback={TRADE_PATH}
      className="ticket-page"
      footer={
        <Button
          block
          size="large"
          className="trade-button trade-button--sell"
          onClick={review}
          loading={mutation.isPending}
          data-testid="close-submit"
        >
          {all ? t('trading.close.reviewAll') : t('trading.close.review', { quantity: error ? '' : f.integer(q) })}
        </Button>
      }
    >
      <section className="card detail-hero" data-testid="close-position" data-id={position.id}>
        <div className="detail-hero__top">
          <strong className="ticket-quote__name">{position.stockName}</strong>
          <DirectionTag direction={position.direction}> {position.leverage}:1</DirectionTag>
        </div>
        <Facts
          rows={[
            { label: t('trading.close.open'), value: f.integer(position.positionNum), testId: 'close-open-quantity' },
            { label: t('trading.labels.openPrice'), value: price(position.openPrice) },
            {
              label: position.direction === 0 ? t('trading.close.atBid') : t('trading.close.atAsk'),
              value: price(live.mark),
              testId: 'close-price',
            },
            {
              label: t('trading.labels.floatingPL'),
              value: (
                <span>
                  {money(live.profit, 'always')}{' '}
                  <small className={`num ${trendOfAmount(live.profit)}`}>{f.ratio(live.zdf)}</small>
                </span>
              ),
            },
          ]}
        />
      </section>

      {!position.marketOpen && (
        <div className="notice trade-notice">
          <Icon name="clock" size={18} />
          <div>
            <strong>{t('trading.close.closedTitle')}</strong>
            <p>{t('trading.close.closedText')}</p>
          </div>
        </div>
      )}

      <div className="ticket-field">
        <QuantityField
          id="close-quantity"
          label={t('trading.close.quantity')}
          value={quantity}
          onChange={setQuantity}
          invalid={attempted && Boolean(error)}
          autoComplete="off"
          unit={`/ ${f.integer(position.positionNum)}`}
        />
        <div className="ticket-presets">
          {PARTS.map((part) => {
            const value = partOf(String(position.positionNum), part.fraction, 0);
            const active = quantity === value;
            return (
              <button
                key={part.key}
                type="button"
                className={`chip${active ? ' chip--active' : ''}`}
                disabled={Number(value) < 1}
                aria-pressed={active}
                onClick={() => setQuantity(value)}
                data-testid={`close-part-${part.key}`}
              >
                {part.key === 'all' ? t('trading.close.all') : `${part.key}%`}
              </button>
            );
          })}
        </div>
        {attempted && error && <p className="ticket-error">{error}</p>}
      </div>

      <section className="card ticket-summary" data-testid="close-summary">
        <Facts
          rows={[
            {
              label: t('trading.close.estimatedPL'),
              value: money(estimate?.profit, 'always'),
              testId: 'close-estimate',
            },
            { label: t('trading.labels.closeFee'), value: money(estimate?.fee), testId: 'close-fee' },
            { label: t('trading.close.released'), value: money(estimate?.released), testId: 'close-released' },
          ]}
        />
        <p className="trade-note">{t('trading.close.estimateNote')}</p>
      </section>

      {mutation.isError && <TradeError reveal error={mutation.error} actions={{ wallet: position.walletType }} />}
      <SimulatedNotice compact />

      <ConfirmSheet
        visible={confirming}
        onClose={() => setConfirming(false)}
        title={
          all
            ? t('trading.close.confirmAll', { code: position.stockCode })
            : t('trading.close.confirmPart', { code: position.stockCode })
        }
        tone="sell"
        pending={mutation.isPending}
        onConfirm={submit}
        confirmText={t('trading.close.submit')}
        note={t('trading.close.confirmNote')}
        rows={[
          { label: t('trading.labels.instrument'), value: `${position.stockName} (${position.stockCode})` },
          { label: t('trading.labels.direction'), value: `${sideWord} ${position.leverage}:1` },
          {
            label: t('trading.close.quantity'),
            value: `${f.integer(q)} / ${f.integer(position.positionNum)}`,
            testId: 'confirm-close-quantity',
          },
          {
            label: position.direction === 0 ? t('trading.close.atBid') : t('trading.close.atAsk'),
            value: `≈ ${price(live.mark)}`,
          },
          { label: t('trading.close.estimatedPL'), value: money(estimate?.profit, 'always') },
          { label: t('trading.labels.closeFee'), value: money(estimate?.fee) },
          { label: t('trading.close.released'), value: money(estimate?.released), strong: true },
        ]}
      />
    </Page>
  );
}

function CloseDone({ result }: { result: CloseResult }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormatters();
  const price = usePriceText();
  const { closed, remaining } = result;
  const money = (value: string | null | undefined, sign?: 'always') => (
    <MoneyText amount={value} currency={closed.currency} sign={sign} trend={sign === 'always'} />
  );
  return (
    <Page title={t('trading.close.doneTitle')} backFallback={TRADE_PATH}>
      <div className="transfer-done" data-testid="close-result" data-id={closed.id}>
        <section className="result-card">
          <div className="result-card__icon">
            <Icon name="check" size={28} />
          </div>
          <h2 className="result-card__title">{remaining ? t('trading.close.donePart') : t('trading.close.doneAll')}</h2>
          <p className="result-card__text">{`${closed.stockName} (${closed.stockCode})`}</p>
          <Facts
            rows={[
              { label: t('trading.close.closedQuantity'), value: f.integer(closed.positionNum) },
              { label: t('trading.labels.closePrice'), value: price(closed.sellPrice) },
              {
                label: t('trading.labels.sellProfit'),
                value: money(closed.sellProfit, 'always'),
                testId: 'close-sell-profit',
              },
              { label: t('trading.labels.closeFee'), value: money(closed.closeFee), testId: 'close-result-fee' },
              // Net of both fees: the closed part's share of the opening fee and the closing fee.
              { label: t('trading.labels.netProfit'), value: money(closed.netProfit, 'always'), testId: 'close-net' },
              remaining && {
                label: t('trading.close.remaining'),
                value: f.integer(remaining.positionNum),
                testId: 'close-remaining',
              },
            ]}
          />
        </section>
        <div className="transfer-done__actions">
          {remaining && (
            <Button
              block
              shape="rounded"
              color="primary"
              onClick={() => navigate(tradeDetailPath(remaining, 'position'), { replace: true })}
              data-testid="close-remaining-link"
            >
              {t('trading.close.toRemaining')}
            </Button>
          )}
          <Button
            block
            shape="rounded"
            color="primary"
            fill={remaining ? 'outline' : 'solid'}
            onClick={() => navigate(`${TRADE_PATH}?tab=closed`)}
            data-testid="close-to-closed"
          >
            {t('trading.close.toClosed')}
          </Button>
          <Button
            block
            shape="rounded"
            fill="none"
            onClick={() => navigate('/pages/profile/transaction')}
            data-testid="close-bill"
          >
            {t('trading.detail.viewBill')}
          </Button>
        </div>
      </div>
    </Page>
  );
}
