/** Operator console API (under /web/console), with its own login and roles. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import * as r from '../rules.js';
import {
  ok,
  secondFactorCode,
  secondFactorConfirm,
  secondFactorDisable,
  secondFactorRecovery,
  secondFactorSetup,
  secondFactorStatus,
  userInfo,
} from './auth.js';
import { award, kycSubmission } from './user.js';

export const operator = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(['supervisor', 'admin', 'reviewer']),
});

export const consoleLogin = defineEndpoint({
  method: 'POST',
  path: '/console/login',
  auth: 'public',
  tag: 'console',
  summary:
    'Operator login; its token works only for the console API. An operator with two-step verification gives `totpCode` too (without it a right password answers 422 reason `totpRequired`). Without it enrolled (and OPERATOR_TOTP_REQUIRED on) the session may only call /console/me, /console/logout and /console/totp/*.',
  request: z.object({ username: r.loginName, password: r.anyPassword, totpCode: secondFactorCode.optional() }),
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
  summary: 'The logged-in operator, and whether their two-step verification is on (or must be set up first).',
  request: z.object({}),
  data: operator.extend({
    totpEnabled: z.boolean(),
    /** Until it is on, every other console endpoint answers 403 `totpEnrolmentRequired`. */
    totpRequired: z.boolean(),
  }),
});

export const consoleTotpStatus = defineEndpoint({
  method: 'GET',
  path: '/console/totp/status',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: "Whether the operator's own two-step verification (TOTP) is on, and how many recovery codes are left.",
  request: z.object({}),
  data: secondFactorStatus,
});

export const consoleTotpStart = defineEndpoint({
  method: 'POST',
  path: '/console/totp/start',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    'Start enrolling the operator in two-step verification: a new secret as an otpauth:// URI (QR) and in base32. Refused while it is on.',
  request: z.object({}).optional().default({}),
  data: secondFactorSetup,
});

export const consoleTotpConfirm = defineEndpoint({
  method: 'POST',
  path: '/console/totp/confirm',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'Confirm the enrolment with a current code; answers ten one-time recovery codes, shown this once.',
  request: secondFactorConfirm,
  data: secondFactorRecovery,
});

export const consoleTotpDisable = defineEndpoint({
  method: 'POST',
  path: '/console/totp/disable',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "Turn the operator's two-step verification off (to enrol a new phone), proven with a current or recovery code or the password.",
  request: secondFactorDisable,
  data: ok,
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

// ------------------------------------------------------------------------------------------------ awards

/** An award to show customers: only a real, named one, with who gave it and where it is published. */
export const awardInput = z.object({
  name: z.string({ error: r.V.enterName }).trim().min(3, { error: r.V.enterName }).max(120, { error: r.V.nameTooLong }),
  year: r.integer(z.number().int().min(1900, { error: r.V.invalid }).max(2200, { error: r.V.invalid })),
  awardedBy: z
    .string({ error: r.V.enterName })
    .trim()
    .min(2, { error: r.V.enterName })
    .max(120, { error: r.V.nameTooLong }),
  source: z.string({ error: r.V.invalid }).trim().min(3, { error: r.V.invalid }).max(300, { error: r.V.nameTooLong }),
  url: z
    .string()
    .trim()
    .max(500, { error: r.V.invalid })
    .regex(/^https?:\/\/[^\s/]+\.[^\s]+$/, { error: r.V.invalid })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const consoleAward = award.extend({ createdBy: z.string().nullable(), createTimeTimestamp: z.number().int() });

export const awardList = defineEndpoint({
  method: 'GET',
  path: '/console/awards',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary: 'The awards customers see (none: the figure is hidden), newest year first.',
  request: z.object({}),
  data: z.array(consoleAward),
});

export const awardCreate = defineEndpoint({
  method: 'POST',
  path: '/console/awards',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Add an award with its source (a year after this one is refused); audited.',
  request: awardInput,
  data: consoleAward,
});

export const awardDelete = defineEndpoint({
  method: 'POST',
  path: '/console/awards/:id/delete',
  auth: 'operator',
  role: 'admin',
  tag: 'console',
  summary: 'Remove an award; audited with what it said.',
  request: z.object({}).optional().default({}),
  params: z.object({ id: r.id }),
  data: ok,
});
