// /api/auth/*: sign-up, login, sessions, e-mail verification, password reset, the panel's menu and
// the Google/Facebook login. The password rules are shared with the profile's password change.
import { z } from 'zod';
import { COMMON_PASSWORDS } from '#domain/common-passwords.ts';
import { email, id, idParam } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, instant, message } from '#domain/contracts/contract.ts';
import { ROLES } from '#domain/roles.ts';

// ── passwords ───────────────────────────────────────────────────────────────

export const newPassword = z
  .string({ error: 'La contraseña es obligatoria' })
  .min(8, 'La contraseña debe tener al menos 8 caracteres')
  .max(128, 'La contraseña no puede tener más de 128 caracteres')
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'Esa contraseña es demasiado común; elija otra');

/** A new password typed twice; use with `.refine(...passwordsMatch)`. */
export const passwordPair = { password: newPassword, password_confirmation: z.string({ error: 'Confirme la contraseña' }) };

export const passwordsMatch: [(v: { password: string; password_confirmation: string }) => boolean, { message: string; path: string[] }] = [
  (v) => v.password === v.password_confirmation,
  { message: 'Las contraseñas no coinciden', path: ['password_confirmation'] },
];

// ── shapes of the answers ───────────────────────────────────────────────────

export const salesman = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type Salesman = z.infer<typeof salesman>;

export const userDetail = z.object({
  fullName: z.string(),
  phone: z.string(),
  dni: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
});

/** The session's user as login, refresh and profile/usuario answer it. */
export const sessionUser = z.object({
  id: z.number(),
  email: z.string(),
  nickname: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** Seconds until the session ends. */
  expires_in: z.number(),
  email_verified_at: instant.nullable(),
  salesman: salesman.nullable(),
  detail: userDetail,
});
export type SessionUser = z.infer<typeof sessionUser>;

/** The user of a new session; `access_token` only when the client asked for it (`token: true` or Bearer). */
const sessionData = sessionUser.extend({ access_token: z.string().optional() });
const sessionAnswer = envelope(sessionData);

/**
 * The password was right but the account has a second factor (domain/segundo-factor.ts): no
 * session yet; `challenge` (signed, short-lived) goes with the code to POST /auth/login/segundo-paso.
 */
export const secondStep = z.object({
  second_factor: z.literal('totp'),
  challenge: z.string(),
  /** Seconds the challenge stays good. */
  expires_in: z.number(),
  message: z.string(),
});
export type SecondStep = z.infer<typeof secondStep>;

/** Whether a login's answer asks for the second step instead of opening a session. */
export const needsSecondStep = (data: object): data is SecondStep => 'second_factor' in data;

/** A page of the panel's menu. */
export const menuPage = z.object({
  title: z.string(),
  ico: z.string().optional(),
  route: z.string().optional(),
  /** The roles that see it (any of them); none: every user. */
  roles: z.array(z.enum(ROLES)).optional(),
});

/** An entry of the panel's menu: a page, or a group of pages (two levels, as the menu is built). */
export const menuEntry = menuPage.extend({ items: z.array(menuPage).optional() });

export const socialProvider = z.object({ id: z.enum(['google', 'facebook']), label: z.string() });
export type SocialProviderOption = z.infer<typeof socialProvider>;

// ── requests ────────────────────────────────────────────────────────────────

const remember = z.boolean({ error: 'recordarme debe ser verdadero o falso' }).default(false);
/** API clients that send `Authorization: Bearer` ask for the token in the answer; pages never do. */
const wantsToken = z.boolean({ error: 'token debe ser verdadero o falso' }).default(false);
/** The code of an e-mailed link (sign-up, password reset). */
const linkCode = z.string({ error: 'Falta el código del enlace' }).min(20, 'El enlace no es válido').max(100, 'El enlace no es válido');

// ── routes ──────────────────────────────────────────────────────────────────

const tags = ['auth'] as const;

export const register = defineRoute({
  method: 'POST',
  path: '/auth/register',
  tags,
  summary: 'Pedir una cuenta de cliente: se crea al seguir el enlace enviado por correo',
  body: z
    .object({
      nickname: z
        .string({ error: 'El nombre es obligatorio' })
        .trim()
        .min(2, 'El nombre debe tener al menos 2 caracteres')
        .max(60, 'El nombre no puede tener más de 60 caracteres'),
      email,
      ...passwordPair,
    })
    .refine(...passwordsMatch),
  response: envelope(message),
  status: 202,
});

export const registerConfirm = defineRoute({
  method: 'POST',
  path: '/auth/register/confirm',
  tags,
  summary: 'Crear la cuenta con el enlace recibido e iniciar sesión',
  body: z.object({ codigo: linkCode, remember, token: wantsToken }),
  response: sessionAnswer,
  status: 201,
});

export const login = defineRoute({
  method: 'POST',
  path: '/auth/login',
  tags,
  summary: 'Iniciar sesión',
  body: z.object({
    email,
    password: z
      .string({ error: 'La contraseña es obligatoria' })
      .min(1, 'La contraseña es obligatoria')
      .max(128, 'La contraseña no es válida'),
    remember,
    token: wantsToken,
  }),
  response: envelope(z.union([sessionData, secondStep])),
});

/** A code of the app (6 digits) or a recovery code («abcde-fghjk»). */
const secondFactorCode = z
  .string({ error: 'Escriba el código de su aplicación o un código de recuperación' })
  .trim()
  .min(6, 'El código tiene 6 dígitos (o 10 letras si es de recuperación)')
  .max(20, 'El código no es válido');

export const loginSecondStep = defineRoute({
  method: 'POST',
  path: '/auth/login/segundo-paso',
  tags,
  summary: 'Terminar el ingreso con el código de la verificación en dos pasos',
  body: z.object({
    challenge: z
      .string({ error: 'Falta el desafío del ingreso' })
      .min(10, 'Vuelva a escribir su contraseña')
      .max(600, 'Vuelva a escribir su contraseña'),
    code: secondFactorCode,
    token: wantsToken,
  }),
  response: sessionAnswer,
});

// ── the staff's second factor (verificación en dos pasos) ──────────────────

export const secondFactorStatus = z.object({
  enrolled: z.boolean(),
  /** This user may not use the back office until enrolled (admins, when the install requires it). */
  required: z.boolean(),
  recovery_codes_left: z.number(),
});

export const segundoFactorEstado = defineRoute({
  method: 'GET',
  path: '/auth/segundo-factor',
  tags,
  summary: 'Estado de la verificación en dos pasos de quien consulta',
  response: envelope(secondFactorStatus),
});

export const segundoFactorIniciar = defineRoute({
  method: 'POST',
  path: '/auth/segundo-factor/iniciar',
  tags,
  summary: 'Empezar a activar (o cambiar) la verificación en dos pasos: la clave para la aplicación',
  // With the factor active, a current code proves it is its owner who changes it.
  body: z.object({ code: secondFactorCode.optional() }),
  response: envelope(z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() })),
});

export const segundoFactorConfirmar = defineRoute({
  method: 'POST',
  path: '/auth/segundo-factor/confirmar',
  tags,
  summary: 'Confirmar la activación con un primer código; responde los códigos de recuperación (una sola vez)',
  body: z.object({
    code: z
      .string({ error: 'Escriba el código de su aplicación' })
      .trim()
      .regex(/^\d{3} ?\d{3}$/, 'El código tiene 6 dígitos'),
  }),
  response: envelope(z.object({ message: z.string(), recovery_codes: z.array(z.string()) })),
});

export const segundoFactorDesactivar = defineRoute({
  method: 'POST',
  path: '/auth/segundo-factor/desactivar',
  tags,
  summary: 'Desactivar la verificación en dos pasos con un código vigente',
  body: z.object({ code: secondFactorCode }),
  response: envelope(message),
});

export const segundoFactorRestablecer = defineRoute({
  method: 'POST',
  path: '/auth/segundo-factor/restablecer',
  tags,
  summary: 'Quitar la verificación en dos pasos de otra persona del personal (perdió su teléfono)',
  body: z.object({ userId: id('El usuario') }),
  response: envelope(message),
});

export const refresh = defineRoute({
  method: 'POST',
  path: '/auth/refresh',
  tags,
  summary: 'Renovar la sesión',
  response: sessionAnswer,
});

export const logout = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  tags,
  summary: 'Cerrar la sesión',
  response: envelope(message),
});

export const emailResend = defineRoute({
  method: 'POST',
  path: '/auth/email/resend',
  tags,
  summary: 'Reenviar el correo de verificación',
  response: envelope(message),
});

export const emailVerify = defineRoute({
  method: 'GET',
  path: '/auth/email/verify/:id/:hash',
  tags,
  summary: 'Verificar el correo con el enlace firmado (un navegador vuelve a su perfil)',
  params: z.object({
    id: idParam('El enlace'),
    hash: z.string().regex(/^[a-f0-9]{40}$/, 'El enlace no es válido'),
  }),
  query: z.object({
    expires: z.coerce.number().int().positive('El enlace no es válido'),
    signature: z.string().regex(/^[a-f0-9]{64}$/, 'El enlace no es válido'),
  }),
  response: envelope(message),
});

export const passwordEmail = defineRoute({
  method: 'POST',
  path: '/auth/password/email',
  tags,
  summary: 'Enviar el enlace para restablecer la contraseña',
  body: z.object({ email }),
  response: envelope(message),
});

export const passwordReset = defineRoute({
  method: 'POST',
  path: '/auth/password/reset',
  tags,
  summary: 'Restablecer la contraseña con el enlace recibido',
  body: z.object({ token: linkCode, email, ...passwordPair }).refine(...passwordsMatch),
  response: envelope(message),
});

export const menu = defineRoute({
  method: 'GET',
  path: '/auth/menu',
  tags,
  summary: 'Menú del panel según los roles',
  response: envelope(z.array(menuEntry)),
});

// ── social login ────────────────────────────────────────────────────────────

export const socialProveedores = defineRoute({
  method: 'GET',
  path: '/auth/social/proveedores',
  tags,
  summary: 'Proveedores de ingreso social habilitados',
  response: envelope(z.array(socialProvider)),
});

export const socialIr = defineRoute({
  method: 'GET',
  path: '/auth/social/:provider',
  tags,
  summary: 'Ir al proveedor para ingresar (redirección del navegador)',
  params: z.object({ provider: z.enum(['google', 'facebook'], { error: 'Proveedor desconocido' }) }),
  // Where to return after the login; kept in a cookie for the round trip and checked again on return.
  query: z.object({ volver: z.string().max(500, 'La dirección de regreso es demasiado larga').optional() }),
  response: z.null(),
  status: 302,
});

export const socialCallback = defineRoute({
  method: 'POST',
  path: '/auth/social/callback',
  tags,
  summary: 'Terminar el ingreso social con el código del proveedor',
  body: z.object({
    code: z.string({ error: 'Falta el código del proveedor' }).min(1).max(2000),
    state: z.string({ error: 'Falta el estado' }).min(1).max(200),
  }),
  response: envelope(sessionUser),
});
