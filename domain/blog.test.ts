import { describe, expect, it } from 'vitest';
import { effectiveStatus, publicationTime, scheduleInstant, slugify, summaryOf } from './blog.ts';

describe('slugify', () => {
  it('quita acentos, eñes y signos, y une con guiones', () => {
    expect(slugify('¿Qué ponerse en Mérida?')).toBe('que-ponerse-en-merida');
    expect(slugify('  Niños & niñas: 2×1  ')).toBe('ninos-ninas-2-1');
    expect(slugify('¡¡!!')).toBe('');
    expect(slugify('a'.repeat(130))).toHaveLength(120);
  });
});

describe('cuándo se ve una publicación', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const later = new Date('2026-11-25T12:00:00Z');
  const before = new Date('2026-11-20T12:00:00Z');

  it('un borrador nunca; publicada, ahora o la primera vez que se publicó; programada, a su hora', () => {
    expect(publicationTime('borrador', null, before, now)).toBeNull();
    expect(publicationTime('publicado', null, null, now)).toEqual(now);
    expect(publicationTime('publicado', null, before, now)).toEqual(before);
    // Published again after being a scheduled post that had not come out yet: from now.
    expect(publicationTime('publicado', null, later, now)).toEqual(now);
    expect(publicationTime('programado', later, null, now)).toEqual(later);
  });

  it('una programada cuya hora llegó se lee publicada', () => {
    expect(effectiveStatus('programado', later, now)).toBe('programado');
    expect(effectiveStatus('programado', before, now)).toBe('publicado');
    expect(effectiveStatus('borrador', null, now)).toBe('borrador');
  });

  it('una hora sin zona es hora de Caracas (UTC−4); con zona, la que dice', () => {
    expect(scheduleInstant('2026-12-01T08:30').toISOString()).toBe('2026-12-01T12:30:00.000Z');
    expect(scheduleInstant('2026-12-01T08:30:00Z').toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(scheduleInstant('2026-12-01T08:30:00-05:00').toISOString()).toBe('2026-12-01T13:30:00.000Z');
  });
});

describe('summaryOf', () => {
  it('texto sin etiquetas ni entidades, cortado en una palabra', () => {
    expect(summaryOf('<p>Hola &amp; <strong>bienvenidos</strong></p><p>a la tienda</p>')).toBe('Hola & bienvenidos a la tienda');
    const long = `<p>${'palabra '.repeat(40)}</p>`;
    const summary = summaryOf(long, 50);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(51);
    expect(summary).not.toMatch(/ …$/);
  });
});
