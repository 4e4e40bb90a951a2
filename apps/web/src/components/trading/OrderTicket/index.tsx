/**
 * The order ticket shared by payment/stock (stocks; Hong Kong stocks with source 11), payment/future and
 * payment/forex (query: name, code, source, direction): buy or sell, market or limit, the limit price, the
 * quantity with the half and full presets (what the wallet's available balance can carry) and the minimum and
 * lot size, the leverage within the product's cap, then margin, fee and total as the server computes them, a
 * confirmation sheet, and the result. A refusal says what to do next (TradeError).
 *
 * No transaction password: an order only moves money between the customer's own wallet and their own
 * positions, the order contracts take none, and a confirmation sheet with every figure guards the tap.
 *
 * This file composes; the state lives in useOrderTicket, the pieces of the form beside it.
 */
import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { parseSource, useQuoteQuery } from '../../../api/market';
import type { TicketProduct } from '../../../api/trading';
import { paths } from '../../../app/paths';
import { useQueryParams } from '../../../app/useQueryParams';
import { Button } from '../../Button';
import { Page } from '../../Page';
import { SimulatedNotice } from '../../SimulatedNotice';
import { EmptyState, ErrorState, Loading } from '../../States';
import type { Side } from '../figures';
import { TicketQuote } from '../TicketQuote';
import { TradeError } from '../TradeError';
import { CostSummary } from './CostSummary';
import { LeverageField } from './LeverageField';
import { MarketClosedNotice } from './MarketClosedNotice';
import { OrderTypeField } from './OrderTypeField';
import { PriceSection } from './PriceSection';
import { ProtectField } from './ProtectField';
import { QuantitySection } from './QuantitySection';
import { ReviewSheet } from './ReviewSheet';
import { TicketResult } from './TicketResult';
import { useOrderTicket } from './useOrderTicket';
import '../trading.css';

/** What one unit of quantity is called on each ticket. */
const UNIT_KEY: Record<TicketProduct, 'shares' | 'units' | 'contracts'> = {
  stock: 'shares',
  hk: 'shares',
  future: 'contracts',
  forex: 'units',
};

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
            <Button color="primary" shape="rounded" onClick={() => navigate(paths.search(), { replace: true })}>
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
  const s = useOrderTicket(base, product, initialDirection);
  const { quote, inputs, limits, info, create } = s;
  const { direction, orderType } = inputs;
  const unit = t(`trading.units.${UNIT_KEY[product]}`);
  const sideWord = direction === 0 ? t('quote.buy') : t('quote.sell');

  if (s.result) return <TicketResult result={s.result} quote={quote} onAgain={() => s.setResult(null)} />;

  return (
    <Page
      title={t('trading.ticket.title', { side: sideWord, code: quote.stock_code })}
      className="ticket-page"
      footer={
        <Button
          block
          size="large"
          className={`trade-button trade-button--${direction === 0 ? 'buy' : 'sell'}`}
          onClick={s.review}
          loading={create.isPending}
          data-testid="ticket-submit"
        >
          {t('trading.ticket.review')}
        </Button>
      }
    >
      <TicketQuote quote={quote} summary={s.summary} direction={direction} onDirection={inputs.setDirection} />
      {!quote.marketOpen && <MarketClosedNotice summary={s.summary} />}
      <OrderTypeField value={orderType} onChange={inputs.setOrderType} marketAllowed={quote.marketOpen} />
      <PriceSection
        quote={quote}
        direction={direction}
        orderType={orderType}
        livePrice={s.livePrice}
        limitPrice={inputs.limitPrice}
        onLimitPrice={inputs.setLimitPrice}
        error={s.errors.priceError}
      />
      <QuantitySection
        unit={unit}
        quantity={inputs.quantity}
        onQuantity={inputs.setQuantity}
        limits={limits}
        presets={info}
        error={s.errors.quantityError}
      />
      <LeverageField value={inputs.leverage} onChange={inputs.setLeverage} max={limits.maxLeverage} />
      <ProtectField
        inputs={inputs}
        priceDecimals={s.quote.priceDecimals}
        attempted={s.attempted}
        error={s.errors.stopsError}
      />
      <CostSummary
        info={info}
        figuresFailed={s.ticket.isError}
        onRetry={() => void s.ticket.refetch()}
        figures={s.figures}
        currency={s.currency}
        shortfall={s.shortfall}
        balances={s.balances}
      />
      {create.isError && (
        <TradeError
          reveal
          error={create.error}
          actions={{
            wallet: info?.walletType,
            onUseLimit: () => {
              create.reset();
              inputs.setOrderType(1);
            },
            onUseMinimum: () => {
              create.reset();
              inputs.setQuantity(String(limits.minCount));
            },
            onUseMaxLeverage: () => {
              create.reset();
              inputs.setLeverage(limits.maxLeverage);
            },
            onReviewAgain: () => void s.reviewAgain(),
          }}
        />
      )}
      <p className="trade-note">{t('trading.ticket.note')}</p>
      <Link to={paths.fees()} className="text-link ticket-terms" data-testid="ticket-fees-link">
        {t('routes.setting.fees')} ›
      </Link>
      <SimulatedNotice compact />
      <ReviewSheet
        quote={quote}
        order={{ ...inputs, livePrice: s.livePrice, unit, stops: s.stops, figures: s.figures, currency: s.currency }}
        visible={s.confirming}
        pending={create.isPending}
        onConfirm={s.submit}
        onClose={() => s.setConfirming(false)}
      />
    </Page>
  );
}
