import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('redirección a un destino elegido por el visitante', () => {
  it('un camino de la tienda pasa, con su consulta y su ancla', () => {
    expect(safeRedirect('/dashboard', '/')).toBe('/dashboard');
    expect(safeRedirect('/linea/DAM/sub-lineas?page=2&orden=precio', '/')).toBe('/linea/DAM/sub-lineas?page=2&orden=precio');
    expect(safeRedirect('/buscar?q=blusa%20roja#resultados', '/')).toBe('/buscar?q=blusa%20roja#resultados');
    expect(safeRedirect('/dashboard/venta?search=a//b', '/')).toBe('/dashboard/venta?search=a//b');
  });

  it('otro sitio, en cualquiera de sus disfraces, vuelve al destino por defecto', () => {
    for (const evil of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\tevil.example',
      '/\t/evil.example',
      '/\\\tevil.example',
      '/\n/evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%09/evil.example',
      'https://evil.example',
      'https:evil.example',
      'javascript:alert(1)',
      ' /dashboard',
      'dashboard',
      '',
      '/%E0%A4%A',
      // The parser resolves "." and ".." before the path is read: these all become "//evil.com".
      '/.//evil.com',
      '/x/..//evil.com',
      '/%2e//evil.com',
      '/a/%2e%2e//evil.com',
      '/..//evil',
      '/./../..//evil',
      '/%2E%2E//evil',
      // A later hop that decodes "%2F" or "%2E" would read another host.
      '/%2F/evil',
      '/%2f%2fevil',
      '/.%2F/evil',
      '/%2e%2F%2Fevil',
      '/\\\\/evil',
      '/\\/evil',
    ]) {
      expect(safeRedirect(evil, '/'), JSON.stringify(evil)).toBe('/');
    }
    expect(safeRedirect(null, '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard');
  });

  it('sea cual sea la entrada, el destino nunca empieza con "//" ni "/\\" ni lleva barra invertida', () => {
    const pieces = ['', '.', '..', '%2e', '%2E%2e', '%2F', '%5C', '\\', '/', 'x', 'evil.com', '?', '#'];
    // Every path of up to four of these pieces: dot segments, encoded slashes and backslashes, queries.
    const inputs: string[] = [];
    let level = [''];
    for (let depth = 0; depth < 4; depth++) {
      level = level.flatMap((prefix) => pieces.map((piece) => `${prefix}/${piece}`));
      inputs.push(...level);
    }
    expect(inputs.length).toBeGreaterThan(20_000);
    for (const input of inputs) {
      const path = safeRedirect(input, '/');
      expect(path.startsWith('/') && !/^.[/\\]/.test(path) && !path.includes('\\'), JSON.stringify([input, path])).toBe(true);
      expect(new URL(path, 'https://tienda.test').host, JSON.stringify(input)).toBe('tienda.test');
    }
  });
});
