import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as r from './rules.js';

// The server's blocklist (apps/server/src/platform/password-policy.ts) is this list, folded the same way.
const common = new Set(dictionary['passwords-common'].map((w) => w.toLowerCase()));

/** [schema name, input, expected: true | the catalogue key of the first error] */
type Row = [string, z.ZodType, unknown, true | string];

const rows: Row[] = [
  // SPEC §5: amount > 0, at most 2 decimals
  ['amount', r.amount, '1', true],
  ['amount', r.amount, '0.01', true],
  ['amount', r.amount, '1234.56', true],
  ['amount', r.amount, '0', r.V.correctAmount],
  ['amount', r.amount, '0.00', r.V.correctAmount],
  ['amount', r.amount, '-5', r.V.correctAmount],
  ['amount', r.amount, '1.234', r.V.correctAmount],
  ['amount', r.amount, '1e3', r.V.correctAmount],
  ['amount', r.amount, '01.5', r.V.correctAmount],
  ['amount', r.amount, '', r.V.enterAmount],
  ['amount', r.amount, 12, r.V.enterAmount],
  // email text@text
  ['email', r.email, 'a@b', true],
  ['email', r.email, 'Eva.de.Vries@Example.NL', true],
  ['email', r.email, '', r.V.enterEmail],
  ['email', r.email, 'no-at-sign', r.V.emailFormat],
  ['email', r.email, 'two@@signs', r.V.emailFormat],
  ['email', r.email, 'space in@x', r.V.emailFormat],
  ['email', r.email, '@nolocal', r.V.emailFormat],
  // user ID: >= 4, letters digits underscore, <= 20 (ours)
  ['userId', r.userId, 'abcd', true],
  ['userId', r.userId, 'Eva_2026', true],
  ['userId', r.userId, 'abc', r.V.userIdFormat],
  ['userId', r.userId, 'a'.repeat(21), r.V.userIdFormat],
  ['userId', r.userId, 'has space', r.V.userIdFormat],
  ['userId', r.userId, 'dash-no', r.V.userIdFormat],
  ['userId', r.userId, '', r.V.enterUserId],
  // password, NIST SP 800-63B: 8-128 printable characters (code points), spaces and any script, no composition
  ['password', r.password, 'abcd1234', true],
  ['password', r.password, 'Ab1!@#$%^&*-_™€<>+=', true],
  ['password', r.password, 'with space1', true],
  ['password', r.password, 'quote"char1', true],
  ['password', r.password, 'a'.repeat(21), true],
  ['password', r.password, 'a'.repeat(128), true],
  ['password', r.password, 'wachtwoord met spaties', true],
  ['password', r.password, '密码很长的一句话', true],
  ['password', r.password, '😀😀😀😀😀😀😀😀', true],
  ['password', r.password, 'short1!', r.V.passwordFormat],
  ['password', r.password, '😀😀😀😀', r.V.passwordFormat],
  ['password', r.password, 'a'.repeat(129), r.V.passwordFormat],
  ['password', r.password, 'tab\there1', r.V.passwordFormat],
  ['password', r.password, 'nul\u0000char1', r.V.passwordFormat],
  ['password', r.password, 'lone\uD800half1', r.V.passwordFormat],
  ['password', r.password, '', r.V.enterPassword],
  ['newPassword', r.newPassword, 'new pass phrase', true],
  ['newPassword', r.newPassword, 'seven77', r.V.passwordFormat],
  ['newPassword', r.newPassword, '', r.V.enterNewPassword],
  // transaction password: 6 digits
  ['payPassword', r.payPassword, '123456', true],
  ['payPassword', r.payPassword, '12345', r.V.payPasswordFormat],
  ['payPassword', r.payPassword, '1234567', r.V.payPasswordFormat],
  ['payPassword', r.payPassword, '12345a', r.V.payPasswordFormat],
  ['payPassword', r.payPassword, '', r.V.enterPayPassword],
  // email code: 6 digits
  ['emailCode', r.emailCode, '000123', true],
  ['emailCode', r.emailCode, '12345', r.V.codeFormat],
  ['emailCode', r.emailCode, '', r.V.enterCode],
  // phone: longer than 8 and shorter than 14 digits
  ['phone', r.phone, '+31612345678', true],
  ['phone', r.phone, '06 1234 5678', true],
  ['phone', r.phone, '12345678', r.V.phoneFormat],
  ['phone', r.phone, '12345678901234', r.V.phoneFormat],
  // corporate licence: 3-15 letters and digits
  ['licenceNumber', r.licenceNumber, 'AB1', true],
  ['licenceNumber', r.licenceNumber, 'BE0123456789', true],
  ['licenceNumber', r.licenceNumber, 'AB', r.V.licenceFormat],
  ['licenceNumber', r.licenceNumber, 'A'.repeat(16), r.V.licenceFormat],
  ['licenceNumber', r.licenceNumber, 'AB-12', r.V.licenceFormat],
  // names: required, max 50
  ['firstName', r.firstName, 'Eva', true],
  ['firstName', r.firstName, '  ', r.V.enterFirstName],
  ['firstName', r.firstName, 'x'.repeat(51), r.V.nameTooLong],
  ['lastName', r.lastName, '', r.V.enterName],
  // country: ISO code from /areaInfo/list
  ['country', r.country, 'NL', true],
  ['country', r.country, '', r.V.selectCountry],
  ['country', r.country, 'Netherlands', r.V.selectCountry],
  // document numbers
  ['idNumber', r.idNumber, 'NX1234567', true],
  ['idNumber', r.idNumber, 'abc', r.V.idNumberFormat],
  ['idNumber', r.idNumber, '', r.V.enterIdNumber],
  ['idNumberFor passport', r.idNumberFor('passport'), '', r.V.enterPassport],
  ['idNumberFor idCard', r.idNumberFor('idCard'), '', r.V.enterIdCard],
  // invitation code
  ['invitationCode', r.invitationCode, 'demo2026', true],
  ['invitationCode', r.invitationCode, 'abc', r.V.invitationFormat],
  // agreement must be true
  ['agreement', r.agreement, true, true],
  ['agreement', r.agreement, false, r.V.agreeFirst],
  ['agreement', r.agreement, undefined, r.V.agreeFirst],
];

describe('SPEC §5 validation rules', () => {
  it.each(rows)('%s accepts or rejects %j', (_name, schema, input, expected) => {
    const result = schema.safeParse(input);
    if (expected === true) {
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
    } else {
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(expected);
    }
  });

  it('normalises what it accepts', () => {
    expect(r.email.parse('  Eva@Example.NL ')).toBe('eva@example.nl');
    expect(r.invitationCode.parse('demo2026')).toBe('DEMO2026');
    expect(r.phone.parse('06-1234 5678')).toBe('0612345678');
  });
});

/** [password, context words, expected: undefined (accepted) or the catalogue key] */
type ProblemRow = [string, string[], string | undefined];
const context = ['anna_b', 'anna.bakker@example.com'.split('@')[0] ?? '', 'Beurs'];
const problemRows: ProblemRow[] = [
  ['Demo1234!', [], undefined],
  ['correct horse battery staple', context, undefined],
  ['Secret123!', context, undefined],
  ['password', [], r.V.passwordCommon],
  ['PASSWORD1', [], r.V.passwordCommon],
  ['iloveyou123', [], r.V.passwordCommon],
  ['qwertyuiop', [], r.V.passwordCommon],
  ['12345678', [], r.V.passwordCommon],
  ['my anna_b secret', context, r.V.passwordPersonal],
  ['Anna.Bakker2026', context, r.V.passwordPersonal],
  ['BEURS trading 1', context, r.V.passwordPersonal],
  // Context words shorter than 4 are not looked for.
  ['abc is my name', ['abc'], undefined],
  ['short', [], r.V.passwordFormat],
];

describe('new passwords: blocklist and context words', () => {
  it.each(problemRows)('%j with context %j -> %s', (password, words, expected) => {
    expect(r.passwordProblem(password, common, words)).toBe(expected);
  });
});
