/**
 * Validation rules of SPEC §5, shared by the server (request schemas) and the forms (field
 * rules). Where the spec gives several readings, the one chosen is named here and argued in
 * docs/decisions.md. Every message is a key of the `validation` catalogue in ./locales.
 */
import { z } from 'zod';
import {
  cryptoAddressMatches as addressMatches,
  type CryptoNetwork,
  isIban,
  isSwift,
  looksLikeIban,
} from './addresses.js';
import { IdType } from './enums.js';

/** Keys of the validation catalogue, so a typo in a key fails the typecheck. */
export const V = {
  enterEmail: 'validation.enterEmail',
  emailFormat: 'validation.emailFormat',
  enterUserId: 'validation.enterUserId',
  userIdFormat: 'validation.userIdFormat',
  enterCode: 'validation.enterCode',
  codeFormat: 'validation.codeFormat',
  enterPassword: 'validation.enterPassword',
  passwordFormat: 'validation.passwordFormat',
  enterNewPassword: 'validation.enterNewPassword',
  passwordsDiffer: 'validation.passwordsDiffer',
  enterFirstName: 'validation.enterFirstName',
  enterName: 'validation.enterName',
  nameTooLong: 'validation.nameTooLong',
  enterPassport: 'validation.enterPassport',
  enterIdCard: 'validation.enterIdCard',
  enterIdNumber: 'validation.enterIdNumber',
  idNumberFormat: 'validation.idNumberFormat',
  uploadImage: 'validation.uploadImage',
  correctAmount: 'validation.correctAmount',
  addQuantity: 'validation.addQuantity',
  selectCountry: 'validation.selectCountry',
  enterBankName: 'validation.enterBankName',
  enterBankAccountName: 'validation.enterBankAccountName',
  selectBankCard: 'validation.selectBankCard',
  enterPayPassword: 'validation.enterPayPassword',
  payPasswordFormat: 'validation.payPasswordFormat',
  uploadCredentials: 'validation.uploadCredentials',
  agreeFirst: 'validation.agreeFirst',
  selectCurrency: 'validation.selectCurrency',
  enterWalletAddress: 'validation.enterWalletAddress',
  enterKey: 'validation.enterKey',
  enterPurchaseAmount: 'validation.enterPurchaseAmount',
  enterAmount: 'validation.enterAmount',
  phoneFormat: 'validation.phoneFormat',
  invitationFormat: 'validation.invitationFormat',
  licenceFormat: 'validation.licenceFormat',
  enterCompanyName: 'validation.enterCompanyName',
  enterAddress: 'validation.enterAddress',
  enterSearch: 'validation.enterSearch',
  instrumentCode: 'validation.instrumentCode',
  invalid: 'validation.invalid',
  selectWallet: 'validation.selectWallet',
  sameWallet: 'validation.sameWallet',
  minDeposit: 'validation.minDeposit',
  txHashFormat: 'validation.txHashFormat',
  bankAccountFormat: 'validation.bankAccountFormat',
  ibanFormat: 'validation.ibanFormat',
  swiftFormat: 'validation.swiftFormat',
  abaFormat: 'validation.abaFormat',
  walletAddressFormat: 'validation.walletAddressFormat',
  enterReason: 'validation.enterReason',
  signedAmount: 'validation.signedAmount',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

/** Trims, then requires something; `required` is the catalogue's "Please enter ..." message. */
const text = (required: ValidationKey, max = 50, tooLong: ValidationKey = V.nameTooLong) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** SPEC §5: text@text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const email = z
  .string({ error: V.enterEmail })
  .trim()
  .min(1, { error: V.enterEmail })
  .max(254, { error: V.emailFormat })
  .regex(EMAIL_PATTERN, { error: V.emailFormat })
  .transform((s) => s.toLowerCase());

/** User ID: 4–20 characters, letters, digits and underscore (SPEC §5 minimum 4; 20 is ours). */
export const USER_ID_PATTERN = /^[A-Za-z0-9_]{4,20}$/;
export const userId = z
  .string({ error: V.enterUserId })
  .trim()
  .min(1, { error: V.enterUserId })
  .regex(USER_ID_PATTERN, { error: V.userIdFormat });

/** Login identifier: a user ID or an email (SPEC §2 login screen). */
export const loginName = z
  .string({ error: V.enterUserId })
  .trim()
  .min(1, { error: V.enterUserId })
  .max(254, { error: V.userIdFormat });

/**
 * Login password: 8–20 characters from the SPEC §5 alphabet (letters, digits and
 * !@#$%^&*-_™€<>+=). Of the readings 4+, 6–20 and 8–20 we take 8–20 for every account type:
 * it is the corporate hint and the safest.
 */
export const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*\-_™€<>+=]{8,20}$/;
export const password = z
  .string({ error: V.enterPassword })
  .min(1, { error: V.enterPassword })
  .regex(PASSWORD_PATTERN, { error: V.passwordFormat });
export const newPassword = z
  .string({ error: V.enterNewPassword })
  .min(1, { error: V.enterNewPassword })
  .regex(PASSWORD_PATTERN, { error: V.passwordFormat });
/** When checking a password at login we accept anything non-empty: the hash decides. */
export const anyPassword = z.string({ error: V.enterPassword }).min(1, { error: V.enterPassword }).max(128);

/** Transaction password: exactly 6 digits (readings "max 6" and "minimum 6"). */
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
export const payPassword = z
  .string({ error: V.enterPayPassword })
  .min(1, { error: V.enterPayPassword })
  .regex(PAY_PASSWORD_PATTERN, { error: V.payPasswordFormat });

/** Email verification code: 6 digits. */
export const emailCode = z
  .string({ error: V.enterCode })
  .trim()
  .min(1, { error: V.enterCode })
  .regex(/^\d{6}$/, { error: V.codeFormat });

/** Invitation code: optional; ours are 8 letters and digits, we accept 4–12. */
export const invitationCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,12}$/, { error: V.invitationFormat })
  .transform((s) => s.toUpperCase());

export const firstName = text(V.enterFirstName, 50);
export const lastName = text(V.enterName, 50);
export const personName = text(V.enterName, 50);
export const companyName = text(V.enterCompanyName, 100);
export const address = text(V.enterAddress, 200);

/** Phone: "longer than 8 and shorter than 14" -> 9 to 13 digits, an optional leading +. */
export const PHONE_PATTERN = /^\+?\d{9,13}$/;
export const phone = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, { error: V.phoneFormat }));

/** Corporate licence number: SPEC §5 corporate ID hint, 3–15 letters and digits. */
export const licenceNumber = z
  .string({ error: V.licenceFormat })
  .trim()
  .regex(/^[A-Za-z0-9]{3,15}$/, { error: V.licenceFormat });

/** ISO 3166-1 alpha-2 country code from /areaInfo/list. */
export const country = z
  .string({ error: V.selectCountry })
  .trim()
  .regex(/^[A-Z]{2}$/, { error: V.selectCountry });

export const idType = z.enum([IdType.idCard, IdType.passport, IdType.DL], { error: V.invalid });

/** Document numbers: 5–30 letters, digits or dashes; the required message depends on the type. */
export const ID_NUMBER_PATTERN = /^[A-Za-z0-9-]{5,30}$/;
export const idNumberFor = (type: IdType) =>
  z
    .string()
    .trim()
    .min(1, {
      error: type === 'passport' ? V.enterPassport : type === 'idCard' ? V.enterIdCard : V.enterIdNumber,
    })
    .regex(ID_NUMBER_PATTERN, { error: V.idNumberFormat });
export const idNumber = z
  .string({ error: V.enterIdNumber })
  .trim()
  .min(1, { error: V.enterIdNumber })
  .regex(ID_NUMBER_PATTERN, { error: V.idNumberFormat });

/** SPEC §5: amount greater than 0 with at most 2 decimals, as a decimal string. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
export const amount = z
  .string({ error: V.enterAmount })
  .trim()
  .min(1, { error: V.enterAmount })
  .regex(AMOUNT_PATTERN, { error: V.correctAmount })
  .refine((s) => /[1-9]/.test(s), { error: V.correctAmount });

/** Consent to the user agreement must be given as `true`. */
export const agreement = z.literal(true, { error: V.agreeFirst });

/** Server-made file id from /file/upload. */
export const fileId = z.string({ error: V.uploadImage }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: V.uploadImage });

/** Positive whole number in a query string or body (ids, pages). */
export const id = z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).positive({ error: V.invalid });
export const page = z.coerce
  .number({ error: V.invalid })
  .int({ error: V.invalid })
  .min(1, { error: V.invalid })
  .default(1);
export const pageSize = z.coerce
  .number({ error: V.invalid })
  .int({ error: V.invalid })
  .min(1, { error: V.invalid })
  .max(100, { error: V.invalid })
  .default(20);

// ------------------------------------------------------------------------------------------------ money

/** SPEC §5/§9: a deposit is at least 1 (smaller deposits are not refunded), 2 decimals at most. */
export const depositAmount = amount.refine((s) => Number.parseFloat(s) >= 1, { error: V.minDeposit });

/** An operator adjustment: a non-zero signed amount with at most 2 decimals. */
export const SIGNED_AMOUNT_PATTERN = /^-?(0|[1-9]\d{0,14})(\.\d{1,2})?$/;
export const signedAmount = z
  .string({ error: V.enterAmount })
  .trim()
  .regex(SIGNED_AMOUNT_PATTERN, { error: V.signedAmount })
  .refine((s) => /[1-9]/.test(s), { error: V.signedAmount });

/** A blockchain transaction id: 16–100 letters and digits (optionally 0x-prefixed). */
export const txHash = z
  .string()
  .trim()
  .regex(/^(0x)?[A-Za-z0-9]{16,100}$/, { error: V.txHashFormat });

/** Why an operator did something; the customer sees it. */
export const operatorReason = z
  .string({ error: V.enterReason })
  .trim()
  .min(3, { error: V.enterReason })
  .max(500, { error: V.nameTooLong });

export const bankName = text(V.enterBankName, 100);
export const holderName = text(V.enterBankAccountName, 100);
export const shortText = z.string().trim().max(100, { error: V.nameTooLong });
export const shortCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, { error: V.invalid });
export const abaRouting = z
  .string()
  .trim()
  .regex(/^\d{9}$/, { error: V.abaFormat });
export const swift = z
  .string()
  .trim()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .refine(isSwift, { error: V.swiftFormat });

/**
 * Card, account or IBAN number: spaces are dropped; something that starts like an IBAN must pass the
 * IBAN check digits, anything else is 6–34 letters and digits (card and local account numbers).
 */
export const bankAccountNumber = z
  .string({ error: V.bankAccountFormat })
  .trim()
  .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: V.bankAccountFormat })
      .regex(/^[A-Z0-9]{6,34}$/, { error: V.bankAccountFormat })
      .refine((s) => !looksLikeIban(s) || isIban(s), { error: V.ibanFormat }),
  );

export const walletAddress = text(V.enterWalletAddress, 120, V.walletAddressFormat);
export const cryptoAddressMatches = (network: CryptoNetwork, address: string) => addressMatches(network, address);
