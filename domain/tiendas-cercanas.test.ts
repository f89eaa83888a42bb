import { describe, expect, it } from 'vitest';
import { distanciaEntreEstados, ordenarTiendasParaComprador, repartirUnidades } from './tiendas-cercanas.ts';
import { VENEZUELAN_STATES } from './venezuela.ts';

const tiendas = [
  { id: 1, name: 'Vitrina Sambil Caracas', state: 'Distrito Capital', quantity: 2 },
  { id: 2, name: 'Vitrina Valencia', state: 'Carabobo', quantity: 9 },
  { id: 3, name: 'Vitrina Maracaibo', state: 'Zulia', quantity: 0 },
  { id: 4, name: 'Vitrina Barquisimeto', state: 'Lara', quantity: 1 },
  { id: 5, name: 'Vitrina Lechería', state: 'Anzoátegui', quantity: 4 },
];

describe('tiendas más cercanas al comprador', () => {
  it('todos los estados de Venezuela tienen su ubicación', () => {
    for (const state of VENEZUELAN_STATES) expect(distanciaEntreEstados(state.name, 'Lara')).toBeLessThan(2000);
    expect(distanciaEntreEstados('Lara', 'lara')).toBe(0);
  });

  it('primero la del estado del comprador, después las más cercanas; las agotadas al final', () => {
    expect(ordenarTiendasParaComprador(tiendas, 'Lara').map((t) => t.id)).toEqual([4, 2, 1, 5, 3]);
    expect(ordenarTiendasParaComprador(tiendas, 'Miranda').map((t) => t.id)).toEqual([1, 2, 4, 5, 3]);
    // Zulia's store has none: the nearest with stock is Barquisimeto.
    expect(ordenarTiendasParaComprador(tiendas, 'zulia')[0].id).toBe(4);
  });

  it('sin estado conocido, la de más existencia primero', () => {
    expect(ordenarTiendasParaComprador(tiendas).map((t) => t.id)).toEqual([2, 5, 1, 4, 3]);
    expect(ordenarTiendasParaComprador(tiendas, 'Narnia').map((t) => t.id)).toEqual([2, 5, 1, 4, 3]);
  });

  it('reparte las unidades en ese orden sin pedir más de lo que hay en cada tienda', () => {
    const orden = ordenarTiendasParaComprador(tiendas, 'Lara');
    expect(repartirUnidades(orden, 1)).toEqual([{ tiendaId: 4, quantity: 1 }]);
    expect(repartirUnidades(orden, 3)).toEqual([
      { tiendaId: 4, quantity: 1 },
      { tiendaId: 2, quantity: 2 },
    ]);
    expect(repartirUnidades(orden, 0)).toEqual([]);
    expect(repartirUnidades(orden, 100).reduce((n, p) => n + p.quantity, 0)).toBe(16);
  });
});
