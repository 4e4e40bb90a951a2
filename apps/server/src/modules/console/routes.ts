/** Operator console API: its own login and roles; every action is written to the audit log. */
import { consoleApi, E, OPERATOR_ROLES } from '@beurs/contracts';
import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../platform/audit.js';
import { auditLog, mailOutbox, operators, sessions, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, notFound, rule } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { dummyHash, verifyPassword } from '../../platform/passwords.js';
import { rateLimit } from '../../platform/request.js';
import { createSecondFactor } from '../auth/index.js';
import { fileMap, fileRefs } from '../files/index.js';
import { kycSubmissions, likeEscape } from '../reviews/index.js';
import { findUserById, toUserInfo } from '../users/index.js';
import { isExposedDemoLogin } from './demo-operators.js';
import { consoleSecondFactorRoutes } from './second-factor-routes.js';

export function consoleRoutes(app: FastifyInstance, deps: Deps) {
  const { db, sessions: sess, throttle, clock } = deps;
  const secondFactor = createSecondFactor(deps);
  consoleSecondFactorRoutes(app, deps, secondFactor);

  route(
    app,
    consoleApi.consoleLogin,
    async ({ req, body }) => {
      const key = `op:${body.username.toLowerCase()}`;
      // Every refused login is on record with the name tried and the address (never the password).
      const refused = (reason: string, operatorId?: number) =>
        audit(db, req, 'operator.loginRefused', operatorId ? { type: 'operator', id: operatorId } : undefined, {
          username: body.username,
          reason,
        });
      await throttle.assertAllowed(key).catch(async (err: unknown) => {
        await refused('throttled');
        throw err;
      });
      const [op] = await db.select().from(operators).where(eq(operators.username, body.username.toLowerCase()));
      const valid = op
        ? await verifyPassword(op.passwordHash, body.password)
        : await verifyPassword(await dummyHash(), body.password).then(() => false);
      if (!op || !valid || op.disabled) {
        await throttle.recordFailure(key);
        await refused(!op ? 'unknownUser' : !valid ? 'wrongPassword' : 'disabled', op?.id);
        throw rule(E.wrongCredentials, {}, 'wrongCredentials');
      }
      if (isExposedDemoLogin(deps.config, op.username, body.password)) {
        await refused('demoOperatorExposed', op.id);
        throw rule(E.demoOperatorExposed, {}, 'demoOperatorExposed');
      }
      await throttle.clear(key);
      // After the right password only; a missing or wrong code is a refused login, audited with its reason.
      await secondFactor.assertCode({ operatorId: op.id }, body.totpCode).catch(async (err: unknown) => {
        const reason = err instanceof AppError ? err.reason : undefined;
        await audit(db, req, 'operator.loginRefused', { type: 'operator', id: op.id }, { reason });
        throw err;
      });
      const role = OPERATOR_ROLES.find((r) => r === op.role) ?? 'reviewer';
      return db.transaction(async (tx) => {
        const s = await sess.issue(
          tx,
          { operatorId: op.id },
          { ip: req.ip, userAgent: req.headers['user-agent'] },
          deps.config.operatorTokenIdleSeconds,
        );
        req.operator = { id: op.id, username: op.username, role, sessionId: 0 };
        await audit(tx, req, 'operator.login');
        return {
          token: s.token,
          expiresAt: s.expiresAt.getTime(),
          expiresIn: Math.floor((s.expiresAt.getTime() - clock.now().getTime()) / 1000),
          operator: { id: op.id, username: op.username, role },
        };
      });
    },
    { config: rateLimit(20) },
  );

  route(app, consoleApi.consoleMe, async ({ operator: op }) => {
    const totpEnabled = await secondFactor.isOn({ operatorId: op.id });
    return {
      id: op.id,
      username: op.username,
      role: op.role,
      totpEnabled,
      totpRequired: !totpEnabled && deps.config.operatorTotpRequired,
    };
  });

  route(app, consoleApi.consoleLogout, async ({ req, operator }) => {
    await sess.revoke(operator.sessionId);
    await audit(db, req, 'operator.logout');
    return { ok: true as const };
  });

  route(app, consoleApi.consoleCustomers, async ({ body }) => {
    const q = body.q ? `%${likeEscape(body.q)}%` : undefined;
    const where = q
      ? or(
          ilike(users.username, q),
          ilike(users.email, q),
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, q),
          ilike(sql`coalesce(${users.company}->>'companyName', '')`, q),
        )
      : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(users).where(where),
    ]);
    return {
      list: rows.map((u) => ({
        id: u.id,
        userId: u.username,
        email: u.email,
        name:
          (u.company as { companyName?: string } | null)?.companyName ??
          ([u.firstName, u.lastName].filter(Boolean).join(' ') || null),
        accountType: u.accountType,
        kycStatus: u.kycStatus,
        country: u.country,
        createTimeTimestamp: u.createdAt.getTime(),
        lastLoginTimestamp: u.lastLoginAt?.getTime() ?? null,
      })),
      total: total?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  route(app, consoleApi.consoleCustomer, async ({ req, params }) => {
    const u = await findUserById(db, params.id);
    if (!u) throw notFound();
    const now = clock.now();
    const [referrer, [referrals], subs, [active]] = await Promise.all([
      u.referrerId ? findUserById(db, u.referrerId) : Promise.resolve(undefined),
      db.select({ n: count() }).from(users).where(eq(users.referrerId, u.id)),
      db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.id)).orderBy(desc(kycSubmissions.createdAt)),
      db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, u.id),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, new Date(now.getTime() - deps.config.tokenIdleSeconds * 1000)),
          ),
        ),
    ]);
    // Looking at a customer's personal data is itself an audited action.
    await audit(db, req, 'customer.view', { type: 'user', id: u.id });
    const files = await fileRefs(
      db,
      deps.files,
      subs.map((s) => fileMap(s.files)),
    );
    const { wsUrl: _ws, ...info } = toUserInfo(u, '');
    return {
      user: info,
      referrer: referrer ? { id: referrer.id, userId: referrer.username } : null,
      referrals: referrals?.n ?? 0,
      kyc: subs.map((s, i) => ({
        id: s.id,
        status: s.status,
        idType: s.idType as 'idCard' | 'passport' | 'DL',
        country: s.country,
        reason: s.reason,
        createTimeTimestamp: s.createdAt.getTime(),
        reviewTimeTimestamp: s.reviewedAt?.getTime() ?? null,
        idNumber: s.idNumber,
        firstName: s.firstName,
        lastName: s.lastName,
        files: files[i] ?? [],
      })),
      activeSessions: active?.n ?? 0,
    };
  });

  route(app, consoleApi.consoleOutbox, async ({ req, body }) => {
    const where = body.q ? ilike(mailOutbox.recipient, `%${likeEscape(body.q.toLowerCase())}%`) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(mailOutbox).where(where),
    ]);
    // Customers' mail is personal data: whose mail an operator looked at is on record (codes are redacted).
    await audit(db, req, 'outbox.read', undefined, {
      q: body.q ?? null,
      page: body.page,
      recipients: [...new Set(rows.map((m) => m.recipient))],
      mailIds: rows.map((m) => m.id),
    });
    return {
      list: rows.map((m) => ({
        id: m.id,
        recipient: m.recipient,
        subject: m.subject,
        body: m.body,
        transport: m.transport,
        createTimeTimestamp: m.createdAt.getTime(),
      })),
      total: total?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  });

  route(app, consoleApi.consoleAudit, async ({ body }) => {
    const [rows, [total]] = await Promise.all([
      db
        .select({ entry: auditLog, operator: operators.username })
        .from(auditLog)
        .leftJoin(operators, eq(operators.id, auditLog.operatorId))
        .orderBy(desc(auditLog.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db.select({ n: count() }).from(auditLog),
    ]);
    return {
      list: rows.map(({ entry, operator }) => ({
        id: entry.id,
        operator: operator ?? 'system',
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        detail: entry.detail,
        ip: entry.ip,
        createTimeTimestamp: entry.createdAt.getTime(),
      })),
      total: total?.n ?? 0,
      page: body.page,
      pageSize: body.pageSize,
    };
  });
}
