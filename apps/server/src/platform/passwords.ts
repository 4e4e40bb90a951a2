/** Password hashing with argon2id (OWASP parameters: 19 MiB, 2 iterations, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

/** `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, options);

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword('not-a-real-password-0');
  return dummy;
};
