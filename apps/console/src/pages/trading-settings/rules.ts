/**
 * The trading settings' pure rules: the same limits as the contract and the server (so the operator learns of
 * a bad value before saving), the form's conversions and how values read in the table and the confirmation.
 */
import { ApiError } from '@beurs/api-client';
import { consoleTrading, Decimal, type Endpoint, intlLocaleOf, roleAtLeast } from '@beurs/contracts';
import type { Operator, TradingSetting, TradingSettingInput } from '../../api/queries';
import { currentLanguage, lookup, t } from '../../i18n';
import { formatCount } from '../../lib/money';

/** Whether the server lets this operator call the endpoint, by the role its contract names (rank-based). */
export function mayCall(operator: Operator, endpoint: Endpoint): boolean {
  return !endpoint.role || roleAtLeast(operator.role, endpoint.role);
}

export function assetClassLabel(assetClass: string): string {
  return lookup('assetClass', assetClass) ?? assetClass;
}

/** "0.001" -> "0.1%" ("0,1%" in Dutch). Exact: Intl reads the rate as the decimal string it is. */
export function ratePercent(rate: string): string {
  return new Intl.NumberFormat(intlLocaleOf(currentLanguage()), { style: 'percent', maximumFractionDigits: 4 }).format(
    rate as `${number}`,
  );
}

const MAX_RATE = new Decimal('0.05');
const MAX_MIN_QUANTITY = 1_000_000;
const WHOLE = /^\d{1,9}$/;

export function leverageError(value: string, esmaCap: number): string | null {
  const n = Number(value.trim());
  return WHOLE.test(value.trim()) && n >= 1 && n <= esmaCap
    ? null
    : t('tradingSettings.leverageInvalid', { cap: esmaCap });
}

export function rateError(value: string): string | null {
  const rate = value.trim();
  return consoleTrading.RATE_PATTERN.test(rate) && new Decimal(rate).lte(MAX_RATE)
    ? null
    : t('tradingSettings.rateInvalid');
}

export function minQuantityError(value: string): string | null {
  const n = Number(value.trim());
  return WHOLE.test(value.trim()) && n >= 1 && n <= MAX_MIN_QUANTITY ? null : t('tradingSettings.minQuantityInvalid');
}

/** A check as an antd form rule. */
export const asRule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const error = check(value ?? '');
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});

export interface SettingForm {
  leverageCap: string;
  buyRate: string;
  sellRate: string;
  minQuantity: string;
}

export type Field = keyof SettingForm;
export const FIELDS: readonly Field[] = ['leverageCap', 'buyRate', 'sellRate', 'minQuantity'];

export function toForm(setting: TradingSetting): SettingForm {
  return {
    leverageCap: String(setting.leverageCap),
    buyRate: setting.buyRate,
    sellRate: setting.sellRate,
    minQuantity: String(setting.minQuantity),
  };
}

export function toInput(form: SettingForm): TradingSettingInput {
  return {
    leverageCap: Number(form.leverageCap.trim()),
    buyRate: form.buyRate.trim(),
    sellRate: form.sellRate.trim(),
    minQuantity: Number(form.minQuantity.trim()),
  };
}

/** A field's value as the confirmation and the table show it. */
export function shown(field: Field, value: string): string {
  if (field === 'leverageCap') return t('trading.leverageValue', { n: Number(value) });
  if (field === 'buyRate' || field === 'sellRate') return `${ratePercent(value)} (${value})`;
  return formatCount(Number(value));
}

export function sameValue(field: Field, a: string, b: string): boolean {
  if (field === 'buyRate' || field === 'sellRate') return new Decimal(a).eq(b);
  return Number(a) === Number(b);
}

export const fieldLabel: Record<Field, string> = {
  leverageCap: t('tradingSettings.leverageCap'),
  buyRate: t('tradingSettings.buyRate'),
  sellRate: t('tradingSettings.sellRate'),
  minQuantity: t('tradingSettings.minQuantity'),
};

/** Which form field a refusal of the server is about (`field`, or the reason of a rule). */
export function refusedField(error: unknown): Field | null {
  if (!(error instanceof ApiError)) return null;
  const field = error.field?.split('.')[0];
  if (field && (FIELDS as readonly string[]).includes(field)) return field as Field;
  if (error.reason === 'leverageAboveEsma' || error.reason === 'leverageTooHigh') return 'leverageCap';
  return null;
}
