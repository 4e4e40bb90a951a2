/**
 * Withdrawal destinations checked against their real formats: crypto addresses with their checksums
 * (Base58Check for Tron and legacy Bitcoin, Bech32/Bech32m for SegWit and Taproot, EIP-55 for mixed-case
 * Ethereum addresses) and IBANs and BICs with ibantools. Shared by the forms and the server.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

const base58check = createBase58check(sha256);

function base58Payload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

function isTronAddress(address: string): boolean {
  const bytes = base58Payload(address);
  return bytes !== null && bytes.length === 21 && bytes[0] === 0x41;
}

function isEthereumAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  // All lower or all upper case carries no checksum; mixed case must match EIP-55.
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(hex.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const c = hex.charAt(i);
    if (/[a-f]/i.test(c) && nibble >= 8 !== (c === c.toUpperCase())) return false;
  }
  return true;
}

function isBitcoinAddress(address: string): boolean {
  const legacy = base58Payload(address);
  if (legacy) return legacy.length === 21 && (legacy[0] === 0x00 || legacy[0] === 0x05);
  const lower = address.toLowerCase();
  if (!lower.startsWith('bc1') || (address !== lower && address !== address.toUpperCase())) return false;
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix, words } = codec.decode(lower as `${string}1${string}`, 90);
      const [version = -1, ...rest] = words;
      const program = codec.fromWords(rest);
      if (prefix !== 'bc') continue;
      if (version === 0 && codec === bech32 && (program.length === 20 || program.length === 32)) return true;
      if (version >= 1 && version <= 16 && codec === bech32m && program.length >= 2 && program.length <= 40) {
        return true;
      }
    } catch {
      // try the other encoding
    }
  }
  return false;
}

/** Networks and their address check. */
export const addressCheckers = {
  'USDT-TRC20': isTronAddress,
  'USDT-ERC20': isEthereumAddress,
  'USDC-ERC20': isEthereumAddress,
  ETH: isEthereumAddress,
  BTC: isBitcoinAddress,
} as const;
export type CryptoNetwork = keyof typeof addressCheckers;

export function cryptoAddressMatches(network: CryptoNetwork, address: string): boolean {
  return addressCheckers[network](address.trim());
}

/** Something that starts like an IBAN (two letters, two digits) must be a valid one. */
export function looksLikeIban(value: string): boolean {
  return /^[A-Z]{2}\d{2}/i.test(value.replace(/\s+/g, ''));
}
export function isIban(value: string): boolean {
  return isValidIBAN(electronicFormatIBAN(value) ?? '');
}
export function isSwift(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase());
}
