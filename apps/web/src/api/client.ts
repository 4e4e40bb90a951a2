/**
 * The one instance of the shared API client (@beurs/api-client) for this app: the token from
 * the session, the language from i18n, and the logout of SPEC §8 on 401/403.
 */
import { ApiError, createApiClient } from '@beurs/api-client';
import type { DataOf, Endpoint, EndpointRef } from '@beurs/contracts';
import { currentLanguage, i18n } from '../app/i18n';
import { currentLocation, loginPathFor, navigateTo } from '../app/navigation';
import { paths } from '../app/paths';
import { toastFailure } from '../lib/toast';
import { queryClient } from './queryClient';
import { clearToken, getToken } from './session';

/** A network error or timeout may hide a request the server carried out: one retry, with the same key. */
export function retryLostCall(failureCount: number, error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout') && failureCount < 1;
}

/** Forgets the session on this device: the token and every cached answer that belonged to it. */
export function endSession(): void {
  clearToken();
  void queryClient.cancelQueries();
  queryClient.removeQueries();
}

let lastUnauthorizedAt = 0;

function handleUnauthorized(): void {
  // Several calls in flight fail together when a session ends: say it once.
  const now = Date.now();
  const repeated = now - lastUnauthorizedAt < 1500;
  lastUnauthorizedAt = now;
  const from = currentLocation();
  endSession();
  if (repeated) return;
  toastFailure(i18n.t('errors.loginExpired'));
  if (!from.startsWith(paths.login())) void navigateTo(loginPathFor(from), { replace: true });
}

export const api = createApiClient({
  getToken,
  getLanguage: currentLanguage,
  onUnauthorized: handleUnauthorized,
  networkErrorMessage: () => i18n.t('common.networkError'),
  timeoutMessage: () => i18n.t('common.timeout'),
});

/** Uploads one file; any failure but a server's own message reads "Upload Fail" (SPEC §8). */
export async function uploadFile<X extends Endpoint | EndpointRef>(endpoint: X, file: File): Promise<DataOf<X>> {
  try {
    return await api.upload(endpoint, file, file.name);
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'server' || error.silent || error.kind === 'unauthorized')) {
      throw error;
    }
    throw new ApiError('network', i18n.t('common.uploadFail'));
  }
}

/**
 * Leaves for the login screen, then forgets the session. In this order, the screen being left
 * (which may need a login) never renders as a guest and the login guard does not fire.
 */
export async function endSessionAtLogin(): Promise<void> {
  await navigateTo(paths.login(), { replace: true });
  endSession();
}
