// Store-wide settings a shopper sees: page settings, company sections, rate, banks, footer, pages.

import { metaFor, offsetOf } from '../../../../domain/paginator.ts';
import { DEFAULT_EXCHANGE_RATE } from '../../../../domain/store-constants.ts';
import type { Db } from '../../db/client.ts';
import { NoEncontrado } from '../../errors.ts';
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

/** The four company sections, always all present (empty defaults where nothing was written). */
export async function empresa(db: Db) {
  const rows = await repo.findEmpresaSecciones(db);
  return COMPANY_SECTIONS.map((def, index) => {
    const row = rows.find((r) => r.section === def.section);
    return { id: row?.id ?? index + 1, section: def.section, title: row?.title ?? def.title, content: row?.content ?? '' };
  });
}

export async function tasaDelDia(db: Db) {
  const row = await repo.findLatestRate(db);
  if (!row) return { ...DEFAULT_EXCHANGE_RATE, date: null };
  return { currency: row.currency, amount: row.amount, date: row.createdAt.toISOString() };
}

export async function cuentasBancarias(db: Db, page: number, perPage: number) {
  const { rows, total } = await repo.findBankAccounts(db, perPage, offsetOf(page, perPage));
  return {
    items: rows.map((r) => ({
      id: r.id,
      method: r.method,
      bank_code: r.bankCode,
      bank_name: r.bankName,
      rif: r.rif,
      status: r.status,
      company_account_name: r.companyAccountName,
      company_account_email: r.companyAccountEmail,
      account_number: r.accountNumber,
      phone: r.phone,
    })),
    meta: metaFor(page, perPage, total),
  };
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

export async function pagina(db: Db, slug: string) {
  const row = await repo.findPagina(db, slug);
  if (!row) throw new NoEncontrado('La página solicitada no existe.');
  return { slug: row.slug, title: row.title, content: row.content, updatedAt: row.updatedAt.toISOString() };
}

export const paginas = repo.findPaginas;
