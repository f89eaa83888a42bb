import { describe, expect, it } from 'vitest';
import { volverDeIngresoSocial } from './volver.ts';

describe('regreso después del ingreso con redes sociales', () => {
  it('vuelve a la página de la tienda guardada en la cookie del recorrido', () => {
    expect(volverDeIngresoSocial('carrito=abc; oauth_volver=%2Fcarrito; oauth_state=x', '/mi-cuenta')).toBe('/carrito');
    expect(volverDeIngresoSocial('oauth_volver=%2Farticulo%2FDBLU003GRIS%3Ftalla%3DM', '/mi-cuenta')).toBe('/articulo/DBLU003GRIS?talla=M');
  });

  it('sin cookie, con otro sitio o con una cookie dañada va al destino de siempre', () => {
    expect(volverDeIngresoSocial(null, '/mi-cuenta')).toBe('/mi-cuenta');
    expect(volverDeIngresoSocial('oauth_state=x', '/dashboard')).toBe('/dashboard');
    expect(volverDeIngresoSocial('oauth_volver=%2F%2Fotro.example%2Fphishing', '/mi-cuenta')).toBe('/mi-cuenta');
    expect(volverDeIngresoSocial('oauth_volver=https%3A%2F%2Fotro.example', '/mi-cuenta')).toBe('/mi-cuenta');
    expect(volverDeIngresoSocial('oauth_volver=%2F%5Cotro.example', '/mi-cuenta')).toBe('/mi-cuenta');
    expect(volverDeIngresoSocial('oauth_volver=%E0%A4%A', '/mi-cuenta')).toBe('/mi-cuenta');
  });
});
