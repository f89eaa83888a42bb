import { describe, expect, it } from 'vitest';
import { imprentaConfig, parseEnv, paymentPageOrigins } from './env.ts';

describe('configuración', () => {
  it('usa los valores por defecto', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NODE_ENV).toBe('production');
    expect(env.TAREAS_INTERVALO_SEGUNDOS).toBe(60);
    expect(env.ORDEN_IMPAGA_HORAS).toBe(2);
    expect(env.ORDENES_IMPAGAS_POR_CONTACTO).toBe(3);
    expect(env.ORDENES_IMPAGAS_POR_IP).toBe(5);
  });

  it('el plazo y los límites de las órdenes impagas se configuran y rechazan valores sin sentido', () => {
    const env = parseEnv({ ORDEN_IMPAGA_HORAS: '48', ORDENES_IMPAGAS_POR_CONTACTO: '1', ORDENES_IMPAGAS_POR_IP: '500' });
    expect([env.ORDEN_IMPAGA_HORAS, env.ORDENES_IMPAGAS_POR_CONTACTO, env.ORDENES_IMPAGAS_POR_IP]).toEqual([48, 1, 500]);
    expect(() => parseEnv({ ORDEN_IMPAGA_HORAS: '0', ORDENES_IMPAGAS_POR_IP: 'muchas' })).toThrowError(
      /ORDEN_IMPAGA_HORAS debe ser 1 o más\n {2}- ORDENES_IMPAGAS_POR_IP: ORDENES_IMPAGAS_POR_IP debe ser un número/,
    );
  });

  it('las tareas periódicas se desactivan con 0 y rechazan un intervalo negativo', () => {
    expect(parseEnv({ TAREAS_INTERVALO_SEGUNDOS: '0' }).TAREAS_INTERVALO_SEGUNDOS).toBe(0);
    expect(() => parseEnv({ TAREAS_INTERVALO_SEGUNDOS: '-5' })).toThrowError(/TAREAS_INTERVALO_SEGUNDOS debe ser 0 \(desactivadas\) o más/);
  });

  it('una variable vacía cuenta como no definida', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('las subidas van a un bucket S3 solo con S3_BUCKET, y las claves van juntas', () => {
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
    const s3 = parseEnv({ S3_BUCKET: 'vitrina-subidas', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect([s3.S3_BUCKET, s3.S3_ENDPOINT, s3.S3_FORCE_PATH_STYLE]).toEqual(['vitrina-subidas', 'http://127.0.0.1:9000', 'true']);
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrowError(/S3_BUCKET: falta S3_BUCKET: .*S3_ENDPOINT no se usa/);
    expect(() => parseEnv({ S3_BUCKET: 'vitrina', S3_ACCESS_KEY_ID: 'clave' })).toThrowError(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'Mi Bucket' })).toThrowError(/S3_BUCKET debe ser un nombre de bucket válido/);
    expect(() => parseEnv({ S3_BUCKET: 'vitrina', S3_ENDPOINT: 'localhost:9000' })).toThrowError(/S3_ENDPOINT debe ser una URL completa/);
    expect(() => parseEnv({ S3_BUCKET: 'vitrina', S3_FORCE_PATH_STYLE: 'si' })).toThrowError(/S3_FORCE_PATH_STYLE debe ser true o false/);
  });

  it('la imprenta digital: sin ella, números internos; URL y clave van juntas; la falsa nunca en producción', () => {
    expect(imprentaConfig(parseEnv({}))).toBeNull();
    expect(imprentaConfig(parseEnv({ IMPRENTA_URL: 'https://imprenta.example/api', IMPRENTA_TOKEN: 'clave-de-la-tienda' }))).toEqual({
      url: 'https://imprenta.example/api',
      token: 'clave-de-la-tienda',
      timeoutMs: 15_000,
      retrySeconds: 30,
    });
    expect(() => parseEnv({ IMPRENTA_URL: 'https://imprenta.example/api' })).toThrowError(
      /IMPRENTA_TOKEN: falta: IMPRENTA_URL e IMPRENTA_TOKEN van juntas/,
    );
    expect(() => parseEnv({ IMPRENTA_TOKEN: 'clave-de-la-tienda' })).toThrowError(/IMPRENTA_URL: falta/);
    expect(() => parseEnv({ IMPRENTA_URL: 'imprenta.example', IMPRENTA_TOKEN: 'clave-de-la-tienda' })).toThrowError(
      /IMPRENTA_URL debe ser una URL completa/,
    );
    expect(() => parseEnv({ IMPRENTA_FALSA: 'si' })).toThrowError(/IMPRENTA_FALSA es solo para demostraciones/);
    expect(parseEnv({ IMPRENTA_FALSA: 'si', NODE_ENV: 'development' }).IMPRENTA_FALSA).toBe('si');
  });

  it('lista cada variable inválida con un mensaje en español', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrowError(
      /Configuración inválida:\n {2}- PORT: PORT debe ser un número\n {2}- DATABASE_URL: DATABASE_URL debe empezar por postgres:\/\/ o postgresql:\/\//,
    );
  });
});

describe('páginas de pago a las que un formulario puede llevar (form-action de la CSP)', () => {
  const base = { PAYPAL_API_URL: 'https://api-m.paypal.com', STRIPE_API_URL: 'https://api.stripe.com' };

  it('sin pagos en línea, ninguna', () => {
    expect(paymentPageOrigins(base)).toEqual([]);
  });

  it('PayPal en vivo o de pruebas paga en su www; Stripe en checkout.stripe.com', () => {
    const both = { ...base, PAYPAL_CLIENT_ID: 'id', PAYPAL_SECRET: 's', STRIPE_SECRET_KEY: 'sk_live_x' };
    expect(paymentPageOrigins(both)).toEqual(['https://www.paypal.com', 'https://checkout.stripe.com']);
    expect(paymentPageOrigins({ ...both, PAYPAL_API_URL: 'https://api-m.sandbox.paypal.com/' })).toEqual([
      'https://www.sandbox.paypal.com',
      'https://checkout.stripe.com',
    ]);
    expect(paymentPageOrigins({ ...both, PAYPAL_API_URL: 'https://api.paypal.com' })[0]).toBe('https://www.paypal.com');
  });

  it('otra API (un proveedor falso, un proxy) sirve sus propias páginas, una vez', () => {
    const local = {
      PAYPAL_API_URL: 'http://127.0.0.1:4010/paypal',
      STRIPE_API_URL: 'http://127.0.0.1:4010/stripe',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_SECRET: 's',
      STRIPE_SECRET_KEY: 'sk_test_x',
    };
    expect(paymentPageOrigins(local)).toEqual(['http://127.0.0.1:4010']);
  });
});
