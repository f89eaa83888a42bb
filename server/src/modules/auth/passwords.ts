// Password hashing (argon2id, OWASP minimum m=19 MiB, t=2, p=1) and the password policy.
import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

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

export const newPasswordSchema = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña no puede tener más de 128 caracteres')
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'Esa contraseña es demasiado común; elija otra');

/** A new password typed twice; use with `.refine(...passwordsMatch)`. */
export const passwordPair = { password: newPasswordSchema, password_confirmation: z.string({ error: 'Confirme la contraseña' }) };

export const passwordsMatch: [(v: { password: string; password_confirmation: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.password === v.password_confirmation,
  { message: 'Las contraseñas no coinciden', path: ['password_confirmation'] },
];
