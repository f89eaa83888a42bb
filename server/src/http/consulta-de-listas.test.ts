// Every list reads page and per_page with the one list query of domain/contracts/campos.ts: the
// catalogue, the back office and the profile answer a bad page with the same 422 and message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { type OrdenesDriver, ordenesDriver } from '#test/driver.ts';

let t: TestApp;
let api: OrdenesDriver;

beforeAll(async () => {
  t = await buildTestApp();
  api = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

type Ask = (field: string, value: string | number) => ReturnType<OrdenesDriver['call']>;

const lists: Record<string, Ask> = {
  'el catálogo': (field, value) => api.call('anonimo', 'GET', `/api/catalogo/articulos?${field}=${value}`),
  'las órdenes del panel (cuerpo de un POST)': (field, value) =>
    api.call('admin', 'POST', '/api/orden-compra/buscar-ordenes-compras', { [field]: value }),
  'los hijos del perfil': (field, value) => api.call('cliente', 'GET', `/api/profile/obtener-hijo?${field}=${value}`),
  'las órdenes del perfil (cuerpo de un POST)': (field, value) =>
    api.call('cliente', 'POST', '/api/profile/buscar-ordenes-compras', { [field]: value }),
};

const cases: [field: string, value: string | number, message: string][] = [
  ['page', '1e300', 'El parámetro page debe ser menor o igual a 9007199254740991'],
  ['page', '0', 'El parámetro page debe ser mayor o igual a 1'],
  ['per_page', '101', 'El parámetro per_page debe ser menor o igual a 100'],
  ['page', 'abc', 'El parámetro page debe ser un número'],
];

describe('la consulta de listas', () => {
  for (const [list, ask] of Object.entries(lists)) {
    it(`${list}: página o tamaño inválidos dan 422 con el mismo mensaje en español`, async () => {
      for (const [field, value, message] of cases) {
        const response = await ask(field, value);
        expect(response.statusCode, `${field}=${value}`).toBe(422);
        expect(response.json(), `${field}=${value}`).toEqual({
          success: false,
          message: 'Los datos enviados no son válidos.',
          errors: { [field]: [message] },
        });
      }
    });
  }

  it('un 1e300 como número JSON en el cuerpo dice lo mismo que en la consulta', async () => {
    const response = await lists['las órdenes del panel (cuerpo de un POST)']('page', 1e300);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ page: ['El parámetro page debe ser menor o igual a 9007199254740991'] });
  });

  it('las páginas de las listas de sub-líneas dicen lo mismo con su nombre, y su tope de 60', async () => {
    const response = await api.call('anonimo', 'GET', '/api/v2/catalogo/sublinea?linea=damas&page_latest=1e300&per_page=61');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      page_latest: ['El parámetro page_latest debe ser menor o igual a 9007199254740991'],
      per_page: ['El parámetro per_page debe ser menor o igual a 60'],
    });
  });

  it('la última página posible responde una página vacía, no un error', async () => {
    const response = await api.call('anonimo', 'GET', '/api/catalogo/articulos?page=9007199254740991');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
  });
});
