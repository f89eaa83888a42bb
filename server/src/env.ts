// Configuration from the environment, parsed once at start; every bad key is listed before exiting.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

type PaypalEnv = { PAYPAL_CLIENT_ID?: string; PAYPAL_SECRET?: string; PAYPAL_API_URL: string; PAYPAL_WEBHOOK_ID?: string };

/**
 * PayPal's settings, or null when it is not configured. The id and the secret go together, and a
 * webhook id without them verifies nothing: either is a configuration error, reported at start.
 */
export function paypalConfig(env: PaypalEnv): { clientId: string; secret: string; apiUrl: string; webhookId: string | null } | null {
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_SECRET: secret, PAYPAL_WEBHOOK_ID: webhookId } = env;
  const problem =
    clientId && !secret
      ? 'PAYPAL_SECRET: falta; PAYPAL_CLIENT_ID y PAYPAL_SECRET van juntas'
      : secret && !clientId
        ? 'PAYPAL_CLIENT_ID: falta; PAYPAL_CLIENT_ID y PAYPAL_SECRET van juntas'
        : webhookId && !clientId
          ? 'PAYPAL_WEBHOOK_ID: no sirve sin PAYPAL_CLIENT_ID y PAYPAL_SECRET'
          : null;
  if (problem) throw new Error(`Configuración inválida:\n  - ${problem}`);
  if (!clientId || !secret) return null;
  return { clientId, secret, apiUrl: env.PAYPAL_API_URL, webhookId: webhookId ?? null };
}

type ImprentaEnv = {
  IMPRENTA_URL?: string;
  IMPRENTA_TOKEN?: string;
  IMPRENTA_ESPERA_SEGUNDOS: number;
  IMPRENTA_REINTENTO_SEGUNDOS: number;
};

/**
 * The imprenta digital's settings, or null when the store numbers its own (internal) control
 * numbers. parseEnv already refused one of IMPRENTA_URL and IMPRENTA_TOKEN without the other.
 */
export function imprentaConfig(env: ImprentaEnv): { url: string; token: string; timeoutMs: number; retrySeconds: number } | null {
  const { IMPRENTA_URL: url, IMPRENTA_TOKEN: token } = env;
  if (!url || !token) return null;
  return { url, token, timeoutMs: env.IMPRENTA_ESPERA_SEGUNDOS * 1000, retrySeconds: env.IMPRENTA_REINTENTO_SEGUNDOS };
}

type CardEnv = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_URL: string };

/**
 * The card provider's settings (Stripe's API, docs/decisions/0036), or null when it is not
 * configured; a webhook secret without the secret key is a configuration error.
 */
export function cardConfig(env: CardEnv): { secretKey: string; webhookSecret: string | null; apiUrl: string } | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (webhookSecret && !secretKey) throw new Error('Configuración inválida:\n  - STRIPE_WEBHOOK_SECRET: no sirve sin STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  return { secretKey, webhookSecret: webhookSecret ?? null, apiUrl: env.STRIPE_API_URL };
}

/**
 * The origins of the pages where a buyer pays online. A form posted without JavaScript (the order's
 * «Pagar con tarjeta») follows the store's redirect there, and the page CSP's `form-action` must
 * allow it. PayPal's API hosts (api-m.paypal.com, api.sandbox.paypal.com…) have their checkout on
 * www.…; Stripe's API (api.stripe.com) on checkout.stripe.com; any other API (a local fake, a
 * proxy) serves its own pages.
 */
export function paymentPageOrigins(env: PaypalEnv & CardEnv): string[] {
  const origins: string[] = [];
  const paypal = paypalConfig(env);
  if (paypal) {
    const api = new URL(paypal.apiUrl);
    origins.push(
      /^api(-m)?\.(sandbox\.)?paypal\.com$/.test(api.hostname) ? `https://${api.hostname.replace(/^api(-m)?\./, 'www.')}` : api.origin,
    );
  }
  const card = cardConfig(env);
  if (card) {
    const api = new URL(card.apiUrl);
    origins.push(api.hostname === 'api.stripe.com' ? 'https://checkout.stripe.com' : api.origin);
  }
  return [...new Set(origins)];
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ error: 'PORT debe ser un número' })
    .int('PORT debe ser un entero')
    .min(0, 'PORT debe estar entre 0 y 65535')
    .max(65535, 'PORT debe estar entre 0 y 65535')
    .default(3000),
  HOST: z.string().min(1, 'HOST no puede estar vacío').default('0.0.0.0'),
  // Metrics for Prometheus on a port of their own, without a session (server/src/http/metricas.ts).
  METRICAS_PUERTO: z.coerce
    .number({ error: 'METRICAS_PUERTO debe ser un número' })
    .int('METRICAS_PUERTO debe ser un entero')
    .min(1, 'METRICAS_PUERTO debe estar entre 1 y 65535')
    .max(65535, 'METRICAS_PUERTO debe estar entre 1 y 65535')
    .optional(),
  METRICAS_HOST: z.string().min(1, 'METRICAS_HOST no puede estar vacío').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'DATA_DIR no puede estar vacío').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres:// o postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL debe ser una URL completa (https://…)' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // http/registro-de-solicitudes.ts: one answer in LOG_MUESTRA at info; 5xx and slow ones always.
  LOG_MUESTRA: z.coerce
    .number({ error: 'LOG_MUESTRA debe ser un número' })
    .int('LOG_MUESTRA debe ser un entero')
    .min(0, 'LOG_MUESTRA debe ser 0 (ninguna) o más')
    .default(100),
  LOG_LENTA_MS: z.coerce
    .number({ error: 'LOG_LENTA_MS debe ser un número' })
    .int('LOG_LENTA_MS debe ser un entero')
    .min(1, 'LOG_LENTA_MS debe ser al menos 1')
    .default(1000),
  SEED: z.enum(['demo', 'none']).default('demo'),
  // Whether an admin must enrol a second factor (TOTP) before using the back office (decision 0039).
  // Unset: required in production, optional in development and tests.
  SEGUNDO_FACTOR_ADMIN: z
    .enum(['obligatorio', 'opcional'], { error: 'SEGUNDO_FACTOR_ADMIN debe ser «obligatorio» u «opcional»' })
    .optional(),
  ORDEN_IMPAGA_HORAS: z.coerce
    .number({ error: 'ORDEN_IMPAGA_HORAS debe ser un número' })
    .int()
    .min(1, 'ORDEN_IMPAGA_HORAS debe ser 1 o más')
    .max(720, 'ORDEN_IMPAGA_HORAS debe ser como máximo 720 (30 días)')
    .default(2),
  // Open unpaid orders one buyer (e-mail, cédula or phone) or one client address may have at once.
  ORDENES_IMPAGAS_POR_CONTACTO: z.coerce
    .number({ error: 'ORDENES_IMPAGAS_POR_CONTACTO debe ser un número' })
    .int('ORDENES_IMPAGAS_POR_CONTACTO debe ser un entero')
    .min(1, 'ORDENES_IMPAGAS_POR_CONTACTO debe ser 1 o más')
    .default(3),
  ORDENES_IMPAGAS_POR_IP: z.coerce
    .number({ error: 'ORDENES_IMPAGAS_POR_IP debe ser un número' })
    .int('ORDENES_IMPAGAS_POR_IP debe ser un entero')
    .min(1, 'ORDENES_IMPAGAS_POR_IP debe ser 1 o más')
    .default(5),
  // How often the periodic jobs run (expired unpaid orders, expired cart holds); 0 turns them off.
  TAREAS_INTERVALO_SEGUNDOS: z.coerce
    .number({ error: 'TAREAS_INTERVALO_SEGUNDOS debe ser un número' })
    .int('TAREAS_INTERVALO_SEGUNDOS debe ser un entero')
    .min(0, 'TAREAS_INTERVALO_SEGUNDOS debe ser 0 (desactivadas) o más')
    .max(86_400, 'TAREAS_INTERVALO_SEGUNDOS debe ser como máximo 86400 (un día)')
    .default(60),
  // Test harness only (e2e/tienda.ts): POST /api/pruebas/reloj runs the periodic jobs at the clock
  // the journey names. Production refuses it unless RELOJ_DE_PRUEBAS_EN_PRODUCCION also says so
  // (the journeys run the production build), see checkTestClock.
  RELOJ_DE_PRUEBAS: z.literal('si', { error: 'RELOJ_DE_PRUEBAS solo puede ser «si» (o no estar)' }).optional(),
  RELOJ_DE_PRUEBAS_EN_PRODUCCION: z.literal('si', { error: 'RELOJ_DE_PRUEBAS_EN_PRODUCCION solo puede ser «si» (o no estar)' }).optional(),
  // How often an idle worker of the job queue (pg-boss) looks for jobs; a job queued by this same
  // process wakes it at once, so this is the delay for jobs queued by another process.
  COLA_SONDEO_SEGUNDOS: z.coerce
    .number({ error: 'COLA_SONDEO_SEGUNDOS debe ser un número' })
    .min(0.5, 'COLA_SONDEO_SEGUNDOS debe ser 0,5 o más')
    .max(60, 'COLA_SONDEO_SEGUNDOS debe ser como máximo 60')
    .default(2),
  // A mail whose SMTP delivery failed is tried again after this many seconds, then twice as long
  // each time, up to an hour between tries (about three days in all).
  CORREO_REINTENTO_SEGUNDOS: z.coerce
    .number({ error: 'CORREO_REINTENTO_SEGUNDOS debe ser un número' })
    .int('CORREO_REINTENTO_SEGUNDOS debe ser un entero')
    .min(1, 'CORREO_REINTENTO_SEGUNDOS debe ser 1 o más')
    .max(3600, 'CORREO_REINTENTO_SEGUNDOS debe ser como máximo 3600')
    .default(30),
  // Shared storefront pages that miss the page cache, per address and minute, and the burst allowed
  // (decision 0032): a crawler of every filter combination must not take the event loop. 0: no limit.
  PAGINAS_FRIAS_POR_MINUTO: z.coerce
    .number({ error: 'PAGINAS_FRIAS_POR_MINUTO debe ser un número' })
    .int('PAGINAS_FRIAS_POR_MINUTO debe ser un entero')
    .min(0, 'PAGINAS_FRIAS_POR_MINUTO debe ser 0 (sin límite) o más')
    .default(60),
  PAGINAS_FRIAS_RAFAGA: z.coerce
    .number({ error: 'PAGINAS_FRIAS_RAFAGA debe ser un número' })
    .int('PAGINAS_FRIAS_RAFAGA debe ser un entero')
    .min(1, 'PAGINAS_FRIAS_RAFAGA debe ser 1 o más')
    .default(10),
  // How many proxies stand before the server, or their addresses: only their X-Forwarded-* count.
  // The tasa del día from the Banco Central de Venezuela's page, checked by the periodic jobs.
  TASA_BCV_AUTOMATICA: z.enum(['true', 'false'], { error: 'TASA_BCV_AUTOMATICA debe ser true o false' }).default('false'),
  TASA_BCV_URL: z
    .url({ protocol: /^https?$/, error: 'TASA_BCV_URL debe ser una URL completa (https://…)' })
    .default('https://www.bcv.org.ve/'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar por smtp:// o smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3, 'MAIL_FROM no es válido').default('Vitrina <no-responder@vitrina.com.ve>'),
  // PayPal captured by the server (Orders v2, docs/decisions/0035); without the id and the secret
  // PayPal stays a payment the buyer reports with its reference. Checked together by paypalConfig.
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_SECRET: z.string().min(1).optional(),
  PAYPAL_API_URL: z
    .url({ protocol: /^https?$/, error: 'PAYPAL_API_URL debe ser una URL completa (https://…)' })
    .default('https://api-m.paypal.com'),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,50}$/, 'PAYPAL_WEBHOOK_ID debe ser el id del webhook que da PayPal (letras y cifras)')
    .optional(),
  // Cards paid on the provider's page and captured by the server (Stripe's API, docs/decisions/0036);
  // without the secret key the card is not offered. Only the server holds these keys.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_[A-Za-z0-9_]{8,}$/, 'STRIPE_SECRET_KEY debe ser la clave secreta que da Stripe (sk_… o rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'STRIPE_WEBHOOK_SECRET debe ser el secreto del webhook que da Stripe (whsec_…)')
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_URL debe ser una URL completa (https://…)' })
    .default('https://api.stripe.com'),
  // The imprenta digital authorised by the SENIAT that gives each factura its número de control
  // (docs/dominio.md §Documentos fiscales e imprenta digital); URL and token go together (imprentaConfig).
  IMPRENTA_URL: z.url({ protocol: /^https?$/, error: 'IMPRENTA_URL debe ser una URL completa (https://…)' }).optional(),
  IMPRENTA_TOKEN: z.string().min(8, 'IMPRENTA_TOKEN debe ser la clave que da la imprenta (8 caracteres o más)').optional(),
  IMPRENTA_ESPERA_SEGUNDOS: z.coerce
    .number({ error: 'IMPRENTA_ESPERA_SEGUNDOS debe ser un número' })
    .min(1, 'IMPRENTA_ESPERA_SEGUNDOS debe ser 1 o más')
    .max(120, 'IMPRENTA_ESPERA_SEGUNDOS debe ser como máximo 120')
    .default(15),
  IMPRENTA_REINTENTO_SEGUNDOS: z.coerce
    .number({ error: 'IMPRENTA_REINTENTO_SEGUNDOS debe ser un número' })
    .int('IMPRENTA_REINTENTO_SEGUNDOS debe ser un entero')
    .min(1, 'IMPRENTA_REINTENTO_SEGUNDOS debe ser 1 o más')
    .max(3600, 'IMPRENTA_REINTENTO_SEGUNDOS debe ser como máximo 3600')
    .default(30),
  // Development and demos only: main.ts starts the local fake printer and points IMPRENTA_* at it.
  IMPRENTA_FALSA: z.literal('si', { error: 'IMPRENTA_FALSA solo puede ser «si» (o no estar)' }).optional(),
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
  // Uploads and the catalogue PDF in an S3-compatible bucket instead of DATA_DIR (decision 0034).
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET debe ser un nombre de bucket válido (3 a 63 minúsculas, cifras, puntos o guiones)',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT debe ser una URL completa (https://…)' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE debe ser true o false' }).default('false'),
});

/** The S3_* variables make sense only together: a bucket, and both halves of a key or neither. */
/** The test clock is a door into the jobs: a production server opens it only when told twice. */
function checkTestClock(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (env.RELOJ_DE_PRUEBAS === 'si' && env.NODE_ENV === 'production' && env.RELOJ_DE_PRUEBAS_EN_PRODUCCION !== 'si') {
    ctx.addIssue({
      code: 'custom',
      path: ['RELOJ_DE_PRUEBAS'],
      message: 'RELOJ_DE_PRUEBAS es solo para las pruebas: en producción no se acepta sin RELOJ_DE_PRUEBAS_EN_PRODUCCION=si',
    });
  }
}

/** The printer's URL and token go together; the fake printer numbers nothing the SENIAT knows: never in production. */
function checkPrinter(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  if ((env.IMPRENTA_URL === undefined) !== (env.IMPRENTA_TOKEN === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.IMPRENTA_URL === undefined ? 'IMPRENTA_URL' : 'IMPRENTA_TOKEN'],
      message: 'falta: IMPRENTA_URL e IMPRENTA_TOKEN van juntas (sin ellas los números de control son internos)',
    });
  }
  if (env.IMPRENTA_FALSA === 'si' && env.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['IMPRENTA_FALSA'],
      message: 'IMPRENTA_FALSA es solo para demostraciones: en producción configure IMPRENTA_URL e IMPRENTA_TOKEN',
    });
  }
  if (env.IMPRENTA_FALSA === 'si' && env.IMPRENTA_URL !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['IMPRENTA_FALSA'],
      message: 'IMPRENTA_FALSA no va con IMPRENTA_URL: la imprenta falsa da su propia dirección',
    });
  }
}

function checkS3(env: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const others = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((key) => env[key] !== undefined);
  if (!env.S3_BUCKET && others.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: `falta S3_BUCKET: sin él las subidas se guardan en DATA_DIR y ${others.join(', ')} no se usa${others.length > 1 ? 'n' : ''}`,
    });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
      message:
        'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas: indique las dos, o ninguna para usar las credenciales del entorno (rol de la instancia)',
    });
  }
}

/** false (no proxy), a hop count, or the proxies' addresses (IPs, CIDRs or proxy-addr names such as loopback). */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    ctx.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true no se acepta: confiaría en cada salto de X-Forwarded-For y cualquiera podría falsear su IP y saltarse los límites por IP. ' +
        'Indique cuántos proxies hay delante del servidor (por ejemplo TRUST_PROXY=1) o sus direcciones (por ejemplo TRUST_PROXY=10.0.0.1,172.16.0.0/12).',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 20) return hops;
    ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: el número de proxies debe estar entre 0 y 20' });
    return z.NEVER;
  }
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length === 0) return entries;
  ctx.addIssue({
    code: 'custom',
    message: `TRUST_PROXY debe ser false, un número de proxies (1, 2…) o una lista de direcciones IP o CIDR separadas por comas; no se entiende: ${bad.join(', ') || '(vacío)'}`,
  });
  return z.NEVER;
}

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** Whether admins must enrol a second factor: SEGUNDO_FACTOR_ADMIN, else only in production. */
export function adminSecondFactorRequired(env: { NODE_ENV: string; SEGUNDO_FACTOR_ADMIN?: 'obligatorio' | 'opcional' }): boolean {
  return env.SEGUNDO_FACTOR_ADMIN ? env.SEGUNDO_FACTOR_ADMIN === 'obligatorio' : env.NODE_ENV === 'production';
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`DATABASE_URL=`) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.superRefine(checkS3).superRefine(checkTestClock).superRefine(checkPrinter).safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return { ...result.data, dataDir: path.resolve(result.data.DATA_DIR) };
}
