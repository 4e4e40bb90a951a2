/**
 * Query hooks of the console's bond book (contracts/endpoints/bonds.ts, console section): the bonds customers hold
 * or held with totals per currency, and one customer's holdings. Read only.
 */
import { fillPath } from '@beurs/api-client';
import { bonds, type DataOf } from '@beurs/contracts';

type BondIssuer = (typeof bonds.BOND_ISSUERS)[number];

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { consoleKeys, type PageParams } from './keys';

export type ConsoleBondBook = DataOf<typeof bonds.consoleBondBook>;
export type ConsoleBond = ConsoleBondBook['list'][number];
export type CustomerBond = DataOf<typeof bonds.consoleCustomerBonds>['list'][number];

export const bondKeys = {
  book: (params: PageParams & { issuer?: BondIssuer }) => [...consoleKeys.all, 'bonds', params] as const,
  // Under the customer's trading, so the trading card's refresh asks again.
  customer: (id: number, params: PageParams) => [...consoleKeys.customerTrading(id), 'bonds', params] as const,
};

export function useBondBook(params: PageParams & { issuer?: BondIssuer }) {
  return useQuery({
    queryKey: bondKeys.book(params),
    queryFn: ({ signal }) =>
      api.call(
        bonds.consoleBondBook,
        { issuer: params.issuer, page: params.page, pageSize: params.pageSize },
        undefined,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerBonds(id: number, params: PageParams) {
  return useQuery({
    queryKey: bondKeys.customer(id, params),
    queryFn: ({ signal }) =>
      api.call(
        { ...bonds.consoleCustomerBonds, path: fillPath(bonds.consoleCustomerBonds.path, { id }), params: undefined },
        params,
        undefined,
        { signal },
      ),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });
}
