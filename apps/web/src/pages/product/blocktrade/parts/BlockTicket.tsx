/**
 * The ticket of one desk stock: the desk price now (and the quote it comes from), the quantity (at least the
 * published minimum), the amount, fee and total in the paying wallet's currency, the review button, the refusal
 * of the last attempt with what to do, and the confirmation with the transaction password.
 */
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { type BlockCreateResult, useBlockDeskInfinite } from '../../../../api/blocktrade';
import { Button } from '../../../../components/Button';
import { MoneyText } from '../../../../components/money/MoneyText';
import { SimulatedNotice } from '../../../../components/SimulatedNotice';
import { Loading } from '../../../../components/States';
import { Facts } from '../../../../components/trading/Sheet';
import { useFormatters } from '../../../../lib/format';
import { BlockConfirm } from './BlockConfirm';
import { BlockError } from './BlockError';
import { priceDecimals } from './DeskList';
import { useBlockTicket } from './useBlockTicket';

export function BlockTicket({
  code,
  onBack,
  onResult,
}: {
  code: string;
  onBack: () => void;
  onResult: (result: BlockCreateResult) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  // Asked by its code (an exact code comes first), so the stock is found whatever page or search it was chosen from.
  const desk = useBlockDeskInfinite(true, code);
  const stock = desk.data?.pages.flatMap((p) => p.list).find((s) => s.code === code);
  const s = useBlockTicket(stock, onResult);
  /** After the desk price moved: the desk as it is now, and the confirmation at its price. */
  const reviewAgain = async () => {
    const fresh = await desk.refetch();
    s.review(fresh.data?.pages.flatMap((p) => p.list).find((x) => x.code === code));
  };
  if (!stock) return <Loading />;
  const currency = stock.walletCurrency as Currency;
  const money = (value: string | undefined) => <MoneyText amount={value} currency={currency} />;
  const dp = priceDecimals(stock.deskPrice, stock.quotePrice);
  return (
    <div className="ticket-page" data-testid="block-ticket" data-code={stock.code}>
      <button type="button" className="text-link" onClick={onBack} data-testid="block-back">
        ‹ {t('block.ticket.back')}
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
              label: t('block.labels.deskPrice'),
              value: `${f.number(stock.deskPrice, dp)} ${stock.currency}`,
              testId: 'block-ticket-price',
              strong: true,
            },
            { label: t('block.labels.quotePrice'), value: `${f.number(stock.quotePrice, dp)} ${stock.currency}` },
          ]}
        />
      </section>
      <div className="ticket-field">
        <label className="ticket-field__label" htmlFor="block-quantity">
          {t('block.ticket.quantity')}
        </label>
        <input
          id="block-quantity"
          className="block-qty num"
          inputMode="numeric"
          autoComplete="off"
          value={s.quantity > 0 ? String(s.quantity) : ''}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 9);
            s.setQuantity(digits === '' ? 0 : Number(digits));
          }}
          aria-invalid={s.problem !== null}
          data-testid="block-quantity"
        />
        <p className="ticket-hint num">{t('block.ticket.minHint', { min: f.integer(s.min) })}</p>
        {s.problem && (
          <p className="ticket-error" data-testid="block-quantity-error">
            {s.problem === 'missing'
              ? t('block.ticket.enterQuantity')
              : t('block.ticket.belowMin', { min: f.integer(s.min) })}{' '}
            <button type="button" className="text-link" onClick={() => s.setQuantity(s.min)}>
              {t('block.ticket.useMin')}
            </button>
          </p>
        )}
      </div>
      <Facts
        className="trade-facts--card"
        testId="block-figures"
        rows={[
          { label: t('block.labels.amount'), value: money(s.figures?.amount), testId: 'block-amount' },
          { label: t('block.labels.fee'), value: money(s.figures?.fee), testId: 'block-fee' },
          { label: t('block.labels.total'), value: money(s.figures?.total), testId: 'block-total', strong: true },
        ]}
      />
      {stock.currency !== currency && (
        <p className="ticket-hint num">
          {t('block.ticket.rateLine', { from: stock.currency, rate: f.rate(stock.rate), to: currency })}
        </p>
      )}
      <p className="ticket-hint">{t('block.ticket.wallet', { wallet: t(`wallets.${stock.walletType}`) })}</p>
      {!stock.marketOpen && (
        <p className="ticket-error" data-testid="block-market-closed">
          {t('block.ticket.marketClosed')}
        </p>
      )}
      {s.buy.isError && !s.confirming && (
        <BlockError
          error={s.buy.error}
          wallet={stock.walletType}
          onReviewAgain={() => void reviewAgain()}
          onUseMin={() => s.setQuantity(s.min)}
        />
      )}
      <Button
        block
        size="large"
        color="primary"
        className="block-review"
        onClick={() => s.review()}
        disabled={!stock.marketOpen}
        loading={s.buy.isPending}
        data-testid="block-review"
      >
        {t('block.ticket.review')}
      </Button>
      <p className="trade-note">{t('block.ticket.note')}</p>
      <SimulatedNotice compact />
      <BlockConfirm ticket={s} />
    </div>
  );
}
