// /api/mayor/cuentas/conciliacion/*: the bank statement reconciliation of administración (issue 10,
// part E). Upload a statement (multipart) → map its columns once per bank → see each credit line
// paired with a payment waiting for confirmation → confirm the chosen pairs.
import { z } from 'zod';
import { isBankCode } from '#domain/banks.ts';
import { AMOUNT_MODES, DECIMAL_STYLES, PAYMENT_KINDS, STATEMENT_LIMITS } from '#domain/conciliacion.ts';
import { id, idParam, listQuery } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { CURRENCIES } from '#domain/money.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

export const CONCILIACION_ROLES = ['admin', 'administracion'] as const satisfies readonly Role[];

const tags = ['conciliacion'] as const;

/** Up to 2 MB: a month of a busy account exports to a few hundred KB. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024;

export const bankCode = z
  .string({ error: 'Elija el banco del extracto' })
  .trim()
  .refine((code) => isBankCode(code), 'Elija un banco de la lista');

export const windowDays = z.coerce
  .number({ error: 'Los días de diferencia deben ser un número' })
  .int('Los días de diferencia deben ser un número entero')
  .min(0, 'Los días de diferencia no pueden ser negativos')
  .max(STATEMENT_LIMITS.maxWindowDays, `Los días de diferencia pueden ser hasta ${STATEMENT_LIMITS.maxWindowDays}`);

const column = (label: string) =>
  z
    .string({ error: `Elija la columna ${label}` })
    .trim()
    .min(1, `Elija la columna ${label}`)
    .max(120, 'El título es demasiado largo');
const optionalColumn = z
  .string()
  .trim()
  .max(120, 'El título es demasiado largo')
  .nullish()
  .transform((v) => v || null);

export const statementMapping = z
  .object({
    date: column('de la fecha'),
    reference: column('de la referencia'),
    description: optionalColumn,
    mode: z.enum(AMOUNT_MODES, { error: 'Elija cómo indica el banco los créditos' }),
    amount: column('del monto'),
    debit: optionalColumn,
    type: optionalColumn,
    creditMarks: z
      .array(z.string().trim().max(20, 'Cada marca puede tener hasta 20 caracteres'), { error: 'Indique las marcas de crédito' })
      .max(10, 'Hasta 10 marcas de crédito')
      .default([]),
    decimal: z.enum(DECIMAL_STYLES, { error: 'Elija el separador decimal' }),
  })
  .superRefine((m, ctx) => {
    if (m.mode === 'tipo' && !m.type) ctx.addIssue({ code: 'custom', path: ['type'], message: 'Elija la columna del tipo de movimiento' });
    if (m.mode === 'tipo' && m.creditMarks.filter(Boolean).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['creditMarks'], message: 'Indique cómo marca el banco los créditos (por ejemplo C o CR)' });
    }
    const used = [m.date, m.reference, m.amount, m.description, m.mode === 'columnas' ? m.debit : null, m.mode === 'tipo' ? m.type : null]
      .filter(Boolean)
      .map((c) => String(c).toLowerCase());
    if (new Set(used).size !== used.length) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Cada dato debe venir de una columna distinta' });
    }
  });

const paymentView = z.object({
  kind: z.enum(PAYMENT_KINDS),
  id: z.number(),
  /** The order's code or the note's number. */
  document: z.string(),
  who: z.string(),
  method: z.string(),
  reference: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  date: z.string(),
});
export type PaymentView = z.infer<typeof paymentView>;

const lineView = z.object({
  id: z.number(),
  row: z.number(),
  date: z.string(),
  reference: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.enum(['pendiente', 'conciliada']),
  /** The payment it confirmed (a conciliada line). */
  payment: z.object({ kind: z.enum(PAYMENT_KINDS), id: z.number(), document: z.string() }).nullable(),
  confirmedAt: instant.nullable(),
});
export type LineView = z.infer<typeof lineView>;

const matchView = z.object({
  lineId: z.number(),
  kind: z.enum(PAYMENT_KINDS),
  paymentId: z.number(),
  strength: z.enum(['referencia', 'fecha']),
  days: z.number(),
});

const statementSummary = z.object({
  id: z.number(),
  bankCode: z.string(),
  bankName: z.string(),
  currency: z.enum(CURRENCIES),
  fileName: z.string(),
  status: z.enum(['por-mapear', 'leido']),
  windowDays: z.number(),
  uploadedAt: instant,
  uploadedBy: z.string().nullable(),
  lines: z.number(),
  reconciled: z.number(),
});

export const extractoDetalle = z.object({
  statement: statementSummary.extend({
    ignored: z.number(),
    problems: z.array(z.object({ row: z.number(), message: z.string() })),
  }),
  /** The bank's saved columns, or a guess from the header for a bank seen for the first time. */
  mapping: statementMapping,
  mappingSaved: z.boolean(),
  /** The header's titles and a few rows under it, to map the columns. */
  header: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  lines: z.array(lineView),
  /** Pairs proposed for the pending lines (domain/conciliacion.ts matchStatement). */
  matches: z.array(matchView),
  /** Payments waiting for confirmation in the statement's currency. */
  payments: z.array(paymentView),
});
export type ExtractoDetalle = z.infer<typeof extractoDetalle>;

export const subirExtracto = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/conciliacion/subir',
  tags,
  summary:
    'Subir el extracto de un banco (multipart: campo «archivo» XLSX o CSV de hasta 2 MB, «banco» con su código, «moneda» VES o USD, «dias» de diferencia): si el banco ya tiene sus columnas, sus créditos quedan leídos',
  status: 201,
  response: envelope(extractoDetalle),
});

export const extractos = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/conciliacion/extractos',
  tags,
  summary: 'Extractos subidos, el más reciente primero (15 por página; search: nombre del archivo o banco)',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(statementSummary),
});

export const verExtracto = defineRoute({
  method: 'GET',
  path: '/mayor/cuentas/conciliacion/extractos/:id',
  tags,
  summary: 'Un extracto: sus líneas, los pares propuestos con los pagos por confirmar y lo que queda sin pareja',
  params: z.object({ id: idParam('El extracto') }),
  response: envelope(extractoDetalle),
});

export const mapearColumnas = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/conciliacion/columnas',
  tags,
  summary: 'Elegir las columnas del extracto (se recuerdan para su banco) y leer sus créditos de nuevo',
  body: z.object({
    id: id('El extracto'),
    mapping: statementMapping,
    windowDays: windowDays.optional(),
  }),
  response: envelope(extractoDetalle),
});

export const confirmarConciliacion = defineRoute({
  method: 'POST',
  path: '/mayor/cuentas/conciliacion/confirmar',
  tags,
  summary:
    'Confirmar los pares elegidos: cada pago de orden por el camino de confirmar-pago, cada abono por el de aprobar-abono, cada par en su propia transacción y una sola vez',
  body: z.object({
    id: id('El extracto'),
    pairs: z
      .array(
        z.object({
          lineId: id('La línea'),
          kind: z.enum(PAYMENT_KINDS, { error: 'El pago debe ser de una orden o un abono' }),
          paymentId: id('El pago'),
        }),
        { error: 'Elija los pares a confirmar' },
      )
      .min(1, 'Elija al menos un par')
      .max(500, 'Se pueden confirmar hasta 500 pares a la vez'),
  }),
  response: envelope(
    z.object({
      confirmed: z.array(z.object({ lineId: z.number(), kind: z.enum(PAYMENT_KINDS), paymentId: z.number(), document: z.string() })),
      skipped: z.array(z.object({ lineId: z.number(), motivo: z.string() })),
      statement: extractoDetalle,
    }),
  ),
});
