/** Query and mutation hooks of the console API, one per endpoint of contracts/endpoints/console.ts. */
import { fillPath } from '@beurs/api-client';
import { consoleApi, type DataOf, type Endpoint, type RequestOf } from '@beurs/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { strings } from '../strings';
import { api, endSession, queryClient } from './client';
import { consoleKeys, type PageParams, type SearchPageParams } from './keys';
import { session, useSession } from './session';

export type Operator = DataOf<typeof consoleApi.consoleMe>;
export type CustomerRow = DataOf<typeof consoleApi.consoleCustomers>['list'][number];
export type CustomerDetail = DataOf<typeof consoleApi.consoleCustomer>;
export type KycSubmission = CustomerDetail['kyc'][number];
export type OutboxMail = DataOf<typeof consoleApi.consoleOutbox>['list'][number];
export type AuditEntry = DataOf<typeof consoleApi.consoleAudit>['list'][number];

/**
 * The shared client's typing does not accept path params yet (`Args` tests `E['params'] extends
 * object`, which an optional property never satisfies), so the path is filled here with its own
 * fillPath and the endpoint is called as one without params.
 */
function withPathParams<E extends Endpoint>(endpoint: E, params: Record<string, string | number>) {
  return { ...endpoint, path: fillPath(endpoint.path, params), params: undefined };
}

/** Empty search terms are left out of the query string rather than sent as `q=`. */
const searchRequest = ({ q, page, pageSize }: SearchPageParams) => ({ q: q || undefined, page, pageSize });

export function useMe() {
  const { token } = useSession();
  return useQuery({
    queryKey: consoleKeys.me(),
    queryFn: ({ signal }) => api.call(consoleApi.consoleMe, {}, undefined, { signal }),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });
}

export function useCustomers(params: SearchPageParams) {
  return useQuery({
    queryKey: consoleKeys.customers(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleCustomers, searchRequest(params), undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: consoleKeys.customer(id),
    queryFn: ({ signal }) => api.call(withPathParams(consoleApi.consoleCustomer, { id }), {}, undefined, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    // The document links are signed for a limited time: do not keep showing stale ones.
    staleTime: 0,
  });
}

export function useOutbox(params: SearchPageParams) {
  return useQuery({
    queryKey: consoleKeys.outbox(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleOutbox, searchRequest(params), undefined, { signal }),
    placeholderData: keepPreviousData,
    // Operators wait here for email codes during the demo.
    refetchInterval: 10_000,
  });
}

export function useAudit(params: PageParams, enabled: boolean) {
  return useQuery({
    queryKey: consoleKeys.audit(params),
    queryFn: ({ signal }) => api.call(consoleApi.consoleAudit, params, undefined, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: RequestOf<typeof consoleApi.consoleLogin>) =>
      api.call(consoleApi.consoleLogin, credentials),
    onSuccess: (data) => {
      queryClient.clear();
      session.start(data.token, data.expiresAt);
      queryClient.setQueryData(consoleKeys.me(), data.operator);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.call(consoleApi.consoleLogout, {}),
    // Whatever the server said, this tab forgets the token.
    onSettled: () => endSession('loggedOut', strings.login.loggedOut),
  });
}
