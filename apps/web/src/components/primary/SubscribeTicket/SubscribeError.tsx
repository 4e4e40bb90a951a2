/**
 * A refused subscription, said with what to do next. The server's translated message is the text; the reason adds
 * the way out: not verified → verify (TradeError); the Subscriptions wallet lacks money → move it there or deposit
 * (TradeError); the rate moved above the ticket's total → review the new figures; already subscribed → the
 * subscription; the window closed → back to the IPO centre; above the shares offered → the most offered.
 */
import { ApiError, isNotFound } from '@beurs/api-client';
import type { Currency } from '@beurs/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { errorMessage } from '../../../lib/toast';
import { Icon } from '../../Icon';
import { reasonOf, TradeError } from '../../trading/TradeError';

const TRADE_REASONS = new Set(['kycRequired', 'insufficientBalance']);

export function SubscribeError({
  error,
  shortfall,
  onReviewAgain,
  onUseMax,
}: {
  error: unknown;
  shortfall?: { amount: string; currency: Currency };
  onReviewAgain: () => void;
  onUseMax: () => void;
}) {
  const { t } = useTranslation();
  const reason = reasonOf(error);
  if (reason && TRADE_REASONS.has(reason)) {
    return <TradeError reveal error={error} actions={{ wallet: 'SUBSCRIPTION', shortfall }} />;
  }
  const conflict = error instanceof ApiError && error.code === 409;
  const message = errorMessage(error);
  if (!message) return null;
  return (
    <div
      className="notice trade-error"
      role="alert"
      data-testid="trade-error"
      data-reason={reason ?? (conflict ? 'conflict' : '')}
    >
      <Icon name="alert" size={18} className="trade-error__icon" />
      <div>
        <strong>{message}</strong>
        <p className="trade-error__actions">
          {reason === 'offeringTotalAboveTicket' && (
            <button type="button" className="text-link" onClick={onReviewAgain} data-testid="ipo-error-review">
              {t('ipo.errors.reviewAgain')}
            </button>
          )}
          {reason === 'offeringAboveOffered' && (
            <button type="button" className="text-link" onClick={onUseMax}>
              {t('ipo.errors.useMax')}
            </button>
          )}
          {conflict && (
            <Link to={paths.subscriptions()} className="text-link" data-testid="ipo-error-subscription">
              {t('ipo.errors.viewSubscription')} ›
            </Link>
          )}
          {(reason === 'offeringNotOpen' || isNotFound(error)) && (
            <Link to={paths.ipoCentre()} className="text-link" data-testid="ipo-error-centre">
              {t('ipo.errors.toCentre')} ›
            </Link>
          )}
        </p>
      </div>
    </div>
  );
}
