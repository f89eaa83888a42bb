// /api/prospecto/*: prospect requests (docs/api.md §Prospectos), for admin and vendedor-admin. Staff enter the
// request of a would-be or wholesale customer with the articles asked for; it is answered with a
// quote priced from the catalogue, and processed once: noted as an order of that customer or discarded.
import { z } from 'zod';
import { cedulaRif, email, id, idParam, listQuery, phone, searchText } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import type { Role } from '#domain/roles.ts';

export const PROSPECTO_ROLES = ['admin', 'vendedor-admin'] as const satisfies readonly Role[];

export const PROSPECT_STATUSES = ['cotizada', 'pedido', 'vendida', 'descartada'] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];
export const PROSPECT_STATUS_LABELS: Record<ProspectStatus, string> = {
  cotizada: 'Cotizada',
  pedido: 'Pedido anotado',
  vendida: 'Vendida',
  descartada: 'Descartada',
};

/** Articles of one quote, and units of one article. */
export const PROSPECT_LIMITS = { lines: 30, units: 999 } as const;

const tags = ['prospecto'] as const;

const line = z.object({
  articleCode: z
    .string({ error: 'Falta el código del artículo' })
    .trim()
    .toUpperCase()
    .min(1, 'Falta el código del artículo')
    .max(22, 'El código del artículo no es válido'),
  // A number, or digits as a form sends them; "0x10", "1e2", true or [5] are not a quantity.
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'La cantidad debe ser un número entero' })
      .int('La cantidad debe ser un número entero')
      .min(1, 'La cantidad debe ser al menos 1')
      .max(PROSPECT_LIMITS.units, `La cantidad puede ser hasta ${PROSPECT_LIMITS.units}`),
  ),
});

const items = z
  .array(line, { error: 'Indique los artículos solicitados' })
  .min(1, 'Indique al menos un artículo')
  .max(PROSPECT_LIMITS.lines, `Una cotización puede tener hasta ${PROSPECT_LIMITS.lines} artículos`)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((l, i) => {
      if (seen.has(l.articleCode)) ctx.addIssue({ code: 'custom', path: [i, 'articleCode'], message: `${l.articleCode} está repetido` });
      seen.add(l.articleCode);
    });
  });

const note = z.string().trim().max(500, 'La nota no puede tener más de 500 caracteres').default('');

const blankAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const solicitudInput = z.discriminatedUnion(
  'accion',
  [
    z.object({
      accion: z.literal('registrar'),
      name: z
        .string({ error: 'El nombre es obligatorio' })
        .trim()
        .min(2, 'El nombre es obligatorio')
        .max(120, 'El nombre puede tener hasta 120 caracteres'),
      dni: z.preprocess(blankAsUndefined, cedulaRif.optional()),
      phone,
      email: z.preprocess(blankAsUndefined, email.optional()),
      note,
      items,
    }),
    z.object({ accion: z.literal('cotizar'), id: id('La solicitud'), items }),
    z.object({
      accion: z.literal('procesar'),
      id: id('La solicitud'),
      resultado: z.enum(['pedido', 'descartada'], { error: 'Indique si se anota como pedido o se descarta' }),
      note,
    }),
  ],
  { error: 'La acción debe ser registrar, cotizar o procesar' },
);

const quoteLine = z.object({
  articleCode: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.string(),
  promotion: z.string(),
  /** (price − promotion) × quantity. */
  net: z.string(),
});

export const prospectView = z.object({
  id: z.number(),
  name: z.string(),
  dni: z.string(),
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  status: z.enum(PROSPECT_STATUSES),
  result: z.string(),
  client: z.object({ id: z.number(), dni: z.string(), name: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  createdAt: instant,
  processedBy: z.string().nullable(),
  processedAt: instant.nullable(),
  units: z.number(),
  /** In USD: subtotal, IVA and total of the quote (domain/ventas.ts saleTotals). */
  subtotal: z.string(),
  iva: z.string(),
  total: z.string(),
});
export type ProspectView = z.infer<typeof prospectView>;

export const prospectDetail = prospectView.extend({
  lines: z.array(quoteLine),
  /** Today's rate and the total in bolívares at it. */
  rate: z.string(),
  totalVes: z.string(),
});
export type ProspectDetail = z.infer<typeof prospectDetail>;

export const buscarUsuarios = defineRoute({
  method: 'GET',
  path: '/prospecto/buscar/usuarios',
  tags,
  summary: 'Solicitudes de prospectos, la más reciente primero (15 por página; search: nombre, cédula, teléfono o correo; filter: estado)',
  query: listQuery(PAGE_SIZES.admin).extend({
    filter: z.preprocess(blankAsUndefined, z.enum(PROSPECT_STATUSES, { error: 'Estado desconocido' }).optional()),
  }),
  response: envelopeList(prospectView),
});

export const buscarUsuario = defineRoute({
  method: 'GET',
  path: '/prospecto/buscar/usuario',
  tags,
  summary: 'Una solicitud con su cotización',
  query: z.object({ id: idParam('La solicitud') }),
  response: envelope(prospectDetail),
});

export const buscarArticulo = defineRoute({
  method: 'GET',
  path: '/prospecto/buscar/articulo',
  tags,
  summary: 'Artículos activos del catálogo por código o nombre (hasta 20), con precio, promoción y existencia libre',
  query: z.object({ search: searchText(2) }),
  response: envelope(
    z.array(z.object({ articleCode: z.string(), name: z.string(), price: z.string(), promotion: z.string(), available: z.number() })),
  ),
});

export const procesarSolicitud = defineRoute({
  method: 'POST',
  path: '/prospecto/procesar/solicitud',
  tags,
  summary:
    'accion registrar (la solicitud y su cotización con los precios del catálogo), cotizar (cotizar de nuevo sus artículos) o procesar (anotarla como pedido del cliente o descartarla, una sola vez)',
  body: solicitudInput,
  response: envelope(prospectDetail),
});
