import { Code, E, type ErrorKey, type ValidationKey } from '@beurs/contracts';

/**
 * An expected failure with its envelope code and a catalogue key; the envelope plugin
 * translates it. Anything else that is thrown becomes a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: ErrorKey | ValidationKey,
    readonly params: Record<string, unknown> = {},
    /** Machine-readable cause (422) or the field (400). */
    readonly reason?: string,
    readonly field?: string,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const invalid = (key: ValidationKey | ErrorKey, field?: string) =>
  new AppError(Code.invalid, key, {}, undefined, field);
export const notFound = () => new AppError(Code.notFound, E.notFound);
export const conflict = (key: ErrorKey, field?: string) => new AppError(Code.conflict, key, {}, undefined, field);
export const rule = (key: ErrorKey, params: Record<string, unknown> = {}, reason?: string) =>
  new AppError(Code.rule, key, params, reason ?? key.split('.').pop());
export const tooMany = (key: ErrorKey = E.tooMany, params: Record<string, unknown> = {}) =>
  new AppError(Code.tooMany, key, params);
/** The server is at a bound it keeps (a full queue): the request was not taken and may be sent again. */
export const busy = () => new AppError(Code.tooMany, E.busy);
export const unauthenticated = () => new AppError(Code.unauthenticated, E.loginExpired);
export const forbidden = () => new AppError(Code.forbidden, E.forbidden);
