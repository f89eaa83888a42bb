import { describe, expect, it } from 'vitest';
import { edadDe, lineaDeEdad, ordenarPorAntiguedad, PENDIENTE_IDS, TARJETAS_PENDIENTES, tarjetasPara } from './panel-pendientes.ts';

const NOW = new Date('2026-11-20T16:00:00Z');

describe('tarjetas del inicio por rol', () => {
  it('cada rol ve solo las tarjetas sobre las que actúa', () => {
    const ids = (roles: string[]) => tarjetasPara(roles).map((t) => t.id);
    expect(ids(['administracion'])).toEqual([
      'pagos-por-confirmar',
      'abonos-por-aprobar',
      'ventas-por-autorizar',
      'notas-vencidas',
      'reembolsos-por-revisar',
      'facturas-por-emitir',
    ]);
    expect(ids(['inventario'])).toEqual(['inventario-por-confirmar']);
    expect(ids(['despacho'])).toEqual(['por-despachar', 'por-entregar']);
    expect(ids(['vendedor-admin'])).toEqual(['notas-vencidas']);
    expect(ids(['admin'])).toEqual([...PENDIENTE_IDS]);
    expect(ids([])).toEqual([]);
    expect(ids(['inventario', 'despacho'])).toEqual(['inventario-por-confirmar', 'por-despachar', 'por-entregar']);
  });

  it('una tarjeta por pendiente, cada una con su lista en el panel', () => {
    expect(TARJETAS_PENDIENTES.map((t) => t.id)).toEqual([...PENDIENTE_IDS]);
    for (const t of TARJETAS_PENDIENTES) expect(t.href.startsWith('/dashboard')).toBe(true);
  });
});

describe('la edad del más antiguo', () => {
  it('en días, horas o minutos, y la fecha pasado un mes', () => {
    expect(edadDe('2026-11-17T15:00:00Z', NOW)).toBe('hace 3 días');
    expect(edadDe('2026-11-19T15:59:00Z', NOW)).toBe('hace 1 día');
    expect(edadDe('2026-11-20T11:00:00Z', NOW)).toBe('hace 5 horas');
    expect(edadDe('2026-11-20T15:00:00Z', NOW)).toBe('hace 1 hora');
    expect(edadDe('2026-11-20T15:58:00Z', NOW)).toBe('hace 2 minutos');
    expect(edadDe('2026-11-20T15:59:40Z', NOW)).toBe('hace un momento');
    // A clock slightly ahead never gives a negative age.
    expect(edadDe('2026-11-20T16:00:05Z', NOW)).toBe('hace un momento');
    // 01/10 03:00 UTC is still 30/09 in Caracas.
    expect(edadDe('2026-10-01T03:00:00Z', NOW)).toBe('desde el 30/09/2026');
  });

  it('«Al día» sin pendientes; si no, la edad con el nombre de la tarjeta', () => {
    const pagos = TARJETAS_PENDIENTES[0];
    expect(lineaDeEdad(pagos, { total: 0, oldest: null }, NOW)).toBe('Al día');
    expect(lineaDeEdad(pagos, { total: 2, oldest: '2026-11-17T15:00:00Z' }, NOW)).toBe('el más antiguo: hace 3 días');
  });
});

describe('el orden de las tarjetas', () => {
  it('primero lo que espera desde hace más tiempo; las que están al día, al final y en su orden', () => {
    const sorted = ordenarPorAntiguedad([
      { id: 'pagos-por-confirmar', total: 0, oldest: null },
      { id: 'por-despachar', total: 1, oldest: '2026-11-19T00:00:00Z' },
      { id: 'abonos-por-aprobar', total: 3, oldest: '2026-11-10T00:00:00Z' },
      { id: 'inventario-por-confirmar', total: 0, oldest: null },
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['abonos-por-aprobar', 'por-despachar', 'pagos-por-confirmar', 'inventario-por-confirmar']);
  });
});
