// Periodic jobs of a server process: unpaid orders past ORDEN_IMPAGA_HORAS are cancelled and
// cart holds whose time ran out give their units back; once a day (from CUPON_CUMPLEANOS.horaDeEnvio,
// Caracas time) the birthday coupons are issued. main.ts starts them; buildTestApp does not, so tests
// call runJobs and runDailyJobs with the clock they want.
//
// Several processes may run them at once on one PostgreSQL without an advisory lock: every change
// is taken under a row lock and re-checked there (an order is cancelled only while it is still
// pending and expired; a hold gives its units back only if this transaction marked it released),
// so a second process finds nothing left to do. What it costs is a few duplicate reads a minute.
// The daily job is the same: each process runs it once a day, and a birthday coupon is issued only
// by the transaction that takes its row (child, year) in cupones_cumpleanos.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CUPON_CUMPLEANOS } from '#domain/cupon-cumpleanos.ts';
import { caracasIsoDate, caracasParts } from '#domain/dates.ts';
import { releaseExpiredCartHolds } from '#server/modules/inventario/inventario.service.ts';
import type { OrderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import { orderContext } from '#server/modules/orden-compra/orden-compra.context.ts';
import { vencerImpagas } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { emitirCuponesDeCumpleanos } from '#server/modules/profile/profile.cumpleanos.service.ts';

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

export type DailyJobsResult = { birthdayCoupons: number; failed: number };

/** One pass of the daily jobs. Failures are logged and counted; nothing is thrown. */
export async function runDailyJobs(ctx: OrderContext, log: JobLog, now = new Date()): Promise<DailyJobsResult> {
  const result: DailyJobsResult = { birthdayCoupons: 0, failed: 0 };
  try {
    const coupons = await emitirCuponesDeCumpleanos(ctx, now);
    result.birthdayCoupons = coupons.issued;
    result.failed += coupons.failed;
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea diaria: no se pudieron emitir los cupones de cumpleaños');
  }
  if (result.birthdayCoupons > 0 || result.failed > 0) log.info(result, 'tareas diarias');
  return result;
}

/** The Caracas day whose daily jobs are due at `now`, or null: not yet their hour, or already run that day. */
export function dailyJobsDay(lastRun: string | null, now: Date): string | null {
  const today = caracasIsoDate(now);
  return today !== lastRun && caracasParts(now).hour >= CUPON_CUMPLEANOS.horaDeEnvio ? today : null;
}

export type Jobs = { stop: () => Promise<void> };

/**
 * Runs the jobs every TAREAS_INTERVALO_SEGUNDOS (0: never), and the daily ones on the first run of
 * each day from their hour; `stop` waits for a run in progress.
 */
export function startJobs(app: FastifyInstance): Jobs {
  const seconds = app.deps.env.TAREAS_INTERVALO_SEGUNDOS;
  if (seconds === 0) {
    app.log.info('tareas periódicas desactivadas (TAREAS_INTERVALO_SEGUNDOS=0)');
    return { stop: async () => {} };
  }
  const ctx = () => orderContext(app);
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let dailyRunOn: string | null = null;
  const run = async () => {
    await runJobs(ctx(), app.log);
    const now = new Date();
    const day = dailyJobsDay(dailyRunOn, now);
    if (day === null) return;
    dailyRunOn = day;
    await runDailyJobs(ctx(), app.log, now);
  };
  // The next run is scheduled when one ends, so a slow run never overlaps the next.
  const schedule = () => {
    timer = setTimeout(async () => {
      running = run();
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
