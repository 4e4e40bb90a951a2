/**
 * The instrument at the top of an order ticket: name and code, the live last price and change, the
 * session (open, closed, when it opens), and the two prices an order fills at now: a sell at the bid,
 * a buy at the ask. Tapping a side switches the ticket's direction.
 */
import type { Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { exchangeLabel, trendOf, useFormatters } from '../../lib/format';
import { ChangePill } from '../market/ChangePill';
import { SessionTag, type Summary } from '../market/QuoteDetails';
import type { Side } from './figures';
import './trading.css';

export function TicketQuote({
  quote,
  summary,
  direction,
  onDirection,
}: {
  quote: Quote;
  summary?: Summary;
  direction: Side;
  onDirection?: (direction: Side) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const d = quote.priceDecimals;
  const exchange = exchangeLabel(quote.market);
  return (
    <section className="card ticket-quote" aria-label={t('trading.ticket.instrument')} data-testid="ticket-quote">
      <div className="ticket-quote__top">
        <div className="ticket-quote__who">
          <strong className="ticket-quote__name">{quote.name}</strong>
          <small className="num">
            {quote.stock_code}
            {exchange ? ` · ${exchange}` : ''}
          </small>
        </div>
        <div className="ticket-quote__last">
          <span className={`num ${trendOf(quote.change)}`} data-testid="ticket-last">
            {f.price(quote.price_nominal, d, quote.currencySymbol)}
          </span>
          <ChangePill ratio={quote.change_ratio} change={quote.change} />
        </div>
      </div>
      <SessionTag quote={quote} summary={summary} />
      <fieldset className="ticket-sides">
        <legend className="sr-only">{t('trading.ticket.direction')}</legend>
        {([1, 0] as const).map((side) => (
          <button
            key={side}
            type="button"
            aria-pressed={direction === side}
            className={`ticket-side ticket-side--${side === 0 ? 'buy' : 'sell'}${direction === side ? ' ticket-side--active' : ''}`}
            onClick={() => onDirection?.(side)}
            data-testid={`ticket-side-${side === 0 ? 'buy' : 'sell'}`}
          >
            <span className="ticket-side__label">{side === 0 ? t('trading.buyAtAsk') : t('trading.sellAtBid')}</span>
            <span className="ticket-side__price num" data-testid={side === 0 ? 'ticket-ask' : 'ticket-bid'}>
              {f.number(side === 0 ? quote.ask : quote.bid, d)}
            </span>
          </button>
        ))}
      </fieldset>
    </section>
  );
}
