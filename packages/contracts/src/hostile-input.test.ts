/**
 * Whole numbers are decimal digits or JSON integers and nothing else; text with control characters or lone
 * surrogates is hostile; one-line fields keep to one line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as market from './endpoints/market.js';
import * as trading from './endpoints/trading.js';
import * as wallet from './endpoints/wallet.js';
import * as r from './rules.js';

const integers: Array<[string, z.ZodType]> = [
  ['id', r.id],
  ['page', r.page],
  ['pageSize', r.pageSize],
  ['quantity', trading.quantity],
  ['leverage', trading.leverage],
  ['source', market.sourceQuery],
  ['accountId', wallet.withdrawalApply.request.shape.accountId],
];

describe('whole numbers: decimal digits or a JSON integer only', () => {
  const refused: unknown[] = [
    '0x10',
    '0b11',
    '0o17',
    '1e2',
    ' 12',
    '12 ',
    '+12',
    '',
    '1.0',
    '1_000',
    true,
    false,
    null,
    [],
    {},
    1.5,
    'Infinity',
    'NaN',
  ];
  it.each(integers)('%s refuses hex, binary, exponents, blanks and booleans', (_name, schema) => {
    for (const value of refused) {
      const parsed = schema.safeParse(value);
      expect(parsed.success, `${JSON.stringify(value)} accepted`).toBe(false);
      // The translated key of the field, never zod's English.
      expect(parsed.error?.issues[0]?.message).toMatch(/^validation\./);
    }
  });

  it.each([
    ['10', 10],
    [10, 10],
    ['007', 7],
  ])('%j reads as %d', (value, expected) => {
    expect(r.id.parse(value)).toBe(expected);
    expect(trading.quantity.parse(value)).toBe(expected);
  });

  it('keeps the range and the message of the field', () => {
    expect(r.id.safeParse('-1').success).toBe(false);
    expect(r.page.parse(undefined)).toBe(1);
    expect(trading.quantity.safeParse('0x10').error?.issues[0]?.message).toBe(r.V.addQuantity);
    expect(wallet.withdrawalApply.request.shape.accountId.safeParse('1e2').error?.issues[0]?.message).toBe(
      r.V.selectBankCard,
    );
  });

  it('no schema of the contract coerces (z.coerce accepts "0x10", "1e2" and true)', () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const sources = [
      ...fs.readdirSync(dir).map((f) => path.join(dir, f)),
      ...fs.readdirSync(path.join(dir, 'endpoints')).map((f) => path.join(dir, 'endpoints', f)),
    ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const coercing = sources.filter((f) =>
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .some((line) => /z\.coerce\./.test(line) && !line.trim().startsWith('*')),
    );
    expect(coercing.map((f) => path.basename(f))).toEqual([]);
  });
});

describe('hostile text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['vertical tab', 'a\u000bb'],
    ['DEL', 'a\u007fb'],
    ['C1 next line', 'a\u0085b'],
    ['C1 CSI', 'a\u009bb'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', 'a\udc00b'],
    ['high surrogate at the end', 'ab\ud83d'],
  ])('%s is hostile', (_name, s) => {
    expect(r.isHostileText(s)).toBe(true);
  });

  it.each([
    ['tab and line breaks', 'line 1\r\nline 2\tend'],
    ['an emoji (a surrogate pair)', 'Anna 😀'],
    ['Chinese and accents', '张伟 Zoë Ærø'],
  ])('%s is not', (_name, s) => {
    expect(r.isHostileText(s)).toBe(false);
  });

  it('one-line fields refuse line breaks and tabs; multi-line ones keep them', () => {
    expect(r.firstName.safeParse('An\nna').error?.issues[0]?.message).toBe(r.V.singleLine);
    expect(r.bankName.safeParse('ING\tBank').error?.issues[0]?.message).toBe(r.V.singleLine);
    expect(r.loginName.safeParse('demo\r\nx').error?.issues[0]?.message).toBe(r.V.singleLine);
    expect(r.shortText.safeParse('a\nb').error?.issues[0]?.message).toBe(r.V.singleLine);
    expect(r.operatorReason.parse('Line one.\nLine two.')).toBe('Line one.\nLine two.');
  });
});
