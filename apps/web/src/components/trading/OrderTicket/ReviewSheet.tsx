/** The confirmation of the order: every figure the customer agrees to, above one confirming button. */
import type { Currency, Quote } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format';
import { MoneyText } from '../../money/MoneyText';
import { DirectionTag } from '../DirectionTag';
import type { OrderFigures, Side } from '../figures';
import { ConfirmSheet } from '../Sheet';
import type { OrderType } from './useOrderTicket';

export interface ReviewedOrder {
  direction: Side;
  orderType: OrderType;
  livePrice: string | undefined;
  limitPrice: string;
  quantity: string;
  unit: string;
  leverage: number;
  stops: { stopLoss?: string; takeProfit?: string };
  figures: OrderFigures | null;
  currency: Currency;
}

export function ReviewSheet({
  quote,
  order,
  visible,
  pending,
  onConfirm,
  onClose,
}: {
  quote: Quote;
  order: ReviewedOrder;
  visible: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { direction, orderType, stops, figures } = order;
  const sideWord = direction === 0 ? t('quote.buy') : t('quote.sell');
  // Typed prices too: the ticket takes none with more decimals than the instrument's (typedPriceProblem).
  const priceText = (value: string | undefined) => f.price(value, quote.priceDecimals, quote.currencySymbol);
  const money = (value: string | undefined) => <MoneyText amount={value} currency={order.currency} />;
  return (
    <ConfirmSheet
      visible={visible}
      onClose={onClose}
      title={t('trading.confirm.title', { side: sideWord, code: quote.stock_code })}
      tone={direction === 0 ? 'buy' : 'sell'}
      pending={pending}
      onConfirm={onConfirm}
      confirmText={t('trading.confirm.submit', { side: sideWord })}
      note={orderType === 0 ? t('trading.confirm.marketNote') : t('trading.confirm.limitNote')}
      rows={[
        { label: t('trading.labels.instrument'), value: `${quote.name} (${quote.stock_code})` },
        { label: t('trading.labels.direction'), value: <DirectionTag direction={direction} /> },
        { label: t('trading.labels.orderType'), value: t(`trading.orderTypes.${orderType}`) },
        {
          label: orderType === 0 ? t('trading.ticket.marketPrice') : t('trading.labels.limitPrice'),
          value: orderType === 0 ? `≈ ${priceText(order.livePrice)}` : priceText(order.limitPrice),
          testId: 'confirm-price',
        },
        {
          label: t('trading.labels.quantity'),
          value: `${f.integer(Number(order.quantity))} ${order.unit}`,
          testId: 'confirm-quantity',
        },
        { label: t('trading.labels.leverage'), value: `${order.leverage}:1`, testId: 'confirm-leverage' },
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
        { label: t('trading.labels.margin'), value: money(figures?.margin), testId: 'confirm-margin' },
        { label: t('trading.labels.fee'), value: money(figures?.fee), testId: 'confirm-fee' },
        { label: t('trading.labels.total'), value: money(figures?.total), testId: 'confirm-total', strong: true },
      ]}
    />
  );
}
