/**
 * The ticket of one stock in pre-open: buy or sell, the limit price (the indicative price to start with) and the
 * quantity, what is held until the open (amount, fee, total in the paying wallet's currency), then a confirmation
 * that states the rule: at the open it fills at the opening price if the limit crosses it, else it is cancelled and
 * the hold released. One request with the intent's idempotency key (useKeyedSend).
 */
import type { Currency } from '@beurs/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuctionCreateResult, type AuctionStockRow, useAuctionCreateMutation } from '../../../../api/auction';
import { Button } from '../../../../components/Button';
import { MoneyText } from '../../../../components/money/MoneyText';
import { usePriceText } from '../../../../components/trading/Rows';
import { ConfirmSheet, Facts } from '../../../../components/trading/Sheet';
import { PriceField, QuantityField } from '../../../../components/trading/TicketInput';
import { TradeError } from '../../../../components/trading/TradeError';
import { useKeyedSend } from '../../../../components/trading/useKeyedSend';
import { typedPriceProblem, usePriceProblemText } from '../../../../components/trading/usePriceProblemText';
import { useFormatters } from '../../../../lib/format';
import { auctionFigures, limitOf, quantityProblemOf } from './figures';

export function AuctionTicket({
  stock,
  onBack,
  onDone,
}: {
  stock: AuctionStockRow;
  onBack: () => void;
  onDone: (result: AuctionCreateResult) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const priceText = usePriceText();
  const [direction, setDirection] = useState<0 | 1>(0);
  const [price, setPrice] = useState(stock.indicativePrice);
  const [quantity, setQuantity] = useState(stock.minQuantity);
  const [confirming, setConfirming] = useState(false);
  const create = useAuctionCreateMutation();
  const send = useKeyedSend(create);
  const limit = limitOf(price);
  const dp = stock.priceDecimals;
  const priceProblem = typedPriceProblem(price, dp);
  const priceProblemText = usePriceProblemText(stock.code, dp);
  const problem = quantityProblemOf(stock, quantity);
  const figures = auctionFigures(stock, direction, limit, quantity);
  const currency = stock.walletCurrency as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const side = direction === 0 ? t('auction.ticket.buy') : t('auction.ticket.sell');

  const submit = () => {
    if (!limit || priceProblem) return;
    send(
      {
        stockCode: stock.code,
        source: stock.source,
        direction,
        price: limit.toFixed(),
        quantity,
        termsVersion: stock.termsVersion,
      },
      { onSuccess: (result) => onDone(result), onError: () => setConfirming(false) },
    );
  };

  return (
    <div className="ticket-page" data-testid="auction-ticket" data-code={stock.code}>
      <button type="button" className="text-link" onClick={onBack} data-testid="auction-back">
        ‹ {t('auction.ticket.back')}
      </button>
      <section className="card ipo-ticket-card">
        <div className="trade-row__head">
          <span className="trade-row__name">{stock.name}</span>
          <span className="num">{stock.code}</span>
        </div>
        <Facts
          className="trade-facts--card"
          rows={[
            {
              label: t('auction.labels.indicative'),
              value: `${f.number(stock.indicativePrice, dp)} ${stock.currency}`,
            },
            { label: t('auction.labels.opens'), value: f.dateTime(stock.opensAtTimestamp, 'minutes') },
          ]}
        />
      </section>
      <fieldset className="chip-row">
        <legend className="sr-only">{t('auction.ticket.side')}</legend>
        {([0, 1] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={`chip${d === direction ? ' chip--active' : ''}`}
            aria-pressed={d === direction}
            onClick={() => setDirection(d)}
            data-testid={`auction-side-${d}`}
          >
            {d === 0 ? t('auction.ticket.buy') : t('auction.ticket.sell')}
          </button>
        ))}
      </fieldset>
      <div className="ticket-field">
        <PriceField
          id="auction-price"
          label={t('auction.ticket.limit', { currency: stock.currency })}
          value={price}
          onChange={setPrice}
          invalid={priceProblem !== null}
          autoComplete="off"
        />
        {priceProblem && <p className="ticket-error">{priceProblemText(priceProblem)}</p>}
      </div>
      <div className="ticket-field">
        <QuantityField
          id="auction-quantity"
          label={t('auction.ticket.quantity')}
          value={quantity > 0 ? String(quantity) : ''}
          onChange={(digits) => setQuantity(digits === '' ? 0 : Number(digits.slice(0, 9)))}
          invalid={problem !== null}
          autoComplete="off"
        />
        <p className={problem ? 'ticket-error' : 'ticket-hint'}>
          {t('auction.ticket.lotHint', { min: f.integer(stock.minQuantity), lot: f.integer(stock.lotSize) })}
        </p>
      </div>
      <Facts
        className="trade-facts--card"
        testId="auction-figures"
        rows={[
          { label: t('auction.labels.amount'), value: money(figures?.amount) },
          { label: t('auction.labels.fee'), value: money(figures?.fee) },
          { label: t('auction.labels.held'), value: money(figures?.total), testId: 'auction-total', strong: true },
        ]}
      />
      <p className="ticket-hint">{t('auction.ticket.wallet', { wallet: t(`wallets.${stock.walletType}`) })}</p>
      <p className="ticket-hint">{t('auction.ticket.rule')}</p>
      {create.isError && !confirming && (
        <TradeError reveal error={create.error} actions={{ wallet: stock.walletType }} />
      )}
      <Button
        block
        size="large"
        color="primary"
        disabled={!figures || priceProblem !== null}
        onClick={() => setConfirming(true)}
        data-testid="auction-review"
      >
        {t('auction.ticket.review')}
      </Button>
      <ConfirmSheet
        visible={confirming}
        title={t('auction.confirm.title', { side, code: stock.code })}
        rows={[
          { label: t('auction.ticket.side'), value: side },
          { label: t('auction.ticket.limit', { currency: stock.currency }), value: priceText(limit?.toFixed()) },
          { label: t('auction.ticket.quantity'), value: f.integer(quantity) },
          { label: t('auction.labels.held'), value: money(figures?.total), strong: true },
          { label: t('auction.labels.opens'), value: f.dateTime(stock.opensAtTimestamp, 'minutes') },
        ]}
        note={t('auction.confirm.note')}
        confirmText={t('auction.confirm.submit')}
        pending={create.isPending}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
