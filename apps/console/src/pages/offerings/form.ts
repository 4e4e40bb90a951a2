import { type ConsoleOffering, consolePrimary, Decimal, type OfferingMarket } from '@beurs/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { OfferingInput } from '../../api/primary';
import { t } from '../../i18n';
import { refusedFieldOf } from '../../lib/form-refusals';

export interface OfferingForm {
  code: string;
  issuer: string;
  issuerZh?: string;
  market: OfferingMarket;
  exchange: 'NASDAQ' | 'NYSE' | 'HKEX';
  prospectusAt: Dayjs;
  window: [Dayjs, Dayjs];
  listingAt: Dayjs;
  priceMin: string;
  priceMax: string;
  lotSize: string;
  sharesOffered: string;
  fee: string;
  allotmentRule: 'ballot' | 'proRata';
}

export type FormField = keyof OfferingForm;

/** What a market starts a form with: its first exchange, its lot, its published fee and its allotment rule. */
export const MARKET_DEFAULTS = {
  US: { exchange: 'NASDAQ', lotSize: '1', fee: '2.00', allotmentRule: consolePrimary.DEFAULT_ALLOTMENT_RULE.US },
  HK: { exchange: 'HKEX', lotSize: '500', fee: '100.00', allotmentRule: consolePrimary.DEFAULT_ALLOTMENT_RULE.HK },
} as const;

/** A new US offering: prospectus today, the window from tomorrow for three days, listing two days after. */
export function emptyForm(): OfferingForm {
  const opens = dayjs().add(1, 'day').startOf('hour');
  return {
    code: '',
    issuer: '',
    issuerZh: '',
    market: 'US',
    ...MARKET_DEFAULTS.US,
    prospectusAt: dayjs().startOf('hour'),
    window: [opens, opens.add(3, 'day')],
    listingAt: opens.add(5, 'day'),
    priceMin: '',
    priceMax: '',
    sharesOffered: '',
  };
}

export function toForm(o: ConsoleOffering): OfferingForm {
  return {
    code: o.code,
    issuer: o.issuer,
    issuerZh: o.issuerZh ?? '',
    market: o.market,
    exchange: o.exchange as OfferingForm['exchange'],
    prospectusAt: dayjs(o.prospectusDateTimestamp),
    window: [dayjs(o.opensAtTimestamp), dayjs(o.closesAtTimestamp)],
    listingAt: dayjs(o.marketDateTimestamp),
    priceMin: o.priceMin,
    priceMax: o.priceMax,
    lotSize: String(o.lotSize),
    sharesOffered: String(o.sharesOffered),
    fee: o.fee,
    allotmentRule: o.allotmentRule,
  };
}

export function toInput(form: OfferingForm): OfferingInput {
  return {
    code: form.code.trim().toUpperCase(),
    issuer: form.issuer.trim(),
    issuerZh: form.issuerZh?.trim() || null,
    market: form.market,
    exchange: form.exchange,
    prospectusAtTimestamp: form.prospectusAt.valueOf(),
    opensAtTimestamp: form.window[0].valueOf(),
    closesAtTimestamp: form.window[1].valueOf(),
    listingAtTimestamp: form.listingAt.valueOf(),
    priceMin: form.priceMin.trim(),
    priceMax: form.priceMax.trim(),
    lotSize: Number(form.lotSize.trim()),
    sharesOffered: Number(form.sharesOffered.trim()),
    fee: form.fee.trim(),
    allotmentRule: form.allotmentRule,
  };
}

const PRICE = new RegExp(consolePrimary.OFFERING_PRICE_PATTERN);
const FEE = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
const WHOLE = /^[1-9]\d{0,12}$/;

export const checks = {
  code: (value: string, market: OfferingMarket) =>
    new RegExp(consolePrimary.OFFERING_CODE_PATTERN[market]).test(value.trim().toUpperCase())
      ? null
      : t('offerings.codeInvalid'),
  price: (value: string) => (PRICE.test(value.trim()) && /[1-9]/.test(value) ? null : t('offerings.priceInvalid')),
  range: (min: string, max: string) =>
    PRICE.test(min.trim()) && PRICE.test(max.trim()) && new Decimal(min.trim()).gt(max.trim())
      ? t('offerings.rangeInvalid')
      : null,
  whole: (value: string) => (WHOLE.test(value.trim()) ? null : t('offerings.wholeInvalid')),
  lots: (shares: string, lot: string) =>
    WHOLE.test(shares.trim()) && WHOLE.test(lot.trim()) && Number(shares) % Number(lot) !== 0
      ? t('offerings.lotsInvalid', { lot })
      : null,
  fee: (value: string) => (FEE.test(value.trim()) ? null : t('offerings.feeInvalid')),
};

/** A check as an antd form rule. */
export const asRule = (check: (value: string) => string | null) => ({
  validator: (_: unknown, value: string | undefined) => {
    const error = check(value ?? '');
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
});

/** Which form field a refusal of the server is about. */
export const refusedField = (error: unknown): FormField | null =>
  refusedFieldOf(error, emptyForm(), {
    prospectusAtTimestamp: 'prospectusAt',
    opensAtTimestamp: 'window',
    closesAtTimestamp: 'window',
    listingAtTimestamp: 'listingAt',
  });
