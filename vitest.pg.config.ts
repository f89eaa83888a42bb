import { defineConfig } from 'vitest/config';

// The services run (`npm run test:pg`): the server tests whose outcome depends on the database
// engine, against a real PostgreSQL server (DATABASE_URL), and the one that needs Redis. Every other server test runs once, on
// PGlite, in `npm test`. Each file's database is a clone of one template that the global setup
// migrates and seeds (CREATE DATABASE … TEMPLATE), dropped when the file ends.
//
// A file belongs here when its outcome can differ by engine: it is a `*.pg.test.ts` (two processes,
// a crash, PostgreSQL's own behaviour) or a `*.concurrencia.test.ts`; it reads DATABASE_URL or
// `database.kind`, or sizes its load by BUYERS_AT_ONCE (20 buyers queued by PGlite, 200 truly at
// once on PostgreSQL); or it races requests with Promise.all over money or stock (an order, a
// payment, an abono, a credit note, a coupon, units held or moved), where only PostgreSQL runs them
// at the same time. A new test file of that kind is added to this list by hand.
if (!process.env.DATABASE_URL) {
  throw new Error('npm run test:pg necesita DATABASE_URL, por ejemplo DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
}

export const POSTGRES_FILES = [
  // PostgreSQL only: two processes on one database, a crash mid-write, the job queue, the start.
  'server/src/db/arranque.pg.test.ts',
  'server/src/jobs/cola.pg.test.ts',
  'server/src/modules/boletin/boletin-programada.pg.test.ts',
  'server/src/modules/orden-compra/durabilidad.pg.test.ts',
  'server/src/modules/pagos-en-linea/caida.pg.test.ts',
  'server/src/modules/imprenta/caida.pg.test.ts',
  'server/src/modules/pagos-en-linea/pagos-en-linea.pg.test.ts',
  'server/src/modules/ventas/ventas.venta.concurrencia.test.ts',
  // The libro de ventas and a customer's IVA retention recorded once under two requests at a time.
  'server/src/modules/ventas/ventas.libro.test.ts',
  'server/src/modules/cuentas-por-pagar/cuentas-por-pagar.libro.test.ts',
  'server/src/http/cache-entre-procesos.pg.test.ts',
  // Two processes behind nginx with the repo's site file (deploy/nginx/vitrina.conf).
  'server/src/http/nginx.pg.test.ts',
  'server/src/db/respaldo.pg.test.ts',
  // The login limit shared by two processes through Redis (TEST_REDIS_URL, redis://127.0.0.1:6379 by default).
  'server/src/http/rate-limit.redis.test.ts',
  // A flood of logins at once (Promise.all): PostgreSQL runs them truly at the same time (issue 27).
  'server/src/modules/auth/ingreso-bajo-avalancha.test.ts',
  // Two logins with the same code at once: one wins (an atomic update, decision 0039).
  'server/src/modules/auth/segundo-factor.test.ts',
  // What they do or check depends on the engine (DATABASE_URL, database.kind, BUYERS_AT_ONCE).
  'server/src/http/http.test.ts',
  'server/src/jobs/cola.test.ts',
  // The imprenta digital's jobs: retried tries, a replaced worker, one number per document.
  'server/src/modules/imprenta/imprenta.test.ts',
  'server/src/modules/catalogo/catalogo-planes.test.ts',
  'server/src/modules/configuracion/configuracion.test.ts',
  'server/src/modules/descuento/cupones-concurrencia.test.ts',
  'server/src/modules/inventario/movimientos.test.ts',
  'server/src/modules/mayor-cuentas/mayor-cuentas.cobros.propiedad.test.ts',
  'server/src/modules/mayor-cuentas/dinero.propiedad.test.ts',
  'server/src/modules/mayor-cuentas/mayor-cuentas.cobros.test.ts',
  'server/src/modules/orden-compra/orden-compra.eventos.test.ts',
  'server/src/modules/orden-compra/orden-compra.test.ts',
  'server/src/modules/orden-compra/ordenes-impagas.test.ts',
  // Requests at the same time over money or stock.
  'server/src/modules/carrito/carrito.test.ts',
  'server/src/modules/cuentas-por-pagar/cuentas-por-pagar.test.ts',
  'server/src/modules/pagos-en-linea/pagos-en-linea.test.ts',
  'server/src/modules/pagos-en-linea/tarjeta.test.ts',
  'server/src/modules/profile/profile.cumpleanos.test.ts',
  'server/src/modules/prospecto/prospecto.test.ts',
  'server/src/modules/ventas/ventas.anular.test.ts',
  'server/src/modules/ventas/ventas.venta.test.ts',
];

export default defineConfig({
  test: {
    include: POSTGRES_FILES,
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['server/test/postgres-plantilla.ts'],
  },
});
