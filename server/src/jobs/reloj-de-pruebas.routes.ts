// The browser journeys' clock (RELOJ_DE_PRUEBAS, see env.ts and reloj.ts): the store's clock moves
// forward to the time the journey names, and the periodic and daily jobs run once at it, as the
// queue's workers would at that time. Registered only when the variable is set; an admin's session
// is still needed.
import type { FastifyInstance } from 'fastify';
import { relojDePrueba } from '#domain/contracts/pruebas.ts';
import { route } from '#server/http/contract.ts';
import { ok } from '#server/http/envelope.ts';
import { dailyJobsDay, runDailyJobs, runJobs } from '#server/jobs/jobs.ts';
import type { RelojDePruebas } from '#server/reloj.ts';

export async function relojDePruebasRoutes(app: FastifyInstance, options: { reloj: RelojDePruebas }): Promise<void> {
  route(app, relojDePrueba, { access: ['admin'], hide: true }, async (request) => {
    options.reloj.adelantarHasta(new Date(request.body.at));
    const now = options.reloj.ahora();
    const jobs = await runJobs(app.orderContext(), app.log, now);
    // The daily jobs once their Caracas hour came, as queueDueJobs queues them.
    const daily = dailyJobsDay(null, now) ? await runDailyJobs(app.orderContext(), app.log, now) : { birthdayCoupons: 0, failed: 0 };
    // What the storefront shows at the new time (scheduled posts) is not what its cache holds.
    app.responseCache.invalidate();
    return ok({ ...jobs, birthdayCoupons: daily.birthdayCoupons, failed: jobs.failed + daily.failed });
  });
}
