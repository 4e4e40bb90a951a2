/**
 * Query hooks of the console's funds (contracts/endpoints/funds.ts, console section): the products with their
 * published terms, publishing one and closing it to new money (or reopening it), the accrual job's days, and one
 * customer's fund orders.
 */
import { fillPath } from '@beurs/api-client';
import { type DataOf, type Endpoint, funds } from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { t } from '../i18n';
import { formatDecimal } from '../lib/money';
import { api, queryClient } from './client';
import { consoleKeys, type PageParams } from './keys';

export type ConsoleFundProduct = funds.ConsoleFundProduct;
export type FundProductInput = funds.FundProductInput;
export type FundAccrualDay = DataOf<typeof funds.consoleFundAccruals>['list'][number];
export type CustomerFund = DataOf<typeof funds.consoleCustomerFunds>['list'][number];

/** A product's terms in words (a Regular's term and rate, a Current's fee), as published or as an order was sold. */
export function termsOf(p: Pick<ConsoleFundProduct, 'type' | 'termDays' | 'annualRate' | 'managementFee'>) {
  return p.type === 'regular'
    ? t('funds.regularTerms', { days: p.termDays ?? 0, rate: formatDecimal(p.annualRate, 4) })
    : t('funds.currentTerms', { fee: formatDecimal(p.managementFee ?? '0', 4) });
}

export const fundKeys = {
  all: () => [...consoleKeys.all, 'funds'] as const,
  products: () => [...fundKeys.all(), 'products'] as const,
  accruals: (params: PageParams) => [...fundKeys.all(), 'accruals', params] as const,
  // Under the customer's trading, so the trading card's refresh asks again.
  customer: (id: number, params: PageParams) => [...consoleKeys.customerTrading(id), 'funds', params] as const,
};

function withId<E extends Endpoint>(endpoint: E, id: number) {
  return { ...endpoint, path: fillPath(endpoint.path, { id }), params: undefined };
}

export function useFundProducts() {
  return useQuery({
    queryKey: fundKeys.products(),
    queryFn: ({ signal }) => api.call(funds.consoleFundProducts, {}, undefined, { signal }),
  });
}

const productsChanged = () => queryClient.invalidateQueries({ queryKey: fundKeys.products() });

export function usePublishFundProduct() {
  return useMutation({
    mutationFn: (input: FundProductInput) => api.call(funds.consoleFundProductCreate, input),
    onSuccess: productsChanged,
  });
}

export function useSetFundProductOpen() {
  return useMutation({
    mutationFn: ({ id, open }: { id: number; open: boolean }) =>
      api.call(withId(funds.consoleFundProductOpen, id), { open }),
    onSuccess: productsChanged,
  });
}

export function useFundAccruals(params: PageParams) {
  return useQuery({
    queryKey: fundKeys.accruals(params),
    queryFn: ({ signal }) => api.call(funds.consoleFundAccruals, params, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerFunds(id: number, params: PageParams) {
  return useQuery({
    queryKey: fundKeys.customer(id, params),
    queryFn: ({ signal }) => api.call(withId(funds.consoleCustomerFunds, id), params, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}
