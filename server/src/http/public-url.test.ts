import { describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { missingPublicUrlWarning, publicOrigin } from './public-url.ts';

describe('dirección pública', () => {
  it('es el origen de PUBLIC_URL, o localhost con el puerto cuando falta', () => {
    expect(publicOrigin(parseEnv({ PUBLIC_URL: 'https://www.vitrina.com.ve/' }))).toBe('https://www.vitrina.com.ve');
    expect(publicOrigin(parseEnv({ PORT: '4321' }))).toBe('http://localhost:4321');
  });

  it('PUBLIC_URL debe ser http o https', () => {
    expect(() => parseEnv({ PUBLIC_URL: 'javascript:alert(1)' })).toThrowError(/PUBLIC_URL debe ser una URL completa/);
    expect(() => parseEnv({ PUBLIC_URL: 'ftp://tienda.com' })).toThrowError(/PUBLIC_URL debe ser una URL completa/);
  });

  it('en producción sin PUBLIC_URL la tienda arranca igual, con un aviso en español que dice qué usará y qué definir', () => {
    const warning = missingPublicUrlWarning(parseEnv({}));
    expect(warning).toMatch(/^PUBLIC_URL no está definida: .* usarán http:\/\/localhost:3000\. En producción defina PUBLIC_URL/);
    expect(missingPublicUrlWarning(parseEnv({ PUBLIC_URL: 'https://www.vitrina.com.ve' }))).toBeNull();
    expect(missingPublicUrlWarning(parseEnv({ NODE_ENV: 'development' }))).toBeNull();
  });
});
