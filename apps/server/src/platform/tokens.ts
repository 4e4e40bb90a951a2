import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Unambiguous letters and digits (no 0/O, 1/I/L) for invitation codes. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const invitationCode = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
