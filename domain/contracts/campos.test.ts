import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { amount, cedulaRif, email, id, idParam, listPage, listQuery, obligatorio, perPage, phone, wholeCedulaRif } from './campos.ts';
import { actualizarCuenta } from './general.ts';
import { buyerSchema, paymentSchema } from './orden-compra.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message);

describe('id de un registro', () => {
  it('el mensaje concuerda con lo que nombra: «la cuenta no es válida», «el usuario no es válido»', () => {
    expect(messages(idParam('La cuenta').safeParse('abc'))).toEqual(['La cuenta no es válida']);
    expect(messages(idParam('La cuenta').safeParse('0'))).toEqual(['La cuenta no es válida']);
    expect(messages(idParam('La cuenta').safeParse(undefined))).toEqual(['Falta la cuenta']);
    expect(messages(id('La cuenta').safeParse(9_999_999_999))).toEqual(['La cuenta no es válida']);
    expect(messages(idParam('El usuario').safeParse('-1'))).toEqual(['El usuario no es válido']);
    expect(messages(id('El usuario').safeParse(0))).toEqual(['El usuario no es válido']);
    expect(messages(id().safeParse('7'))).toEqual(['El identificador debe ser un número']);
  });

  it('editar una cuenta bancaria con un id que no lo es: «La cuenta no es válida»', () => {
    expect(messages(actualizarCuenta.params?.safeParse({ id: 'x' }) ?? { success: true })).toEqual(['La cuenta no es válida']);
  });
});

/** Each issue as `path: message`. */
const issues = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('listQuery', () => {
  const schema = listQuery(15);

  it('aplica los valores por defecto a una consulta vacía', () => {
    expect(schema.parse({})).toEqual({ page: 1, per_page: 15 });
  });

  it('convierte los textos de la consulta a números y booleanos', () => {
    expect(schema.parse({ page: '3', per_page: '50', sort_desc: 'false', search: '  blusa ' })).toEqual({
      page: 3,
      per_page: 50,
      sort_desc: false,
      search: 'blusa',
    });
    expect(schema.parse({ sort_desc: '1' }).sort_desc).toBe(true);
    expect(schema.parse({ sort_desc: '0' }).sort_desc).toBe(false);
    expect(schema.parse({ sort_desc: true }).sort_desc).toBe(true);
  });

  it('trata los parámetros vacíos como ausentes', () => {
    expect(schema.parse({ page: '', per_page: ' ', sort_desc: '' })).toEqual({ page: 1, per_page: 15 });
  });

  it('el tamaño por defecto y el máximo por página son de cada lista', () => {
    expect(listQuery(5).parse({})).toEqual({ page: 1, per_page: 5 });
    expect(issues(listQuery(6, { maxPerPage: 24 }), { per_page: '25' })).toEqual([
      'per_page: El parámetro per_page debe ser menor o igual a 24',
    ]);
    expect(listQuery(6, { maxPerPage: 24 }).parse({ per_page: '24' }).per_page).toBe(24);
  });

  it('rechaza página, tamaño, orden y búsqueda inválidos con un mensaje en español cada uno', () => {
    expect(issues(schema, { page: '0' })).toEqual(['page: El parámetro page debe ser mayor o igual a 1']);
    expect(issues(schema, { page: '-1e300' })).toEqual(['page: El parámetro page debe ser mayor o igual a 1']);
    expect(issues(schema, { page: '1.5' })).toEqual(['page: El parámetro page debe ser un número entero']);
    expect(issues(schema, { page: 'abc' })).toEqual(['page: El parámetro page debe ser un número']);
    expect(issues(schema, { page: ['1', '2'] })).toEqual(['page: El parámetro page debe ser un número']);
    expect(issues(schema, { per_page: '101' })).toEqual(['per_page: El parámetro per_page debe ser menor o igual a 100']);
    expect(issues(schema, { sort_desc: 'si' })).toEqual(['sort_desc: El parámetro sort_desc debe ser true o false']);
    expect(issues(schema, { search: 'x'.repeat(101) })).toEqual(['search: La búsqueda no puede tener más de 100 caracteres']);
    expect(issues(schema, { search: 'a\u0000b' })).toEqual(['search: La búsqueda contiene caracteres no válidos']);
  });

  it('un número más allá de los enteros exactos (1e300) es demasiado grande, dicho una vez', () => {
    const tooBigPage = ['page: El parámetro page debe ser menor o igual a 9007199254740991'];
    expect(issues(schema, { page: '1e300' })).toEqual(tooBigPage);
    expect(issues(schema, { page: 1e300 })).toEqual(tooBigPage);
    expect(issues(schema, { page: '9007199254740992' })).toEqual(tooBigPage);
    expect(schema.parse({ page: '9007199254740991' }).page).toBe(9007199254740991);
    expect(issues(schema, { per_page: '1e300' })).toEqual(['per_page: El parámetro per_page debe ser menor o igual a 100']);
  });

  it('el número de página de otra lista de la misma respuesta y el tamaño sueltos dicen lo mismo con su nombre', () => {
    const lists = z.object({ page_latest: listPage('page_latest'), per_page: perPage(12, 60) });
    expect(lists.parse({})).toEqual({ page_latest: 1, per_page: 12 });
    expect(issues(lists, { page_latest: '0', per_page: '61' })).toEqual([
      'page_latest: El parámetro page_latest debe ser mayor o igual a 1',
      'per_page: El parámetro per_page debe ser menor o igual a 60',
    ]);
  });

  it('se puede describir como JSON Schema para la documentación de la API', () => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(Object.keys(json.properties ?? {})).toEqual(['page', 'per_page', 'sort_desc', 'search']);
  });

  it('se extiende con el orden y los filtros propios de cada lista', () => {
    const extended = schema.extend({ filter: z.enum(['activos']).optional() });
    expect(extended.parse({ filter: 'activos' })).toEqual({ page: 1, per_page: 15, filter: 'activos' });
  });
});

describe('amount', () => {
  it('acepta el monto como lo escribe un venezolano y como lo escribe la API, y lo pasa a punto', () => {
    expect(amount().parse('12,5')).toBe('12.5');
    expect(amount().parse('25.50')).toBe('25.50');
    expect(amount().parse('15.000,00')).toBe('15000.00');
    expect(amount('El precio mínimo').parse('1.234,56')).toBe('1234.56');
    expect(amount().parse('1234,56')).toBe('1234.56');
    expect(amount().parse(' 1.234 ')).toBe('1234');
    // The message agrees with what it names: «la promoción no es válida», «es obligatoria».
    expect(issues(amount('La promoción'), 'abc')).toEqual([': La promoción no es válida (ejemplo: 1.234,56)']);
    expect(issues(amount('La promoción'), undefined)).toEqual([': La promoción es obligatoria']);
    expect(issues(amount('El precio'), '')).toEqual([': El precio es obligatorio']);
    expect(issues(amount('El precio'), '-5')).toEqual([': El precio no puede ser negativo']);
    for (const bad of ['-5', '1.23.4', '1e3', '', '1,234', '12.34,5']) expect(amount().safeParse(bad).success, bad).toBe(false);
  });

  it('el monto de un pago usa el mismo campo y además debe ser mayor que cero', () => {
    const pago = { method: 'zelle', reference: 'ZEL12345', date: '2025-06-01' };
    expect(paymentSchema.parse({ ...pago, amount: '25,50' }).amount).toBe('25.50');
    expect(paymentSchema.parse({ ...pago, amount: '15.000,00' }).amount).toBe('15000.00');
    expect(issues(paymentSchema, { ...pago, amount: '25,505' })).toEqual(['amount: El monto admite hasta 2 decimales (ejemplo: 1.234,56)']);
    expect(issues(paymentSchema, { ...pago, amount: '0.00' })).toEqual(['amount: El monto debe ser mayor que cero']);
  });
});

describe('mensaje de campo obligatorio', () => {
  it('un correo, teléfono o cédula vacío dice que falta, no que es inválido', () => {
    const empty = z.object({ email, phone, dni: cedulaRif }).safeParse({ email: ' ', phone: '', dni: '' });
    expect(empty.success ? [] : empty.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'email: El correo es obligatorio',
      'phone: El teléfono es obligatorio',
      'dni: La cédula o RIF es obligatoria',
    ]);
  });

  it('concuerda con el artículo del nombre del campo', () => {
    expect(obligatorio('El nombre')).toBe('El nombre es obligatorio');
    expect(obligatorio('La dirección')).toBe('La dirección es obligatoria');
    expect(obligatorio('Las notas')).toBe('Las notas son obligatorias');
    expect(obligatorio('Los datos')).toBe('Los datos son obligatorios');
  });

  it('los datos del comprador y del perfil dicen «La dirección es obligatoria» y «La ciudad es obligatoria»', () => {
    const buyer = buyerSchema.safeParse({ city: '', address: '' });
    const messages = buyer.success ? [] : buyer.error.issues.map((i) => i.message);
    expect(messages).toContain('La dirección es obligatoria');
    expect(messages).toContain('La ciudad es obligatoria');
    expect(messages.some((m) => /\bLa [^ ]+ es obligatorio\b/.test(m))).toBe(false);
  });
});

describe('wholeCedulaRif', () => {
  it('una cédula o un RIF enteros, sin guion y en mayúsculas; cualquier otro texto no', () => {
    expect(wholeCedulaRif(' v-10000007 ')).toBe('V10000007');
    expect(wholeCedulaRif('J123456789')).toBe('J123456789');
    expect(wholeCedulaRif('10000007')).toBeNull(); // digits alone may be part of an order code
    expect(wholeCedulaRif('OC-000123')).toBeNull();
    expect(wholeCedulaRif('V-1234')).toBeNull();
    expect(wholeCedulaRif('María V-10000007')).toBeNull();
  });
});
