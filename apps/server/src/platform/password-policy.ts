/**
 * New login passwords (NIST SP 800-63B §5.1.1.2): the shape rule of the contract, plus a
 * blocklist of common and breached passwords and the user's own words. The list is the one
 * zxcvbn-ts ships (@zxcvbn-ts/language-common, about 49 000 entries); it stays on the server
 * because it would triple the app's bundle.
 */
import { rules } from '@beurs/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalid } from './errors.js';

/** Shorter entries fail the length rule anyway. Folded as passwordProblem folds. */
const blocklist: ReadonlySet<string> = new Set(
  dictionary['passwords-common']
    .filter((w) => [...w].length >= rules.PASSWORD_MIN_LENGTH)
    .map((w) => w.normalize('NFKC').toLowerCase()),
);

export const isCommonPassword = (password: string) => blocklist.has(password.normalize('NFKC').toLowerCase());

/**
 * Why a new password is refused (a validation key), or undefined. `context`: the user ID, the
 * email (its local part is what is looked for) and the brand name.
 */
export function newPasswordProblem(password: string, context: readonly string[]) {
  const words = context.map((w) => (w.includes('@') ? w.slice(0, w.lastIndexOf('@')) : w));
  return rules.passwordProblem(password, blocklist, words);
}

/** Refuses a new password with a translated 400 on `field`. */
export function assertNewPassword(password: string, context: readonly string[], field = 'password') {
  const problem = newPasswordProblem(password, context);
  if (problem) throw invalid(problem, field);
}
