// Cédulas, RIF and phone numbers as Venezuelans write them, read to the one form the store keeps.

export const PREFIJOS_DOCUMENTO = ['V', 'E', 'J', 'P', 'G', 'C'] as const;
export type PrefijoDocumento = (typeof PREFIJOS_DOCUMENTO)[number];

export type LecturaDocumento =
  | {
      ok: true;
      /** The stored form: V-18456789 (cédula or passport), J-50123456-6 (RIF, 8 digits and the check digit). */
      valor: string;
      esRif: boolean;
      /** A RIF whose check digit is not the one SENIAT's algorithm gives: staff may keep it anyway. */
      aviso: string | null;
    }
  | { ok: false; error: string };

export const EJEMPLO_DOCUMENTO = 'V-18456789 o J-50123456-6';

// Values of each prefix in the check digit (SENIAT); C (consejos comunales) has no published value here.
const VALOR_PREFIJO: Partial<Record<PrefijoDocumento, number>> = { V: 4, E: 8, J: 12, P: 16, G: 20 };
const PESOS_RIF = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * SENIAT's check digit of a RIF: the prefix's value plus the 8 digits weighted 3, 2, 7, 6, 5, 4,
 * 3, 2; 11 minus the remainder of dividing by 11, where 10 and 11 give 0. Null when the prefix has
 * no known value.
 */
export function digitoVerificadorRif(prefijo: PrefijoDocumento, ochoDigitos: string): string | null {
  const base = VALOR_PREFIJO[prefijo];
  if (base === undefined || !/^\d{8}$/.test(ochoDigitos)) return null;
  let suma = base;
  for (let i = 0; i < 8; i++) suma += PESOS_RIF[i] * Number(ochoDigitos[i]);
  const resto = suma % 11;
  return resto < 2 ? '0' : String(11 - resto);
}

/**
 * Reads a cédula or RIF as typed: any of V, E, J, P, G, C (upper or lower case, or none: a bare
 * number is a Venezuelan cédula), with or without dashes, dots or spaces ("V-18.456.789",
 * "18456789", "j501234566", "J-50123456-6", "v 8.456.789"). A cédula is kept as V-18456789; a RIF
 * as J-50123456-6. A V, E or P with 9 digits, or any number written with a dash before its last
 * digit, is a RIF; J, G and C are always RIF and need the check digit. A check digit that differs
 * from SENIAT's gives a warning, not a refusal.
 */
export function leerDocumento(texto: string): LecturaDocumento {
  const compacto = texto
    .trim()
    .toUpperCase()
    .replace(/[\u2013\u2014_/]/g, '-')
    .replace(/[\s.]/g, '');
  if (compacto === '') return { ok: false, error: 'Escriba la cédula o el RIF' };
  const match = /^([A-Z])?-*(\d+)(?:-+(\d))?$/.exec(compacto);
  if (!match) return { ok: false, error: `La cédula o RIF no es válida (ejemplo: ${EJEMPLO_DOCUMENTO})` };
  const [, letra = 'V', numero, digitoAparte] = match;
  if (!PREFIJOS_DOCUMENTO.includes(letra as PrefijoDocumento)) {
    return { ok: false, error: `La cédula o RIF empieza con V, E, J, P, G o C (ejemplo: ${EJEMPLO_DOCUMENTO})` };
  }
  const prefijo = letra as PrefijoDocumento;
  const sinCeros = numero.replace(/^0+(?=\d)/, '');
  const esEmpresa = prefijo === 'J' || prefijo === 'G' || prefijo === 'C';
  let cuerpo: string;
  let digito: string;
  if (digitoAparte !== undefined) {
    if (sinCeros.length > 8) return { ok: false, error: `El RIF tiene 8 dígitos y el verificador (ejemplo: ${EJEMPLO_DOCUMENTO})` };
    cuerpo = sinCeros.padStart(8, '0');
    digito = digitoAparte;
  } else if (numero.length === 9) {
    cuerpo = numero.slice(0, 8);
    digito = numero.slice(8);
  } else if (esEmpresa) {
    return { ok: false, error: `Al RIF le falta el dígito verificador (ejemplo: J-50123456-6)` };
  } else {
    if (sinCeros.length < 5 || sinCeros.length > 8) {
      return { ok: false, error: `La cédula tiene de 5 a 8 dígitos (ejemplo: ${EJEMPLO_DOCUMENTO})` };
    }
    return { ok: true, valor: `${prefijo}-${sinCeros}`, esRif: false, aviso: null };
  }
  const valor = `${prefijo}-${cuerpo}-${digito}`;
  const esperado = digitoVerificadorRif(prefijo, cuerpo);
  const aviso =
    esperado !== null && esperado !== digito
      ? `El dígito verificador del RIF ${valor} no es el que calcula el SENIAT (sería ${esperado}): revíselo antes de guardar`
      : null;
  return { ok: true, valor, esRif: true, aviso };
}

/** The stored form of a cédula or RIF, or null when it is not one (for lookups). */
export function documentoGuardado(texto: string): string | null {
  const lectura = leerDocumento(texto);
  return lectura.ok ? lectura.valor : null;
}

export type LecturaTelefono = { ok: true; valor: string; movil: boolean } | { ok: false; error: string };

export const EJEMPLO_TELEFONO = '0414-555-0101';

// Venezuelan mobile operators' codes (Movilnet, Movistar, Digitel).
const CODIGOS_MOVILES = ['0412', '0414', '0416', '0422', '0424', '0426'];

/**
 * Reads a phone number: a Venezuelan one has 11 digits, 04xx (mobile) or 02xx (landline) and
 * seven more, written with or without dashes, spaces, dots or parentheses, or as +58 / 0058 / 58
 * and ten digits; it is kept as 0414-555-0101. A number of another country starts with + and its
 * code (8 to 15 digits in all) and is kept as +1 3055550101.
 */
export function leerTelefono(texto: string): LecturaTelefono {
  const limpio = texto.trim().replace(/[\s().\-\u2013]/g, '');
  if (limpio === '') return { ok: false, error: 'Escriba el teléfono' };
  const malo = {
    ok: false as const,
    error: `El teléfono no es válido: un número venezolano tiene 11 dígitos (ejemplo: ${EJEMPLO_TELEFONO})`,
  };
  if (!/^\+?\d+$/.test(limpio)) return malo;
  let digitos = limpio.replace(/^\+/, '');
  const internacional = limpio.startsWith('+') || limpio.startsWith('00');
  if (internacional) digitos = digitos.replace(/^00/, '');
  if (digitos.startsWith('58') && digitos.length === 12) digitos = `0${digitos.slice(2)}`;
  else if (internacional) {
    if (digitos.startsWith('58') || digitos.length < 8 || digitos.length > 15) return malo;
    // Country codes have 1 to 3 digits; without a table, keep the number whole after the +.
    return { ok: true, valor: `+${digitos}`, movil: false };
  }
  if (!/^0[24]\d{9}$/.test(digitos)) return malo;
  const codigo = digitos.slice(0, 4);
  const movil = CODIGOS_MOVILES.includes(codigo);
  if (digitos[1] === '4' && !movil)
    return { ok: false, error: `${codigo} no es un código de celular venezolano (ejemplo: ${EJEMPLO_TELEFONO})` };
  return { ok: true, valor: `${codigo}-${digitos.slice(4, 7)}-${digitos.slice(7)}`, movil };
}

/**
 * The number a wa.me link takes: digits only, with the country code and without the national 0
 * (0424-555-0123 → 584245550123; +1 305… stays 1305…).
 */
export function numeroWhatsapp(telefono: string): string {
  const digitos = telefono.replace(/\D/g, '');
  return /^0[24]\d{9}$/.test(digitos) ? `58${digitos.slice(1)}` : digitos;
}

/** A Venezuelan mobile in its stored form (0414-555-0101), or null: what pago móvil and WhatsApp need. */
export function movilGuardado(texto: string): string | null {
  const lectura = leerTelefono(texto);
  return lectura.ok && lectura.movil ? lectura.valor : null;
}
