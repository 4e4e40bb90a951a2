/** The price: for a market order the price it fills at now (ask or bid), for a limit order the typed limit. */
import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import type { Side } from '../figures';
import { PriceField } from '../TicketInput';
import type { OrderType } from './useOrderTicket';

export function PriceSection({
  quote,
  direction,
  orderType,
  livePrice,
  limitPrice,
  onLimitPrice,
  error,
}: {
  quote: Quote;
  direction: Side;
  orderType: OrderType;
  livePrice: string | undefined;
  limitPrice: string;
  onLimitPrice: (price: string) => void;
  /** Shown once a review was attempted. */
  error: string | null;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  return (
    <div className="ticket-field">
      <label className="ticket-field__label" htmlFor="ticket-price">
        {orderType === 0
          ? t('trading.ticket.marketPrice')
          : t('trading.ticket.limitPrice', { currency: quote.currency })}
      </label>
      {orderType === 0 ? (
        <div className="ticket-static num" data-testid="ticket-market-price">
          ≈ {f.price(livePrice, quote.priceDecimals, quote.currencySymbol)}
          <small>{direction === 0 ? t('trading.ticket.fillsAtAsk') : t('trading.ticket.fillsAtBid')}</small>
        </div>
      ) : (
        <PriceField
          id="ticket-price"
          value={limitPrice}
          onChange={onLimitPrice}
          invalid={Boolean(error)}
          autoComplete="off"
        />
      )}
      {orderType === 1 && (
        <p className="ticket-hint">
          {direction === 0 ? t('trading.ticket.limitBuyHint') : t('trading.ticket.limitSellHint')}
        </p>
      )}
      {error && <p className="ticket-error">{error}</p>}
    </div>
  );
}
