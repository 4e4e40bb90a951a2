import { ADJUSTMENT_CATEGORIES, type AdjustmentCategory, rules, WALLETS, type Wallet } from '@beurs/contracts';
import { lookup, t } from '../../i18n';
import { walletLabel } from '../../lib/money';

export const walletOptions = WALLETS.map((wallet) => ({ value: wallet, label: walletLabel(wallet) }));

export const categoryOptions = ADJUSTMENT_CATEGORIES.map((c) => ({
  value: c,
  label: lookup('adjustmentCategory', c) ?? c,
}));

export interface AdjustForm {
  walletType: Wallet;
  direction: 'credit' | 'debit';
  amount: string;
  category: AdjustmentCategory;
  reason: string;
}

export function reasonRule(value: string | undefined) {
  const reason = (value ?? '').trim();
  if (reason.length < 3) return Promise.reject(new Error(t('money.adjustReasonRequired')));
  if (reason.length > 500) return Promise.reject(new Error(t('money.adjustReasonTooLong')));
  return Promise.resolve();
}

/** An amount the contracts' amount rule takes (above 0, at most 2 decimals); `message` names the refusal. */
export function amountRule(value: string | undefined, message = t('money.adjustAmountRequired')) {
  const amount = (value ?? '').trim();
  if (!rules.AMOUNT_PATTERN.test(amount) || !/[1-9]/.test(amount)) return Promise.reject(new Error(message));
  return Promise.resolve();
}
