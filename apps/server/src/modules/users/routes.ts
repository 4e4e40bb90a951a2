import { AccountType, E, user as userApi } from '@beurs/contracts';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { files, users } from '../../platform/db/schema.js';
import type { Deps } from '../../platform/deps.js';
import { AppError, conflict, invalid, notFound } from '../../platform/errors.js';
import { route } from '../../platform/http.js';
import { wsUrlFor } from '../../platform/request.js';
import { kycSubmissions } from '../reviews/index.js';
import { findUserById, toUserInfo } from './repo.js';

export function userRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  async function me(id: number) {
    const u = await findUserById(db, id);
    if (!u) throw new AppError(401, E.loginExpired);
    return u;
  }

  route(app, userApi.userInfoEndpoint, async ({ req, user }) => toUserInfo(await me(user.id), wsUrlFor(req)));

  // Only one's own id: another user's id answers 404, as if it did not exist.
  route(app, userApi.getUserInfoById, async ({ req, body, user }) => {
    if (body.id !== user.id) throw notFound();
    return toUserInfo(await me(body.id), wsUrlFor(req));
  });

  // Counted from the users the code brought in (users_referrer index): nothing about them but the numbers.
  route(app, userApi.referrals, async ({ user }) => {
    const u = await me(user.id);
    const [row] = await db
      .select({ signedUp: count(), verified: count(sql`CASE WHEN ${users.kycStatus} = 3 THEN 1 END`) })
      .from(users)
      .where(eq(users.referrerId, u.id));
    return { invitationCode: u.invitationCode, signedUp: row?.signedUp ?? 0, verified: row?.verified ?? 0 };
  });

  route(app, userApi.updateProfile, async ({ req, body, user }) => {
    const id = user.id;
    const patch = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    if (Object.keys(patch).length > 0) await db.update(users).set(patch).where(eq(users.id, id));
    return toUserInfo(await me(id), wsUrlFor(req));
  });

  route(app, userApi.updateReal, async ({ body, user }) => {
    const u = await me(user.id);
    if (u.kycStatus === 1) throw conflict(E.kycPending);
    if (u.kycStatus === 3) throw conflict(E.kycApproved);
    const roles: Record<string, string | undefined> = {
      front: body.frontFileId,
      back: body.backFileId,
      licence: body.licenceFileId,
      bank: body.bankFileId,
    };
    if (u.accountType === AccountType.Company && (!body.licenceFileId || !body.bankFileId)) {
      throw invalid('validation.uploadCredentials', body.licenceFileId ? 'bankFileId' : 'licenceFileId');
    }
    const ids = Object.values(roles).filter((v): v is string => Boolean(v));
    // Every document must be one the caller uploaded.
    const owned = await db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, ids), eq(files.ownerUserId, u.id)));
    const ownedIds = new Set(owned.map((f) => f.id));
    const missing = Object.entries(roles).find(([, v]) => v && !ownedIds.has(v));
    if (missing) throw invalid('validation.uploadImage', `${missing[0]}FileId`);
    const fileMap = Object.fromEntries(Object.entries(roles).filter(([, v]) => v));
    const now = deps.clock.now();
    const row = await db.transaction(async (tx) => {
      const [sub] = await tx
        .insert(kycSubmissions)
        .values({
          userId: u.id,
          status: 1,
          idType: body.idType,
          idNumber: body.idNumber,
          firstName: body.firstName,
          lastName: body.lastName,
          country: body.country,
          files: fileMap,
          createdAt: now,
        })
        .returning();
      await tx
        .update(users)
        .set({
          kycStatus: 1,
          kycReason: null,
          firstName: body.firstName,
          lastName: body.lastName,
          country: body.country,
          nationalNumber: body.idNumber,
          ...(body.addressLine ? { addressLine: body.addressLine } : {}),
          ...(body.city ? { city: body.city } : {}),
          ...(body.postalCode ? { postalCode: body.postalCode } : {}),
        })
        .where(eq(users.id, u.id));
      return sub;
    });
    if (!row) throw new Error('kyc insert returned no row');
    return {
      id: row.id,
      status: row.status,
      idType: body.idType,
      country: row.country,
      reason: row.reason,
      createTimeTimestamp: row.createdAt.getTime(),
      reviewTimeTimestamp: null,
    };
  });
}
