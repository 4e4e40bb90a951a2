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
  passwordCommon: 'validation.passwordCommon',
  passwordPersonal: 'validation.passwordPersonal',
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
  enterPayoutReference: 'validation.enterPayoutReference',
  payoutReferenceFormat: 'validation.payoutReferenceFormat',
  payoutTxHashFormat: 'validation.payoutTxHashFormat',
  bankAccountFormat: 'validation.bankAccountFormat',
  ibanFormat: 'validation.ibanFormat',
  swiftFormat: 'validation.swiftFormat',
  abaFormat: 'validation.abaFormat',
  walletAddressFormat: 'validation.walletAddressFormat',
  enterReason: 'validation.enterReason',
  signedAmount: 'validation.signedAmount',
  badCharacters: 'validation.badCharacters',
  singleLine: 'validation.singleLine',
  enterTitle: 'validation.enterTitle',
  enterText: 'validation.enterText',
  textTooLong: 'validation.textTooLong',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];

// ------------------------------------------------------------------------------------------ hostile text

/**
 * Characters no text field takes: C0 controls other than tab, line feed and carriage return (NUL among them:
 * PostgreSQL refuses it in text), DEL and the C1 controls. The server refuses them in every string of every
 * request before validation (apps/server/src/platform/hostile-input.ts), so no endpoint can forget it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab, line feed, carriage return: fine in multi-line text (a reason, an address), refused in one-line fields. */
export const LINE_BREAKS = /[\t\n\r]/;

/** A UTF-16 surrogate without its other half: not a character at all (String#isWellFormed is ES2024). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string has a refused control character or a lone surrogate. */
export const isHostileText = (s: string) => CONTROL_CHARACTERS.test(s) || LONE_SURROGATE.test(s);

/** Trims, then requires something on one line; `required` is the catalogue's "Please enter ..." message. */
const text = (required: ValidationKey, max = 50, tooLong: ValidationKey = V.nameTooLong) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((s) => !LINE_BREAKS.test(s), { error: V.singleLine });

/**
 * A whole number, as a JSON number or as decimal digits (query strings carry numbers as text): an optional minus
 * and at most 15 digits. Nothing else: "0x10", "0b11", "1e2", " 12", "" and true are refused, which z.coerce
 * accepted. `out` adds the range (and the message) of the field.
 */
export const DECIMAL_INTEGER_PATTERN = /^-?\d{1,15}$/;
export const integer = <Out extends z.ZodType<unknown, number>>(out: Out, error: ValidationKey = V.invalid) =>
  z.union([z.number().int(), z.string().regex(DECIMAL_INTEGER_PATTERN).transform(Number)], { error }).pipe(out);

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
  .max(254, { error: V.userIdFormat })
  .refine((s) => !LINE_BREAKS.test(s), { error: V.singleLine });

/**
 * Login password, NIST SP 800-63B §5.1.1.2: 8 to 128 characters counted as code points, any
 * printable character (spaces, accents, other scripts), no composition rules. The SPEC §5
 * alphabet (8–20 of letters, digits and !@#$%^&*-_™€<>+=) is gone; its "Please Enter Password"
 * messages stay. Whether a new password is common or holds the user's own words is checked by
 * the server with `passwordProblem` (the blocklist is too large for the app bundle).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Controls and lone surrogates (with the u flag \p{Cs} matches only unpaired halves). */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;
export const passwordShapeOk = (s: string) => {
  const length = [...s].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && !UNPRINTABLE.test(s);
};
export const password = z
  .string({ error: V.enterPassword })
  .min(1, { error: V.enterPassword })
  .refine(passwordShapeOk, { error: V.passwordFormat });
export const newPassword = z
  .string({ error: V.enterNewPassword })
  .min(1, { error: V.enterNewPassword })
  .refine(passwordShapeOk, { error: V.passwordFormat });

/** Context words shorter than this are not looked for inside a password ("ab" is in too many). */
const CONTEXT_WORD_MIN = 4;
const fold = (s: string) => s.normalize('NFKC').toLowerCase();

/**
 * Why a new password is refused, or undefined: its shape, then the blocklist (exact,
 * case-insensitive: a list of common and breached passwords) and the context words (the user
 * ID, the email's local part, the brand name: refused when the password contains one).
 */
export function passwordProblem(
  password: string,
  blocklist: ReadonlySet<string>,
  context: readonly string[] = [],
): ValidationKey | undefined {
  if (!passwordShapeOk(password)) return V.passwordFormat;
  const folded = fold(password);
  if (blocklist.has(folded)) return V.passwordCommon;
  for (const word of context) {
    const w = fold(word.trim());
    if (w.length >= CONTEXT_WORD_MIN && folded.includes(w)) return V.passwordPersonal;
  }
  return undefined;
}

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
/** A product's name in one language (a fund product's, in the console). */
export const productName = text(V.enterName, 100);

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
export const id = integer(z.number().int({ error: V.invalid }).positive({ error: V.invalid }));
export const page = integer(z.number().int({ error: V.invalid }).min(1, { error: V.invalid })).default(1);
export const pageSize = integer(
  z.number().int({ error: V.invalid }).min(1, { error: V.invalid }).max(100, { error: V.invalid }),
).default(20);

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

/**
 * The payout reference an operator records when a withdrawal is paid: a bank's payment reference (SEPA allows
 * up to 35 of letters, digits and / - ? : ( ) . , ' + and space; SWIFT UETRs are 36) or a transaction hash.
 * A crypto payout must also be a transaction hash of its network (checked by the server).
 */
export const payoutReference = z
  .string({ error: V.enterPayoutReference })
  .trim()
  .min(1, { error: V.enterPayoutReference })
  .regex(/^[A-Za-z0-9/?:().,'+\- _]{4,100}$/, { error: V.payoutReferenceFormat });

/** Why an operator did something; the customer sees it. */
export const operatorReason = z
  .string({ error: V.enterReason })
  .trim()
  .min(3, { error: V.enterReason })
  .max(500, { error: V.nameTooLong });

export const bankName = text(V.enterBankName, 100);
export const holderName = text(V.enterBankAccountName, 100);
export const shortText = z
  .string()
  .trim()
  .max(100, { error: V.nameTooLong })
  .refine((s) => !LINE_BREAKS.test(s), { error: V.singleLine });
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
