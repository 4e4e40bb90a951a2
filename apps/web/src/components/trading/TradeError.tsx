/**
 * A refused trade, said with what to do next. The server's message (translated, with the figures) is the
 * text; the `reason` of a 422 adds the way out: not enough margin → transfer to the product's wallet or
 * deposit; market closed → a limit order; below the minimum → use the minimum; identity → verify; fees changed
 * since the ticket was shown → review the new figures again.
 */
import { ApiError } from '@beurs/api-client';
import type { Currency, Wallet } from '@beurs/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../lib/format';
import { errorMessage } from '../../lib/toast';
import { Icon } from '../Icon';
import { useMoneyFormat } from '../money/format';
import './trading.css';
import { paths } from '../../app/paths';

export interface TradeErrorActions {
  /** The wallet the order draws on (for "Transfer to …"). */
  wallet?: Wallet;
  /** What the wallet lacks and the wallet holding the most to move it from: "Move €X to <wallet>", prefilled. */
  shortfall?: { amount: string; currency: Currency; from?: Wallet };
  /** Switches the ticket to a limit order (market closed). */
  onUseLimit?: () => void;
  /** Puts the minimum quantity in (below the minimum, lot size). */
  onUseMinimum?: () => void;
  /** Sets the highest allowed leverage (leverage too high). */
  onUseMaxLeverage?: () => void;
  /** Fetches the ticket's figures at the new fee schedule and shows the confirmation again (terms changed). */
  onReviewAgain?: () => void;
  /** A locked-up position's date (positionLockedUp): said in the device's time zone, not the server's UTC. */
  lockedUntil?: number | null;
}

export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.reason : undefined;
}

export function TradeError({
  error,
  actions = {},
  reveal = false,
}: {
  error: unknown;
  actions?: TradeErrorActions;
  /** Scrolls the notice into view when it appears (a refusal after the confirmation sheet closed). */
  reveal?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const f = useFormatters();
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new refusal scrolls into view again
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [reveal, error]);
  const reason = reasonOf(error);
  const message =
    reason === 'positionLockedUp' && actions.lockedUntil
      ? t('trading.lockup.refused', { date: f.dateTime(actions.lockedUntil, 'minutes') })
      : errorMessage(error);
  if (!message) return null;
  const links: ReactNode[] = [];
  if (reason === 'insufficientMargin' || reason === 'insufficientBalance') {
    const { wallet, shortfall } = actions;
    const transfer = paths.transfer(
      wallet ? { from: shortfall?.from ?? undefined, to: wallet, amount: shortfall?.amount } : {},
    );
    links.push(
      <Link key="transfer" to={transfer} className="text-link" data-testid="trade-error-transfer">
        {wallet && shortfall
          ? t('trading.errors.moveShortfall', {
              amount: money.amount(shortfall.amount, { currency: shortfall.currency }),
              wallet: t(`wallets.${wallet}`),
            })
          : wallet
            ? t('trading.errors.transferTo', { wallet: t(`wallets.${wallet}`) })
            : t('trading.errors.transfer')}{' '}
        ›
      </Link>,
      <Link key="deposit" to={paths.deposit()} className="text-link" data-testid="trade-error-deposit">
        {t('trading.errors.deposit')} ›
      </Link>,
    );
  }
  if (reason === 'marketClosed' && actions.onUseLimit) {
    links.push(
      <button
        key="limit"
        type="button"
        className="text-link"
        onClick={actions.onUseLimit}
        data-testid="trade-error-limit"
      >
        {t('trading.errors.useLimit')}
      </button>,
    );
  }
  if ((reason === 'belowMinQuantity' || reason === 'quantityStep') && actions.onUseMinimum) {
    links.push(
      <button
        key="min"
        type="button"
        className="text-link"
        onClick={actions.onUseMinimum}
        data-testid="trade-error-minimum"
      >
        {t('trading.errors.useMinimum')}
      </button>,
    );
  }
  if (reason === 'leverageTooHigh' && actions.onUseMaxLeverage) {
    links.push(
      <button key="lev" type="button" className="text-link" onClick={actions.onUseMaxLeverage}>
        {t('trading.errors.useMaxLeverage')}
      </button>,
    );
  }
  if (reason === 'termsChanged') {
    if (actions.onReviewAgain) {
      links.push(
        <button
          key="review"
          type="button"
          className="text-link"
          onClick={actions.onReviewAgain}
          data-testid="trade-error-review"
        >
          {t('trading.errors.reviewAgain')}
        </button>,
      );
    }
    links.push(
      <Link key="fees" to={paths.fees()} className="text-link" data-testid="trade-error-fees">
        {t('routes.setting.fees')} ›
      </Link>,
    );
  }
  if (reason === 'kycRequired') {
    links.push(
      <Link key="kyc" to={paths.kyc()} className="text-link" data-testid="trade-error-kyc">
        {t('trading.errors.verify')} ›
      </Link>,
    );
  }
  return (
    <div ref={ref} className="notice trade-error" role="alert" data-testid="trade-error" data-reason={reason ?? ''}>
      <Icon name="alert" size={18} className="trade-error__icon" />
      <div>
        <strong>{message}</strong>
        {links.length > 0 && <p className="trade-error__actions">{links}</p>}
      </div>
    </div>
  );
}
