/** The signed-in operator's own two-step verification (TOTP). */
import { consoleApi, type RequestOf } from '@beurs/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, queryClient } from './client';
import { consoleKeys } from './keys';

const statusKey = () => [...consoleKeys.me(), 'totp'] as const;

export function useSecondFactorStatus() {
  return useQuery({
    queryKey: statusKey(),
    queryFn: ({ signal }) => api.call(consoleApi.consoleTotpStatus, {}, undefined, { signal }),
  });
}

/** Whatever changed, /console/me (which the layout gates on) and the status are read again. */
const refresh = () => queryClient.invalidateQueries({ queryKey: consoleKeys.me() });

export function useSecondFactorStart() {
  return useMutation({ mutationFn: () => api.call(consoleApi.consoleTotpStart, {}) });
}

export function useSecondFactorConfirm() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof consoleApi.consoleTotpConfirm>) =>
      api.call(consoleApi.consoleTotpConfirm, request),
  });
}

/** Called when the recovery codes were seen: only then may the layout leave this page. */
export const secondFactorDone = refresh;

export function useSecondFactorDisable() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof consoleApi.consoleTotpDisable>) =>
      api.call(consoleApi.consoleTotpDisable, request),
    onSuccess: refresh,
  });
}
