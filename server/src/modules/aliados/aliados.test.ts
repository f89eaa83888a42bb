// /api/aliados: the public list in the admin's order; adding with a logo (through the safe upload
// path), editing, moving and removing for the admin only; Spanish 422s that change nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aliado } from '#domain/contracts/aliados.ts';
import { buildTestApp, type TestApp } from '#test/build-test-app.ts';
import { multipart, type Part } from '#test/multipart.ts';
import { loginAs } from '#test/sessions.ts';

let t: TestApp;
let dataDir: string;
const tokens = new Map<string, string>();
const EMAILS: Record<string, string> = {
  admin: 'admin@vitrina.com.ve',
  'vendedor-admin': 'ventas@vitrina.com.ve',
  administracion: 'administracion@vitrina.com.ve',
  inventario: 'inventario@vitrina.com.ve',
  despacho: 'despacho@vitrina.com.ve',
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrina-aliados-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  for (const [role, email] of Object.entries(EMAILS)) tokens.set(role, (await loginAs(t.app, email)).token);
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const png = (width = 300, height = 100) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

function send(method: 'POST' | 'DELETE', url: string, parts: Part[] | null, role: string | null = 'admin') {
  const body = parts ? multipart(parts) : null;
  const auth = role ? { authorization: `Bearer ${tokens.get(role)}` } : {};
  return t.app.inject({ method, url, ...(body ? { payload: body.payload } : {}), headers: { ...(body?.headers ?? {}), ...auth } });
}

async function crear(name: string, url = ''): Promise<Aliado> {
  const response = await send('POST', '/api/aliados', [
    { name: 'name', value: name },
    { name: 'url', value: url },
    { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png() },
  ]);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function lista(): Promise<Aliado[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/aliados' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const mover = (id: number, hacia: string, role = 'admin') =>
  t.app.inject({
    method: 'POST',
    url: `/api/aliados/${id}/mover`,
    payload: { hacia },
    headers: { authorization: `Bearer ${tokens.get(role)}` },
  });

describe('aliados comerciales', () => {
  it('el admin agrega tres; la lista pública los da en orden con su logo guardado como WebP', async () => {
    const a = await crear('Calzados Andinos', 'https://andinos.example.com');
    const b = await crear('Textiles del Lago');
    const c = await crear('Mercería Central');
    expect(a.logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    expect((await lista()).map((x) => x.name)).toEqual(['Calzados Andinos', 'Textiles del Lago', 'Mercería Central']);
    expect([a.position, b.position, c.position]).toEqual([1, 2, 3]);
    const logo = await t.app.inject({ method: 'GET', url: a.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('subir y bajar cambia el orden; el primero no sube más', async () => {
    const [first, second] = await lista();
    const moved = await mover(second.id, 'arriba');
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .data.map((x: Aliado) => x.id)
        .slice(0, 2),
    ).toEqual([second.id, first.id]);
    expect((await mover(second.id, 'arriba')).json().data[0].id).toBe(second.id);
    expect(
      (await mover(second.id, 'abajo'))
        .json()
        .data.slice(0, 2)
        .map((x: Aliado) => x.id),
    ).toEqual([first.id, second.id]);
    const bad = await mover(first.id, 'al-lado');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.hacia).toEqual(['Indique hacia dónde moverlo: arriba o abajo']);
  });

  it('editar sin logo conserva el logo; con logo nuevo, el viejo se borra del disco', async () => {
    const [first] = await lista();
    const kept = await send('POST', `/api/aliados/${first.id}`, [
      { name: 'name', value: 'Calzados Andinos C.A.' },
      { name: 'url', value: '' },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Calzados Andinos C.A.', url: '', logo: first.logo });
    const changed = await send('POST', `/api/aliados/${first.id}`, [
      { name: 'name', value: 'Calzados Andinos C.A.' },
      { name: 'logo', filename: 'nuevo.png', type: 'image/png', bytes: await png(200, 200) },
    ]);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.logo).not.toBe(first.logo);
    const files = await readdir(path.join(dataDir, 'uploads'));
    expect(files).not.toContain(first.logo.replace('/uploads/', ''));
    expect(files).toContain(changed.json().data.logo.replace('/uploads/', ''));
  });

  it('datos malos: 422 en español y nada cambia (sin logo, un PDF como logo, enlace javascript:, nombre corto)', async () => {
    const before = await lista();
    const sinLogo = await send('POST', '/api/aliados', [{ name: 'name', value: 'Sin Logo' }]);
    expect(sinLogo.statusCode).toBe(422);
    expect(sinLogo.json().errors.logo).toEqual(['Elija el logo del aliado.']);
    const pdf = await send('POST', '/api/aliados', [
      { name: 'name', value: 'Con PDF' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') },
    ]);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors.logo[0]).toMatch(/JPEG, PNG o WebP/);
    const js = await send('POST', '/api/aliados', [
      { name: 'name', value: 'X' },
      { name: 'url', value: 'javascript:alert(1)' },
      { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: await png() },
    ]);
    expect(js.statusCode).toBe(422);
    expect(js.json().errors).toEqual({
      name: ['El nombre debe tener al menos 2 caracteres'],
      url: ['El enlace debe ser una dirección web (https://…)'],
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/aliados',
      payload: { name: 'Por JSON' },
      headers: { authorization: `Bearer ${tokens.get('admin')}` },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe('Envíe el formulario como multipart/form-data.');
    expect((await send('POST', '/api/aliados/999999', [{ name: 'name', value: 'Nadie' }])).statusCode).toBe(404);
    expect(await lista()).toEqual(before);
  });

  it('solo el admin los cambia: sin sesión 401, el resto del personal 403', async () => {
    const [first] = await lista();
    const parts: Part[] = [{ name: 'name', value: 'Intruso' }];
    expect((await send('POST', '/api/aliados', parts, null)).statusCode).toBe(401);
    expect((await send('DELETE', `/api/aliados/${first.id}`, null, null)).statusCode).toBe(401);
    for (const role of ['vendedor-admin', 'administracion', 'inventario', 'despacho']) {
      expect((await send('POST', '/api/aliados', parts, role)).statusCode, role).toBe(403);
      expect((await send('POST', `/api/aliados/${first.id}`, parts, role)).statusCode, role).toBe(403);
      expect((await mover(first.id, 'abajo', role)).statusCode, role).toBe(403);
      expect((await send('DELETE', `/api/aliados/${first.id}`, null, role)).statusCode, role).toBe(403);
    }
    expect((await lista())[0]).toEqual(first);
  });

  it('quitar uno lo saca de la lista y borra su logo; dos veces es 404', async () => {
    const [, second] = await lista();
    const removed = await send('DELETE', `/api/aliados/${second.id}`, null);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.message).toBe('Aliado eliminado.');
    expect((await lista()).map((x) => x.id)).not.toContain(second.id);
    expect(await readdir(path.join(dataDir, 'uploads'))).not.toContain(second.logo.replace('/uploads/', ''));
    const again = await send('DELETE', `/api/aliados/${second.id}`, null);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('El aliado no existe.');
  });

  it('dos admins moviendo a la vez dejan puestos 1..n sin repetir', async () => {
    await crear('Cuarto Aliado');
    await crear('Quinto Aliado');
    const ids = (await lista()).map((x) => x.id);
    await Promise.all([mover(ids[1], 'arriba'), mover(ids[2], 'abajo'), mover(ids[3], 'arriba'), mover(ids[0], 'abajo')]);
    const after = await lista();
    expect(after.map((x) => x.position)).toEqual(after.map((_, i) => i + 1));
    expect(new Set(after.map((x) => x.id))).toEqual(new Set(ids));
  });
});
