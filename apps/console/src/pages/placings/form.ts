import { Decimal, type OfferingMarket, type PlacingKind, placing } from '@beurs/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { ConsolePlacing, PlacingInput } from '../../api/placings';
import { t } from '../../i18n';
import { refusedFieldOf } from '../../lib/form-refusals';

export interface PlacingForm {
  kind: PlacingKind;
  market: OfferingMarket;
  code: string;
  /** Percent, e.g. "8" or "7.5". */
  discount: string;
  window: [Dayjs, Dayjs];
  lotSize: string;
  sharesOffered: string;
  lockupDays: string;
  fee: string;
  allotmentRule: 'ballot' | 'proRata';
}

export type FormField = keyof PlacingForm;

/** What a market starts a form with: its lot, its published fee and its allotment rule. */
export const MARKET_DEFAULTS = {
  US: { lotSize: '10', fee: '2.00', allotmentRule: 'proRata' },
  HK: { lotSize: '100', fee: '100.00', allotmentRule: 'ballot' },
} as const;

/** A new US SPO: the window from tomorrow for three days, 5% off, 30 days' lock-up. */
export function emptyForm(): PlacingForm {
  const opens = dayjs().add(1, 'day').startOf('hour');
  return {
    kind: 'SPO',
    market: 'US',
    code: '',
    discount: '5',
    window: [opens, opens.add(3, 'day')],
    sharesOffered: '',
    lockupDays: '30',
    ...MARKET_DEFAULTS.US,
  };
}

export function toForm(p: ConsolePlacing): PlacingForm {
  return {
    kind: p.kind,
    market: p.market,
    code: p.code,
    discount: new Decimal(p.discount).times(100).toString(),
    window: [dayjs(p.opensAtTimestamp), dayjs(p.closesAtTimestamp)],
    lotSize: String(p.lotSize),
    sharesOffered: String(p.sharesOffered),
    lockupDays: String(p.lockupDays),
    fee: p.fee,
    allotmentRule: p.allotmentRule,
  };
}

export function toInput(form: PlacingForm): PlacingInput {
  return {
    kind: form.kind,
    market: form.market,
    code: form.code.trim().toUpperCase(),
    discount: new Decimal(form.discount.trim()).dividedBy(100).toString(),
    opensAtTimestamp: form.window[0].valueOf(),
    closesAtTimestamp: form.window[1].valueOf(),
    lotSize: Number(form.lotSize.trim()),
    sharesOffered: Number(form.sharesOffered.trim()),
    lockupDays: Number(form.lockupDays.trim()),
    fee: form.fee.trim(),
    allotmentRule: form.allotmentRule,
  };
}

const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;
const FEE = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
const DAYS = /^(0|[1-9]\d{0,2})$/;
const { min, max } = placing.PLACING_DISCOUNT_BOUNDS;
const percent = (fraction: string) => new Decimal(fraction).times(100).toString();

export const checks = {
  code: (value: string) => (value.trim() ? null : t('placings.codeRequired')),
  discount: (value: string) =>
    PERCENT.test(value.trim()) &&
    new Decimal(value.trim()).dividedBy(100).gte(min) &&
    new Decimal(value.trim()).dividedBy(100).lte(max)
      ? null
      : t('placings.discountInvalid', { min: percent(min), max: percent(max) }),
  lockup: (value: string) =>
    DAYS.test(value.trim()) && Number(value) <= placing.PLACING_MAX_LOCKUP_DAYS
      ? null
      : t('placings.lockupInvalid', { max: placing.PLACING_MAX_LOCKUP_DAYS }),
  fee: (value: string) => (FEE.test(value.trim()) && /[1-9]/.test(value) ? null : t('offerings.feeInvalid')),
};

/** Which form field a refusal of the server is about. */
export const refusedField = (error: unknown): FormField | null =>
  refusedFieldOf(error, emptyForm(), { opensAtTimestamp: 'window', closesAtTimestamp: 'window' });
