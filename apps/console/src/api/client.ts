/**
 * The console's instance of the shared typed client, and what happens when the server says the
 * session is gone.
 *
 * The shared client reports 401 and 403 the same way (onUnauthorized, without the code), but
 * the console API also answers 403 to a reviewer who asks for an admin-only resource (the audit
 * log), and that must not log them out. So a 401/403 triggers one check of /console/me with a
 * second instance that has no logout hook: if the token still works the 403 was about the role
 * and the page shows it; if not, the session ends and the router sends the operator to login.
 */
import { ApiError, createApiClient } from '@beurs/api-client';
import { consoleApi } from '@beurs/contracts';
import { QueryClient } from '@tanstack/react-query';
import { currentLanguage, t } from '../i18n';
import { consoleKeys } from './keys';
import { session } from './session';

const baseOptions = {
  getToken: () => session.token(),
  // Server messages in the console's language.
  getLanguage: currentLanguage,
  networkErrorMessage: () => t('common.networkError'),
  timeoutMessage: () => t('common.timeout'),
};

const probe = createApiClient(baseOptions);

export const api = createApiClient({
  ...baseOptions,
  onUnauthorized: () => {
    void checkSession();
  },
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A rejected input or a missing row will not fix itself; a flaky network might.
      retry: (failureCount, error) =>
        failureCount < 2 && error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'),
      refetchOnWindowFocus: true,
      staleTime: 15_000,
    },
    mutations: { retry: false },
  },
});

/** Ends the session: forget the token and every cached answer that belonged to it. */
export function endSession(ended: 'loggedOut' | 'expired', notice: string | null) {
  session.end(ended, notice);
  queryClient.clear();
}

let checking: Promise<void> | null = null;

function checkSession(): Promise<void> {
  if (!session.token()) {
    // The stored token ran out while the tab was open: nothing to check, the session is over.
    if (session.get().token) endSession('expired', t('login.sessionEnded'));
    return Promise.resolve();
  }
  checking ??= probe
    .call(consoleApi.consoleMe, {})
    .then(
      (operator) => {
        // Still signed in: keep the (possibly changed) role so the menu follows it.
        queryClient.setQueryData(consoleKeys.me(), operator);
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.kind === 'unauthorized') endSession('expired', t('login.sessionEnded'));
        // A network failure says nothing about the session: keep it.
      },
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

/** True when the server refused this resource to this operator's role (the session is fine). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'unauthorized' && error.code === 403;
}

/** The server's 404, as the customer app reads it (api-client). */
export { isNotFound } from '@beurs/api-client';

export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return t('common.unexpected');
}
