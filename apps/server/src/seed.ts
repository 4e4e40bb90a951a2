/**
 * Demo data, written once into an empty database: operators, two customers and the
 * operator-editable content. Passwords here are demo passwords printed at start-up.
 */
import { count, sql } from 'drizzle-orm';
import { DEFAULT_BRAND } from './modules/meta/routes.js';
import type { Db } from './platform/db/client.js';
import { dict, operators, users } from './platform/db/schema.js';
import { hashPassword } from './platform/passwords.js';

export const DEMO = {
  customer: { userId: 'demo', email: 'demo@example.com', password: 'Demo1234!', payPassword: '123456' },
  company: { userId: 'democorp', email: 'corp@example.com', password: 'Demo1234!' },
  admin: { username: 'admin', password: 'Admin1234!' },
  reviewer: { username: 'reviewer', password: 'Review1234!' },
} as const;

export const CONTENT: Array<{ type: string; key: string; value: unknown; sort?: number }> = [
  { type: 'brand', key: 'name', value: DEFAULT_BRAND },
  {
    type: 'brand',
    key: 'tagline',
    value: {
      en: 'Invest across Europe, the US and Hong Kong',
      nl: 'Beleggen in Europa, de VS en Hongkong',
      'zh-Hans': '投资欧洲、美国和香港市场',
    },
  },
  {
    type: 'app',
    key: 'releaseNotes',
    value: {
      en: 'Accounts, sign-in, settings and three languages.',
      nl: 'Accounts, inloggen, instellingen en drie talen.',
      'zh-Hans': '账户、登录、设置和三种语言。',
    },
  },
  { type: 'marketing', key: 'exchanges', value: 135, sort: 1 },
  { type: 'marketing', key: 'countries', value: 18, sort: 2 },
  { type: 'marketing', key: 'awards', value: 65, sort: 3 },
  { type: 'marketing', key: 'markets', value: 50, sort: 4 },
  { type: 'support', key: 'email', value: 'support@example.com' },
  { type: 'support', key: 'hours', value: 'Mon–Fri 08:00–22:00 CET' },
  { type: 'config', key: 'defaultLanguage', value: 'en' },
];

/** Content rows are added when missing and never overwrite what an operator changed. */
export async function seedContent(db: Db) {
  await db
    .insert(dict)
    .values(CONTENT.map((c) => ({ type: c.type, key: c.key, value: c.value, sort: c.sort ?? 0 })))
    .onConflictDoNothing();
}

export async function seedDemo(db: Db): Promise<boolean> {
  await seedContent(db);
  const [ops] = await db.select({ n: count() }).from(operators);
  if ((ops?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    // Serialise two nodes seeding the same empty database.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed'))`);
    const [again] = await tx.select({ n: count() }).from(operators);
    if ((again?.n ?? 0) > 0) return;
    await tx.insert(operators).values([
      { username: DEMO.admin.username, passwordHash: await hashPassword(DEMO.admin.password), role: 'admin' },
      { username: DEMO.reviewer.username, passwordHash: await hashPassword(DEMO.reviewer.password), role: 'reviewer' },
    ]);
    await tx.insert(users).values([
      {
        username: DEMO.customer.userId,
        email: DEMO.customer.email,
        passwordHash: await hashPassword(DEMO.customer.password),
        payPasswordHash: await hashPassword(DEMO.customer.payPassword),
        accountType: 2,
        firstName: 'Eva',
        lastName: 'de Vries',
        country: 'NL',
        phone: '+31612345678',
        addressLine: 'Keizersgracht 100',
        city: 'Amsterdam',
        postalCode: '1015 AA',
        invitationCode: 'DEMO2026',
        kycStatus: 0,
        language: 'en',
      },
      {
        username: DEMO.company.userId,
        email: DEMO.company.email,
        passwordHash: await hashPassword(DEMO.company.password),
        accountType: 4,
        firstName: 'Lars',
        lastName: 'Jansen',
        country: 'BE',
        invitationCode: 'CORP2026',
        kycStatus: 0,
        language: 'nl',
        company: {
          companyName: 'Schelde Trading BV',
          licenceNumber: 'BE0123456789',
          officeAddress: 'Meir 1, 2000 Antwerpen',
          placeOfRegistration: 'BE',
          corporateBankAccount: 'BE71096123456769',
          officerName: 'Lars Jansen',
          officerIdType: 'passport',
          officerIdNumber: 'EM1234567',
        },
      },
    ]);
  });
  return true;
}
