// /api/config/notify-users-of-sale and /api/venta/user-in-charge-of-sales: sales settings (admin).
// Both live here, under /api, because they are one screen (/dashboard/config/notificacion).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NoAutorizado } from '../../errors.ts';
import type { SessionUser } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import * as service from './config.service.ts';

const admin = { access: ['admin'] } as const;
const userId = z
  .number({ error: 'El usuario debe indicarse por su id' })
  .int('El usuario no es válido')
  .positive('El usuario no es válido')
  .max(2_147_483_647, 'El usuario no es válido');

function currentUser(user: SessionUser | null): SessionUser {
  if (!user) throw new NoAutorizado();
  return user;
}

export async function configRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.database.db;
  const tags = ['config'];

  app.get(
    '/config/notify-users-of-sale',
    { config: admin, schema: { tags, summary: 'Personal que recibe un correo por cada orden nueva y cada pago reportado' } },
    async () => ok(await service.usuariosNotificados(db())),
  );
  app.post(
    '/config/notify-users-of-sale',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Elegir el personal que recibe los avisos de venta (reemplaza la lista)',
        body: z.object({
          users: z.array(userId, { error: 'Indique la lista de usuarios (puede estar vacía)' }).max(50, 'Puede elegir hasta 50 usuarios'),
        }),
      },
    },
    async (request) => ok(await service.fijarUsuariosNotificados(db(), request.body.users)),
  );
  app.get(
    '/venta/user-in-charge-of-sales',
    { config: admin, schema: { tags, summary: 'Encargado de las ventas web sin vendedor elegido' } },
    async () => ok(await service.encargadoDeVentas(db())),
  );
  app.post(
    '/venta/user-in-charge-of-sales',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Elegir al encargado de las ventas web (null: ninguno)',
        body: z.object({ user_id: userId.nullable() }),
      },
    },
    async (request) => ok(await service.fijarEncargadoDeVentas(db(), currentUser(request.user), request.body.user_id)),
  );
}
