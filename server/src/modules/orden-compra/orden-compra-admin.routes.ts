// /api/orden-compra/* back-office reads beside the order pipeline: the accounts to pay to (public,
// for the checkout), credit sales, and the CSV export of confirmed web sales.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANK_ACCOUNT_METHOD_IDS } from '../../../../domain/contracts/general.ts';
import { caracasIsoDate } from '../../../../domain/dates.ts';
import { listQuerySchema, PAGE_SIZES } from '../../../../domain/paginator.ts';
import { CREDIT_SALE_ROLES, PROFIT_EXPORT_ROLES } from '../../../../domain/roles.ts';
import { NoAutorizado } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { ok, okList } from '../../http/envelope.ts';
import * as service from './orden-compra-admin.service.ts';

// DOMAIN.md: credit sales belong to sales (vendedor-admin) and to administracion.
const CREDITO = CREDIT_SALE_ROLES;

const orderCode = z
  .string({ error: 'Falta el código de la orden' })
  .trim()
  .toUpperCase()
  .regex(/^OC-\d{6,}$/, 'El código de la orden no es válido (ejemplo: OC-000123)');

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = (label: string) =>
  z
    .string()
    .regex(ISO_DAY, `${label} debe tener el formato aaaa-mm-dd`)
    .refine((v) => !ISO_DAY.test(v) || new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} no existe`);

function staffUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function ordenCompraAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['orden-compra'];

  app.get(
    '/cuentas-bancarias',
    {
      config: { access: 'public', cacheSeconds: 10 },
      schema: {
        tags,
        summary: 'Cuentas activas de la tienda para pagar, agrupadas por método de pago',
        querystring: z.object({
          method: z.enum(BANK_ACCOUNT_METHOD_IDS, { error: 'Método de pago desconocido' }).optional(),
        }),
      },
    },
    async (request) => ok(await service.cuentasParaPagar(db(), request.query.method)),
  );

  app.get(
    '/ventas-a-credito',
    {
      config: { access: CREDITO },
      schema: {
        tags,
        summary: 'Ventas web a crédito con su saldo (15 por página; search: código, comprador o cédula)',
        querystring: listQuerySchema(PAGE_SIZES.admin),
      },
    },
    async (request) => {
      const q = request.query;
      const { items, meta } = await service.ventasACredito(db(), q.search || undefined, q.page, q.per_page);
      return okList(items, meta);
    },
  );

  app.patch(
    '/a-credito',
    {
      config: { access: CREDITO },
      schema: {
        tags,
        summary: 'Aprobar una orden pendiente con pago pendiente como venta a crédito',
        body: z.object({
          code: orderCode,
          note: z.string().trim().max(300, 'La nota no puede tener más de 300 caracteres').default(''),
        }),
      },
    },
    async (request) => ok(await service.aprobarCredito(db(), request.body.code, staffUser(request.user), request.body.note)),
  );

  app.get(
    '/sync-venta-web-profit',
    {
      config: { access: PROFIT_EXPORT_ROLES },
      schema: {
        tags,
        summary: 'Ventas web confirmadas en CSV (una fila por línea; ; como separador, coma decimal, UTF-8 con BOM)',
        querystring: z
          .object({ date_from: isoDay('La fecha inicial').optional(), date_to: isoDay('La fecha final').optional() })
          .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
            path: ['date_to'],
            message: 'La fecha final no puede ser anterior a la inicial',
          }),
      },
    },
    async (request, reply) => {
      const { date_from, date_to } = request.query;
      const csv = await service.exportarVentasWeb(db(), { from: date_from, to: date_to });
      const name = `ventas-web_${date_from ?? 'inicio'}_${date_to ?? caracasIsoDate(new Date())}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
