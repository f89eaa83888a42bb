// Field schemas used by many contracts, with their Spanish messages: one definition per concept.
import { z } from 'zod';
import { isIsoDay } from '#domain/dates.ts';
import { normalizeCouponCode } from '#domain/descuentos.ts';
import { documentoGuardado, leerDocumento, leerTelefono } from '#domain/identidad.ts';
import { leerMonto } from '#domain/money.ts';

/** PostgreSQL integer ids: a bigger number is no id of ours (and must not reach the database). */
export const MAX_ID = 2_147_483_647;

/** What an id stands for, with its article ("El usuario", "La cuenta"): the article makes "válido" agree. */
export type IdLabel = `El ${string}` | `La ${string}`;

const notValid = (label: IdLabel) => `${label} no es ${label.startsWith('La ') ? 'válida' : 'válido'}`;

/** A database id in a JSON body. */
export const id = (label: IdLabel = 'El identificador') =>
  z
    .number({ error: `${label} debe ser un número` })
    .int(`${label} debe ser un entero`)
    .positive(notValid(label))
    .max(MAX_ID, notValid(label));

/** A database id in a path or query string (text that must read as one). */
export const idParam = (label: IdLabel = 'El identificador') =>
  z
    .string({ error: `Falta ${label.toLowerCase()}` })
    .regex(/^\d{1,10}$/, notValid(label))
    .transform(Number)
    .pipe(id(label));

/** The public code of a purchase order (OC-000123). */
export const orderCode = z
  .string({ error: 'Falta el código de la orden' })
  .trim()
  .toUpperCase()
  .regex(/^OC-\d{6,10}$/, 'El código de la orden no es válido (ejemplo: OC-000123)');

/** A calendar day aaaa-mm-dd that exists, between 2000 and 2099 (older or later is a typo). */
export const isoDay = (label = 'La fecha') =>
  z
    .string({ error: `${label} es obligatoria` })
    .regex(/^20\d{2}-\d{2}-\d{2}$/, `${label} debe tener el formato aaaa-mm-dd (entre 2000 y 2099)`)
    .refine(isIsoDay, `${label} no existe`);

/**
 * Cédula or RIF with any prefix (V, E, J, P, G, C) and the usual spellings, kept in one form
 * (V-18456789, J-50123456-6; see leerDocumento). A RIF check digit that does not match is the
 * form's warning, not a refusal here.
 */
export const cedulaRif = z
  .string({ error: 'La cédula es obligatoria' })
  .trim()
  // An empty field says it is missing, not that it is malformed.
  .min(1, { error: 'La cédula o RIF es obligatoria', abort: true })
  .transform((v, ctx) => {
    const lectura = leerDocumento(v);
    if (lectura.ok) return lectura.valor;
    ctx.addIssue({ code: 'custom', message: lectura.error });
    return z.NEVER;
  });

/**
 * A search text that is a whole cédula or RIF written with its letter, as stored without its
 * dashes (V-12345678 → V12345678, J-50123456-6 → J501234566), or null. Such a text is looked up
 * exactly: «contains» would also match V-123456780.
 */
export function wholeCedulaRif(text: string): string | null {
  const trimmed = text.trim();
  if (!/^[VEJPGC]/i.test(trimmed)) return null;
  return documentoGuardado(trimmed)?.replace(/-/g, '') ?? null;
}

/** A phone: Venezuelan, 11 digits (0414-555-0101, 0212-555-0100), or another country's with + (see leerTelefono). */
export const phone = z
  .string({ error: 'El teléfono es obligatorio' })
  .trim()
  .min(1, { error: 'El teléfono es obligatorio', abort: true })
  .transform((v, ctx) => {
    const lectura = leerTelefono(v);
    if (lectura.ok) return lectura.valor;
    ctx.addIssue({ code: 'custom', message: lectura.error });
    return z.NEVER;
  });

/** A phone that may be left blank (''), otherwise as `phone`. */
export const optionalPhone = z
  .string({ error: 'El teléfono no es válido' })
  .trim()
  .transform((v, ctx) => {
    if (v === '') return v;
    const lectura = leerTelefono(v);
    if (lectura.ok) return lectura.valor;
    ctx.addIssue({ code: 'custom', message: lectura.error });
    return z.NEVER;
  });

export const email = z
  .string({ error: 'El correo es obligatorio' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'El correo es obligatorio', abort: true })
  .max(254, 'El correo no puede tener más de 254 caracteres')
  .pipe(z.email('El correo no es válido'));

/** "El nombre es obligatorio", "La dirección es obligatoria": the word agrees with the label's article. */
export function obligatorio(label: string): string {
  if (label.startsWith('Las ')) return `${label} son obligatorias`;
  if (label.startsWith('Los ')) return `${label} son obligatorios`;
  return `${label} es ${label.startsWith('La ') ? 'obligatoria' : 'obligatorio'}`;
}

/**
 * An amount in USD or Bs. as text with up to 2 decimals, written as the API does ("1234.56") or
 * as a Venezuelan does ("1.234,56", "1234,56"); see leerMonto. It comes out as the API's decimal.
 */
export const amount = (label: IdLabel = 'El monto') =>
  z.string({ error: obligatorio(label) }).transform((v, ctx) => {
    const lectura = leerMonto(v, { etiqueta: label });
    if (lectura.ok) return lectura.valor;
    ctx.addIssue({ code: 'custom', message: v.trim() === '' ? obligatorio(label) : lectura.error });
    return z.NEVER;
  });

/** A coupon code as the buyer types it: spaces dropped, upper case, 3 to 30 letters, digits or dashes. */
export const couponCode = z
  .string({ error: 'Escriba el código del cupón' })
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(/^[A-Z0-9-]{3,30}$/, 'El código del cupón debe tener de 3 a 30 letras, números o guiones'));

/** `true`/`false` (or 1/0) in a query string. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const NO_CONTROL_CHARS = /^\P{Cc}*$/u;

/** Free text to search for, at least `min` characters. */
export const searchText = (min = 0) =>
  z
    .string()
    .trim()
    .min(min, `Escriba al menos ${min} caracteres para buscar`)
    .max(100, 'La búsqueda no puede tener más de 100 caracteres')
    .regex(NO_CONTROL_CHARS, 'La búsqueda contiene caracteres no válidos');

/** The most rows a list answers at once, unless the list says fewer. */
export const MAX_PER_PAGE = 100;

// Query strings send "page=" for an empty field: treat it as absent so the default applies.
function blankAsAbsent(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** A whole number from 1 to `max` of a list query, `fallback` when absent. */
function listNumber(name: string, max: number, fallback: number) {
  const tooSmall = `El parámetro ${name} debe ser mayor o igual a 1`;
  const tooBig = `El parámetro ${name} debe ser menor o igual a ${max}`;
  const notWhole = `El parámetro ${name} debe ser un número entero`;
  return z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `El parámetro ${name} debe ser un número` })
      // Past the safe integers (1e300) int() fails as too big: say so once, as max() would.
      .int({ error: (issue) => (issue.code === 'too_big' ? tooBig : issue.code === 'too_small' ? tooSmall : notWhole), abort: true })
      .min(1, tooSmall)
      .max(max, tooBig)
      .default(fallback),
  );
}

/** A page number of a list: `page`, or its own name where one answer pages several lists. */
export const listPage = (name = 'page') => listNumber(name, Number.MAX_SAFE_INTEGER, 1);

/** How many rows a page holds: `fallback` unless asked, at most `max`. */
export const perPage = (fallback: number, max = MAX_PER_PAGE) => listNumber('per_page', max, fallback);

export type ListQueryOptions = {
  /** The most rows a page may ask for. */
  maxPerPage?: number;
};

/**
 * The list query (docs/api.md §Listas), in the query string or a POST body: page, per_page, sort_desc and
 * search. Each list extends it with its own sort_by and filters; an absent sort_desc leaves the
 * order to the list.
 */
export function listQuery(defaultPerPage: number, { maxPerPage = MAX_PER_PAGE }: ListQueryOptions = {}) {
  return z.object({
    page: listPage(),
    per_page: perPage(defaultPerPage, maxPerPage),
    sort_desc: z.preprocess(
      blankAsAbsent,
      z.union([z.boolean(), queryBool], { error: 'El parámetro sort_desc debe ser true o false' }).optional(),
    ),
    search: searchText(0).optional(),
  });
}

/** The Idempotency-Key header of a request that must take effect once: a repeat answers with the first. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'Falta la cabecera Idempotency-Key' })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, 'Idempotency-Key debe tener de 8 a 100 letras, números, - o _'),
});
