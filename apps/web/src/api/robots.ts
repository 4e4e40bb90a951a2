/**
 * Trading robots on the crypto market (docs/strategies.md "Trading robots"): the published robots with their terms,
 * and the caller's allocation limits (what the robot wallet holds and the most a new robot may get now).
 */
import type { DataOf } from '@beurs/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { robots } from './endpoints';

export type RobotItem = DataOf<typeof robots.robotPageList>['list'][number];
export type RobotQuotaData = DataOf<typeof robots.robotMiningQuota>;

export const robotKeys = {
  all: ['robots'] as const,
  products: () => [...robotKeys.all, 'products'] as const,
  quota: (robotId: number | undefined) => [...robotKeys.all, 'quota', robotId ?? null] as const,
};

/** Every published robot (a handful: one page). Terms change only with a release, so they are kept a while. */
export function useRobotsQuery() {
  return useQuery({
    queryKey: robotKeys.products(),
    queryFn: ({ signal }) => api.call(robots.robotPageList, { page: 1, pageSize: 50 }, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The caller's allocation limits, optionally with one robot's; only for a logged-in customer. */
export function useRobotQuotaQuery(robotId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: robotKeys.quota(robotId),
    queryFn: ({ signal }) =>
      api.call(robots.robotMiningQuota, robotId === undefined ? {} : { robotId }, undefined, { signal }),
    enabled,
    staleTime: 10_000,
  });
}
