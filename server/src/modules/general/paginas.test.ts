// The content pages (políticas, términos, franquicias) through the «pagina» resource: the admin
// creates, edits and deletes them; the public read follows at once; bad input is a Spanish 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { loginAs } from '#test/sessions.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await loginAs(t.app, 'admin@vitrina.com.ve')).token;
});

afterAll(async () => {
  await t?.close();
});

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token: string | null = adminToken) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
const leer = (slug: string) => t.app.inject(`/api/pagina/${slug}`);

describe('páginas de contenido', () => {
  it('crear, editar y borrar una página: la lectura pública sigue cada paso', async () => {
    const created = await call('POST', '/api/pagina', {
      slug: 'politica-de-cambios',
      title: 'Política de cambios',
      content: '## Cambios\n\nTiene 30 días.<script>alert(1)</script>',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await leer('politica-de-cambios')).json().data).toMatchObject({
      title: 'Política de cambios',
      content: '## Cambios\n\nTiene 30 días.',
    });
    const repetida = await call('POST', '/api/pagina', { slug: 'politica-de-cambios', title: 'Otra', content: 'x' });
    expect(repetida.statusCode).toBe(409);
    expect(repetida.json().message).toBe('Ya existe una página con la dirección «politica-de-cambios».');

    const edited = await call('PATCH', '/api/pagina/politica-de-cambios', { content: 'Tiene 15 días.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await leer('politica-de-cambios')).json().data).toMatchObject({ title: 'Política de cambios', content: 'Tiene 15 días.' });

    expect((await call('DELETE', '/api/pagina/politica-de-cambios')).statusCode).toBe(200);
    expect((await leer('politica-de-cambios')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/pagina/politica-de-cambios')).statusCode).toBe(404);
  });

  it('la página de franquicias se edita como las demás', async () => {
    const response = await call('PATCH', '/api/pagina/franchise', { title: 'Franquicias Vitrina' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await leer('franchise')).json().data.title).toBe('Franquicias Vitrina');
  });

  it('las páginas que enlaza el pie de la tienda no se borran: 409 y siguen ahí', async () => {
    for (const slug of ['privacy-policy', 'terms-and-condition', 'franchise']) {
      const response = await call('DELETE', `/api/pagina/${slug}`);
      expect(response.statusCode, slug).toBe(409);
      expect(response.json().message).toBe('La tienda enlaza esta página desde su pie de página: edite su texto en lugar de borrarla.');
      expect((await leer(slug)).statusCode, slug).toBe(200);
    }
    // Only those: a page called like a property every object inherits is an ordinary page.
    expect((await call('POST', '/api/pagina', { slug: 'constructor', title: 'Constructor', content: 'Texto.' })).statusCode).toBe(201);
    expect((await call('DELETE', '/api/pagina/constructor')).statusCode).toBe(200);
  });

  it('datos inválidos: 422 en español y nada cambia', async () => {
    const mala = await call('POST', '/api/pagina', { slug: 'Mi Página', title: 'ab', content: '' });
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors).toEqual({
      slug: ['La dirección solo puede tener minúsculas, números y guiones (ejemplo: politica-de-cambios)'],
      title: ['El título debe tener al menos 3 caracteres'],
      content: ['Escriba el texto de la página'],
    });
    const vacia = await call('PATCH', '/api/pagina/franchise', {});
    expect(vacia.statusCode).toBe(422);
    expect(vacia.json().errors._).toEqual(['Indique el título o el texto de la página']);
    expect((await call('PATCH', '/api/pagina/no-existe', { title: 'Nueva' })).statusCode).toBe(404);
  });

  it('sin sesión 401; otro rol del personal 403', async () => {
    expect((await call('DELETE', '/api/pagina/franchise', undefined, null)).statusCode).toBe(401);
    const ventas = (await loginAs(t.app, 'ventas@vitrina.com.ve')).token;
    expect((await call('DELETE', '/api/pagina/franchise', undefined, ventas)).statusCode).toBe(403);
    expect((await leer('franchise')).statusCode).toBe(200);
  });
});
