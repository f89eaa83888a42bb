import { describe, expect, it } from 'vitest';
import { movedAccountPath } from './rutas.ts';

describe('direcciones viejas de la cuenta', () => {
  it('cada página del perfil en el panel lleva a su página en la tienda', () => {
    expect(movedAccountPath('/dashboard/perfil')).toBe('/mi-cuenta');
    expect(movedAccountPath('/dashboard/perfil/cambiar-clave')).toBe('/mi-cuenta/cambiar-clave');
    expect(movedAccountPath('/dashboard/perfil/hijo')).toBe('/mi-cuenta/hijos');
    expect(movedAccountPath('/dashboard/perfil/ordenes')).toBe('/mi-cuenta/compras');
    expect(movedAccountPath('/dashboard/perfil/ordenes/OC-000003')).toBe('/mi-cuenta/compras/OC-000003');
  });

  it('las demás páginas del panel no se mueven', () => {
    expect(movedAccountPath('/dashboard')).toBeNull();
    expect(movedAccountPath('/dashboard/venta/OC-000003')).toBeNull();
    expect(movedAccountPath('/dashboard/perfilx')).toBeNull();
  });
});
