// Periodic jobs, run through the job queue (cola.ts, pg-boss): unpaid orders past
// ORDEN_IMPAGA_HORAS are cancelled, cart holds whose time ran out give their units back, scheduled
// blog posts whose time came are marked publicado, scheduled newsletter campaigns whose time came
// start sending (and the batches of those being sent go out), and the catalogue PDF is rebuilt if
// what it shows changed; once a day (from CUPON_CUMPLEANOS.horaDeEnvio, Caracas time) the birthday
// coupons are issued, and with TASA_BCV_AUTOMATICA the BCV's rate is read every few hours.
//
// Every process ticks every TAREAS_INTERVALO_SEGUNDOS and queues the jobs of the slot the tick falls
// in (the interval, the Caracas day, the 4-hour window) with an id made from that slot: the first
// process queues it and the others' inserts find it there, so with N processes on one PostgreSQL
// each slot's job exists once and one worker runs it (pg-boss takes jobs with SKIP LOCKED). On PGlite
// the one process does the same. main.ts starts them; buildTestApp does not, so tests call runJobs
// and runDailyJobs with the clock they want (or queueDueJobs, which passes its clock to the job).
// The changes themselves stay safe if run twice: each is taken under a row lock and re-checked.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { CUPON_CUMPLEANOS } from '#domain/cupon-cumpleanos.ts';
import { caracasIsoDate, caracasParts } from '#domain/dates.ts';
import { COLAS, type Cola, slotId } from '#server/jobs/cola.ts';
import { publicarProgramados } from '#server/modules/blog/blog.service.ts';
import { enviarLotesDeBoletin, iniciarProgramadas } from '#server/modules/boletin/boletin.service.ts';
import { generarSiCambio } from '#server/modules/catalogo-archivo/catalogo-archivo.service.ts';
import { actualizarTasaBcv } from '#server/modules/general/tasa-bcv.service.ts';
import { releaseExpiredCartHolds } from '#server/modules/inventario/inventario.service.ts';
import { vencerImpagas } from '#server/modules/orden-compra/orden-compra.personal.service.ts';
import { conciliarReembolsos } from '#server/modules/pagos-en-linea/pagos-en-linea.reembolsos.service.ts';
import type { PaymentContext } from '#server/modules/pagos-en-linea/pagos-en-linea.service.ts';
import { conciliar } from '#server/modules/pagos-en-linea/pagos-en-linea.service.ts';
import { emitirCuponesDeCumpleanos } from '#server/modules/profile/profile.cumpleanos.service.ts';

export type JobsResult = {
  expiredOrders: number;
  releasedHolds: number;
  publishedPosts: number;
  /** Scheduled newsletter campaigns whose time came and that started sending in this run. */
  startedCampaigns: number;
  /** Online payments found paid at the provider whose return and webhook never arrived. */
  reconciledPayments: number;
  /** Refunds asked of the provider whose answer was lost, finished by asking again with their key. */
  reconciledRefunds: number;
  failed: number;
};
type JobLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** One pass of every job. A failing job is logged and the others still run; nothing is thrown. */
export async function runJobs(ctx: PaymentContext, log: JobLog, now = new Date()): Promise<JobsResult> {
  const result: JobsResult = {
    expiredOrders: 0,
    releasedHolds: 0,
    publishedPosts: 0,
    startedCampaigns: 0,
    reconciledPayments: 0,
    reconciledRefunds: 0,
    failed: 0,
  };
  // Before the expiry: an order paid at the provider must not be cancelled for a lost return.
  try {
    result.reconciledPayments = 0;
    for (const provider of Object.values(ctx.providers ?? {})) result.reconciledPayments += await conciliar(ctx, provider, now);
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron conciliar los pagos en línea');
  }
  try {
    for (const provider of Object.values(ctx.providers ?? {})) result.reconciledRefunds += await conciliarReembolsos(ctx, provider, now);
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron conciliar los reembolsos en línea');
  }
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
  try {
    result.publishedPosts = await publicarProgramados(ctx.db, now);
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron publicar las entradas programadas del blog');
  }
  // ── boletín: scheduled campaigns whose time came start, then the next batches of those being sent
  // (server/src/modules/boletin/boletin.service.ts) ──
  try {
    result.startedCampaigns = (await iniciarProgramadas(ctx.db, now)).length;
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron empezar las campañas programadas del boletín');
  }
  try {
    const sent = await enviarLotesDeBoletin(ctx, now);
    if (sent > 0) log.info({ boletin: sent }, 'tarea periódica: lotes del boletín enviados');
  } catch (error) {
    result.failed++;
    log.error({ err: error }, 'tarea periódica: no se pudieron enviar los lotes del boletín');
  }
  // ── fin del boletín ──
  if (result.expiredOrders > 0 || result.releasedHolds > 0 || result.publishedPosts > 0 || result.startedCampaigns > 0) {
    log.info(result, 'tareas periódicas');
  }
  return result;
}

export type DailyJobsResult = { birthdayCoupons: number; failed: number };

/** One pass of the daily jobs. Failures are logged and counted; nothing is thrown. */
export async function runDailyJobs(ctx: PaymentContext, log: JobLog, now = new Date()): Promise<DailyJobsResult> {
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

// The BCV publishes once a business day; a look every few hours catches it without hammering its site.
const BCV_SLOT_MS = 4 * 3_600_000;

/** With TASA_BCV_AUTOMATICA: the BCV's page (a new rate is stored once). */
async function checkBcvRate(app: FastifyInstance): Promise<{ stored: boolean }> {
  try {
    const result = await actualizarTasaBcv(app.deps.database.db, { url: app.deps.env.TASA_BCV_URL });
    if (result.stored) app.responseCache.invalidate();
    app.log.info(result, 'tasa del BCV');
    return { stored: result.stored };
  } catch (error) {
    app.log.error({ err: error }, 'tarea periódica: no se pudo actualizar la tasa del BCV');
    return { stored: false };
  }
}

/** Rebuilds the catalogue PDF when what it shows changed; the job's interval is its debounce. */
async function refreshCatalogo(app: FastifyInstance): Promise<{ rebuilt: boolean }> {
  try {
    const rebuilt = await generarSiCambio(app.deps.database.db, app.uploadStore);
    if (rebuilt) app.log.info('catálogo en PDF regenerado');
    return { rebuilt };
  } catch (error) {
    app.log.error({ err: error }, 'tarea periódica: no se pudo regenerar el catálogo en PDF');
    return { rebuilt: false };
  }
}

/** What a job of the periodic queues carries: the clock of the tick that queued it. */
export type SlotJob = { at: string };

export type QueuedJobs = Partial<Record<'tareas' | 'catalogo' | 'diarias' | 'bcv', string | null>>;

/**
 * Queues the jobs of the slots `now` falls in: the interval of `seconds`, the Caracas day once its
 * hour came, the BCV's 4-hour window (with `bcv`). Every process calls it on its tick; a slot's job is
 * queued by the first (its id, null for the others) and run once. Wakes this process's workers.
 */
export async function queueDueJobs(cola: Cola, options: { seconds: number; bcv: boolean }, now = new Date()): Promise<QueuedJobs> {
  const data: SlotJob = { at: now.toISOString() };
  const slot = String(Math.floor(now.getTime() / (options.seconds * 1000)));
  const queued: QueuedJobs = {};
  queued.tareas = await cola.send(COLAS.tareas.name, data, { id: slotId(COLAS.tareas.name, `${options.seconds}|${slot}`) });
  queued.catalogo = await cola.send(COLAS.catalogo.name, data, { id: slotId(COLAS.catalogo.name, `${options.seconds}|${slot}`) });
  const day = dailyJobsDay(null, now);
  if (day) queued.diarias = await cola.send(COLAS.diarias.name, data, { id: slotId(COLAS.diarias.name, day) });
  if (options.bcv) {
    queued.bcv = await cola.send(COLAS.bcv.name, data, { id: slotId(COLAS.bcv.name, String(Math.floor(now.getTime() / BCV_SLOT_MS))) });
  }
  for (const queue of [COLAS.tareas, COLAS.catalogo, COLAS.diarias, COLAS.bcv]) cola.wake(queue.name);
  return queued;
}

export type Jobs = { stop: () => Promise<void> };

/**
 * Starts this process's workers of the periodic queues and ticks now and every
 * TAREAS_INTERVALO_SEGUNDOS (0: never); `stop` ends the ticks and waits for the jobs running here.
 */
export async function startJobs(app: FastifyInstance): Promise<Jobs> {
  const seconds = app.deps.env.TAREAS_INTERVALO_SEGUNDOS;
  if (seconds === 0) {
    app.log.info('tareas periódicas desactivadas (TAREAS_INTERVALO_SEGUNDOS=0)');
    return { stop: async () => {} };
  }
  const { cola } = app;
  const ctx = () => app.orderContext();
  const bcv = app.deps.env.TASA_BCV_AUTOMATICA === 'true';
  const clockOf = (job: { data: SlotJob }) => new Date(job.data.at);
  await cola.start();
  await cola.work<SlotJob>(COLAS.tareas.name, async (job) => {
    const result = await runJobs(ctx(), app.log, clockOf(job));
    if (result.publishedPosts > 0) app.responseCache.invalidate();
    return result;
  });
  await cola.work<SlotJob>(COLAS.catalogo.name, () => refreshCatalogo(app));
  await cola.work<SlotJob>(COLAS.diarias.name, (job) => runDailyJobs(ctx(), app.log, clockOf(job)));
  if (bcv) await cola.work<SlotJob>(COLAS.bcv.name, () => checkBcvRate(app));

  let ticking: Promise<unknown> | undefined;
  const tick = () => {
    // A tick still queueing (a slow database) is not doubled: the next slot's tick comes anyway.
    ticking ??= queueDueJobs(cola, { seconds, bcv }, app.reloj.ahora())
      .catch((error) => app.log.error({ err: error }, 'tareas periódicas: no se pudieron encolar'))
      .finally(() => {
        ticking = undefined;
      });
  };
  tick();
  await ticking;
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await ticking;
      for (const queue of [COLAS.tareas, COLAS.catalogo, COLAS.diarias, COLAS.bcv]) await cola.offWork(queue.name);
    },
  };
}
