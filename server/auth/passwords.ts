import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's recommended minimum (19 MiB, 2 iterations, 1 lane)
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown address, login without a
 * password yet) it still spends the time of one verification, so timing tells nothing.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target =
    passwordHash ?? (await (dummyHash ??= hash(randomBytes(16).toString('hex'), OPTIONS)));
  try {
    return (await verify(target, password)) && Boolean(passwordHash);
  } catch {
    return false;
  }
}
