/** Two-step verification (TOTP) of the logged-in customer: status, enrolment, turning it off. */
import type { RequestOf } from '@beurs/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { auth } from './endpoints';
import { useIsLoggedIn } from './session';
import { userKeys } from './user';

export const totpKeys = {
  status: () => [...userKeys.all, 'totp'] as const,
};

/** Whether the customer's two-step verification is on; idle for guests. */
export function useTotpStatusQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: totpKeys.status(),
    queryFn: ({ signal }) => api.call(auth.totpStatus, {}, undefined, { signal }),
    enabled: loggedIn,
  });
}

export function useTotpStartMutation() {
  return useMutation({ mutationFn: () => api.call(auth.totpStart, {}) });
}

export function useTotpConfirmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.totpConfirm>) => api.call(auth.totpConfirm, request),
    // The screen puts a wrong code under its field.
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpKeys.status() }),
  });
}

export function useTotpDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof auth.totpDisable>) => api.call(auth.totpDisable, request),
    meta: { silentError: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: totpKeys.status() }),
  });
}
