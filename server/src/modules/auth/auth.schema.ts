import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const usuarios = pgTable('usuarios', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull(),
  fullName: text('full_name').notNull().default(''),
  phone: text('phone').notNull().default(''),
  dni: text('dni').notNull().default(''),
  state: text('state').notNull().default(''),
  city: text('city').notNull().default(''),
  address: text('address').notNull().default(''),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usuarioRoles = pgTable(
  'usuario_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 20 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const vendedores = pgTable('vendedores', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .references(() => usuarios.id)
    .unique(),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

export const sesiones = pgTable(
  'sesiones',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sesiones_usuario').on(t.userId)],
);

export const restablecimientosClave = pgTable('restablecimientos_clave', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sign-up waiting for its e-mailed link: the account is created only when the link is followed. */
export const registrosPendientes = pgTable(
  'registros_pendientes',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registros_pendientes_vence').on(t.expiresAt)],
);

/** Wrong passwords at login, kept for the throttling window (domain/login-throttle.ts). */
export const fallosIngreso = pgTable(
  'fallos_ingreso',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The known device that failed (its signed cookie), null for any other browser. */
    device: varchar('device', { length: 32 }),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('fallos_ingreso_cuenta').on(t.email, t.at),
    index('fallos_ingreso_ip').on(t.ip, t.at),
    index('fallos_ingreso_fecha').on(t.at),
  ],
);

/**
 * A staff member's second factor (domain/segundo-factor.ts, decision 0039): the app's secret once
 * confirmed with a first code, a secret being enrolled (replaces it when confirmed), and the last
 * 30-second step a code was accepted for, so no code is accepted twice.
 */
export const segundoFactor = pgTable('segundo_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => usuarios.id, { onDelete: 'cascade' }),
  /** Base32; null until the first enrolment is confirmed. */
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  lastStep: bigint('last_step', { mode: 'number' }),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ten single-use recovery codes of an enrolment, argon2-hashed; a used one keeps its `usedAt`. */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('codigos_recuperacion_usuario').on(t.userId)],
);
