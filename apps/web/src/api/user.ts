/** The logged-in user and reference data: query keys and hooks. */
import type { RequestOf, UserInfo } from '@beurs/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client';
import { user } from './endpoints';
import { useIsLoggedIn } from './session';

export const userKeys = {
  all: ['user'] as const,
  info: () => [...userKeys.all, 'info'] as const,
  referrals: () => [...userKeys.all, 'referrals'] as const,
};

export const metaKeys = {
  all: ['meta'] as const,
  appVersion: () => [...metaKeys.all, 'appVersion'] as const,
  areas: (language: string) => [...metaKeys.all, 'areas', language] as const,
};

/** The logged-in user; idle (no data) for guests. */
export function useUserInfoQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: userKeys.info(),
    queryFn: ({ signal }) => api.call(user.userInfoEndpoint, {}, undefined, { signal }),
    enabled: loggedIn,
  });
}

/** The customer's invitation code and how many signed up with it (profile/share). */
export function useReferralsQuery() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: userKeys.referrals(),
    queryFn: ({ signal }) => api.call(user.referrals, {}, undefined, { signal }),
    enabled: loggedIn,
  });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof user.updateProfile>) => api.call(user.updateProfile, request),
    onSuccess: (info: UserInfo) => queryClient.setQueryData(userKeys.info(), info),
  });
}

export function useAppVersionQuery() {
  return useQuery({
    queryKey: metaKeys.appVersion(),
    queryFn: ({ signal }) => api.call(user.appVersion, {}, undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}

/** Countries with names in the interface language, sorted for the picker. */
export function useAreasQuery() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: metaKeys.areas(language),
    queryFn: ({ signal }) => api.call(user.areaInfoList, {}, undefined, { signal }),
    select: (areas) => [...areas].sort((a, b) => a.name.localeCompare(b.name, language)),
    staleTime: 60 * 60_000,
  });
}
