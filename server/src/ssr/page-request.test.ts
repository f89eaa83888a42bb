import { describe, expect, it } from 'vitest';
import { checkPageBody, FORM_ONLY_MESSAGE, normalisedPath, pagePath, requestOrigin, UNREADABLE_FORM_MESSAGE } from './page-request.ts';

describe('rutas que un analizador de URL leería como otro host', () => {
  it('una ruta normal pasa tal cual', () => {
    for (const url of ['/', '/auth/login?volver=%2Fdashboard', '/linea/DAM/sub-lineas', '/buscar?q=a//b', '/carrito.data']) {
      expect(normalisedPath(url), url).toBeNull();
    }
  });

  it('"//", la barra invertida y los caracteres de control se vuelven una ruta del mismo sitio', () => {
    expect(normalisedPath('//api/auth/login')).toBe('/api/auth/login');
    expect(normalisedPath('//evil.example/x?y=1')).toBe('/evil.example/x?y=1');
    expect(normalisedPath('/\\evil.example')).toBe('/evil.example');
    expect(normalisedPath('\\\\evil.example')).toBe('/evil.example');
    expect(normalisedPath('/\t/evil.example')).toBe('/evil.example');
    expect(normalisedPath('/linea\\DAM')).toBe('/linea/DAM');
    expect(normalisedPath('http://evil.example/x')).toBe('/http://evil.example/x');
    for (const url of ['//api/auth/login', '/\\evil', '/\t/evil', '///evil']) {
      const path = normalisedPath(url) ?? '';
      expect(new URL(path, 'https://tienda.test').host, url).toBe('tienda.test');
    }
  });

  it('los segmentos "." y ".." se resuelven, y si el destino nombraría otro host va a la portada', () => {
    expect(normalisedPath('/./\\evil.com')).toBe('/');
    expect(normalisedPath('/.//evil.com')).toBe('/');
    expect(normalisedPath('/x/..//evil.com')).toBe('/');
    expect(normalisedPath('/%2e//evil.com')).toBe('/');
    expect(normalisedPath('/a/%2E%2e//evil.com?x=1')).toBe('/');
    expect(normalisedPath('/./linea/DAM')).toBe('/linea/DAM');
    expect(normalisedPath('/linea/x/../DAM?page=2')).toBe('/linea/DAM?page=2');
    for (const url of [
      '/./\\evil',
      '/.\\/evil',
      '/\\./\\evil',
      '/x/..//evil',
      '/%2e%2e//evil',
      '/./..\\/evil',
      '/.%2e//evil',
      '/..//evil/..//x',
    ]) {
      const path = normalisedPath(url);
      expect(path, url).not.toBeNull();
      expect(path, url).toMatch(/^\/(?![/\\])/);
      expect(new URL(path ?? '', 'https://tienda.test').host, url).toBe('tienda.test');
    }
  });

  it('las solicitudes de datos de React Router cuentan como su página', () => {
    expect(pagePath('/carrito.data')).toBe('/carrito');
    expect(pagePath('/_root.data')).toBe('/');
    expect(pagePath('/auth/login')).toBe('/auth/login');
  });

  it('el host del navegador solo se usa si es un host simple; si no, la dirección pública', () => {
    expect(requestOrigin('http', '127.0.0.1:4100', 'http://localhost:3000')).toBe('http://127.0.0.1:4100');
    expect(requestOrigin('https', 'www.vitrina.com.ve', 'x')).toBe('https://www.vitrina.com.ve');
    expect(requestOrigin('http', '[::1]:3000', 'x')).toBe('http://[::1]:3000');
    for (const host of ['evil.example/x', 'a b', 'evil@x', ''])
      expect(requestOrigin('http', host, 'http://localhost:3000')).toBe('http://localhost:3000');
  });
});

describe('cuerpo de un POST a una página', () => {
  const form = (body: string) => Buffer.from(body);

  it('un formulario urlencoded o multipart pasa, también vacío', async () => {
    expect(await checkPageBody('/auth/login', 'application/x-www-form-urlencoded', form('email=a%40b.c&password=x'))).toEqual({ ok: true });
    expect(await checkPageBody('/auth/salir', 'application/x-www-form-urlencoded;charset=UTF-8', undefined)).toEqual({ ok: true });
    const multipart = '--b\r\nContent-Disposition: form-data; name="moneda"\r\n\r\nVES\r\n--b--\r\n';
    expect(await checkPageBody('/preferencias/moneda', 'multipart/form-data; boundary=b', form(multipart))).toEqual({ ok: true });
  });

  it('JSON, texto o ningún tipo: 415 con un mensaje en español', async () => {
    const refused = { ok: false, status: 415, message: FORM_ONLY_MESSAGE };
    expect(await checkPageBody('/auth/login', 'application/json', form('{"email":"a"}'))).toEqual(refused);
    expect(await checkPageBody('/auth/login.data', 'text/plain', form('email=a'))).toEqual(refused);
    expect(await checkPageBody('/dashboard/perfil', undefined, undefined)).toEqual(refused);
  });

  it('el checkout recibe su pedido en JSON; su acción misma responde a un JSON ilegible', async () => {
    expect(await checkPageBody('/carrito', 'application/json', form('{}'))).toEqual({ ok: true });
    expect(await checkPageBody('/carrito.data', 'application/json; charset=utf-8', form('{'))).toEqual({ ok: true });
  });

  it('un multipart ilegible: 400', async () => {
    const unreadable = { ok: false, status: 400, message: UNREADABLE_FORM_MESSAGE };
    expect(await checkPageBody('/auth/login', 'multipart/form-data; boundary=b', form('nada que ver'))).toEqual(unreadable);
    expect(await checkPageBody('/auth/login', 'multipart/form-data', form('--b--'))).toEqual(unreadable);
    expect(await checkPageBody('/carrito', 'multipart/form-data; boundary=b', undefined)).toEqual(unreadable);
  });
});
