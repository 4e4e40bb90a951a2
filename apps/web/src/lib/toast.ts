/** Toasts of SPEC §8: 2 s, the server's message for failures, nothing for aborted calls. */
import { ApiError } from '@beurs/api-client';
import { i18n } from '../app/i18n';
import { Toast } from '../components/Toast';

export function toastSuccess(content: string): void {
  Toast.show({ content, icon: 'success' });
}

export function toastInfo(content: string): void {
  Toast.show({ content });
}

export function toastFailure(content: string): void {
  Toast.show({ content, icon: 'fail' });
}

/** The message a failed call should show, or null when it must stay silent. */
export function errorMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    // Aborted calls were replaced by a newer one; 401/403 already showed "Login Expired".
    if (error.kind === 'aborted' || error.kind === 'unauthorized') return null;
    return error.message || i18n.t('common.networkError');
  }
  return i18n.t('errors.operationFailed');
}

export function toastError(error: unknown): void {
  const message = errorMessage(error);
  if (message) Toast.show({ content: message });
}
