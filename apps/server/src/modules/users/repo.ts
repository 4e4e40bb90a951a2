/** User rows and the UserInfo DTO (never a raw row on the wire). */
import type { CompanyProfile, UserInfo } from '@beurs/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.js';
import { users } from '../../platform/db/schema.js';
import { notFound } from '../../platform/errors.js';

export type UserRow = typeof users.$inferSelect;

export const findUserById = async (db: Db | Tx, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/** For the console's reads of one customer: 404 when there is no such customer. */
export async function assertCustomerExists(db: Db | Tx, id: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw notFound();
}

/** By user ID (case-insensitive) or email. */
export const findUserByLogin = async (db: Db | Tx, login: string) => {
  const key = login.trim().toLowerCase();
  return (
    await db
      .select()
      .from(users)
      .where(or(sql`lower(${users.username}) = ${key}`, eq(users.email, key)))
      .limit(1)
  )[0];
};

export const findUserByEmail = async (db: Db | Tx, email: string) =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const usernameTaken = async (db: Db | Tx, username: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1)
  ).length > 0;

export const findUserByInvitation = async (db: Db | Tx, code: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.invitationCode, code.toUpperCase())).limit(1))[0];

export function toUserInfo(u: UserRow, wsUrl: string): UserInfo {
  return {
    id: u.id,
    userId: u.username,
    email: u.email,
    phone: u.phone,
    firstName: u.firstName,
    lastName: u.lastName,
    country: u.country,
    addressLine: u.addressLine,
    city: u.city,
    postalCode: u.postalCode,
    nationalNumber: u.nationalNumber,
    invitationCode: u.invitationCode,
    creditScore: u.creditScore,
    accountType: u.accountType === 4 ? 4 : 2,
    kycStatus: u.kycStatus,
    kycReason: u.kycReason,
    hasPayPassword: u.payPasswordHash !== null,
    language: u.language,
    company: (u.company as CompanyProfile | null) ?? null,
    createTimeTimestamp: u.createdAt.getTime(),
    wsUrl,
  };
}
