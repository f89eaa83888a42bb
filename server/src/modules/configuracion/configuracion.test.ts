// Catalogue administration through the API: líneas and sub-líneas, models and their articles,
// prices and promotions, the "nuevo" and "más vendido" marks, the bulk change and the history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCard, ArticleDetail } from '#domain/contracts/catalogo.ts';
import {
  type CambioMasivoResultado,
  type HistorialFila,
  type LineaAdmin,
  PRENDAS,
  type ProductoDetalle,
  type ProductoFila,
} from '#domain/contracts/configuracion.ts';
import { GARMENTS } from '#server/modules/imagenes/garment-svg.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { BUYERS_AT_ONCE, ordenesDriver } from '#test/driver.ts';
import { rows } from '#test/inject.ts';

let t: TestApp;
let driver: ReturnType<typeof ordenesDriver>;

beforeAll(async () => {
  t = await buildTestApp();
  driver = ordenesDriver(t);
});

afterAll(async () => {
  await t?.close();
});

const call = (role: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  driver.call(role, method, url, payload);

async function lineas(): Promise<LineaAdmin[]> {
  return (await call('inventario', 'GET', '/api/configuracion/buscar-lineas')).json().data;
}

async function lineaByCode(code: string): Promise<LineaAdmin> {
  const found = (await lineas()).find((l) => l.code === code);
  if (!found) throw new Error(`sin línea ${code}`);
  return found;
}

async function storefront(code: string): Promise<ArticleDetail> {
  const response = await t.app.inject({ url: `/api/v2/catalogo/article/${code}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function history(query: string): Promise<HistorialFila[]> {
  const response = await call('inventario', 'GET', `/api/configuracion/historial?${query}&per_page=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const newModel = (overrides: Record<string, unknown> = {}) => ({
  sublineaId: 0,
  baseCode: 'DBLU900',
  colorCode: 'NEGR',
  name: 'Blusa Los Palos Grandes',
  description: 'Blusa de lino con botones de nácar.',
  sizes: ['SM', 'MD', 'LG'],
  price: '19,99',
  promotion: '0',
  ...overrides,
});

describe('líneas y sub-líneas', () => {
  it('los dibujos de prenda que ofrece el formulario son los que la tienda sabe dibujar', () => {
    expect(Object.keys(PRENDAS)).toEqual([...GARMENTS]);
  });

  it('inventario crea una línea: código en mayúsculas, dirección desde el nombre, al final de la lista y en el historial', async () => {
    const before = await lineas();
    const created = await call('inventario', 'POST', '/api/configuracion/registrar-linea', {
      code: 'hog',
      name: 'Hogar y Baño',
      garment: 'franela',
    });
    expect(created.statusCode, created.body).toBe(201);
    const line = created.json().data as LineaAdmin;
    expect(line).toMatchObject({ code: 'HOG', name: 'Hogar y Baño', url: 'hogar-y-bano', active: true, sublineas: [] });
    expect(line.position).toBe(Math.max(...before.map((l) => l.position)) + 1);
    expect((await lineas()).at(-1)?.code).toBe('HOG');
    const [entry] = await history(`lineaId=${line.id}`);
    expect(entry).toMatchObject({ entity: 'linea', entityKey: 'HOG', field: 'creado', newValue: 'Hogar y Baño', source: 'panel' });
    expect(entry.user?.email).toBe('inventario@vitrina.com.ve');
  });

  it('una línea con un código o una dirección que ya existe se rechaza con 400, y los datos mal formados con 422 en español', async () => {
    const again = await call('admin', 'POST', '/api/configuracion/registrar-linea', { code: 'DAM', name: 'Otra', garment: 'blusa' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Ya existe una línea con el código DAM.');
    const sameUrl = await call('admin', 'POST', '/api/configuracion/registrar-linea', { code: 'DAM2', name: 'Damas', garment: 'blusa' });
    expect(sameUrl.statusCode).toBe(400);
    expect(sameUrl.json().message).toBe('Ya existe una línea con la dirección «damas».');
    const bad = await call('admin', 'POST', '/api/configuracion/registrar-linea', { code: 'x y', name: '', garment: 'capa', url: 'Ñoño' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      code: ['El código de la línea solo admite letras y números, sin espacios'],
      name: ['El nombre debe tener al menos 2 caracteres'],
      garment: ['Elija el dibujo de prenda de la lista'],
      url: ['La dirección solo admite minúsculas sin acentos, números y guiones (ejemplo: ropa-de-playa)'],
    });
    const nothing = await call('admin', 'PATCH', '/api/configuracion/actualizar-linea', { id: 1 });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors._).toEqual(['Indique qué desea cambiar de la línea']);
    const unknown = await call('admin', 'PATCH', '/api/configuracion/actualizar-linea', { id: 999999, name: 'Nada' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('La línea no existe.');
  });

  it('mover una línea al principio corre las demás un lugar, y queda escrito de qué posición a cuál', async () => {
    const hogar = await lineaByCode('HOG');
    const moved = await call('inventario', 'PATCH', '/api/configuracion/actualizar-linea', { id: hogar.id, position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    const order = await lineas();
    expect(order.map((l) => l.code)).toEqual(['HOG', 'DAM', 'CAB', 'NIN', 'CAL']);
    expect(order.map((l) => l.position)).toEqual([0, 1, 2, 3, 4]);
    // The storefront lists them in the new order.
    const shop = await t.app.inject({ url: '/api/catalogo/lineas' });
    expect(shop.json().data.map((l: { code: string }) => l.code)).toEqual(['HOG', 'DAM', 'CAB', 'NIN', 'CAL']);
    const [entry] = await history(`lineaId=${hogar.id}`);
    expect(entry).toMatchObject({ field: 'posicion', oldValue: '4', newValue: '0' });
  });

  it('desactivar una línea con modelos activos se rechaza y dice cuántos; vacía, se desactiva y sale de la tienda', async () => {
    const damas = await lineaByCode('DAM');
    const refused = await call('inventario', 'PATCH', '/api/configuracion/actualizar-linea', { id: damas.id, active: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      new RegExp(`^La línea Damas tiene ${damas.models.active} modelos activos: desactívelos primero`),
    );
    expect((await lineaByCode('DAM')).active).toBe(true);

    const hogar = await lineaByCode('HOG');
    const off = await call('inventario', 'PATCH', '/api/configuracion/actualizar-linea', { id: hogar.id, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    const shop = await t.app.inject({ url: '/api/catalogo/lineas' });
    expect(shop.json().data.map((l: { code: string }) => l.code)).not.toContain('HOG');
    const [entry] = await history(`lineaId=${hogar.id}`);
    expect(entry).toMatchObject({ field: 'activo', oldValue: 'true', newValue: 'false' });
  });

  it('una sub-línea nueva va al final de su línea; su código se repite entre líneas pero no dentro de una', async () => {
    const hogar = await lineaByCode('HOG');
    const created = await call('inventario', 'POST', '/api/configuracion/registrar-sublinea', {
      lineaId: hogar.id,
      code: 'blu',
      name: 'Toallas',
      garment: 'franela',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ code: 'BLU', url: 'toallas', position: 0, lineaId: hogar.id });
    const twice = await call('inventario', 'POST', '/api/configuracion/registrar-sublinea', {
      lineaId: hogar.id,
      code: 'BLU',
      name: 'Otra',
      garment: 'franela',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('La línea Hogar y Baño ya tiene una sub-línea con el código BLU.');
    const noLine = await call('inventario', 'POST', '/api/configuracion/registrar-sublinea', {
      lineaId: 999999,
      code: 'XX',
      name: 'Nada',
      garment: 'franela',
    });
    expect(noLine.statusCode).toBe(400);
    expect(noLine.json().message).toBe('La línea elegida no existe.');
  });

  it('renombrar una sub-línea: la tienda encuentra sus modelos por el nombre nuevo, y la línea guarda el cambio', async () => {
    const caballeros = await lineaByCode('CAB');
    const shorts = caballeros.sublineas.find((s) => s.code === 'SHO');
    if (!shorts) throw new Error('sin SHO');
    const before = await t.app.inject({ url: '/api/catalogo/buscar-articulos?search=bermudones' });
    expect(before.json().meta.total).toBe(0);
    const renamed = await call('inventario', 'PATCH', '/api/configuracion/actualizar-sublinea', { id: shorts.id, name: 'Bermudones' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await t.app.inject({ url: '/api/catalogo/buscar-articulos?search=bermudones' });
    expect(after.json().meta.total).toBe(shorts.models.active);
    const [entry] = await history(`lineaId=${caballeros.id}`);
    expect(entry).toMatchObject({ entity: 'sublinea', entityKey: 'CAB/SHO', field: 'nombre', oldValue: 'Shorts', newValue: 'Bermudones' });
  });

  it('una sub-línea con modelos activos no se desactiva', async () => {
    const caballeros = await lineaByCode('CAB');
    const shorts = caballeros.sublineas.find((s) => s.code === 'SHO');
    const refused = await call('inventario', 'PATCH', '/api/configuracion/actualizar-sublinea', { id: shorts?.id, active: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^La sub-línea Bermudones tiene \d+ modelos activos/);
  });

  it('vendedor-admin y despacho no administran el catálogo (403); sin sesión, 401', async () => {
    const color = { code: 'ROLS', name: 'Sin permiso', hex: '#123456' };
    for (const role of ['vendedor-admin', 'despacho', 'administracion', 'cliente']) {
      expect((await call(role, 'GET', '/api/configuracion/buscar-lineas')).statusCode, role).toBe(403);
      expect((await call(role, 'POST', '/api/configuracion/registrar-color', color)).statusCode, role).toBe(403);
      expect((await call(role, 'PATCH', '/api/configuracion/actualizar-producto', { code: 'X', name: 'Y' })).statusCode, role).toBe(403);
    }
    expect((await call('anonimo', 'GET', '/api/configuracion/buscar-productos')).statusCode).toBe(401);
    expect((await call('anonimo', 'POST', '/api/configuracion/registrar-color', color)).statusCode).toBe(401);
    const colores = (await call('admin', 'GET', '/api/configuracion/opciones-producto')).json().data.colores as { code: string }[];
    expect(colores.map((c) => c.code)).not.toContain('ROLS');
  });
});

describe('modelos y artículos', () => {
  let blusas: number;

  beforeAll(async () => {
    const damas = await lineaByCode('DAM');
    blusas = damas.sublineas.find((s) => s.code === 'BLU')?.id ?? 0;
  });

  it('crear un modelo: código base + color, un artículo por talla, precio con coma decimal; la tienda lo muestra', async () => {
    const created = await call(
      'inventario',
      'POST',
      '/api/configuracion/registrar-producto',
      newModel({ sublineaId: blusas, baseCode: 'dblu900' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const model = created.json().data as ProductoDetalle;
    expect(model).toMatchObject({
      code: 'DBLU900NEGR',
      baseCode: 'DBLU900',
      colorCode: 'NEGR',
      price: '19.99',
      promotion: '0.00',
      active: true,
    });
    expect(model.articles.map((a) => a.code)).toEqual(['DBLU900NEGRSM', 'DBLU900NEGRMD', 'DBLU900NEGRLG']);
    expect(model.articles.every((a) => a.available === 0)).toBe(true);
    expect(model.path).toBe('/linea/DAM/sub-lineas/BLU/articulos/DBLU900NEGR');
    const shop = await storefront('DBLU900NEGR');
    expect(shop).toMatchObject({ name: 'Blusa Los Palos Grandes', price: '19.99', finalPrice: '19.99' });
    expect(shop.sizes.map((s) => s.code)).toEqual(['SM', 'MD', 'LG']);
    const entries = await history('modelo=DBLU900NEGR');
    expect(entries.map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
      ['tallas', null, 'SM, MD, LG'],
      ['precio', null, '19.99'],
      ['creado', null, 'Blusa Los Palos Grandes'],
    ]);
  });

  it('el mismo modelo dos veces, una promoción mayor que el precio, o un color o una talla que no existen: 400 con el motivo', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'El modelo DBLU900NEGR ya existe (código base DBLU900 en color NEGR).'],
      [
        { colorCode: 'ROJO', price: '10', promotion: '12,50' },
        'La promoción ($ 12,50) no puede ser mayor que el precio ($ 10,00): es lo que se descuenta del precio.',
      ],
      [{ colorCode: 'ZZZZ' }, 'El color ZZZZ no existe: créelo primero.'],
      [{ colorCode: 'ROJO', sizes: ['SM', 'QQ'] }, 'Estas tallas no existen: QQ.'],
      [{ colorCode: 'ROJO', sublineaId: 999999 }, 'La sub-línea elegida no existe.'],
    ];
    for (const [change, message] of cases) {
      const response = await call(
        'inventario',
        'POST',
        '/api/configuracion/registrar-producto',
        newModel({ sublineaId: blusas, ...change }),
      );
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await rows(t, sql`SELECT code FROM modelos WHERE base_code = 'DBLU900'`)).toEqual([{ code: 'DBLU900NEGR' }]);
  });

  it('el mismo modelo creado a la vez por muchos: uno lo crea y los demás reciben 400, nunca 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: BUYERS_AT_ONCE }, (_, i) =>
        call(
          i % 2 ? 'admin' : 'inventario',
          'POST',
          '/api/configuracion/registrar-producto',
          newModel({ sublineaId: blusas, baseCode: 'DBLU901', colorCode: 'ROJO' }),
        ),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BUYERS_AT_ONCE - 1);
    expect(new Set(answers.filter((a) => a.statusCode === 400).map((a) => a.json().message))).toEqual(
      new Set(['El modelo DBLU901ROJO ya existe (código base DBLU901 en color ROJO).']),
    );
    const articles = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM articulos WHERE model_code = 'DBLU901ROJO'`);
    expect(articles[0].n).toBe(3);
  });

  it('datos mal formados al crear: 422 con el mensaje de cada campo', async () => {
    const response = await call('inventario', 'POST', '/api/configuracion/registrar-producto', {
      sublineaId: 'uno',
      baseCode: 'DB LU',
      colorCode: 'NEG',
      name: 'B',
      sizes: [],
      price: '0',
      promotion: '-1',
      nuevo: 'tal vez',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      sublineaId: ['La sub-línea debe ser un número'],
      baseCode: ['El código base solo admite letras, números y guiones (ejemplo: DBLU006)'],
      colorCode: ['El color debe ser un código de 4 letras o números'],
      name: ['El nombre debe tener al menos 2 caracteres'],
      sizes: ['Elija al menos una talla'],
      price: ['El precio debe ser mayor que cero'],
      promotion: ['La promoción no puede ser negativa'],
      nuevo: ['Lo nuevo debe ser auto, si o no'],
    });
  });

  it('cambiar precio y promoción: la tienda los muestra en la siguiente consulta y el historial dice quién, antes y después', async () => {
    const changed = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', {
      code: 'dblu900negr',
      price: '24,50',
      promotion: '4.5',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ price: '24.50', promotion: '4.50', finalPrice: '20.00' });
    expect(await storefront('DBLU900NEGR')).toMatchObject({ price: '24.50', promotion: '4.50', finalPrice: '20.00', onPromotion: true });
    const [promotion, price] = await history('modelo=DBLU900NEGR');
    expect(price).toMatchObject({ field: 'precio', oldValue: '19.99', newValue: '24.50', source: 'panel' });
    expect(promotion).toMatchObject({ field: 'promocion', oldValue: '0.00', newValue: '4.50' });
    expect(price.user?.email).toBe('inventario@vitrina.com.ve');

    const tooMuch = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR', price: '4' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      'La promoción ($ 4,50) no puede ser mayor que el precio ($ 4,00): es lo que se descuenta del precio.',
    );
    expect((await storefront('DBLU900NEGR')).price).toBe('24.50');
  });

  it('agregar tallas crea sus artículos; desactivar saca el modelo de la tienda y de las órdenes nuevas', async () => {
    const added = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', {
      code: 'DBLU900NEGR',
      addSizes: ['XL', 'SM'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().data as ProductoDetalle).articles.map((a) => a.sizeCode)).toEqual(['SM', 'MD', 'LG', 'XL']);
    const off = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR', active: false });
    expect(off.json().data.active).toBe(false);
    expect((await t.app.inject({ url: '/api/v2/catalogo/article/DBLU900NEGR' })).statusCode).toBe(404);
    const [activo, tallas] = await history('modelo=DBLU900NEGR');
    expect(activo).toMatchObject({ field: 'activo', oldValue: 'true', newValue: 'false' });
    expect(tallas).toMatchObject({ field: 'tallas', oldValue: 'SM, MD, LG', newValue: 'SM, MD, LG, XL' });
    const on = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR', active: true });
    expect(on.statusCode).toBe(200);
  });

  it('el detalle de un modelo que no existe es 404; un código mal formado, 422', async () => {
    expect((await call('inventario', 'GET', '/api/configuracion/detalles-producto/DBLU999NEGR')).statusCode).toBe(404);
    const bad = await call('inventario', 'GET', '/api/configuracion/detalles-producto/%20');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.code).toEqual(['El modelo no es válido (ejemplo: DBLU001NEGR)']);
    const noChange = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR' });
    expect(noChange.statusCode).toBe(422);
  });

  it('las opciones de los formularios traen los colores, las tallas en su orden y los dibujos de prenda', async () => {
    const response = await call('inventario', 'GET', '/api/configuracion/opciones-producto');
    expect(response.statusCode).toBe(200);
    const { colores, tallas, prendas } = response.json().data as {
      colores: { code: string }[];
      tallas: { code: string; label: string }[];
      prendas: { value: string }[];
    };
    expect(colores.map((c) => c.code)).toContain('NEGR');
    expect(tallas.slice(0, 3)).toEqual([
      { code: 'XS', label: 'XS' },
      { code: 'SM', label: 'S' },
      { code: 'MD', label: 'M' },
    ]);
    expect(prendas.map((p) => p.value)).toEqual(Object.keys(PRENDAS));
  });

  it('un color nuevo se crea una vez y sirve para crear modelos', async () => {
    const created = await call('inventario', 'POST', '/api/configuracion/registrar-color', { code: 'lila', name: 'Lila', hex: '#B39DDB' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({ code: 'LILA', name: 'Lila', hex: '#b39ddb' });
    // The same code, in any case, is refused with a message that names it.
    const twice = await call('admin', 'POST', '/api/configuracion/registrar-color', { code: 'Lila', name: 'Lila claro', hex: '#b39ddb' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Ya existe un color con el código LILA.');
    const bad = await call('inventario', 'POST', '/api/configuracion/registrar-color', { code: 'LILA', name: 'Lila', hex: 'morado' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hex).toEqual(['El tono debe ser un color #rrggbb (ejemplo: #1b2a4e)']);
    expect(
      (await call('inventario', 'POST', '/api/configuracion/registrar-color', { code: 'MORA', name: 'Mora', hex: '#b39dd' })).json().errors,
    ).toEqual({ hex: ['El tono debe ser un color #rrggbb (ejemplo: #1b2a4e)'] });
    // Every field says what is wrong with it, in Spanish.
    const empty = await call('inventario', 'POST', '/api/configuracion/registrar-color', { code: 'LIL', name: 'L', hex: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      code: ['El color debe ser un código de 4 letras o números'],
      name: ['El nombre del color debe tener al menos 2 caracteres'],
      hex: ['El tono debe ser un color #rrggbb (ejemplo: #1b2a4e)'],
    });
    expect((await call('inventario', 'POST', '/api/configuracion/registrar-color', {})).json().errors).toEqual({
      code: ['El color es obligatorio'],
      name: ['El nombre del color es obligatorio'],
      hex: ['El tono es obligatorio'],
    });
    const model = await call(
      'inventario',
      'POST',
      '/api/configuracion/registrar-producto',
      newModel({ sublineaId: blusas, colorCode: 'LILA' }),
    );
    expect(model.statusCode, model.body).toBe(201);
    expect((model.json().data as ProductoDetalle).colors.map((c) => c.colorCode).sort()).toEqual(['LILA', 'NEGR']);
  });
});

describe('lista de productos del panel', () => {
  const list = async (query: string) => {
    const response = await call('inventario', 'GET', `/api/configuracion/buscar-productos?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: ProductoFila[]; meta: { total: number; per_page: number; last_page: number } };
  };

  it('15 por página, con el total de todos los modelos, activos e inactivos', async () => {
    const [{ n }] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM modelos`);
    const page = await list('');
    expect(page.data).toHaveLength(15);
    expect(page.meta).toMatchObject({ per_page: 15, total: n, last_page: Math.ceil(n / 15) });
  });

  it('filtra por línea, sub-línea, color, activo, con y sin existencia y en promoción', async () => {
    const damas = await lineaByCode('DAM');
    const blusas = damas.sublineas.find((s) => s.code === 'BLU');
    const byLine = await list(`lineaId=${damas.id}&per_page=100`);
    expect(byLine.data.every((m) => m.lineCode === 'DAM')).toBe(true);
    expect(byLine.meta.total).toBe(damas.models.total);
    const bySub = await list(`sublineaId=${blusas?.id}&color=negr&per_page=100`);
    expect(bySub.data.length).toBeGreaterThan(0);
    expect(bySub.data.every((m) => m.subLineCode === 'BLU' && m.colorCode === 'NEGR')).toBe(true);
    const promo = await list('promocion=true&per_page=100');
    expect(promo.data.every((m) => Number(m.promotion) > 0)).toBe(true);
    const noPromo = await list('promocion=false&per_page=1');
    const all = await list('per_page=1');
    expect(promo.meta.total + noPromo.meta.total).toBe(all.meta.total);
    const withStock = await list('existencia=con&per_page=100');
    expect(withStock.data.every((m) => m.stock > 0)).toBe(true);
    const without = await list('existencia=sin&per_page=100');
    expect(without.data.every((m) => m.stock === 0)).toBe(true);
    expect(without.data.map((m) => m.code)).toContain('DBLU900NEGR');
    expect(withStock.meta.total + without.meta.total).toBe(all.meta.total);
    await t.database.db.execute(sql`UPDATE modelos SET active = false WHERE code = 'DBLU900LILA'`);
    const inactive = await list('activo=false');
    expect(inactive.data.map((m) => m.code)).toEqual(['DBLU900LILA']);
  });

  it('busca sin acentos por nombre, color o código, y ordena por precio', async () => {
    const found = await list('search=palos%20grandes%20lila');
    expect(found.data.map((m) => m.code)).toEqual(['DBLU900LILA']);
    const byCode = await list('search=dblu900');
    expect(byCode.meta.total).toBe(2);
    const cheap = await list('sort_by=precio&sort_desc=false&per_page=5');
    const prices = cheap.data.map((m) => Number(m.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('filtros mal formados: 422 en español', async () => {
    const response = await call('inventario', 'GET', '/api/configuracion/buscar-productos?existencia=mucha&color=xx&page=0&lineaId=abc');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      existencia: ['La existencia debe ser con o sin'],
      color: ['El color debe ser un código de 4 letras o números'],
      page: ['El parámetro page debe ser mayor o igual a 1'],
      lineaId: ['La línea no es válida'],
    });
  });
});

describe('«lo nuevo» y «más vendidos» forzados por el personal', () => {
  const codesOf = (cards: ArticleCard[]) => cards.map((c) => c.model);

  it('un modelo marcado «nunca» sale de lo nuevo; uno viejo marcado «siempre» aparece primero', async () => {
    const [newest] = await rows<{ code: string }>(
      t,
      sql`SELECT m.code FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
          WHERE m.active AND s.active AND l.active ORDER BY m.created_at DESC, m.code LIMIT 1`,
    );
    const [oldest] = await rows<{ code: string }>(
      t,
      sql`SELECT m.code FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
          WHERE m.active AND s.active AND l.active ORDER BY m.created_at ASC, m.code LIMIT 1`,
    );
    const page = async () => codesOf((await t.app.inject({ url: '/api/catalogo/articulos?opcion=lo-nuevo&per_page=100' })).json().data);
    expect((await page())[0]).toBe(newest.code);
    expect(await page()).not.toContain(oldest.code);

    for (const [code, nuevo] of [
      [newest.code, 'no'],
      [oldest.code, 'si'],
    ]) {
      const response = await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code, nuevo });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await page();
    expect(after[0]).toBe(oldest.code);
    expect(after).not.toContain(newest.code);
    // The six at random of the home page: the marked one always among them, first.
    for (let i = 0; i < 3; i++) {
      const random = codesOf((await t.app.inject({ url: '/api/catalogo/articulos/lo-nuevo' })).json().data);
      expect(random[0]).toBe(oldest.code);
      expect(random).not.toContain(newest.code);
    }
    const [entry] = await history(`modelo=${oldest.code}`);
    expect(entry).toMatchObject({ field: 'nuevo', oldValue: 'auto', newValue: 'si' });
    // Back to automatic: the newest is new again.
    await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: newest.code, nuevo: 'auto' });
    expect(await page()).toContain(newest.code);
  });

  it('más vendidos: «siempre» pone primero a un modelo que no vende y «nunca» saca al que más vende', async () => {
    const [best] = await rows<{ code: string; line: string }>(
      t,
      sql`SELECT m.code, l.code AS line FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
          WHERE m.active AND l.code = 'CAB' ORDER BY m.sold_count DESC, m.code LIMIT 1`,
    );
    const [worst] = await rows<{ code: string }>(
      t,
      sql`SELECT m.code FROM modelos m JOIN sublineas s ON s.id = m.sublinea_id JOIN lineas l ON l.id = s.linea_id
          WHERE m.active AND l.code = 'CAB' ORDER BY m.sold_count ASC, m.code LIMIT 1`,
    );
    await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: best.code, masVendido: 'no' });
    await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: worst.code, masVendido: 'si' });
    const v2 = await t.app.inject({ url: '/api/v2/catalogo/sublinea?linea=CAB&per_page=60' });
    const bestSellers = codesOf(v2.json().data.sublines.allActiveBestSeller);
    expect(bestSellers[0]).toBe(worst.code);
    expect(bestSellers).not.toContain(best.code);
    const random = codesOf((await t.app.inject({ url: '/api/catalogo/articulos/mas-vendidos?linea=CAB' })).json().data);
    expect(random[0]).toBe(worst.code);
    expect(random).not.toContain(best.code);
  });
});

describe('cambio masivo de precios y promociones', () => {
  const preview = (body: object) => call('inventario', 'POST', '/api/configuracion/cambio-masivo', body);

  it('«−15 % a Damas/Blusas»: la vista previa dice cuántos y antes → después; aplicar cambia todos en una vez, con su historial', async () => {
    const damas = await lineaByCode('DAM');
    const blusas = damas.sublineas.find((s) => s.code === 'BLU');
    const models = await rows<{ code: string; price: string; promotion: string }>(
      t,
      sql`SELECT code, price::text, promotion::text FROM modelos WHERE sublinea_id = ${blusas?.id} ORDER BY code`,
    );
    const body = { sublineaId: blusas?.id, kind: 'precio-porcentaje', percent: '-15' };
    const shown = await preview(body);
    expect(shown.statusCode, shown.body).toBe(200);
    const result = shown.json().data as CambioMasivoResultado;
    expect(result).toMatchObject({ total: models.length, changed: models.length, applied: false, batch: null });
    const expected = (price: string) => {
      const cents = Math.round(Number(price) * 100);
      return ((cents * 8500 + 5000 - ((cents * 8500 + 5000) % 10000)) / 10000 / 100).toFixed(2);
    };
    for (const row of result.rows) {
      const before = models.find((m) => m.code === row.code);
      expect(row.before.price).toBe(before?.price);
      expect(row.after.price, row.code).toBe(expected(before?.price ?? '0'));
    }
    // Nothing changes with a preview.
    const [still] = await rows<{ price: string }>(t, sql`SELECT price::text FROM modelos WHERE code = ${models[0].code}`);
    expect(still.price).toBe(models[0].price);

    const applied = await preview({ ...body, aplicar: true, huella: result.huella });
    expect(applied.statusCode, applied.body).toBe(200);
    const done = applied.json().data as CambioMasivoResultado;
    expect(done).toMatchObject({ applied: true, changed: models.length });
    const now = await rows<{ code: string; price: string; promotion: string }>(
      t,
      sql`SELECT code, price::text, promotion::text FROM modelos WHERE sublinea_id = ${blusas?.id} ORDER BY code`,
    );
    for (const [index, row] of now.entries()) {
      expect(row.price, row.code).toBe(expected(models[index].price));
      expect(Number(row.promotion)).toBeLessThanOrEqual(Number(row.price));
    }
    expect((await storefront(models[0].code)).price).toBe(expected(models[0].price));
    const [entry] = await history(`modelo=${models[0].code}`);
    expect(entry).toMatchObject({ field: 'precio', oldValue: models[0].price, source: 'masivo', batch: done.batch });
    const batchRows = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM catalogo_historial WHERE batch = ${done.batch} AND field = 'precio'`,
    );
    expect(batchRows[0].n).toBe(models.length);
    const [summary] = await history(`lineaId=${damas.id}`);
    expect(summary).toMatchObject({ field: 'cambio-masivo', newValue: `−15 % al precio: ${models.length} modelos`, source: 'masivo' });
  });

  it('una promoción fija mayor que un precio queda en ese precio, y la vista previa lo cuenta', async () => {
    const cheap = await rows<{ code: string; price: string }>(
      t,
      sql`SELECT code, price::text FROM modelos WHERE active ORDER BY price, code LIMIT 3`,
    );
    const body = { models: cheap.map((m) => m.code), kind: 'promocion-monto', amount: '9,50' };
    const result = (await preview(body)).json().data as CambioMasivoResultado;
    const capped = cheap.filter((m) => Number(m.price) < 9.5);
    expect(result.capped).toBe(capped.length);
    for (const row of result.rows) {
      const price = cheap.find((m) => m.code === row.code)?.price ?? '';
      expect(row.after.promotion).toBe(Number(price) < 9.5 ? price : '9.50');
      expect(row.capped).toBe(Number(price) < 9.5);
    }
  });

  it('si un precio cambió después de la vista previa, aplicar se rechaza (400) y no cambia nada', async () => {
    const caballeros = await lineaByCode('CAB');
    const body = { lineaId: caballeros.id, kind: 'promocion-porcentaje', percent: '20' };
    const result = (await preview(body)).json().data as CambioMasivoResultado;
    const target = result.rows[0].code;
    await call('admin', 'PATCH', '/api/configuracion/actualizar-producto', { code: target, price: '99' });
    const applied = await preview({ ...body, aplicar: true, huella: result.huella });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe(
      'Los modelos o sus precios cambiaron desde la vista previa: revise la vista previa de nuevo antes de aplicar.',
    );
    const promos = await rows<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM catalogo_historial WHERE source = 'masivo' AND field = 'promocion'`,
    );
    expect(promos[0].n).toBe(0);
  });

  it('muchas personas aplican la misma vista previa a la vez: se aplica una sola vez, las demás reciben 400', async () => {
    const body = { search: 'pijama satinada', kind: 'precio-porcentaje', percent: '10' };
    const result = (await preview(body)).json().data as CambioMasivoResultado;
    const before = await rows<{ code: string; price: string }>(
      t,
      sql`SELECT code, price::text FROM modelos WHERE code = ANY(${`{${result.rows.map((r) => r.code).join(',')}}`}::text[]) ORDER BY code`,
    );
    const answers = await Promise.all(
      Array.from({ length: BUYERS_AT_ONCE }, (_, i) =>
        call(i % 2 ? 'admin' : 'inventario', 'POST', '/api/configuracion/cambio-masivo', { ...body, aplicar: true, huella: result.huella }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(BUYERS_AT_ONCE - 1);
    const after = await rows<{ code: string; price: string }>(
      t,
      sql`SELECT code, price::text FROM modelos WHERE code = ANY(${`{${result.rows.map((r) => r.code).join(',')}}`}::text[]) ORDER BY code`,
    );
    for (const [index, row] of after.entries()) {
      const cents = Math.round(Number(before[index].price) * 100);
      expect(Math.round(Number(row.price) * 100)).toBe(Math.floor((cents * 11000 + 5000) / 10000));
    }
  });

  it('sin selección, sin porcentaje o sin vista previa: 422; una selección vacía: 400', async () => {
    const none = await preview({ kind: 'precio-porcentaje', percent: '-10' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.todos).toEqual([
      'Elija qué modelos cambiar: una línea, una sub-línea, un filtro, modelos de la lista o todo el catálogo',
    ]);
    const noPercent = await preview({ todos: true, kind: 'promocion-porcentaje', percent: 'mucho' });
    expect(noPercent.json().errors.percent).toEqual(['Escriba el porcentaje (ejemplo: -15 o 10,5)']);
    const tooMuch = await preview({ todos: true, kind: 'promocion-porcentaje', percent: '150' });
    expect(tooMuch.json().errors.percent).toEqual(['La promoción debe ser un porcentaje mayor que 0 y hasta 100']);
    const blind = await preview({ todos: true, kind: 'quitar-promocion', aplicar: true });
    expect(blind.json().errors.huella).toEqual(['Vea la vista previa antes de aplicar el cambio']);
    const unknownKind = await preview({ todos: true, kind: 'regalar' });
    expect(unknownKind.json().errors.kind).toEqual(['Elija qué cambiar']);
    // A price may not grow past what the price field holds (the database would refuse it).
    await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR', price: '999999999' });
    const past = await preview({ models: ['DBLU900NEGR'], kind: 'precio-porcentaje', percent: '10' });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('El precio no puede pasar de $ 999.999.999,99: el modelo DBLU900NEGR pasaría.');
    await call('inventario', 'PATCH', '/api/configuracion/actualizar-producto', { code: 'DBLU900NEGR', price: '24,50' });
    const empty = await preview({ search: 'no existe ningún modelo así', kind: 'quitar-promocion' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Ningún modelo coincide con la selección.');
  });

  it('desactivar en bloque una sub-línea permite luego desactivarla', async () => {
    const hogar = await lineaByCode('HOG');
    const toallas = hogar.sublineas[0];
    const created = await call('inventario', 'POST', '/api/configuracion/registrar-producto', {
      ...newModel({ sublineaId: toallas.id, baseCode: 'HTOA001', colorCode: 'BLAN', name: 'Toalla de playa', sizes: ['MD'] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await call('inventario', 'PATCH', '/api/configuracion/actualizar-sublinea', { id: toallas.id, active: false })).statusCode,
    ).toBe(400);
    const body = { sublineaId: toallas.id, kind: 'desactivar' };
    const { huella } = (await preview(body)).json().data as CambioMasivoResultado;
    expect((await preview({ ...body, aplicar: true, huella })).statusCode).toBe(200);
    const off = await call('inventario', 'PATCH', '/api/configuracion/actualizar-sublinea', { id: toallas.id, active: false });
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe('historial', () => {
  it('pide un modelo o una línea; sin ninguno es 422', async () => {
    const response = await call('inventario', 'GET', '/api/configuracion/historial');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.modelo).toEqual(['Indique un modelo o una línea']);
    const both = await call('inventario', 'GET', '/api/configuracion/historial?modelo=DBLU900NEGR&lineaId=1');
    expect(both.statusCode).toBe(422);
  });
});
