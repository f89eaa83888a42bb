// The HTTP adapter against the local fake imprenta digital, at the HTTP boundary: a number from the
// printer's range, and every failure mode (down, slow, too late, lost answer, a repeated or
// concurrent request) ending with exactly one control number per idempotency key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPRENTA_FALSA_ID, type ImprentaFalsa, startImprentaFalsa } from './imprenta.falsa.ts';
import { createImprentaHttp } from './imprenta.http.ts';
import { type DocumentoParaImprenta, ImprentaNoDisponible, ImprentaRechazo } from './imprenta.ts';

let fake: ImprentaFalsa;
let claves = 0;
const nuevaClave = () => `prueba-clave-${++claves}`;

const monto = (usd: string) => ({ usd, ves: usd });
function documento(numero: string): DocumentoParaImprenta {
  return {
    tipo: 'factura',
    numero,
    fechaEmision: '2026-11-20T15:00:00.000Z',
    emisor: { rif: 'J-41234567-8', razonSocial: 'Vitrina Moda C.A.', direccion: 'Caracas', telefono: '0212-555-0100' },
    receptor: { identificacion: 'V12345678', nombre: 'Ana Pérez', direccion: 'Caracas', telefono: '', correo: '' },
    tasa: '40.0000',
    renglones: [
      {
        codigo: 'A1',
        descripcion: 'Blusa',
        cantidad: 1,
        precioUnitario: monto('100.00'),
        descuento: monto('0.00'),
        monto: monto('100.00'),
      },
    ],
    totales: {
      subtotal: monto('100.00'),
      descuento: monto('0.00'),
      baseImponible: monto('100.00'),
      alicuotaIva: 1600,
      iva: monto('16.00'),
      igtf: monto('0.00'),
      otrosCargos: monto('0.00'),
      total: monto('116.00'),
    },
    pagos: [{ metodo: 'pago-movil', moneda: 'VES', monto: '4640.00' }],
  };
}

const adapter = (timeoutMs = 2_000, token?: string) => createImprentaHttp({ url: fake.url, token: token ?? fake.token, timeoutMs });

beforeAll(async () => {
  fake = await startImprentaFalsa({ desde: 501, hasta: 600 });
});

afterAll(async () => {
  await fake?.close();
});

describe('imprenta digital por HTTP', () => {
  it('da el número de control del rango, la fecha y hora de asignación y la identificación de la imprenta', async () => {
    const before = Date.now();
    const a = await adapter().emitir({ clave: nuevaClave(), documento: documento('F-CCS-000001') });
    expect(a.numeroControl).toMatch(/^00-0000050\d$/);
    expect(a.asignadoEn.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(a.imprenta).toEqual(IMPRENTA_FALSA_ID);
  });

  it('la misma clave responde el mismo número, y una clave nueva el siguiente', async () => {
    const clave = nuevaClave();
    const first = await adapter().emitir({ clave, documento: documento('F-CCS-000002') });
    const again = await adapter().emitir({ clave, documento: documento('F-CCS-000002') });
    const other = await adapter().emitir({ clave: nuevaClave(), documento: documento('F-CCS-000003') });
    expect(again.numeroControl).toBe(first.numeroControl);
    expect(Number(other.numeroControl.slice(3))).toBe(Number(first.numeroControl.slice(3)) + 1);
  });

  it('caída (503): no asigna nada y el error dice que no está disponible', async () => {
    const assigned = fake.asignados.size;
    fake.caer(1);
    const clave = nuevaClave();
    const error = await adapter()
      .emitir({ clave, documento: documento('F-CCS-000004') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImprentaNoDisponible);
    expect((error as ImprentaNoDisponible).status).toBe(503);
    expect(fake.asignados.size).toBe(assigned);
    // Back up: the same key gets its (first and only) number.
    const a = await adapter().emitir({ clave, documento: documento('F-CCS-000004') });
    expect(fake.asignados.get(clave)?.numeroControl).toBe(a.numeroControl);
  });

  it('respuesta tardía: la tienda deja de esperar, la imprenta ya asignó, y reintentar con la clave da ese mismo número', async () => {
    const clave = nuevaClave();
    fake.responderTarde(1_500);
    const error = await adapter(200)
      .emitir({ clave, documento: documento('F-CCS-000005') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImprentaNoDisponible);
    const assigned = fake.asignados.get(clave)?.numeroControl;
    expect(assigned).toMatch(/^00-\d{8}$/);
    const retry = await adapter().emitir({ clave, documento: documento('F-CCS-000005') });
    expect(retry.numeroControl).toBe(assigned);
    expect([...fake.asignados.values()].filter((v) => v.numero === 'F-CCS-000005')).toHaveLength(1);
  });

  it('respuesta perdida (la conexión se corta tras asignar): el reintento recibe el mismo número', async () => {
    const clave = nuevaClave();
    fake.perderRespuesta();
    await expect(adapter().emitir({ clave, documento: documento('F-CCS-000006') })).rejects.toBeInstanceOf(ImprentaNoDisponible);
    const assigned = fake.asignados.get(clave)?.numeroControl;
    expect(assigned).toBeDefined();
    expect((await adapter().emitir({ clave, documento: documento('F-CCS-000006') })).numeroControl).toBe(assigned);
  });

  it('dos envíos a la vez con la misma clave (la respuesta llega dos veces) dan un solo número', async () => {
    const clave = nuevaClave();
    fake.lenta(100);
    try {
      const [a, b] = await Promise.all([
        adapter().emitir({ clave, documento: documento('F-CCS-000007') }),
        adapter().emitir({ clave, documento: documento('F-CCS-000007') }),
      ]);
      expect(a.numeroControl).toBe(b.numeroControl);
    } finally {
      fake.lenta(0);
    }
    expect([...fake.asignados.values()].filter((v) => v.numero === 'F-CCS-000007')).toHaveLength(1);
  });

  it('lenta pero dentro del plazo: responde', async () => {
    fake.lenta(300);
    try {
      const a = await adapter(2_000).emitir({ clave: nuevaClave(), documento: documento('F-CCS-000008') });
      expect(a.numeroControl).toMatch(/^00-\d{8}$/);
    } finally {
      fake.lenta(0);
    }
  });

  it('la misma clave con otro documento se rechaza (409), y una clave errada de la tienda no es un rechazo del documento', async () => {
    const clave = nuevaClave();
    await adapter().emitir({ clave, documento: documento('F-CCS-000009') });
    const error = await adapter()
      .emitir({ clave, documento: documento('F-CCS-000099') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImprentaRechazo);
    expect((error as ImprentaRechazo).status).toBe(409);
    const unauthorized = await adapter(2_000, 'otra-clave-cualquiera')
      .emitir({ clave: nuevaClave(), documento: documento('F-CCS-000010') })
      .catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(ImprentaNoDisponible);
    expect((unauthorized as ImprentaNoDisponible).status).toBe(401);
  });

  it('el rango agotado es un rechazo', async () => {
    const small = await startImprentaFalsa({ desde: 1, hasta: 1 });
    try {
      const http = createImprentaHttp({ url: small.url, token: small.token, timeoutMs: 2_000 });
      await http.emitir({ clave: nuevaClave(), documento: documento('F-CCS-000011') });
      await expect(http.emitir({ clave: nuevaClave(), documento: documento('F-CCS-000012') })).rejects.toBeInstanceOf(ImprentaRechazo);
    } finally {
      await small.close();
    }
  });
});
