/**
 * A refused block order, said with what to do next. The server's translated message is the text; the reason adds
 * the way out: the desk price moved above the ticket → review the new price; below the minimum → use the minimum;
 * the wallet lacks the money → move it there or deposit, and the market is closed → the desk trades while it is
 * open (TradeError); the confirmation expired → confirm again.
 */
import type { Wallet } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/Icon';
import { reasonOf, TradeError } from '../../../../components/trading/TradeError';
import { errorMessage } from '../../../../lib/toast';

const TRADE_REASONS = new Set(['insufficientMargin', 'insufficientBalance', 'kycRequired']);

export function BlockError({
  error,
  wallet,
  onReviewAgain,
  onUseMin,
}: {
  error: unknown;
  wallet: Wallet;
  onReviewAgain: () => void;
  onUseMin: () => void;
}) {
  const { t } = useTranslation();
  const reason = reasonOf(error);
  if (reason && TRADE_REASONS.has(reason)) return <TradeError reveal error={error} actions={{ wallet }} />;
  const message = errorMessage(error);
  if (!message) return null;
  return (
    <div className="notice trade-error" role="alert" data-testid="trade-error" data-reason={reason ?? ''}>
      <Icon name="alert" size={18} className="trade-error__icon" />
      <div>
        <strong>{message}</strong>
        <p className="trade-error__actions">
          {(reason === 'blockPriceMoved' || reason === 'blockConfirmationInvalid') && (
            <button type="button" className="text-link" onClick={onReviewAgain} data-testid="block-error-review">
              {t('block.errors.reviewAgain')}
            </button>
          )}
          {reason === 'blockBelowMinimum' && (
            <button type="button" className="text-link" onClick={onUseMin}>
              {t('block.ticket.useMin')}
            </button>
          )}
          {reason === 'marketClosed' && <span>{t('block.errors.marketClosed')}</span>}
        </p>
      </div>
    </div>
  );
}
