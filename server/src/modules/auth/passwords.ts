// Password hashing (argon2id, OWASP minimum m=19 MiB, t=2, p=1). The password policy (length,
// common passwords, typed twice) is in domain/contracts/auth.ts, shared with the forms.
import { hash, verify } from '@node-rs/argon2';

const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Without a hash (social-only account) still spend the same time, so timing reveals nothing.
  if (!passwordHash) {
    await hash(password, ARGON2);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
