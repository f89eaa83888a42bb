import { describe, expect, it } from 'vitest';
import { createColdPageLimit } from './paginas-frias.ts';

describe('createColdPageLimit', () => {
  it('deja pasar la ráfaga, luego rechaza con el tiempo de espera, y se recarga al ritmo fijado', () => {
    const limit = createColdPageLimit({ perMinute: 60, burst: 3 });
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(limit.take('10.0.0.1', t0)).toEqual({ ok: true });
    expect(limit.take('10.0.0.1', t0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // Another address has its own bucket.
    expect(limit.take('10.0.0.2', t0)).toEqual({ ok: true });
    // One a second: after a second, one more; not two.
    expect(limit.take('10.0.0.1', t0 + 1000)).toEqual({ ok: true });
    expect(limit.take('10.0.0.1', t0 + 1000).ok).toBe(false);
    // Refused tries do not dig the hole deeper: the wait is still at most one refill.
    for (let i = 0; i < 50; i++) limit.take('10.0.0.1', t0 + 1000);
    expect(limit.take('10.0.0.1', t0 + 2000)).toEqual({ ok: true });
  });

  it('el tiempo de espera sale del ritmo: 6 por minuto son 10 s por página', () => {
    const limit = createColdPageLimit({ perMinute: 6, burst: 1 });
    expect(limit.take('a', 0).ok).toBe(true);
    expect(limit.take('a', 0)).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(limit.take('a', 4000)).toEqual({ ok: false, retryAfterSeconds: 6 });
  });
});
