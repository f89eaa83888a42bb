import { describe, expect, it } from 'vitest';
import { COLD_PAGE_REFUSAL, createColdPageLimit } from './paginas-frias.ts';

/** Takes a page and lets it finish at once, as a render that ends before the next one starts. */
function takeAndFinish(limit: ReturnType<typeof createColdPageLimit>, address: string, now: number) {
  const verdict = limit.take(address, now);
  if (verdict.ok) verdict.release();
  return verdict.ok ? { ok: true } : verdict;
}

describe('createColdPageLimit', () => {
  it('deja pasar la ráfaga, luego rechaza con el tiempo de espera, y se recarga al ritmo fijado', () => {
    const limit = createColdPageLimit({ perMinute: 60, burst: 3 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(takeAndFinish(limit, '10.0.0.1', t0)).toEqual({ ok: true });
    expect(takeAndFinish(limit, '10.0.0.1', t0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // Another address has its own bucket.
    expect(takeAndFinish(limit, '10.0.0.2', t0)).toEqual({ ok: true });
    // One a second: after a second, one more; not two.
    expect(takeAndFinish(limit, '10.0.0.1', t0 + 1000)).toEqual({ ok: true });
    expect(takeAndFinish(limit, '10.0.0.1', t0 + 1000).ok).toBe(false);
    // Refused tries do not dig the hole deeper: the wait is still at most one refill.
    for (let i = 0; i < 50; i++) takeAndFinish(limit, '10.0.0.1', t0 + 1000);
    expect(takeAndFinish(limit, '10.0.0.1', t0 + 2000)).toEqual({ ok: true });
  });

  it('el tiempo de espera sale del ritmo: 6 por minuto son 10 s por página', () => {
    const limit = createColdPageLimit({ perMinute: 6, burst: 1 });
    expect(takeAndFinish(limit, 'a', 0).ok).toBe(true);
    expect(takeAndFinish(limit, 'a', 0)).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(takeAndFinish(limit, 'a', 4000)).toEqual({ ok: false, retryAfterSeconds: 6 });
  });

  it('una dirección tiene a lo sumo dos páginas en curso, aunque le quede ráfaga; al terminar una, entra otra', () => {
    const limit = createColdPageLimit({ perMinute: 600, burst: 100 });
    const first = limit.take('b', 0);
    const second = limit.take('b', 0);
    expect(first.ok && second.ok).toBe(true);
    expect(limit.take('b', 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limit.take('c', 0).ok).toBe(true);
    if (first.ok) {
      first.release();
      first.release(); // twice is once
    }
    const third = limit.take('b', 0);
    expect(third.ok).toBe(true);
    expect(limit.take('b', 0).ok).toBe(false);
  });
});

describe('COLD_PAGE_REFUSAL', () => {
  it('lleva la cabecera con la búsqueda, salidas al inicio y al catálogo y un pie, sin recursos ajenos', () => {
    expect(COLD_PAGE_REFUSAL).toContain('<h1>Demasiadas solicitudes</h1>');
    expect(COLD_PAGE_REFUSAL).toMatch(/<header>.*<form action="\/buscar" method="get" role="search"><input name="q"/);
    expect(COLD_PAGE_REFUSAL).toContain('<a href="/">Ir al inicio</a>');
    expect(COLD_PAGE_REFUSAL).toContain('<a href="/linea">Ver el catálogo</a>');
    expect(COLD_PAGE_REFUSAL).toMatch(/<footer>.*<a href="\/orden">Seguir mi pedido<\/a>.*<\/footer>/);
    // The fixed CSP of a non-page response allows only inline styles and own images.
    expect(COLD_PAGE_REFUSAL).not.toMatch(/<link|<script|src="http/);
  });
});
