import { describe, expect, it } from 'vitest';
import { cryptoAddressMatches, isIban, isSwift } from './addresses.js';
import { bankAccountNumber } from './rules.js';

describe('crypto addresses are checked against their network, checksums included', () => {
  it.each([
    ['USDT-TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', true],
    ['USDT-TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', false],
    ['USDT-TRC20', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', false],
    ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true],
    ['USDT-ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', true],
    ['USDT-ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false],
    ['ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', false],
    ['BTC', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', true],
    ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', true],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', true],
    ['BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', true],
    ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', false],
    ['BTC', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', false],
  ] as const)('%s %s -> %s', (network, address, valid) => {
    expect(cryptoAddressMatches(network, address)).toBe(valid);
  });
});

describe('bank details', () => {
  it('checks IBAN check digits and BIC format', () => {
    expect(isIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isIban('NL91 ABNA 0417 1643 01')).toBe(false);
    expect(isSwift('ABNANL2A')).toBe(true);
    expect(isSwift('ABNANL2')).toBe(false);
  });
  it('accepts card and account numbers and rejects a mistyped IBAN', () => {
    expect(bankAccountNumber.parse('4111 1111 1111 1111')).toBe('4111111111111111');
    expect(bankAccountNumber.parse('nl91abna0417164300')).toBe('NL91ABNA0417164300');
    expect(bankAccountNumber.safeParse('NL91ABNA0417164301').success).toBe(false);
    expect(bankAccountNumber.safeParse('12').success).toBe(false);
  });
});
