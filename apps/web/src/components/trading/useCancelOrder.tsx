/**
 * Cancelling an entrusted order (SPEC §4: cancel asks for confirmation): a dialog says which order and that
 * the held margin and fee come back, then /orders/cancel with the key of that intent (useConfirmedCancel). Success
 * and failure are told in a toast (the row disappears from the entrusted list on its own).
 */
import type { TradeOrder } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { useCancelOrderMutation } from '../../api/trading';
import { useFormatters } from '../../lib/format';
import { useMoneyFormat } from '../money/format';
import { useConfirmedCancel } from '../useConfirmedCancel';
import { usePriceText } from './Rows';

/** What the confirmation states: which order, and the amount its cancellation releases (`total`). */
export type CancellableOrder = Pick<
  TradeOrder,
  'id' | 'direction' | 'quantity' | 'stockCode' | 'price' | 'total' | 'currency'
>;

export function useCancelOrder() {
  const { t } = useTranslation();
  const f = useFormatters();
  const money = useMoneyFormat();
  const priceText = usePriceText();
  const confirmed = useConfirmedCancel(useCancelOrderMutation(), {
    variables: (id, idempotencyKey) => ({ request: { id }, idempotencyKey }),
    idOf: (v) => Number(v.request.id),
    done: t('trading.cancel.done'),
  });

  /**
   * `onDone` runs after the cancellation; `onFailed` after a refusal (e.g. too late: an auction order at its open),
   * so a list can show what happened instead.
   */
  const cancel = (order: CancellableOrder, onDone?: () => void, onFailed?: () => void) =>
    confirmed.cancel(
      order.id,
      {
        title: t('trading.cancel.title'),
        content: (
          <div className="confirm-transfer" data-testid="cancel-confirm">
            <p>
              {t('trading.cancel.text', {
                side: t(`trading.directions.${order.direction}`),
                quantity: f.integer(order.quantity),
                code: order.stockCode,
                price: priceText(order.price),
              })}
            </p>
            <p className="confirm-transfer__note">
              {t('trading.cancel.release', { amount: money.amount(order.total, { currency: order.currency }) })}
            </p>
          </div>
        ),
        confirmText: t('trading.cancel.confirm'),
        cancelText: t('trading.cancel.keep'),
      },
      onDone,
      onFailed,
    );

  return { cancel, isPending: confirmed.isPending, pendingId: confirmed.pendingId };
}
