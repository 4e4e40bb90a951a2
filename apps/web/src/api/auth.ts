/** Sign-in, registration, passwords and logout: mutation hooks over the auth contracts. */
import type { RequestOf, Session } from '@beurs/contracts';
import { useMutation } from '@tanstack/react-query';
import { currentLanguage, i18n } from '../app/i18n';
import { toastSuccess } from '../lib/toast';
import { api, endSessionAtLogin } from './client';
import { auth } from './endpoints';
import { queryClient } from './queryClient';
import { setToken } from './session';
import { userKeys } from './user';

/** Keeps the new token and the user that came with it (no second round trip for the profile). */
export function startSession(session: Session): void {
  queryClient.removeQueries();
  setToken(session.token);
  queryClient.setQueryData(userKeys.info(), session.user);
}

export function useLoginMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.loginByUsername>) => api.call(auth.loginByUsername, request),
    onSuccess: startSession,
  });
}

/** Password-less sign-in with a mailed code (purpose login). */
export function useLoginWithCodeMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.loginByEmailCode>) => api.call(auth.loginByEmailCode, request),
    onSuccess: startSession,
  });
}

type WithoutLanguage<T> = Omit<T, 'language'>;

export function useRegisterQuickMutation() {
  return useMutation({
    mutationFn: (request: WithoutLanguage<RequestOf<typeof auth.registerQuick>>) =>
      api.call(auth.registerQuick, { ...request, language: currentLanguage() }),
    onSuccess: startSession,
  });
}

export function useRegisterIndividualMutation() {
  return useMutation({
    mutationFn: (request: WithoutLanguage<RequestOf<typeof auth.register>>) =>
      api.call(auth.register, { ...request, language: currentLanguage() }),
    onSuccess: startSession,
  });
}

export function useRegisterCompanyMutation() {
  return useMutation({
    mutationFn: (request: WithoutLanguage<RequestOf<typeof auth.registerCompany>>) =>
      api.call(auth.registerCompany, { ...request, language: currentLanguage() }),
    onSuccess: startSession,
  });
}

export function useSendEmailCodeMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.getEmailCode>) =>
      api.call(auth.getEmailCode, request, undefined, { requestId: `email-code:${request.purpose ?? 'register'}` }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.resetPassword>) => api.call(auth.resetPassword, request),
  });
}

/** The server revokes every token on success, so the session ends here too and the login screen opens. */
export function useUpdatePasswordMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.updatePassword>) => api.call(auth.updatePassword, request),
    // Here rather than in the screen: the screen is gone by the time the session has ended.
    onSuccess: async () => {
      toastSuccess(i18n.t('loginPassword.done'));
      await endSessionAtLogin();
    },
  });
}

export function useSettingPayPasswordMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.settingPayPassword>) => api.call(auth.settingPayPassword, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
  });
}

export function useUpdatePayPasswordMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.updatePayPassword>) => api.call(auth.updatePayPassword, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.info() }),
  });
}

/** Logs out on the server when it can; the device forgets the session either way and opens the login screen. */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: () => api.call(auth.logout, {}).catch(() => undefined),
    onSettled: endSessionAtLogin,
    meta: { silentError: true },
  });
}
