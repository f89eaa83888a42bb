// /api/general/*, /api/footer-content and /api/pagina: store settings every page reads, the tasa del
// día and the store's bank accounts. The zod schemas are shared by the API (422 on failure) and the
// dashboard forms.
import { z } from 'zod';
import { bankByCode } from '#domain/banks.ts';
import { idParam, listQuery, phone as phoneField } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { PAGE_SIZES } from '#domain/paginator.ts';
import { PAYMENT_METHODS, type PaymentMethodId } from '#domain/store-constants.ts';

/** A rate has at most 4 decimals (the column is NUMERIC(14,4)) and at most 10 integer digits. */
export const rateAmountSchema = z
  .string({ error: 'Escriba la tasa del día' })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,4})?$/, 'La tasa debe ser un número positivo con hasta 4 decimales (ejemplo: 45.50)')
  .refine((v) => /[1-9]/.test(v), 'La tasa debe ser mayor que cero');

export const tasaDelDiaSchema = z.object({
  amount: rateAmountSchema,
  note: z.string().trim().max(200, 'La nota no puede tener más de 200 caracteres').default(''),
});

/**
 * A typed rate as people write it in Venezuela ("1.234,56" or "45,5") to the API's form ("1234.56").
 * Text that already uses a dot as decimal separator is left alone.
 */
export function normalizeRateInput(value: string): string {
  const v = value.trim().replace(/\s/g, '');
  if (!v.includes(',')) return v;
  return v.replace(/\./g, '').replace(',', '.');
}

/** J-41234567-8: letter, 8 digits, check digit (the letter and the dashes may come in any case or missing). */
export function normalizeRif(value: string): string | null {
  const match = /^([JVEG])-?(\d{8})-?(\d)$/.exec(value.trim().toUpperCase().replace(/[\s.]/g, ''));
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** 0414-555-0101: a Venezuelan mobile number (pago móvil). */
export function normalizeMobile(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, '').replace(/^\+?58/, '0');
  const match = /^(04(?:12|14|16|24|26|22))(\d{3})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** 0105-0012-34-1234567890: the 20-digit account number as banks print it. */
export function normalizeAccountNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{20}$/.test(digits)) return null;
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 10)}-${digits.slice(10)}`;
}

/** Methods a store account receives money with (cash and "pago pendiente" need none). */
export const BANK_ACCOUNT_METHOD_IDS = [
  'transferencia',
  'pago-movil',
  'zelle',
  'paypal',
  'uphold',
] as const satisfies readonly PaymentMethodId[];
export type BankAccountMethod = (typeof BANK_ACCOUNT_METHOD_IDS)[number];

const rif = z.string({ error: 'El RIF es obligatorio' }).transform((v, ctx) => {
  const normalized = normalizeRif(v);
  if (!normalized) ctx.addIssue({ code: 'custom', message: 'El RIF no es válido (ejemplo: J-41234567-8)' });
  return normalized ?? v;
});
const accountName = z
  .string({ error: 'El titular es obligatorio' })
  .trim()
  .min(3, 'El titular es obligatorio')
  .max(120, 'El titular no puede tener más de 120 caracteres');
const email = z.union(
  [
    z.literal(''),
    z.string().trim().toLowerCase().max(254, 'El correo no puede tener más de 254 caracteres').pipe(z.email('El correo no es válido')),
  ],
  {
    error: 'El correo no es válido',
  },
);
const bankCode = z
  .string()
  .trim()
  .refine((v) => v === '' || bankByCode(v) !== undefined, 'Elija un banco venezolano de la lista');
const accountNumber = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return v;
    const normalized = normalizeAccountNumber(v);
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'El número de cuenta debe tener 20 dígitos' });
    return normalized ?? v;
  });
const phone = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return v;
    const normalized = normalizeMobile(v);
    if (!normalized) ctx.addIssue({ code: 'custom', message: 'El teléfono no es un celular venezolano (ejemplo: 0414-555-0101)' });
    return normalized ?? v;
  });

/** Fields of a bank account; every one may come alone in an edit. */
export const bankAccountFields = {
  method: z.enum(BANK_ACCOUNT_METHOD_IDS, { error: 'Elija el método de pago de la cuenta' }),
  bank_code: bankCode,
  bank_name: z.string().trim().max(80, 'El nombre del banco no puede tener más de 80 caracteres'),
  rif,
  company_account_name: accountName,
  company_account_email: email,
  account_number: accountNumber,
  phone,
  status: z.boolean({ error: 'El estado debe ser verdadero o falso' }),
};

export type BankAccountInput = {
  method: BankAccountMethod;
  bank_code: string;
  bank_name: string;
  rif: string;
  company_account_name: string;
  company_account_email: string;
  account_number: string;
  phone: string;
  status: boolean;
};

export type Issue = { path: keyof BankAccountInput; message: string };

/** What a complete account of its method still lacks or contradicts; empty when it is consistent. */
export function bankAccountIssues(a: BankAccountInput): Issue[] {
  const issues: Issue[] = [];
  if (PAYMENT_METHODS[a.method].needsBank && a.bank_code === '') issues.push({ path: 'bank_code', message: 'Elija el banco' });
  if (a.method === 'transferencia') {
    if (a.account_number === '') issues.push({ path: 'account_number', message: 'Escriba el número de cuenta' });
    else if (a.bank_code !== '' && !a.account_number.startsWith(a.bank_code))
      issues.push({ path: 'account_number', message: 'El número de cuenta no corresponde al banco elegido' });
  }
  if (a.method === 'pago-movil' && a.phone === '') issues.push({ path: 'phone', message: 'Escriba el teléfono del pago móvil' });
  if ((a.method === 'zelle' || a.method === 'paypal' || a.method === 'uphold') && a.company_account_email === '')
    issues.push({ path: 'company_account_email', message: 'Escriba el correo de la cuenta' });
  return issues;
}

export const bankAccountSchema = z
  .object({
    ...bankAccountFields,
    bank_code: bankCode.default(''),
    bank_name: bankAccountFields.bank_name.default(''),
    company_account_email: email.default(''),
    account_number: accountNumber.default(''),
    phone: phone.default(''),
    status: bankAccountFields.status.default(true),
  })
  .superRefine((a, ctx) => {
    for (const issue of bankAccountIssues(a)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const bankAccountPatchSchema = z
  .object(bankAccountFields)
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Indique qué desea cambiar de la cuenta');

export type BankAccount = BankAccountInput & { id: number };

// ── shapes of the answers ───────────────────────────────────────────────────

export const bankAccount = z.object({
  id: z.number(),
  method: z.enum(BANK_ACCOUNT_METHOD_IDS),
  bank_code: z.string(),
  bank_name: z.string(),
  rif: z.string(),
  status: z.boolean(),
  company_account_name: z.string(),
  company_account_email: z.string(),
  account_number: z.string(),
  phone: z.string(),
});

export const infoPagina = z.object({
  storeName: z.string(),
  logo: z.string(),
  banner: z.string(),
  facility: z.string(),
  sizeGuide: z.string(),
  offer: z.string(),
});
export type InfoPagina = z.infer<typeof infoPagina>;

export const empresaSeccion = z.object({ id: z.number(), section: z.string(), title: z.string(), content: z.string() });
export type EmpresaSeccion = z.infer<typeof empresaSeccion>;

/** The company's legal data (razón social, RIF…), printed on invoices, the footer and e-mails. */
export const datosEmpresa = z.object({
  razonSocial: z.string(),
  rif: z.string(),
  address: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  email: z.string(),
  updatedAt: instant.nullable(),
});
export type DatosEmpresa = z.infer<typeof datosEmpresa>;

const optionalPhone = z.union([z.literal(''), phoneField], { error: 'El teléfono no es válido (ejemplo: 0212-555-0100)' });

/** An edit of the legal data: any of its fields (the result must keep a razón social and a RIF). */
export const datosEmpresaPatchSchema = z
  .object({
    razonSocial: z
      .string({ error: 'La razón social es obligatoria' })
      .trim()
      .min(3, 'La razón social es obligatoria')
      .max(150, 'La razón social no puede tener más de 150 caracteres'),
    rif,
    address: z
      .string({ error: 'La dirección fiscal no es válida' })
      .trim()
      .max(300, 'La dirección fiscal no puede tener más de 300 caracteres'),
    phone1: optionalPhone,
    phone2: optionalPhone,
    email,
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Indique qué desea cambiar de los datos de la empresa');
export type DatosEmpresaPatch = z.output<typeof datosEmpresaPatchSchema>;

export const tasa = z.object({ currency: z.string(), amount: z.string(), date: instant.nullable() });
export type TasaDelDia = z.infer<typeof tasa>;

const tasaFijada = z.object({ id: z.number(), currency: z.string(), amount: z.string(), note: z.string(), date: instant });
export const tasaHistorial = tasaFijada.extend({
  user: z.object({ id: z.number(), nickname: z.string(), email: z.string() }).nullable(),
});
export type TasaHistorial = z.infer<typeof tasaHistorial>;

export const footer = z.object({
  about_text: z.array(z.string()),
  logo: z.string(),
  address: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  whatsapp: z.string(),
  email: z.string(),
  social_links: z.object({
    facebook: z.string().optional(),
    twitter: z.string().optional(),
    instagram: z.string().optional(),
    youtube: z.string().optional(),
  }),
  copyright_text: z.string(),
});
export type Footer = z.infer<typeof footer>;

export const pagina = z.object({ slug: z.string(), title: z.string(), content: z.string(), updatedAt: instant });
export type Pagina = z.infer<typeof pagina>;

// ── routes ──────────────────────────────────────────────────────────────────

const tags = ['general'] as const;

export const infoPaginaRoute = defineRoute({
  method: 'GET',
  path: '/general/info-pagina',
  tags,
  summary: 'Logo, banner, guía de tallas y ofertas',
  response: envelope(infoPagina),
});

export const empresa = defineRoute({
  method: 'GET',
  path: '/general/empresa',
  tags,
  summary: 'Misión, visión, valores y quiénes somos',
  response: envelope(z.array(empresaSeccion)),
});

export const datosEmpresaRoute = defineRoute({
  method: 'GET',
  path: '/general/empresa/datos',
  tags,
  summary: 'Datos legales de la empresa: razón social, RIF, dirección fiscal, teléfonos y correo',
  response: envelope(datosEmpresa),
});

export const actualizarDatosEmpresa = defineRoute({
  method: 'PATCH',
  path: '/general/empresa/datos',
  tags,
  summary: 'Editar los datos legales de la empresa',
  body: datosEmpresaPatchSchema,
  response: envelope(datosEmpresa),
});

export const tasaDelDia = defineRoute({
  method: 'GET',
  path: '/general/tasa-del-dia',
  tags,
  summary: 'Tasa del día (Bs. por USD)',
  response: envelope(tasa),
});

export const fijarTasa = defineRoute({
  method: 'POST',
  path: '/general/tasa-del-dia',
  tags,
  summary: 'Fijar la tasa del día (queda en el historial)',
  body: tasaDelDiaSchema,
  response: envelope(tasaFijada),
  status: 201,
});

export const historialTasas = defineRoute({
  method: 'GET',
  path: '/general/tasa-del-dia/historial',
  tags,
  summary: 'Historial de la tasa del día, la más reciente primero',
  query: listQuery(PAGE_SIZES.admin),
  response: envelopeList(tasaHistorial),
});

export const cuentasBancarias = defineRoute({
  method: 'GET',
  path: '/general/cuentas-bancarias',
  tags,
  summary: 'Cuentas bancarias activas de la tienda',
  query: listQuery(PAGE_SIZES.admin).pick({ page: true, per_page: true }),
  response: envelopeList(bankAccount),
});

export const todasLasCuentas = defineRoute({
  method: 'GET',
  path: '/general/cuentas-bancarias/todas',
  tags,
  summary: 'Todas las cuentas bancarias, activas e inactivas (filter: método; search: titular, banco, RIF, número)',
  query: listQuery(PAGE_SIZES.admin).extend({
    filter: z.union([z.literal(''), z.enum(BANK_ACCOUNT_METHOD_IDS)], { error: 'Método de pago desconocido' }).default(''),
  }),
  response: envelopeList(bankAccount),
});

export const registrarCuenta = defineRoute({
  method: 'POST',
  path: '/general/cuentas-bancarias',
  tags,
  summary: 'Registrar una cuenta bancaria de la tienda',
  body: bankAccountSchema,
  response: envelope(bankAccount),
  status: 201,
});

export const actualizarCuenta = defineRoute({
  method: 'PATCH',
  path: '/general/cuentas-bancarias/:id',
  tags,
  summary: 'Editar, activar o desactivar una cuenta bancaria',
  params: z.object({ id: idParam('La cuenta') }),
  body: bankAccountPatchSchema,
  response: envelope(bankAccount),
});

export const footerContent = defineRoute({
  method: 'GET',
  path: '/footer-content',
  tags,
  summary: 'Contenido del pie de página',
  response: envelope(footer),
});

export const paginas = defineRoute({
  method: 'GET',
  path: '/pagina',
  tags,
  summary: 'Páginas de contenido',
  response: envelope(z.array(pagina.omit({ content: true }))),
});

export const paginaRoute = defineRoute({
  method: 'GET',
  path: '/pagina/:slug',
  tags,
  summary: 'Una página de contenido',
  params: z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'La página no es válida') }),
  response: envelope(pagina),
});
