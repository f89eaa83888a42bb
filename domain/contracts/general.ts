// /api/general/*, /api/footer-content and /api/pagina: store settings every page reads, the tasa del
// día and the store's bank accounts. The zod schemas are shared by the API (422 on failure) and the
// dashboard forms.

import { z } from 'zod';
import { bankByCode } from '#domain/banks.ts';
import { idParam, listQuery, optionalPhone as optionalPhoneField } from '#domain/contracts/campos.ts';
import { defineRoute, envelope, envelopeList, instant } from '#domain/contracts/contract.ts';
import { documentoGuardado, movilGuardado } from '#domain/identidad.ts';
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

/** The holder's RIF or cédula in its stored form (J-41234567-8, V-18456789), or null; see leerDocumento. */
export function normalizeRif(value: string): string | null {
  return documentoGuardado(value);
}

/** 0414-555-0101: a Venezuelan mobile number (pago móvil, WhatsApp), or null; see leerTelefono. */
export function normalizeMobile(value: string): string | null {
  return movilGuardado(value);
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
  if (!normalized) ctx.addIssue({ code: 'custom', message: 'El RIF o la cédula no es válida (ejemplo: J-50123456-6 o V-18456789)' });
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

/** The pictures of the page settings, uploaded as files (multipart) under these field names. */
export const INFO_PAGINA_IMAGENES = ['logo', 'banner'] as const;

/** The text fields of the page settings as the multipart form sends them; each may come alone. */
export const infoPaginaTextoSchema = z
  .object({
    storeName: z
      .string()
      .trim()
      .min(2, 'El nombre de la tienda debe tener al menos 2 caracteres')
      .max(60, 'El nombre de la tienda no puede tener más de 60 caracteres'),
    facility: z.string().trim().max(300, 'Las facilidades no pueden tener más de 300 caracteres'),
    offer: z.string().trim().max(200, 'La oferta no puede tener más de 200 caracteres'),
    sizeGuide: z.string().trim().max(4000, 'La guía de tallas no puede tener más de 4000 caracteres'),
  })
  .partial();
export type InfoPaginaTexto = z.output<typeof infoPaginaTextoSchema>;

export const empresaSeccion = z.object({ id: z.number(), section: z.string(), title: z.string(), content: z.string() });
export type EmpresaSeccion = z.infer<typeof empresaSeccion>;

/** The company sections, in their order on «Sobre nosotros» (docs/dominio.md §Contenido de la tienda). */
export const SECCIONES_EMPRESA = ['mision', 'vision', 'valores', 'quienes_somos'] as const;

/** An edit of one company section: which one, and its new title and/or text. */
export const empresaSeccionPatchSchema = z
  .object({
    section: z.enum(SECCIONES_EMPRESA, { error: 'Elija la sección: misión, visión, valores o quiénes somos' }),
    title: z
      .string({ error: 'El título no es válido' })
      .trim()
      .min(2, 'El título debe tener al menos 2 caracteres')
      .max(80, 'El título no puede tener más de 80 caracteres')
      .optional(),
    content: z.string({ error: 'El texto no es válido' }).trim().max(5000, 'El texto no puede tener más de 5000 caracteres').optional(),
  })
  .refine((e) => e.title !== undefined || e.content !== undefined, 'Indique el título o el texto de la sección');
export type EmpresaSeccionPatch = z.output<typeof empresaSeccionPatchSchema>;

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

const optionalPhone = optionalPhoneField;

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

/** Who set a rate: staff by hand, or the automatic update from the Banco Central de Venezuela. */
export const tasaFuente = z.enum(['manual', 'bcv']);
export const tasa = z.object({
  currency: z.string(),
  amount: z.string(),
  date: instant.nullable(),
  // Sent by /general/tasa-del-dia; optional so the other readers of this shape need not invent them.
  source: tasaFuente.optional(),
  /** The BCV's fecha valor (aaaa-mm-dd) of an automatic rate; null for a manual one. */
  valueDate: z.string().nullable().optional(),
  /** Whether this server updates the rate from the BCV by itself. */
  automatic: z.boolean().optional(),
});
export type TasaDelDia = z.infer<typeof tasa>;

const tasaFijada = z.object({ id: z.number(), currency: z.string(), amount: z.string(), note: z.string(), date: instant });
export const tasaHistorial = tasaFijada.extend({
  source: tasaFuente,
  valueDate: z.string().nullable(),
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

/** «Párrafo uno|Párrafo dos»: the about text as one field, split on the pipe (docs/dominio.md §Contenido de la tienda); blanks dropped. */
export function splitAboutText(value: string): string[] {
  return value
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
}

const webLink = (name: string) =>
  z
    .string()
    .trim()
    .max(300, `El enlace de ${name} no puede tener más de 300 caracteres`)
    .refine((v) => {
      if (v === '') return true;
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `El enlace de ${name} debe ser una dirección web (https://…)`);

const shortText = (label: string, max: number) => z.string().trim().max(max, `${label} no puede tener más de ${max} caracteres`);

/** The footer's text fields as the multipart form sends them (social links flat); each may come alone. */
export const FOOTER_REDES = ['facebook', 'twitter', 'instagram', 'youtube'] as const;
export const footerFormSchema = z
  .object({
    about_text: z
      .string()
      .max(2000, 'El texto «sobre nosotros» no puede tener más de 2000 caracteres')
      .transform(splitAboutText)
      .refine((ps) => ps.length <= 6, 'El texto «sobre nosotros» puede tener hasta 6 párrafos (separados por «|»)'),
    address: shortText('La dirección', 300),
    phone1: optionalPhone,
    phone2: optionalPhone,
    whatsapp: optionalPhoneField,
    email,
    copyright_text: shortText('El texto de derechos', 200),
    facebook: webLink('Facebook'),
    twitter: webLink('X (Twitter)'),
    instagram: webLink('Instagram'),
    youtube: webLink('YouTube'),
  })
  .partial();
export type FooterForm = z.output<typeof footerFormSchema>;

export const pagina = z.object({ slug: z.string(), title: z.string(), content: z.string(), updatedAt: instant });

/** The pages the store links from its footer, each at its own address: they are edited, never deleted. */
export const PAGINAS_FIJAS: Readonly<Record<string, string>> = {
  'privacy-policy': '/privacy-policy',
  'terms-and-condition': '/terms-and-condition',
  franchise: '/franchise',
};

/** Where the store shows a content page: a fixed page at its address, any other under /pagina/. */
export const isPaginaFija = (slug: string): boolean => Object.hasOwn(PAGINAS_FIJAS, slug);
export const paginaUrl = (slug: string): string => (isPaginaFija(slug) ? PAGINAS_FIJAS[slug] : `/pagina/${slug}`);
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

export const guardarInfoPagina = defineRoute({
  method: 'POST',
  path: '/general/info-pagina',
  tags,
  summary:
    'Guardar los ajustes de la página (multipart): logo y banner como archivos JPEG, PNG o WebP; storeName, facility, offer y sizeGuide como texto',
  response: envelope(infoPagina),
});

export const empresa = defineRoute({
  method: 'GET',
  path: '/general/empresa',
  tags,
  summary: 'Misión, visión, valores y quiénes somos',
  response: envelope(z.array(empresaSeccion)),
});

export const actualizarEmpresa = defineRoute({
  method: 'PATCH',
  path: '/general/empresa',
  tags,
  summary: 'Editar una sección de la empresa (misión, visión, valores o quiénes somos); devuelve las cuatro',
  body: empresaSeccionPatchSchema,
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

/** The result of asking the BCV's page now: stored, already stored, or not usable (the reason). */
export const tasaBcvResultado = z.object({
  stored: z.boolean(),
  amount: z.string().nullable(),
  valueDate: z.string().nullable(),
  message: z.string(),
});

export const traerTasaBcv = defineRoute({
  method: 'POST',
  path: '/general/tasa-del-dia/bcv',
  tags,
  summary: 'Traer ahora la tasa publicada por el Banco Central de Venezuela (con TASA_BCV_AUTOMATICA=true)',
  response: envelope(tasaBcvResultado),
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

export const guardarFooter = defineRoute({
  method: 'POST',
  path: '/footer-content',
  tags,
  summary:
    'Guardar el pie de página (multipart): about_text separado por «|», address, phone1, phone2, whatsapp, email, copyright_text, facebook, twitter, instagram, youtube y el logo como archivo',
  response: envelope(footer),
});

export const paginas = defineRoute({
  method: 'GET',
  path: '/pagina',
  tags,
  summary: 'Páginas de contenido',
  response: envelope(z.array(pagina.omit({ content: true }))),
});

const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'La página no es válida') });

export const paginaRoute = defineRoute({
  method: 'GET',
  path: '/pagina/:slug',
  tags,
  summary: 'Una página de contenido',
  params: slugParam,
  response: envelope(pagina),
});

const paginaTitulo = z
  .string({ error: 'El título es obligatorio' })
  .trim()
  .min(3, 'El título debe tener al menos 3 caracteres')
  .max(120, 'El título no puede tener más de 120 caracteres');
const paginaTexto = z
  .string({ error: 'El texto es obligatorio' })
  .trim()
  .min(1, 'Escriba el texto de la página')
  .max(50000, 'El texto no puede tener más de 50000 caracteres');

/** A new content page: its address (slug), title and text (blank lines separate paragraphs, «## » starts a heading). */
export const paginaNuevaSchema = z.object({
  slug: z
    .string({ error: 'La dirección es obligatoria' })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'La dirección solo puede tener minúsculas, números y guiones (ejemplo: politica-de-cambios)')
    .max(60, 'La dirección no puede tener más de 60 caracteres'),
  title: paginaTitulo,
  content: paginaTexto,
});
export const paginaPatchSchema = z
  .object({ title: paginaTitulo, content: paginaTexto })
  .partial()
  .refine((p) => p.title !== undefined || p.content !== undefined, 'Indique el título o el texto de la página');

export const crearPagina = defineRoute({
  method: 'POST',
  path: '/pagina',
  tags,
  summary: 'Crear una página de contenido (políticas, términos, franquicias…)',
  body: paginaNuevaSchema,
  response: envelope(pagina),
  status: 201,
});

export const actualizarPagina = defineRoute({
  method: 'PATCH',
  path: '/pagina/:slug',
  tags,
  summary: 'Editar el título o el texto de una página de contenido',
  params: slugParam,
  body: paginaPatchSchema,
  response: envelope(pagina),
});

export const borrarPagina = defineRoute({
  method: 'DELETE',
  path: '/pagina/:slug',
  tags,
  summary: 'Borrar una página de contenido (las que enlaza el pie de la tienda no se borran: 409)',
  params: slugParam,
  response: envelope(z.object({ slug: z.string() })),
});
