/**
 * The demo operators' passwords are published (README, start-up banner). On loopback that is a convenience;
 * on a server open to the network it is an open door, so there they are refused until their passwords change
 * (docs/security.md "Operators").
 */
import { type Config, isLoopbackHost } from '../../config.js';
import { DEMO } from '../../seed.js';

const PUBLISHED = new Map<string, string>(
  Object.values(DEMO).flatMap((account) =>
    'username' in account ? [[account.username, account.password] as const] : [],
  ),
);

/** The demo operators, with their published passwords. */
export const demoOperators = (): ReadonlyMap<string, string> => PUBLISHED;

/** True when this login, already verified, uses a published demo password on a server open to the network. */
export function isExposedDemoLogin(config: Config, username: string, password: string): boolean {
  return !isLoopbackHost(config.host) && PUBLISHED.get(username) === password;
}
