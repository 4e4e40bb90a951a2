/** The response envelope of SPEC §8 and the error codes of ARCHITECTURE.md. */
import { z } from 'zod';

export const Code = {
  ok: 200,
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMedia: 415,
  rule: 422,
  tooMany: 429,
  internal: 500,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Keys of the `errors` catalogue; the server translates msg from these. */
export const E = {
  loginExpired: 'errors.loginExpired',
  forbidden: 'errors.forbidden',
  notFound: 'errors.notFound',
  urlNotFound: 'errors.urlNotFound',
  internal: 'errors.internal',
  tooMany: 'errors.tooMany',
  busy: 'errors.busy',
  tooManyLogins: 'errors.tooManyLogins',
  wrongCredentials: 'errors.wrongCredentials',
  demoOperatorExposed: 'errors.demoOperatorExposed',
  accountDisabled: 'errors.accountDisabled',
  codeWrong: 'errors.codeWrong',
  codeExpired: 'errors.codeExpired',
  codeUsed: 'errors.codeUsed',
  codeTooSoon: 'errors.codeTooSoon',
  codeTooMany: 'errors.codeTooMany',
  emailTaken: 'errors.emailTaken',
  userIdTaken: 'errors.userIdTaken',
  invitationUnknown: 'errors.invitationUnknown',
  emailUnknown: 'errors.emailUnknown',
  wrongOldPassword: 'errors.wrongOldPassword',
  samePassword: 'errors.samePassword',
  payPasswordAlreadySet: 'errors.payPasswordAlreadySet',
  payPasswordNotSet: 'errors.payPasswordNotSet',
  wrongPayPassword: 'errors.wrongPayPassword',
  totpRequired: 'errors.totpRequired',
  totpWrong: 'errors.totpWrong',
  totpAlreadyOn: 'errors.totpAlreadyOn',
  totpNotOn: 'errors.totpNotOn',
  totpEnrolmentRequired: 'errors.totpEnrolmentRequired',
  totpDisableProof: 'errors.totpDisableProof',
  uploadTooLarge: 'errors.uploadTooLarge',
  bodyTooLarge: 'errors.bodyTooLarge',
  uploadQuota: 'errors.uploadQuota',
  uploadType: 'errors.uploadType',
  uploadMissing: 'errors.uploadMissing',
  fileNotYours: 'errors.fileNotYours',
  kycPending: 'errors.kycPending',
  kycApproved: 'errors.kycApproved',
  operationFailed: 'errors.operationFailed',
  invalidBody: 'errors.invalidBody',
  idempotencyMismatch: 'errors.idempotencyMismatch',
  instrumentNotFound: 'errors.instrumentNotFound',
  watchlistFull: 'errors.watchlistFull',
  watchlistOrder: 'errors.watchlistOrder',
  subscriptionLimit: 'errors.subscriptionLimit',
  idempotencyKeyMissing: 'errors.idempotencyKeyMissing',
  idempotencyKeyInvalid: 'errors.idempotencyKeyInvalid',
  insufficientBalance: 'errors.insufficientBalance',
  kycRequired: 'errors.kycRequired',
  transferNotCancellable: 'errors.transferNotCancellable',
  transferCancelExpired: 'errors.transferCancelExpired',
  transferAlreadyCancelled: 'errors.transferAlreadyCancelled',
  rateUnavailable: 'errors.rateUnavailable',
  channelClosed: 'errors.channelClosed',
  belowChannelMinimum: 'errors.belowChannelMinimum',
  alreadyReviewed: 'errors.alreadyReviewed',
  withdrawalNotPending: 'errors.withdrawalNotPending',
  adjustmentOwnProposal: 'errors.adjustmentOwnProposal',
  adjustmentNeedsSupervisor: 'errors.adjustmentNeedsSupervisor',
  adjustmentNotYours: 'errors.adjustmentNotYours',
  userAccountsFull: 'errors.userAccountsFull',
  userAccountKind: 'errors.userAccountKind',
  channelWalletCurrency: 'errors.channelWalletCurrency',
  marketClosed: 'errors.marketClosed',
  notTradable: 'errors.notTradable',
  leverageTooHigh: 'errors.leverageTooHigh',
  belowMinQuantity: 'errors.belowMinQuantity',
  quantityStep: 'errors.quantityStep',
  insufficientMargin: 'errors.insufficientMargin',
  termsChanged: 'errors.termsChanged',
  positionNotOpen: 'errors.positionNotOpen',
  orderNotCancellable: 'errors.orderNotCancellable',
  closeQuantityTooLarge: 'errors.closeQuantityTooLarge',
  stopLossInvalid: 'errors.stopLossInvalid',
  takeProfitInvalid: 'errors.takeProfitInvalid',
  leverageAboveEsma: 'errors.leverageAboveEsma',
  priceUnavailable: 'errors.priceUnavailable',
  offeringNotFound: 'errors.offeringNotFound',
  offeringNotOpen: 'errors.offeringNotOpen',
  offeringWholeLots: 'errors.offeringWholeLots',
  offeringAboveOffered: 'errors.offeringAboveOffered',
  offeringAlreadySubscribed: 'errors.offeringAlreadySubscribed',
  offeringTotalAboveTicket: 'errors.offeringTotalAboveTicket',
} as const;
export type ErrorKey = (typeof E)[keyof typeof E];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
  /** Machine-readable cause for 422 answers. */
  reason?: string;
  /** Field the 400 is about (first failing field). */
  field?: string;
  /** Present on 500 answers so support can find the log line. */
  requestId?: string;
}

export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data: data.nullable(),
    reason: z.string().optional(),
    field: z.string().optional(),
    requestId: z.string().optional(),
  });
