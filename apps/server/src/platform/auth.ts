/**
 * Sessions for customers and operators. A token is random, stored as its SHA-256, expires
 * after inactivity and absolutely, and is revoked at logout or when the password changes.
 */
import { Code, consoleApi, E, type OperatorRole, roleAtLeast } from '@beurs/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import type { Db, Tx } from './db/client.js';
import { operators, secondFactors, sessions, users } from './db/schema.js';
import { AppError, forbidden, unauthenticated } from './errors.js';
import { hashToken, newToken } from './tokens.js';

export interface CurrentUser {
  id: number;
  sessionId: number;
}
export interface CurrentOperator {
  id: number;
  username: string;
  role: OperatorRole;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: CurrentUser;
    operator?: CurrentOperator;
  }
}

export function tokenFrom(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const token = h.startsWith('Bearer ') ? h.slice(7) : h;
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}

/** What a session guard enforces. route() (platform/http.ts) picks the guard from the contract's auth and role. */
export type GuardSpec = { auth: 'user' | 'optional' } | { auth: 'operator'; role: OperatorRole };
type Guard = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
const guardSpecs = new WeakMap<Guard, GuardSpec>();
const asGuard = (spec: GuardSpec, guard: Guard) => {
  guardSpecs.set(guard, spec);
  return guard;
};
/** What `hook` enforces if it is one of the session guards (route() refuses them as hand-written hooks). */
export const guardSpecOf = (hook: unknown): GuardSpec | undefined =>
  typeof hook === 'function' ? guardSpecs.get(hook as Guard) : undefined;

/** Sliding last-seen updates are written at most once a minute per session. */
const TOUCH_EVERY_MS = 60_000;

export function createSessions(db: Db, config: Config, clock: Clock) {
  async function issue(
    tx: Db | Tx,
    owner: { userId: number } | { operatorId: number },
    meta: { ip?: string; userAgent?: string },
    absoluteSeconds: number,
  ) {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + absoluteSeconds * 1000);
    await tx.insert(sessions).values({
      ...('userId' in owner ? { userId: owner.userId } : { operatorId: owner.operatorId }),
      tokenHash: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt };
  }

  /** Every authenticated request runs this: a prepared statement, planned once per connection. */
  const lookupQuery = db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      operatorId: sessions.operatorId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      // Read with the session so a customer request costs one query, not two; an operator's likewise.
      userDisabled: users.disabled,
      operatorUsername: operators.username,
      operatorRole: operators.role,
      operatorDisabled: operators.disabled,
      operatorTotpOn: sql<boolean>`${secondFactors.confirmedAt} is not null`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(operators, eq(operators.id, sessions.operatorId))
    .leftJoin(secondFactors, eq(secondFactors.operatorId, sessions.operatorId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1)
    .prepare('session_lookup');

  type SessionRow = Awaited<ReturnType<typeof lookupQuery.execute>>[number];
  /**
   * Sessions looked up in the last config.sessionCacheMs (by token hash): most requests then cost no query
   * for authentication (with the customer's or operator's state read with it). Expiry and idleness are still checked
   * on every request; revoke(), revokeAllOfUser() and forgetOperator() (a second factor turned on or off) forget the
   * session here at once. Bounded: forgotten all at once when full.
   */
  const cache = new Map<string, { row: SessionRow; until: number }>();
  const CACHE_MAX = 50_000;
  const forget = (matches: (row: SessionRow) => boolean) => {
    for (const [hash, entry] of cache) if (matches(entry.row)) cache.delete(hash);
  };

  async function lookup(token: string, idleSeconds: number) {
    const now = clock.now();
    const tokenHash = hashToken(token);
    const idleSince = now.getTime() - idleSeconds * 1000;
    const hit = cache.get(tokenHash);
    let row: SessionRow | undefined;
    if (hit && hit.until > performance.now()) {
      row = hit.row;
    } else {
      [row] = await lookupQuery.execute({
        tokenHash,
        now: now.toISOString(),
        idleSince: new Date(idleSince).toISOString(),
      });
      if (row && config.sessionCacheMs > 0) {
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(tokenHash, { row, until: performance.now() + config.sessionCacheMs });
      } else {
        cache.delete(tokenHash);
      }
    }
    if (!row) return undefined;
    if (row.expiresAt.getTime() <= now.getTime() || row.lastSeenAt.getTime() <= idleSince) {
      cache.delete(tokenHash);
      return undefined;
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      row.lastSeenAt = now;
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
    }
    return row;
  }

  async function loadUser(req: FastifyRequest): Promise<CurrentUser | undefined> {
    const token = tokenFrom(req);
    return token ? userOfToken(token) : undefined;
  }

  /** The customer of a live login token, or undefined (also for the live-quotes socket, which has no headers). */
  async function userOfToken(token: string): Promise<CurrentUser | undefined> {
    const s = await lookup(token, config.tokenIdleSeconds);
    if (!s?.userId || s.userDisabled !== false) return undefined;
    return { id: s.userId, sessionId: s.id };
  }

  /** A logged-in customer is required (401 otherwise). */
  const requireUser = asGuard({ auth: 'user' }, async (req) => {
    const user = await loadUser(req);
    if (!user) throw unauthenticated();
    req.user = user;
  });

  /** A customer when a valid token is present, a guest otherwise. */
  const optionalUser = asGuard({ auth: 'optional' }, async (req) => {
    const user = await loadUser(req);
    if (user) req.user = user;
  });

  /** What an operator without a second factor may call (OPERATOR_TOTP_REQUIRED): enrol it, or leave. */
  const ENROLMENT_PATHS = [
    consoleApi.consoleMe,
    consoleApi.consoleLogout,
    consoleApi.consoleTotpStatus,
    consoleApi.consoleTotpStart,
    consoleApi.consoleTotpConfirm,
    consoleApi.consoleTotpDisable,
  ].map((e) => e.path);
  const enrolmentOnly = (url: string | undefined) => ENROLMENT_PATHS.some((p) => url?.endsWith(p));

  /** The live operator session of a console token and its operator (not disabled), or undefined. */
  async function operatorSession(token: string) {
    const s = await lookup(token, config.operatorTokenIdleSeconds);
    if (!s?.operatorId || s.operatorDisabled !== false || !s.operatorUsername || !s.operatorRole) return undefined;
    const op = {
      id: s.operatorId,
      username: s.operatorUsername,
      role: s.operatorRole as OperatorRole,
      totpOn: s.operatorTotpOn,
    };
    return { session: s, op };
  }

  /**
   * The operator of a live console token who may use the console now (with a second factor where it is required),
   * for the live socket, which has no headers: the support inbox's events (docs/support.md).
   */
  async function operatorOfToken(token: string): Promise<number | undefined> {
    const found = await operatorSession(token);
    if (!found || (config.operatorTotpRequired && !found.op.totpOn)) return undefined;
    return found.op.id;
  }

  /** An operator of at least `role` (401 without an operator session, 403 with a lower role); one guard per role. */
  const operatorGuards = new Map<OperatorRole, Guard>();
  const requireOperator = (role: OperatorRole = 'reviewer'): Guard => {
    const known = operatorGuards.get(role);
    if (known) return known;
    const guard = asGuard({ auth: 'operator', role }, async (req) => {
      const token = tokenFrom(req);
      const found = token ? await operatorSession(token) : undefined;
      if (!found) throw unauthenticated();
      const { session: s, op } = found;
      const opRole = op.role;
      if (!roleAtLeast(opRole, role)) throw forbidden();
      if (config.operatorTotpRequired && !op.totpOn && !enrolmentOnly(req.routeOptions.url)) {
        throw new AppError(Code.forbidden, E.totpEnrolmentRequired);
      }
      req.operator = { id: op.id, username: op.username, role: opRole, sessionId: s.id };
    });
    operatorGuards.set(role, guard);
    return guard;
  };

  async function revoke(sessionId: number) {
    await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
    forget((row) => row.id === sessionId);
  }

  /** Forgets the operator's cached sessions, so a change of their second factor counts at the next request. */
  function forgetOperator(operatorId: number) {
    forget((row) => row.operatorId === operatorId);
  }

  async function revokeAllOfUser(tx: Db | Tx, userId: number) {
    await tx
      .update(sessions)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    forget((row) => row.userId === userId);
  }

  async function activeCount(userId: number) {
    const now = clock.now();
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - config.tokenIdleSeconds * 1000)),
        ),
      );
    return r?.n ?? 0;
  }

  return {
    issue,
    userOfToken,
    operatorOfToken,
    requireUser,
    optionalUser,
    requireOperator,
    revoke,
    revokeAllOfUser,
    forgetOperator,
    activeCount,
  };
}

export type Sessions = ReturnType<typeof createSessions>;
