// The metrics: Prometheus's text format at /api/metricas for admin only, and on METRICAS_PUERTO
// without a session; requests by route pattern and status, the event loop, orders by step as the
// database counts them. Liveness and readiness answer apart.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';
import { orderBody, otroComprador, stockedArticle } from '#test/ordenes.ts';
import { freePort } from '#test/server-process.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ METRICAS_PUERTO: String(port) });
});

afterAll(async () => {
  await t?.close();
});

/** The value of one series of the text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('métricas', () => {
  it('solo el admin las lee en /api/metricas; por ruta y estado, el bucle de eventos y las órdenes por paso', async () => {
    const api = ordenesDriver(t);
    expect((await api.call('anonimo', 'GET', '/api/metricas')).statusCode).toBe(401);
    for (const role of ['cliente', 'administracion', 'vendedor-admin'])
      expect((await api.call(role, 'GET', '/api/metricas')).statusCode, role).toBe(403);

    await api.registrarOrden(orderBody(await stockedArticle(t, 5), { buyer: otroComprador(7) }), 'metricas-orden-1');
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/v2/catalogo/article/NOEXISTE' });
    // The queue counts once this process's queue is started (as the server does at its start).
    await t.app.cola.start();
    const answer = await api.call('admin', 'GET', '/api/metricas');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    // One series per route pattern, never per URL.
    expect(sample(text, 'vitrina_http_solicitudes_total{metodo="GET",ruta="/api/v2/catalogo/article/:code",estado="404"}')).toBe(3);
    expect(text).not.toContain('NOEXISTE');
    expect(text).toContain('vitrina_http_duracion_segundos_bucket{le="0.005",metodo="GET",ruta="/api/v2/catalogo/article/:code"}');
    expect(text).toContain('vitrina_nodejs_eventloop_lag_seconds ');
    const steps = await rows<{ step: string; n: number }>(t, sql`SELECT step, count(*)::int AS n FROM ordenes_compra GROUP BY step`);
    expect(steps.length).toBeGreaterThan(0);
    for (const { step, n } of steps) expect(sample(text, `vitrina_ordenes{paso="${step}"}`), step).toBe(n);
    expect(text).toMatch(/vitrina_cola_trabajos\{cola="correo-entrega",estado="listos"\} \d+/);
  });

  it('en METRICAS_PUERTO se leen sin sesión', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('vitrina_http_solicitudes_total');
    expect((await fetch(`http://127.0.0.1:${port}/otra`)).status).toBe(404);
  });

  it('vivo no consulta la base; listo sí', async () => {
    const vivo = await t.app.inject({ url: '/api/health/vivo' });
    expect(vivo.json()).toEqual({ success: true, data: { status: 'vivo' } });
    const listo = await t.app.inject({ url: '/api/health/listo' });
    expect(listo.json()).toEqual({ success: true, data: { status: 'listo' } });
  });
});
