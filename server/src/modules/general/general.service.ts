// Store-wide settings a shopper sees: page settings, company sections, rate, banks, footer, pages.

import { bankByCode } from '#domain/banks.ts';
import {
  type BankAccount,
  type BankAccountInput,
  type BankAccountMethod,
  bankAccountIssues,
  type DatosEmpresa,
  type DatosEmpresaPatch,
  type EmpresaSeccionPatch,
  FOOTER_REDES,
  type FooterForm,
  type InfoPaginaTexto,
  isPaginaFija,
} from '#domain/contracts/general.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import { DEFAULT_EXCHANGE_RATE, PAYMENT_METHOD_IDS, PAYMENT_METHODS } from '#domain/store-constants.ts';
import type { Db } from '#server/db/client.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { plainText } from '#server/html.ts';
import type { SessionUser } from '#server/http/access.ts';
import * as repo from './general.repo.ts';

const COMPANY_SECTIONS = [
  { section: 'mision', title: 'Misión' },
  { section: 'vision', title: 'Visión' },
  { section: 'valores', title: 'Valores' },
  { section: 'quienes_somos', title: 'Quienes Somos' },
] as const;

export async function infoPagina(db: Db) {
  const row = await repo.findInfoPagina(db);
  return {
    storeName: row?.storeName ?? 'Vitrina',
    logo: row?.logo ?? '',
    banner: row?.banner ?? '',
    facility: row?.facility ?? '',
    sizeGuide: row?.sizeGuide ?? '',
    offer: row?.offer ?? '',
  };
}

/** Saves the page settings that came (texts already checked, pictures already stored as URLs). */
export async function guardarInfoPagina(db: Db, changes: InfoPaginaTexto & { logo?: string; banner?: string }) {
  await repo.upsertInfoPagina(db, changes);
  return infoPagina(db);
}

/** Edits one company section (title and text as plain text) and answers with the four. */
export async function actualizarEmpresa(db: Db, patch: EmpresaSeccionPatch) {
  const def = COMPANY_SECTIONS.find((d) => d.section === patch.section);
  if (!def) throw new NoEncontrado('La sección de la empresa no existe.');
  const changes: { title?: string; content?: string } = {};
  if (patch.title !== undefined) changes.title = plainText(patch.title) || def.title;
  if (patch.content !== undefined) changes.content = plainText(patch.content);
  await repo.upsertEmpresaSeccion(db, def.section, def, changes);
  return empresa(db);
}

/** The four company sections, always all present (empty defaults where nothing was written). */
export async function empresa(db: Db) {
  const rows = await repo.findEmpresaSecciones(db);
  return COMPANY_SECTIONS.map((def, index) => {
    const row = rows.find((r) => r.section === def.section);
    return { id: row?.id ?? index + 1, section: def.section, title: row?.title ?? def.title, content: row?.content ?? '' };
  });
}

function datosEmpresaView(row: Awaited<ReturnType<typeof repo.findEmpresaDatos>>): DatosEmpresa {
  return {
    razonSocial: row?.razonSocial ?? '',
    rif: row?.rif ?? '',
    address: row?.address ?? '',
    phone1: row?.phone1 ?? '',
    phone2: row?.phone2 ?? '',
    email: row?.email ?? '',
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The company's legal data; empty texts until an admin saves them. */
export async function datosEmpresa(db: Db): Promise<DatosEmpresa> {
  return datosEmpresaView(await repo.findEmpresaDatos(db));
}

/** Changes some of the legal data; the result must keep a razón social and a RIF (invoices need both). */
export async function actualizarDatosEmpresa(db: Db, user: SessionUser, changes: DatosEmpresaPatch): Promise<DatosEmpresa> {
  const { updatedAt: _, ...current } = await datosEmpresa(db);
  const merged = { ...current, ...changes };
  if (!merged.razonSocial || !merged.rif) throw new ReglaNegocio('Escriba la razón social y el RIF de la empresa.');
  const saved = datosEmpresaView(await repo.upsertEmpresaDatos(db, { ...merged, updatedBy: user.id, updatedAt: new Date() }));
  footerCache.delete(db);
  return saved;
}

const FOOTER_TTL_MS = 60_000;
const footerCache = new WeakMap<Db, { at: number; value: DatosEmpresa | null }>();

/**
 * The legal data for the foot of the mails of `root`'s database, read through `tx` (a mail is
 * queued inside its transaction) at most once a minute: an order's mail adds no query. An edit
 * clears it here; another process of the same store sees it within the minute.
 */
export async function datosEmpresaParaCorreos(root: Db, tx: Db): Promise<DatosEmpresa | null> {
  const hit = footerCache.get(root);
  if (hit && Date.now() - hit.at < FOOTER_TTL_MS) return hit.value;
  const row = await repo.findEmpresaDatos(tx);
  const value = row ? datosEmpresaView(row) : null;
  footerCache.set(root, { at: Date.now(), value });
  return value;
}

export async function tasaDelDia(db: Db) {
  const { currency, amount, date } = await tasaDelDiaConFuente(db);
  return { currency, amount, date };
}

/** The tasa in force on a Caracas day (the last one set before the day ended; the default rate if none yet). */
export async function tasaEnFecha(db: Db, isoDay: string): Promise<string> {
  const row = await repo.findRateAt(db, new Date(Date.parse(`${isoDay}T00:00:00.000-04:00`) + 86_400_000));
  return row?.amount ?? DEFAULT_EXCHANGE_RATE.amount;
}

/** The current rate with who set it: staff by hand, or the BCV (with its fecha valor). */
export async function tasaDelDiaConFuente(db: Db) {
  const row = await repo.findLatestRate(db);
  if (!row) return { ...DEFAULT_EXCHANGE_RATE, date: null, source: 'manual' as const, valueDate: null };
  return {
    currency: row.currency,
    amount: row.amount,
    date: row.createdAt.toISOString(),
    source: rateSource(row.source),
    valueDate: row.valueDate,
  };
}

function rateSource(value: string): 'manual' | 'bcv' {
  return value === 'bcv' ? 'bcv' : 'manual';
}

/** Sets the day's rate: a new row, so the history keeps every rate and who set it. */
export async function fijarTasaDelDia(db: Db, user: SessionUser, input: { amount: string; note: string }) {
  const row = await repo.insertRate(db, { amount: input.amount, note: input.note, userId: user.id });
  return { id: row.id, currency: row.currency, amount: row.amount, note: row.note, date: row.createdAt.toISOString() };
}

export async function historialTasas(db: Db, page: number, perPage: number) {
  const { rows, total } = await repo.findRateHistory(db, perPage, offsetOf(page, perPage));
  return {
    items: rows.map((r) => ({
      id: r.id,
      currency: r.currency,
      amount: r.amount,
      note: r.note,
      date: r.createdAt.toISOString(),
      source: rateSource(r.source),
      valueDate: r.valueDate,
      user: r.userId && r.email ? { id: r.userId, nickname: r.nickname ?? '', email: r.email } : null,
    })),
    meta: metaFor(page, perPage, total),
  };
}

function bankAccountView(r: repo.BankAccountRow): BankAccount {
  return {
    id: r.id,
    method: r.method as BankAccountMethod,
    bank_code: r.bankCode ?? '',
    bank_name: r.bankName,
    rif: r.rif,
    status: r.status,
    company_account_name: r.companyAccountName,
    company_account_email: r.companyAccountEmail,
    account_number: r.accountNumber,
    phone: r.phone,
  };
}

export async function cuentasBancarias(db: Db, page: number, perPage: number, filter: repo.BankAccountFilter = { activeOnly: true }) {
  const { rows, total } = await repo.findBankAccounts(db, filter, perPage, offsetOf(page, perPage));
  return { items: rows.map(bankAccountView), meta: metaFor(page, perPage, total) };
}

/** The active accounts grouped by payment method, in the checkout's order of methods. */
export async function cuentasActivasPorMetodo(db: Db, method?: string) {
  const rows = (await repo.findActiveBankAccounts(db, method)).map(bankAccountView);
  return PAYMENT_METHOD_IDS.filter((id) => rows.some((r) => r.method === id)).map((id) => ({
    method: id,
    label: PAYMENT_METHODS[id].label,
    icon: PAYMENT_METHODS[id].icon,
    accounts: rows.filter((r) => r.method === id),
  }));
}

/** Columns of a consistent account: the bank's name comes from its code; methods without a bank keep none. */
function bankAccountColumns(a: BankAccountInput) {
  const needsBank = PAYMENT_METHODS[a.method].needsBank;
  return {
    method: a.method,
    bankCode: needsBank ? a.bank_code : null,
    bankName: needsBank ? (bankByCode(a.bank_code)?.name ?? '') : a.bank_name || PAYMENT_METHODS[a.method].label,
    rif: a.rif,
    companyAccountName: a.company_account_name,
    companyAccountEmail: a.company_account_email,
    accountNumber: a.method === 'transferencia' ? a.account_number : '',
    phone: a.method === 'pago-movil' ? a.phone : '',
    status: a.status,
  };
}

export async function registrarCuentaBancaria(db: Db, input: BankAccountInput) {
  return bankAccountView(await repo.insertBankAccount(db, bankAccountColumns(input)));
}

/** Edits some fields (or only `status`); the account that results must still be complete for its method. */
export async function actualizarCuentaBancaria(db: Db, id: number, changes: Partial<BankAccountInput>) {
  const current = await repo.findBankAccount(db, id);
  if (!current) throw new NoEncontrado('La cuenta bancaria no existe.');
  const merged: BankAccountInput = { ...bankAccountView(current), ...changes };
  const issues = bankAccountIssues(merged);
  if (issues.length > 0) throw new ReglaNegocio(`La cuenta quedaría incompleta: ${issues.map((i) => i.message.toLowerCase()).join('; ')}.`);
  return bankAccountView(await repo.updateBankAccount(db, id, bankAccountColumns(merged)));
}

export async function footerContent(db: Db) {
  const row = await repo.findFooter(db);
  return {
    about_text: row?.aboutText ?? [],
    logo: row?.logo ?? '',
    address: row?.address ?? '',
    phone1: row?.phone1 ?? '',
    phone2: row?.phone2 ?? '',
    whatsapp: row?.whatsapp ?? '',
    email: row?.email ?? '',
    social_links: row?.socialLinks ?? {},
    copyright_text: row?.copyrightText ?? '',
  };
}

/** Saves the footer fields that came (already checked and made plain text); social links merge by name. */
export async function guardarFooter(db: Db, form: FooterForm & { logo?: string }) {
  const current = await repo.findFooter(db);
  const socialLinks = { ...(current?.socialLinks ?? {}) };
  for (const red of FOOTER_REDES) if (form[red] !== undefined) socialLinks[red] = form[red];
  await repo.upsertFooter(db, {
    aboutText: form.about_text,
    logo: form.logo,
    address: form.address,
    phone1: form.phone1,
    phone2: form.phone2,
    whatsapp: form.whatsapp,
    email: form.email,
    copyrightText: form.copyright_text,
    socialLinks,
  });
  return footerContent(db);
}

export async function pagina(db: Db, slug: string) {
  const row = await repo.findPagina(db, slug);
  if (!row) throw new NoEncontrado('La página solicitada no existe.');
  return { slug: row.slug, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

export const paginas = repo.findPaginas;

/** Title and text are kept as plain text (the page renders them as text, never as HTML). */
export async function crearPagina(db: Db, input: { slug: string; title: string; content: string }) {
  const created = await repo.insertPagina(db, { slug: input.slug, title: plainText(input.title), content: plainText(input.content) });
  if (!created) throw new Conflicto(`Ya existe una página con la dirección «${input.slug}».`);
  return pagina(db, input.slug);
}

export async function actualizarPagina(db: Db, slug: string, patch: { title?: string; content?: string }) {
  const changes: { title?: string; content?: string } = {};
  if (patch.title !== undefined) changes.title = plainText(patch.title);
  if (patch.content !== undefined) changes.content = plainText(patch.content);
  if (!(await repo.updatePagina(db, slug, changes))) throw new NoEncontrado('La página solicitada no existe.');
  return pagina(db, slug);
}

export async function borrarPagina(db: Db, slug: string) {
  if (isPaginaFija(slug)) {
    throw new Conflicto('La tienda enlaza esta página desde su pie de página: edite su texto en lugar de borrarla.');
  }
  if (!(await repo.deletePagina(db, slug))) throw new NoEncontrado('La página solicitada no existe.');
  return { slug };
}
