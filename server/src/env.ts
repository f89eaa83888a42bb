// Configuration from the environment, parsed once at start; every bad key is listed before exiting.
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número' })
    .int('PORT debe ser un entero')
    .min(0, 'PORT debe estar entre 0 y 65535')
    .max(65535, 'PORT debe estar entre 0 y 65535')
    .default(3000),
  HOST: z.string().min(1, 'HOST no puede estar vacío').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR no puede estar vacío').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres:// o postgresql://')
    .optional(),
  PUBLIC_URL: z.url('PUBLIC_URL debe ser una URL completa (https://…)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ORDEN_IMPAGA_HORAS: z.coerce
    .number({ error: 'ORDEN_IMPAGA_HORAS debe ser un número' })
    .int()
    .min(1, 'ORDEN_IMPAGA_HORAS debe ser 1 o más')
    .max(720)
    .default(48),
  // How often the periodic jobs run (expired unpaid orders, expired cart holds); 0 turns them off.
  TAREAS_INTERVALO_SEGUNDOS: z.coerce
    .number({ error: 'TAREAS_INTERVALO_SEGUNDOS debe ser un número' })
    .int('TAREAS_INTERVALO_SEGUNDOS debe ser un entero')
    .min(0, 'TAREAS_INTERVALO_SEGUNDOS debe ser 0 (desactivadas) o más')
    .max(86_400, 'TAREAS_INTERVALO_SEGUNDOS debe ser como máximo 86400 (un día)')
    .default(60),
  TRUST_PROXY: z.enum(['true', 'false'], { error: 'TRUST_PROXY debe ser true o false' }).default('false'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar por smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3, 'MAIL_FROM no es válido').default('Vitrina <no-responder@vitrina.com.ve>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url('GOOGLE_AUTH_URL debe ser una URL').default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url('GOOGLE_TOKEN_URL debe ser una URL').default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url('GOOGLE_USERINFO_URL debe ser una URL').default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTH_URL: z.url('FACEBOOK_AUTH_URL debe ser una URL').default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url('FACEBOOK_TOKEN_URL debe ser una URL').default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z
    .url('FACEBOOK_USERINFO_URL debe ser una URL')
    .default('https://graph.facebook.com/v19.0/me?fields=id,name,email'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL debe empezar por redis://')
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { dataDir: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`DATABASE_URL=`) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
