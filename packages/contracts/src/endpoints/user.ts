/** The logged-in user, identity submission, files and reference data. */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import * as r from '../rules.js';
import { ok, userInfo } from './auth.js';

export const userInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/user/info',
  auth: 'user',
  tag: 'user',
  summary: 'The logged-in user with the labels of SPEC §3 and the wsUrl for live quotes.',
  request: z.object({}).optional().default({}),
  data: userInfo,
});

export const getUserInfoById = defineEndpoint({
  method: 'POST',
  path: '/getUserInfoById',
  auth: 'user',
  tag: 'user',
  summary: "A user's info by internal id; only one's own: any other id answers 404.",
  request: z.object({ id: r.id }),
  data: userInfo,
});

export const updateProfile = defineEndpoint({
  method: 'POST',
  path: '/user/profile',
  auth: 'user',
  tag: 'user',
  summary:
    'Update contact details and the preferred language (our addition; identity fields change only through /updateReal).',
  request: z.object({
    phone: r.phone.optional(),
    addressLine: r.address.optional(),
    city: r.shortText.optional(),
    postalCode: r.shortText.max(20, { error: r.V.nameTooLong }).optional(),
    language: z.enum(['en', 'nl', 'zh-Hans']).optional(),
  }),
  data: userInfo,
});

/**
 * The customer's invitation (SPEC §2 profile/share): the code, and how many people signed up with it. Our addition:
 * the spec names the page, not its call. No commission or reward: the app publishes no referral terms.
 */
export const referrals = defineEndpoint({
  method: 'POST',
  path: '/user/referrals',
  auth: 'user',
  tag: 'user',
  summary: "The caller's invitation code and how many people signed up with it (and of them, how many are verified).",
  request: z.object({}).optional().default({}),
  data: z.object({
    invitationCode: z.string(),
    /** Accounts registered with this code. */
    signedUp: z.number().int(),
    /** Of those, accounts whose identity is verified. */
    verified: z.number().int(),
  }),
});

export const kycSubmission = z.object({
  id: z.number().int(),
  status: z.number().int(),
  idType: z.enum(['idCard', 'passport', 'DL']),
  country: z.string(),
  reason: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  reviewTimeTimestamp: z.number().int().nullable(),
});

/**
 * Identity verification (SPEC §2 kyc/individual). An ID card needs front and back, a passport
 * the photo page, a driver's licence front and back. Company accounts add their licence and
 * bank documents. The submission waits for review (status 1).
 */
export const updateReal = defineEndpoint({
  method: 'POST',
  path: '/updateReal',
  auth: 'user',
  tag: 'user',
  summary: 'Submit identity verification documents; the review answers within 24 hours in the inbox.',
  request: z
    .object({
      firstName: r.firstName,
      lastName: r.lastName,
      country: r.country,
      idType: r.idType,
      idNumber: r.idNumber,
      frontFileId: r.fileId,
      backFileId: r.fileId.optional(),
      addressLine: r.address.optional(),
      city: r.shortText.optional(),
      postalCode: r.shortText.max(20, { error: r.V.nameTooLong }).optional(),
      licenceFileId: r.fileId.optional(),
      bankFileId: r.fileId.optional(),
    })
    .refine((b) => b.idType === 'passport' || Boolean(b.backFileId), {
      error: r.V.uploadCredentials,
      path: ['backFileId'],
    }),
  data: kycSubmission,
});

export const uploadedFile = z.object({
  fileId: z.string(),
  /** A signed address valid for one hour, for showing the file back to its owner. */
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileUpload = defineEndpoint({
  method: 'POST',
  path: '/file/upload',
  auth: 'user',
  tag: 'files',
  summary:
    'Upload an image (JPEG, PNG, WebP, GIF; 5 MB) in multipart field `file`. The real type is checked from its bytes.',
  request: z.object({}),
  multipart: true,
  data: uploadedFile,
});

export const fileTermsUpload = defineEndpoint({
  method: 'POST',
  path: '/file/terms/upload',
  auth: 'user',
  tag: 'files',
  summary: 'Upload a document (PDF or image; 5 MB) in multipart field `file`, for corporate papers and proofs.',
  request: z.object({}),
  multipart: true,
  data: uploadedFile,
});

export const consoleFileUpload = defineEndpoint({
  method: 'POST',
  path: '/console/file/upload',
  auth: 'operator',
  role: 'reviewer',
  tag: 'console',
  summary:
    "An operator's image (JPEG, PNG, WebP, GIF; 5 MB) in multipart field `file`, owned by the operator: for a support answer or an article's Markdown (`![text](file:<fileId>)`). The real type is checked from its bytes; unused uploads go after a day.",
  request: z.object({}),
  multipart: true,
  data: uploadedFile,
});

export const appVersion = defineEndpoint({
  method: 'GET',
  path: '/appVersion/getPublishAppVersion',
  auth: 'public',
  tag: 'meta',
  summary: 'The published app version.',
  request: z.object({}),
  data: z.object({ version: z.string(), releasedAt: z.string(), notes: z.string() }),
});

export const area = z.object({ code: z.string(), name: z.string(), dialCode: z.string() });
export const areaInfoList = defineEndpoint({
  method: 'GET',
  path: '/areaInfo/list',
  auth: 'public',
  tag: 'meta',
  summary: 'Countries (ISO 3166 code, name in the request language, dial code) for registration and KYC.',
  request: z.object({}),
  data: z.array(area),
});

export const dictEntry = z.object({ key: z.string(), value: z.unknown() });
export const dictData = defineEndpoint({
  method: 'GET',
  path: '/dict/data',
  auth: 'public',
  tag: 'meta',
  summary:
    'Operator-editable content by type: `brand` (name, tagline), `app` (release notes), `support` (contact), `config` (default language). The figures of SPEC §1 are counted, not typed: GET /dict/figures.',
  request: z.object({ type: z.enum(['brand', 'support', 'config', 'app']) }),
  data: z.array(dictEntry),
});

/** An award as customers see it: named, dated, with who gave it and where that can be checked. */
export const award = z.object({
  id: z.number().int(),
  name: z.string(),
  year: z.number().int(),
  awardedBy: z.string(),
  /** Where it is published (e.g. the awarding body's announcement), as text. */
  source: z.string(),
  url: z.string().nullable(),
});
export type Award = z.infer<typeof award>;

export const figures = defineEndpoint({
  method: 'GET',
  path: '/dict/figures',
  auth: 'public',
  tag: 'meta',
  summary:
    "The reach figures of SPEC §1, counted by the server from the instrument universe (docs/decisions.md): `exchanges` (exchanges listing our instruments; OTC forex, calculated indices and the robot's crypto pairs are none), `countries` (where those exchanges are), `markets` (the markets the app lists: each stock market, forex, futures, global indices); and the awards an operator entered with their source (none: the figure is not shown).",
  request: z.object({}),
  data: z.object({
    exchanges: z.number().int(),
    countries: z.number().int(),
    markets: z.number().int(),
    awards: z.array(award),
  }),
});

export { ok };
