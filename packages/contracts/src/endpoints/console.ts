/** Operator console API (under /web/console), with its own login and roles. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import * as r from '../rules.js';
import { ok, userInfo } from './auth.js';
import { kycSubmission } from './user.js';

export const operator = z.object({ id: z.number().int(), username: z.string(), role: z.enum(['admin', 'reviewer']) });

export const consoleLogin = defineEndpoint({
  method: 'POST',
  path: '/console/login',
  auth: 'public',
  tag: 'console',
  summary: 'Operator login; its token works only for the console API.',
  request: z.object({ username: r.loginName, password: r.anyPassword }),
  data: z.object({
    token: z.string(),
    /** When the session ends by the server's clock (ms since 1970). */
    expiresAt: z.number().int(),
    /** Seconds from now until then: the console sets its own deadline from this, whatever its clock says. */
    expiresIn: z.number().int(),
    operator,
  }),
});

export const consoleMe = defineEndpoint({
  method: 'GET',
  path: '/console/me',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'The logged-in operator.',
  request: z.object({}),
  data: operator,
});

export const consoleLogout = defineEndpoint({
  method: 'POST',
  path: '/console/logout',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Revoke the operator token of this request.',
  request: z.object({}).optional().default({}),
  data: ok,
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export { pageOf };

export const customerRow = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  accountType: z.number().int(),
  kycStatus: z.number().int(),
  country: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  lastLoginTimestamp: z.number().int().nullable(),
});

export const consoleCustomers = defineEndpoint({
  method: 'GET',
  path: '/console/customers',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Customers, newest first; `q` matches user ID, email or name.',
  request: z.object({ q: z.string().trim().max(100).optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(customerRow),
});

export const consoleCustomer = defineEndpoint({
  method: 'GET',
  path: '/console/customers/:id',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'One customer: profile, referrer, identity submissions, active sessions.',
  request: z.object({}),
  params: z.object({ id: r.id }),
  data: z.object({
    user: userInfo.omit({ wsUrl: true }),
    referrer: z.object({ id: z.number().int(), userId: z.string() }).nullable(),
    referrals: z.number().int(),
    kyc: z.array(
      kycSubmission.extend({
        idNumber: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        files: z.array(z.object({ role: z.string(), url: z.string(), mime: z.string() })),
      }),
    ),
    activeSessions: z.number().int(),
  }),
});

export const outboxMail = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  transport: z.string(),
  createTimeTimestamp: z.number().int(),
});

export const consoleOutbox = defineEndpoint({
  method: 'GET',
  path: '/console/outbox',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Outgoing mail, newest first; `q` filters by recipient.',
  request: z.object({ q: z.string().trim().max(254).optional(), page: r.page, pageSize: r.pageSize }),
  data: pageOf(outboxMail),
});

export const auditEntry = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.unknown(),
  ip: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

export const consoleAudit = defineEndpoint({
  method: 'GET',
  path: '/console/audit',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'The audit log of every operator action, newest first.',
  request: z.object({ page: r.page, pageSize: r.pageSize }),
  data: pageOf(auditEntry),
});
