import { describe, expect, it } from 'vitest';
import { digitoVerificadorRif, leerDocumento, leerTelefono, movilGuardado, numeroWhatsapp } from './identidad.ts';

const valor = (texto: string) => {
  const lectura = leerDocumento(texto);
  return lectura.ok ? lectura.valor : `error: ${lectura.error}`;
};

describe('leerDocumento: cédula o RIF', () => {
  it('acepta las grafías usuales de una cédula y la guarda de una sola forma', () => {
    for (const texto of ['V-18.456.789', '18456789', '18.456.789', 'v18456789', 'V 18456789', 'V-18456789', ' v-18.456.789 ']) {
      expect(valor(texto), texto).toBe('V-18456789');
    }
    expect(valor('E-81.234.567')).toBe('E-81234567');
    expect(valor('V-8.456.789')).toBe('V-8456789');
    expect(valor('P-123456')).toBe('P-123456');
    expect(leerDocumento('18456789')).toEqual({ ok: true, valor: 'V-18456789', esRif: false, aviso: null });
  });

  it('acepta todo prefijo de RIF y lo guarda como letra, 8 dígitos y verificador', () => {
    for (const texto of ['J-00004793-6', 'J000047936', 'j-00004793-6', 'J 00004793 6', 'J-4793-6', 'J-00.004.793-6']) {
      expect(valor(texto), texto).toBe('J-00004793-6');
    }
    expect(valor('G200000023')).toBe('G-20000002-3');
    expect(valor('V-11470283-4')).toBe('V-11470283-4');
    expect(valor('V114702834')).toBe('V-11470283-4');
    expect(valor('P – 000 60157 – 3')).toBe('P-00060157-3');
    expect(valor('E810812535')).toBe('E-81081253-5');
    expect(valor('C-29000001-5')).toBe('C-29000001-5');
  });

  it('el dígito verificador es el del SENIAT en RIF reales publicados', () => {
    // RIF de organismos y empresas consultables en el SENIAT.
    const reales = [
      'E810812535',
      'E834220159',
      'G-20000085-6',
      'G200000031',
      'G200001496',
      'G20000826-1',
      'G200100141',
      'J-00004793-6',
      'J-00051895-5',
      'J-07540999-0',
      'J-29372153-9',
      'J-30022035-4',
      'J-31330629-0',
      'J-40099327-0',
      'J-40994900-1',
      'J000089337',
      'J075037987',
      'J298254041',
      'J317328400',
      'P-00033812-0',
      'V-03707781-6',
      'V-10031105-0',
      'V-11470283-4',
      'V-20674844-0',
      'V008215150',
      'V725655084',
    ];
    for (const rif of reales) {
      const lectura = leerDocumento(rif);
      expect(lectura.ok && lectura.esRif && lectura.aviso, rif).toBeNull();
    }
    expect(digitoVerificadorRif('J', '00004793')).toBe('6');
    expect(digitoVerificadorRif('V', '11470283')).toBe('4');
    // Remainder 1 and 0 give 0: J-31330629-0, J-07540999-0.
    expect(digitoVerificadorRif('J', '31330629')).toBe('0');
    expect(digitoVerificadorRif('C', '29000001')).toBeNull();
  });

  it('un dígito que no cuadra es un aviso, no un rechazo', () => {
    const lectura = leerDocumento('J-50123456-7');
    expect(lectura).toEqual({
      ok: true,
      valor: 'J-50123456-7',
      esRif: true,
      aviso: 'El dígito verificador del RIF J-50123456-7 no es el que calcula el SENIAT (sería 6): revíselo antes de guardar',
    });
    expect(leerDocumento('V-11470283-3')).toMatchObject({ ok: true, aviso: expect.stringContaining('sería 4') });
    expect(leerDocumento('J-50123456-6')).toMatchObject({ ok: true, aviso: null });
  });

  it('rechaza con un mensaje lo que no es cédula ni RIF', () => {
    expect(leerDocumento('')).toEqual({ ok: false, error: 'Escriba la cédula o el RIF' });
    expect(valor('X-12345678')).toBe('error: La cédula o RIF empieza con V, E, J, P, G o C (ejemplo: V-18456789 o J-50123456-6)');
    expect(valor('J-50123456')).toBe('error: Al RIF le falta el dígito verificador (ejemplo: J-50123456-6)');
    expect(valor('V-1234')).toBe('error: La cédula tiene de 5 a 8 dígitos (ejemplo: V-18456789 o J-50123456-6)');
    expect(valor('V-1234567890')).toMatch(/^error: /);
    expect(valor('J-123456789-0')).toBe('error: El RIF tiene 8 dígitos y el verificador (ejemplo: V-18456789 o J-50123456-6)');
    for (const malo of ['V-12A45678', 'VV-12345678', 'abc', '12-34-56']) expect(leerDocumento(malo).ok, malo).toBe(false);
  });
});

describe('leerTelefono', () => {
  const tel = (texto: string) => {
    const lectura = leerTelefono(texto);
    return lectura.ok ? lectura.valor : `error: ${lectura.error}`;
  };

  it('un celular o fijo venezolano tiene 11 dígitos y se guarda como 0414-555-0101', () => {
    for (const texto of [
      '0414-555-0101',
      '04145550101',
      '0414 555 01 01',
      '(0414) 555.0101',
      '+58 414-555-0101',
      '+584145550101',
      '00584145550101',
      '584145550101',
    ]) {
      expect(tel(texto), texto).toBe('0414-555-0101');
    }
    expect(tel('0212-555-0100')).toBe('0212-555-0100');
    expect(tel('0261 7654321')).toBe('0261-765-4321');
    expect(leerTelefono('0424-555-0178')).toEqual({ ok: true, valor: '0424-555-0178', movil: true });
    expect(leerTelefono('0212-555-0100')).toEqual({ ok: true, valor: '0212-555-0100', movil: false });
  });

  it('rechaza 10 dígitos, 12 dígitos y códigos que no existen', () => {
    const once = 'error: El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: 0414-555-0101)';
    expect(tel('0414-555-011')).toBe(once);
    expect(tel('0414-555-01011')).toBe(once);
    expect(tel('414-555-0101')).toBe(once);
    expect(tel('0314-555-0101')).toBe(once);
    expect(tel('telefono')).toBe(once);
    expect(tel('0418-555-0101')).toBe('error: 0418 no es un código de celular venezolano (ejemplo: 0414-555-0101)');
    expect(tel('')).toBe('error: Escriba el teléfono');
  });

  it('un número de otro país empieza con + y su código', () => {
    expect(tel('+1 (305) 555-0101')).toBe('+13055550101');
    expect(tel('+34 612 345 678')).toBe('+34612345678');
    expect(tel('+1 555')).toMatch(/^error: /);
    expect(tel('+58 414 555 011')).toMatch(/^error: /);
  });

  it('solo un celular venezolano sirve para el pago móvil y WhatsApp', () => {
    expect(movilGuardado('04145550101')).toBe('0414-555-0101');
    expect(movilGuardado('0212-555-0100')).toBeNull();
    expect(movilGuardado('+13055550101')).toBeNull();
  });
});

describe('el número de un enlace de WhatsApp', () => {
  it('lleva el código del país y no el 0 nacional', () => {
    expect(numeroWhatsapp('0424-555-0123')).toBe('584245550123');
    expect(numeroWhatsapp('+58 424-555-0123')).toBe('584245550123');
    expect(numeroWhatsapp('+1 305 555 0101')).toBe('13055550101');
  });
});
