import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const response = await t.app.inject(url);
  return { status: response.statusCode, body: response.json() };
};

describe('datos generales de la tienda', () => {
  it('info de la página: logo, banner, guía de tallas y oferta', async () => {
    const { status, body } = await get('/api/general/info-pagina');
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['banner', 'facility', 'logo', 'offer', 'sizeGuide', 'storeName']);
    expect(body.data.sizeGuide).toContain('Talla|');
  });

  it('empresa: las cuatro secciones en su orden', async () => {
    const { body } = await get('/api/general/empresa');
    expect(body.data.map((s: { section: string }) => s.section)).toEqual(['mision', 'vision', 'valores', 'quienes_somos']);
    expect(body.data.map((s: { title: string }) => s.title)).toEqual(['Misión', 'Visión', 'Valores', 'Quienes Somos']);
  });

  it('tasa del día en USD; sin tasa cargada vale 1', async () => {
    const { body } = await get('/api/general/tasa-del-dia');
    expect(body.data).toMatchObject({ currency: 'USD', amount: '312.4500' });
    await t.database.db.execute(sql`DELETE FROM tasas_cambio`);
    const empty = await get('/api/general/tasa-del-dia');
    expect(empty.body.data).toEqual({ currency: 'USD', amount: '1', date: null, source: 'manual', valueDate: null, automatic: false });
  });

  it('cuentas bancarias paginadas con meta', async () => {
    const { body } = await get('/api/general/cuentas-bancarias?per_page=2&page=2');
    expect(body.data).toHaveLength(2);
    expect(body.meta).toEqual({ current_page: 2, per_page: 2, total: 4, from: 3, to: 4, last_page: 2 });
    expect(body.data[0]).toHaveProperty('company_account_name');
  });

  it('pie de página con párrafos y redes sociales', async () => {
    const { body } = await get('/api/footer-content');
    expect(Array.isArray(body.data.about_text)).toBe(true);
    expect(body.data.about_text.length).toBeGreaterThan(0);
    expect(Object.keys(body.data.social_links).sort()).toEqual(['facebook', 'instagram', 'twitter', 'youtube']);
  });

  it('páginas de contenido por slug; una desconocida da 404 y un slug inválido 422', async () => {
    expect((await get('/api/pagina/privacy-policy')).body.data.title).toBe('Política de privacidad');
    expect((await get('/api/pagina/no-existe')).status).toBe(404);
    expect((await get('/api/pagina/..%2Fetc')).status).toBe(422);
  });
});

describe('carrito: envíos', () => {
  it('las siete agencias de envío del spec', async () => {
    const { body } = await get('/api/carrito/shipping_agencies');
    expect(body.data.map((a: { name: string }) => a.name)).toEqual(['TEALCA', 'FedEx', 'DOMESA', 'MRW', 'DHL', 'Zoom', 'Liberty']);
  });

  it('las tiendas activas que despachan', async () => {
    const { body } = await get('/api/carrito/shipping_stores');
    expect(body.data).toHaveLength(5);
    expect(body.data.map((s: { city: string }) => s.city)).toContain('Maracaibo');
  });
});
