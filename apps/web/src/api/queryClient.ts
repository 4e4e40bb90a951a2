import { ApiError } from '@beurs/api-client';
import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toastError } from '../lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silentError`: the screen shows the failure itself (in the form, inline) instead of a toast. */
    mutationMeta: { silentError?: boolean };
  }
}

/** Retrying cannot help a rejected request (4xx) or a lost session; it can help a flaky network. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.kind === 'aborted' || error.kind === 'unauthorized') return false;
    if (error.kind === 'server' && error.code !== undefined && error.code < 500) return false;
  }
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
  // Every failed action says why in a toast (SPEC §8); queries show their failure on the page.
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.silentError) toastError(error);
    },
  }),
});
