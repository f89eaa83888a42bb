// Periodic jobs of a server process: unpaid orders past ORDEN_IMPAGA_HORAS are cancelled and
// cart holds whose time ran out give their units back. main.ts starts them; buildTestApp does not,
// so tests call runJobs with the clock they want.
//
// Several processes may run them at once on one PostgreSQL without an advisory lock: every change
// is taken under a row lock and re-checked there (an order is cancelled only while it is still
// pending and expired; a hold gives its units back only if this transaction marked it released),
// so a second process finds nothing left to do. What it costs is a few duplicate reads a minute.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { releaseExpiredCartHolds } from '../modules/inventario/inventario.service.ts';
import { type OrderContext, vencerImpagas } from '../modules/orden-compra/orden-compra.service.ts';

export type JobsResult = { expiredOrders: number; releasedHolds: number; failed: number };
type JobLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** One pass of every job. A failing job is logged and the others still run; nothing is thrown. */
export async function runJobs(ctx: OrderContext, log: JobLog, now = new Date()): Promise<JobsResult> {
  const result: JobsResult = { expiredOrders: 0, releasedHolds: 0, failed: 0 };
  try {
    result.expiredOrders = await vencerImpagas(ctx, now);
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron anular las órdenes vencidas');
  }
  try {
    result.releasedHolds = await releaseExpiredCartHolds(ctx.db, now);
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron liberar las reservas vencidas del carrito');
  }
  if (result.expiredOrders > 0 || result.releasedHolds > 0) log.info(result, 'tareas periódicas');
  return result;
}

export type Jobs = { stop: () => Promise<void> };

/** Runs the jobs every TAREAS_INTERVALO_SEGUNDOS (0: never); `stop` waits for a run in progress. */
export function startJobs(app: FastifyInstance): Jobs {
  const seconds = app.deps.env.TAREAS_INTERVALO_SEGUNDOS;
  if (seconds === 0) {
    app.log.info('tareas periódicas desactivadas (TAREAS_INTERVALO_SEGUNDOS=0)');
    return { stop: async () => {} };
  }
  const ctx = (): OrderContext => ({
    db: app.deps.database.db,
    mailer: app.authContext().mailer,
    unpaidHours: app.deps.env.ORDEN_IMPAGA_HORAS,
    publicUrl: app.authContext().publicUrl,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  // The next run is scheduled when one ends, so a slow run never overlaps the next.
  const schedule = () => {
    timer = setTimeout(async () => {
      running = runJobs(ctx(), app.log);
      await running;
      running = undefined;
      if (!stopped) schedule();
    }, seconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
