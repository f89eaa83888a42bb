// PATCH /api/general/empresa: the admin edits one company section; «Sobre nosotros» reads it at once.
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

const patch = (payload: unknown, token: string | null = adminToken) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/general/empresa',
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const secciones = async () =>
  (await t.app.inject('/api/general/empresa')).json().data as { section: string; title: string; content: string }[];

describe('secciones de la empresa', () => {
  it('el admin cambia la misión; las otras quedan igual y la lectura pública la muestra enseguida', async () => {
    const before = await secciones();
    const response = await patch({ section: 'mision', content: '  Vestir a Venezuela con calidad. ' });
    expect(response.statusCode, response.body).toBe(200);
    const after = await secciones();
    expect(response.json().data).toEqual(after);
    expect(after.map((s) => s.section)).toEqual(['mision', 'vision', 'valores', 'quienes_somos']);
    expect(after[0]).toEqual({ ...before[0], content: 'Vestir a Venezuela con calidad.' });
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it('un título nuevo se guarda; las etiquetas se quitan del texto', async () => {
    const response = await patch({
      section: 'valores',
      title: 'Nuestros valores',
      content: 'Honestidad<script>alert(1)</script> y servicio',
    });
    expect(response.statusCode, response.body).toBe(200);
    const valores = (await secciones()).find((s) => s.section === 'valores');
    expect(valores).toMatchObject({ title: 'Nuestros valores', content: 'Honestidad y servicio' });
  });

  it('sección desconocida, nada que cambiar o textos largos: 422 en español y nada cambia', async () => {
    const before = await secciones();
    const desconocida = await patch({ section: 'historia', content: 'x' });
    expect(desconocida.statusCode).toBe(422);
    expect(desconocida.json().errors.section).toEqual(['Elija la sección: misión, visión, valores o quiénes somos']);
    const vacia = await patch({ section: 'vision' });
    expect(vacia.statusCode).toBe(422);
    expect(vacia.json().errors._).toEqual(['Indique el título o el texto de la sección']);
    const larga = await patch({ section: 'vision', title: 'x'.repeat(81), content: 5 });
    expect(larga.statusCode).toBe(422);
    expect(larga.json().errors).toEqual({
      title: ['El título no puede tener más de 80 caracteres'],
      content: ['El texto no es válido'],
    });
    expect(await secciones()).toEqual(before);
  });

  it('sin sesión 401; otro rol del personal 403', async () => {
    expect((await patch({ section: 'mision', content: 'x' }, null)).statusCode).toBe(401);
    const ventas = (await loginAs(t.app, 'administracion@vitrina.com.ve')).token;
    expect((await patch({ section: 'mision', content: 'x' }, ventas)).statusCode).toBe(403);
  });
});
