/** Accounts and sign-in (SPEC §7 "Auth and user"). */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { AccountType, EmailCodePurpose } from '../enums.js';
import * as r from '../rules.js';

export const ok = z.object({ ok: z.literal(true) });

export const companyProfile = z.object({
  companyName: z.string(),
  licenceNumber: z.string(),
  officeAddress: z.string(),
  placeOfRegistration: z.string(),
  corporateBankAccount: z.string(),
  officerName: z.string(),
  officerIdType: z.enum(['idCard', 'passport', 'DL']),
  officerIdNumber: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfile>;

export const userInfo = z.object({
  /** Internal numeric id (getUserInfoById). */
  id: z.number().int(),
  /** The user ID chosen at registration (login name). */
  userId: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  country: z.string().nullable(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  nationalNumber: z.string().nullable(),
  invitationCode: z.string(),
  creditScore: z.number().int(),
  accountType: z.union([z.literal(AccountType.Individual), z.literal(AccountType.Company)]),
  /** ReviewStatus: 0 none, 1 pending, 2 failed, 3 approved. */
  kycStatus: z.number().int(),
  kycReason: z.string().nullable(),
  hasPayPassword: z.boolean(),
  language: z.string(),
  company: companyProfile.nullable(),
  createTimeTimestamp: z.number().int(),
  wsUrl: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const session = z.object({
  token: z.string(),
  wsUrl: z.string(),
  expiresAt: z.number().int(),
  user: userInfo,
});
export type Session = z.infer<typeof session>;

/**
 * A second-factor code: the 6 digits an authenticator app shows, or one of the recovery codes
 * (XXXX-XXXX-XXXX; dashes, spaces and case do not matter).
 */
export const secondFactorCode = z.string().trim().max(40);

export const loginByUsername = defineEndpoint({
  method: 'POST',
  path: '/loginByUsername',
  auth: 'public',
  tag: 'auth',
  summary:
    'Log in with a user ID or an email and the login password. Each login issues a new token. With two-step verification on, `totpCode` is required too: without it a right password answers 422 reason `totpRequired`.',
  request: z.object({ username: r.loginName, password: r.anyPassword, totpCode: secondFactorCode.optional() }),
  data: session,
});

// ------------------------------------------------------------------ second factor (TOTP), customers and operators

export const secondFactorStatus = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
});
/** The only answer that ever carries the secret: the start of an enrolment, before it is confirmed. */
export const secondFactorSetup = z.object({
  /** otpauth://totp/... for a QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing into the app by hand. */
  secret: z.string(),
});
export const secondFactorConfirm = z.object({ code: secondFactorCode.min(1, { error: r.V.enterCode }) });
/** Shown once: only their hashes are kept. */
export const secondFactorRecovery = z.object({ recoveryCodes: z.array(z.string()) });
export const secondFactorDisable = z.object({
  code: secondFactorCode.optional(),
  password: z.string().max(128).optional(),
});

export const totpStatus = defineEndpoint({
  method: 'GET',
  path: '/totp/status',
  auth: 'user',
  tag: 'auth',
  summary: 'Whether two-step verification (TOTP) is on, and how many recovery codes are left.',
  request: z.object({}),
  data: secondFactorStatus,
});

export const totpStart = defineEndpoint({
  method: 'POST',
  path: '/totp/start',
  auth: 'user',
  tag: 'auth',
  summary:
    'Start turning on two-step verification: a new secret (as an otpauth:// URI for a QR code and in base32). Nothing changes until it is confirmed with a code; starting again replaces an unconfirmed secret.',
  request: z.object({}).optional().default({}),
  data: secondFactorSetup,
});

export const totpConfirm = defineEndpoint({
  method: 'POST',
  path: '/totp/confirm',
  auth: 'user',
  tag: 'auth',
  summary:
    'Confirm the enrolment with a current code from the app: two-step verification is then on. Answers ten one-time recovery codes, shown this once.',
  request: secondFactorConfirm,
  data: secondFactorRecovery,
});

export const totpDisable = defineEndpoint({
  method: 'POST',
  path: '/totp/disable',
  auth: 'user',
  tag: 'auth',
  summary: 'Turn two-step verification off, proven with a current code (or a recovery code) or the login password.',
  request: secondFactorDisable,
  data: ok,
});

export const loginByEmailCode = defineEndpoint({
  method: 'POST',
  path: '/loginByEmailCode',
  auth: 'public',
  tag: 'auth',
  summary:
    'Log in with the account email and a code sent to it (purpose login), without the password. Works while password sign-in is paused after too many failures, so a stranger cannot lock the owner out.',
  request: z.object({ email: r.email, emailCode: r.emailCode, totpCode: secondFactorCode.optional() }),
  data: session,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/logout',
  auth: 'user',
  tag: 'auth',
  summary: 'Revoke the token of this request (our addition: SPEC §7 lists no logout call).',
  request: z.object({}).strict().optional().default({}),
  data: ok,
});

export const getEmailCode = defineEndpoint({
  method: 'POST',
  path: '/getEmailCode',
  auth: 'optional',
  tag: 'auth',
  summary:
    'Send a 6-digit code to an email, for one purpose. Single use, valid 10 minutes, one per minute per address and purpose, five per hour per address and source, ten per hour per address. The answer is the same whether or not an account uses the address (no mail is sent then; for purpose register the owner of a registered address gets a notice instead of a code).',
  request: z.object({
    email: r.email,
    purpose: z
      .enum([
        EmailCodePurpose.register,
        EmailCodePurpose.resetPassword,
        EmailCodePurpose.payPassword,
        EmailCodePurpose.login,
      ])
      .default('register'),
  }),
  data: z.object({ expiresInSeconds: z.number().int(), resendInSeconds: z.number().int() }),
});

const registrationBase = {
  email: r.email,
  emailCode: r.emailCode,
  password: r.password,
  invitationCode: r.invitationCode.optional(),
  agree: r.agreement,
  language: z.enum(['en', 'nl', 'zh-Hans']).optional(),
};

export const registerIndividualRequest = z.object({
  ...registrationBase,
  userId: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  country: r.country,
  phone: r.phone.optional(),
});

/** Individual account (type 2) with a chosen user ID: auth/registerindividual. */
export const register = defineEndpoint({
  method: 'POST',
  path: '/register',
  auth: 'public',
  tag: 'auth',
  summary: 'Register an individual account (type 2) with a chosen user ID, names, country and an email code.',
  request: registerIndividualRequest,
  data: session,
});

export const registerCompanyRequest = z.object({
  ...registrationBase,
  userId: r.userId,
  companyName: r.companyName,
  licenceNumber: r.licenceNumber,
  officeAddress: r.address,
  placeOfRegistration: r.country,
  corporateBankAccount: z
    .string()
    .trim()
    .min(1, { error: r.V.enterBankAccountName })
    .max(50, { error: r.V.nameTooLong }),
  officerFirstName: r.firstName,
  officerLastName: r.lastName,
  officerIdType: r.idType,
  officerIdNumber: r.idNumber,
  phone: r.phone.optional(),
});

/** Company account (type 4): auth/registercompany. */
export const registerCompany = defineEndpoint({
  method: 'POST',
  path: '/register/email',
  auth: 'public',
  tag: 'auth',
  summary:
    'Register a company account (type 4) with the corporate fields of SPEC §3; documents are uploaded in the verification step.',
  request: registerCompanyRequest,
  data: session,
});

/** Email-first quick sign-up: auth/register. The user ID is made from the email and can be used to log in. */
export const registerQuick = defineEndpoint({
  method: 'POST',
  path: '/new/register/email',
  auth: 'public',
  tag: 'auth',
  summary:
    'Email-first sign-up of an individual account: email, code and password only. A user ID is assigned; names and country come with identity verification.',
  request: z.object(registrationBase),
  data: session,
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/resetPassword',
  auth: 'public',
  tag: 'auth',
  summary: 'Set a new login password with an email code (purpose resetPassword). Revokes every token of the user.',
  request: z.object({ email: r.email, emailCode: r.emailCode, password: r.newPassword }),
  data: ok,
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/updatePassword',
  auth: 'user',
  tag: 'auth',
  summary: 'Change the login password. Revokes every token of the user, this one included: log in again.',
  request: z.object({ oldPassword: r.anyPassword, password: r.newPassword }),
  data: ok,
});

export const settingPayPassword = defineEndpoint({
  method: 'POST',
  path: '/settingPayPassword',
  auth: 'user',
  tag: 'auth',
  summary: 'Set the 6-digit transaction password for the first time.',
  request: z.object({ payPassword: r.payPassword }),
  data: ok,
});

export const updatePayPassword = defineEndpoint({
  method: 'POST',
  path: '/updatePayPassword',
  auth: 'user',
  tag: 'auth',
  summary:
    'Change the transaction password, proving it with the old one or, when forgotten, with an email code (purpose payPassword).',
  request: z
    .object({
      oldPayPassword: z.string().optional(),
      emailCode: r.emailCode.optional(),
      payPassword: r.payPassword,
    })
    .refine((b) => Boolean(b.oldPayPassword) !== Boolean(b.emailCode), {
      error: r.V.enterPayPassword,
      path: ['oldPayPassword'],
    }),
  data: ok,
});
