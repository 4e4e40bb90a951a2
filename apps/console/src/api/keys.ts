/** Query-key factory for the console API: every key starts with 'console' and carries its inputs. */
export interface PageParams {
  page: number;
  pageSize: number;
}

export interface SearchPageParams extends PageParams {
  q: string;
}

export const consoleKeys = {
  all: ['console'] as const,
  me: () => [...consoleKeys.all, 'me'] as const,
  customers: (params: SearchPageParams) => [...consoleKeys.all, 'customers', params] as const,
  customer: (id: number) => [...consoleKeys.all, 'customer', id] as const,
  outbox: (params: SearchPageParams) => [...consoleKeys.all, 'outbox', params] as const,
  audit: (params: PageParams) => [...consoleKeys.all, 'audit', params] as const,
};
