// The optional automatic tasa del día (TASA_BCV_AUTOMATICA): read the Banco Central de Venezuela's
// page, keep its USD rate once per fecha valor. Staff may still set a rate by hand: it stays the
// current one until the BCV publishes a new fecha valor. A page that cannot be read changes nothing.
import { caracasIsoDate } from '#domain/dates.ts';
import { parseBcvPage } from '#domain/tasa-bcv.ts';
import type { Db } from '#server/db/client.ts';
import * as repo from './general.repo.ts';

export type TasaBcvResultado = { stored: boolean; amount: string | null; valueDate: string | null; message: string };

// The BCV's home page is some 200 KB; anything far bigger is not that page.
const MAX_PAGE_BYTES = 3_000_000;
const TIMEOUT_MS = 20_000;

async function readPage(url: string, fetchPage: typeof fetch): Promise<{ ok: true; html: string } | { ok: false; motivo: string }> {
  let response: Response;
  try {
    response = await fetchPage(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'text/html' }, redirect: 'follow' });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no respondió a tiempo' : 'no se pudo conectar';
    return { ok: false, motivo: `La página del BCV ${reason}.` };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { ok: false, motivo: `La página del BCV respondió con el estado ${response.status}.` };
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_PAGE_BYTES) {
    await response.body?.cancel();
    return { ok: false, motivo: 'La página del BCV es demasiado grande.' };
  }
  const html = await response.text();
  if (html.length > MAX_PAGE_BYTES) return { ok: false, motivo: 'La página del BCV es demasiado grande.' };
  return { ok: true, html };
}

/**
 * Fetches the BCV's page and stores its USD rate when its fecha valor has begun (Caracas time) and
 * was not stored before. Never throws for a bad page or network: the result says what happened.
 */
export async function actualizarTasaBcv(db: Db, options: { url: string; now?: Date; fetchPage?: typeof fetch }): Promise<TasaBcvResultado> {
  const page = await readPage(options.url, options.fetchPage ?? fetch);
  if (!page.ok) return { stored: false, amount: null, valueDate: null, message: page.motivo };
  const rate = parseBcvPage(page.html);
  if (!rate.ok) return { stored: false, amount: null, valueDate: null, message: rate.motivo };
  const found = { amount: rate.amount, valueDate: rate.valueDate };
  // The BCV publishes the next business day's rate in the afternoon: it applies from its fecha valor.
  if (rate.valueDate > caracasIsoDate(options.now ?? new Date())) {
    return { stored: false, ...found, message: 'La tasa publicada por el BCV rige desde una fecha futura; se aplicará ese día.' };
  }
  const stored = await repo.insertBcvRate(db, found);
  return {
    stored,
    ...found,
    message: stored ? 'Tasa del BCV guardada como tasa del día.' : 'La tasa del BCV de esa fecha valor ya estaba guardada.',
  };
}
