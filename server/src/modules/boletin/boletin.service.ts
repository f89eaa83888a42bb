// Newsletter use cases: a sign-up with double opt-in, the signed preferences link (confirm,
// unsubscribe, subscribe again; no login), the admin's campaigns and their sending in batches
// through the one mailer and its outbox.
import { instanteProgramado, motivoProgramacionInvalida, PROGRAMACION_INVALIDA } from '#domain/boletin-programada.ts';
import type { Campana, CampanaInput, Envio, EstadoSuscriptor, Preferencias, Suscriptor } from '#domain/contracts/boletin.ts';
import type { ListMeta } from '#domain/contracts/contract.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { DatoInvalido, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { plainText, sanitizePostHtml } from '#server/html.ts';
import { campanaMail, confirmacionMail, paraDestinatario, type TarjetaProducto } from '#server/modules/boletin/boletin.plantilla.ts';
import { articleDetail } from '#server/modules/catalogo/catalogo.service.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { safeEqual, sign } from '#server/tokens.ts';
import * as repo from './boletin.repo.ts';

export type BoletinContext = {
  db: Db;
  mailer: Mailer;
  /** Signs the links of the mails (the server's secret). */
  secret: string;
  publicUrl: string;
  log?: (message: string, error: unknown) => void;
};

/** Subscribers per batch: one transaction writes their log rows and outbox rows together. */
export const LOTE_BOLETIN = 250;
/** A run of the job sends batches for at most this long, so one large campaign does not hold up the other jobs. */
const PRESUPUESTO_MS = 20_000;

export const GRACIAS_SUSCRIPCION = 'Gracias. Si el correo es correcto, le llegará un mensaje con un enlace para confirmar su suscripción.';
const ENLACE_INVALIDO = 'El enlace no es válido o fue alterado: use el enlace de su último correo de la tienda.';

// ── the signed link ─────────────────────────────────────────────────────────

/** The HMAC of a subscriber's links (reused from the signed order links: server/src/tokens.ts). */
export function firmaBoletin(secret: string, id: number, email: string): string {
  return sign(secret, `boletin|${id}|${email}`).slice(0, 32);
}

export function enlacePreferencias(ctx: Pick<BoletinContext, 'publicUrl' | 'secret'>, id: number, email: string, baja = false): string {
  return `${ctx.publicUrl}/email/${id}?firma=${firmaBoletin(ctx.secret, id, email)}${baja ? '&baja=1' : ''}`;
}

/**
 * The URL of a campaign's List-Unsubscribe header (RFC 8058): a mail client POSTs
 * List-Unsubscribe=One-Click to it, without the person opening anything.
 */
export function enlaceBajaUnClic(ctx: Pick<BoletinContext, 'publicUrl' | 'secret'>, id: number, email: string): string {
  return `${ctx.publicUrl}/api/correo/baja/${id}?firma=${firmaBoletin(ctx.secret, id, email)}`;
}

/** The headers that make a campaign's mail unsubscribable from the mail client's own button. */
export function cabecerasDeBaja(ctx: Pick<BoletinContext, 'publicUrl' | 'secret'>, id: number, email: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${enlaceBajaUnClic(ctx, id, email)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The subscriber the link is for; an unknown number and a wrong signature get the same 400. */
async function porEnlace(db: Db, secret: string, cliente: number, firma: string) {
  const row = await repo.findSuscriptor(db, cliente);
  if (!row || !safeEqual(firmaBoletin(secret, row.id, row.email), firma)) throw new ReglaNegocio(ENLACE_INVALIDO);
  return row;
}

// ── the visitor ─────────────────────────────────────────────────────────────

/**
 * Signs an address up: new (or unsubscribed) ones become «pendiente» and get the confirmation mail;
 * a confirmed one gets nothing. The caller answers the same in every case, and the mail leaves
 * after the answer, so neither the words nor the time tell whether the address was subscribed.
 */
export async function suscribir(ctx: BoletinContext, email: string): Promise<() => Promise<void>> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.upsertPendiente(tx, email);
    if (row.estado !== 'pendiente') return async () => {};
    const mail = confirmacionMail(enlacePreferencias(ctx, row.id, email));
    const deliver = await ctx.mailer.queue(tx, { to: email, ...mail, kind: 'boletin-confirmar' });
    return () => deliver(ctx.db);
  });
}

export async function preferencias(db: Db, secret: string, cliente: number, firma: string): Promise<Preferencias> {
  const row = await porEnlace(db, secret, cliente, firma);
  return { email: row.email, estado: row.estado };
}

const CAMBIOS: Record<'confirmar' | 'desuscribir' | 'resuscribir', { estado: EstadoSuscriptor; desde: readonly EstadoSuscriptor[] }> = {
  // Confirming never re-subscribes someone who left: that takes «resuscribir», a choice on the page.
  confirmar: { estado: 'confirmado', desde: ['pendiente'] },
  desuscribir: { estado: 'desuscrito', desde: ['pendiente', 'confirmado'] },
  resuscribir: { estado: 'confirmado', desde: ['desuscrito'] },
};

/** One click from a signed link: the state changes (or already was so) and the page shows the result. */
export async function cambiarSuscripcion(
  db: Db,
  secret: string,
  cambio: keyof typeof CAMBIOS,
  cliente: number,
  firma: string,
): Promise<Preferencias> {
  await porEnlace(db, secret, cliente, firma);
  const { estado, desde } = CAMBIOS[cambio];
  await repo.setEstado(db, cliente, estado, desde);
  return preferencias(db, secret, cliente, firma);
}

// ── the admin ───────────────────────────────────────────────────────────────

const iso = (d: Date | null) => d?.toISOString() ?? null;

export async function listarSuscriptores(
  db: Db,
  q: { page: number; perPage: number; estado?: EstadoSuscriptor; search?: string },
): Promise<{ items: Suscriptor[]; meta: ListMeta }> {
  const { rows, total } = await repo.listSuscriptores(db, { estado: q.estado, search: q.search }, q.perPage, offsetOf(q.page, q.perPage));
  const items = rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
    unsubscribedAt: iso(r.unsubscribedAt),
  }));
  return { items, meta: metaFor(q.page, q.perPage, total) };
}

function toCampana(row: NonNullable<repo.CampanaRow>): Campana {
  return {
    id: row.id,
    asunto: row.asunto,
    contenido: row.contenido,
    productos: row.productos,
    estado: row.estado,
    programadaPara: iso(row.programadaPara),
    total: row.total,
    enviados: Number(row.enviados),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export async function verCampana(db: Db, id: number): Promise<Campana> {
  const row = await repo.findCampana(db, id);
  if (!row) throw new NoEncontrado('La campaña no existe.');
  return toCampana(row);
}

export async function listarCampanas(db: Db, page: number, perPage: number): Promise<{ items: Campana[]; meta: ListMeta }> {
  const { rows, total } = await repo.listCampanas(db, perPage, offsetOf(page, perPage));
  return { items: rows.map(toCampana), meta: metaFor(page, perPage, total) };
}

/** Subject as plain text, the body through the blog's allow-list; products must exist in the catalogue. */
async function limpiar(db: Db, input: CampanaInput) {
  const asunto = plainText(input.asunto);
  const contenido = sanitizePostHtml(input.contenido);
  if (asunto.length < 3) throw new ReglaNegocio('El asunto quedó vacío al quitarle el código HTML: escríbalo como texto.');
  if (plainText(contenido).length === 0 && input.productos.length === 0) {
    throw new ReglaNegocio('El contenido quedó vacío al quitarle el código no permitido: escriba el texto del boletín.');
  }
  const productos = [...new Set(input.productos)];
  for (const code of productos) {
    if (!(await articleDetail(db, code).catch(() => null))) throw new ReglaNegocio(`El producto ${code} no existe en el catálogo.`);
  }
  return { asunto, contenido, productos };
}

export async function crearCampana(db: Db, input: CampanaInput, userId: number): Promise<Campana> {
  const values = await limpiar(db, input);
  return verCampana(db, await repo.insertCampana(db, { ...values, createdBy: userId }));
}

export async function editarCampana(db: Db, id: number, input: CampanaInput): Promise<Campana> {
  const values = await limpiar(db, input);
  if (!(await repo.updateBorrador(db, id, values))) {
    await verCampana(db, id);
    throw new ReglaNegocio('La campaña ya se envió o se está enviando: no se puede cambiar.');
  }
  return verCampana(db, id);
}

/** Schedules a campaign that has not started for `text` (Caracas time); a past time is a 422. */
export async function programarCampana(db: Db, id: number, text: string, now = new Date()): Promise<Campana> {
  const at = instanteProgramado(text);
  const motivo = at ? motivoProgramacionInvalida(at, now) : PROGRAMACION_INVALIDA;
  if (!at || motivo) {
    // A campaign that does not exist is a 404 whatever the time.
    await verCampana(db, id);
    const message = motivo ?? PROGRAMACION_INVALIDA;
    throw new DatoInvalido(message, { programada_para: [message] });
  }
  if (!(await repo.schedule(db, id, at))) {
    await verCampana(db, id);
    throw new ReglaNegocio('La campaña ya empezó a enviarse: no se puede programar.');
  }
  return verCampana(db, id);
}

export async function cancelarProgramacion(db: Db, id: number): Promise<Campana> {
  if (!(await repo.unschedule(db, id))) {
    const campana = await verCampana(db, id);
    throw new ReglaNegocio(
      campana.estado === 'borrador' ? 'La campaña no está programada.' : 'La campaña ya empezó a enviarse: no se puede cancelar.',
    );
  }
  return verCampana(db, id);
}

/** The cards of the chosen products, as the catalogue shows them today (one that left the catalogue is left out). */
async function tarjetas(db: Db, publicUrl: string, productos: string[]): Promise<TarjetaProducto[]> {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);
  const cards: TarjetaProducto[] = [];
  for (const code of productos) {
    const detail = await articleDetail(db, code).catch(() => null);
    if (!detail) continue;
    cards.push({
      name: detail.name,
      image: absolute(detail.photos[0]?.image ?? detail.image),
      url: absolute(detail.path),
      pvp: detail.pvp,
    });
  }
  return cards;
}

/** The campaign, as it will go out, to the admin's own address only. */
export async function probarCampana(ctx: BoletinContext, id: number, to: string): Promise<void> {
  const campana = await verCampana(ctx.db, id);
  const mail = campanaMail(campana, await tarjetas(ctx.db, ctx.publicUrl, campana.productos));
  const prueba = paraDestinatario(mail, { preferencias: `${ctx.publicUrl}/email`, baja: `${ctx.publicUrl}/email` });
  await ctx.mailer.send(ctx.db, { to, ...prueba, subject: `[Prueba] ${prueba.subject}`, kind: 'boletin-prueba' });
}

export async function enviarCampana(db: Db, id: number, now = new Date()): Promise<Campana> {
  if (!(await repo.startSending(db, id, now))) {
    await verCampana(db, id);
    throw new ReglaNegocio('La campaña ya se envió o se está enviando.');
  }
  return verCampana(db, id);
}

/** The periodic jobs' part: scheduled campaigns whose time came start sending (the batches follow). */
export function iniciarProgramadas(db: Db, now = new Date()): Promise<number[]> {
  return repo.startDue(db, now);
}

export async function listarEnvios(db: Db, id: number, page: number, perPage: number): Promise<{ items: Envio[]; meta: ListMeta }> {
  await verCampana(db, id);
  const { rows, total } = await repo.listEnvios(db, id, perPage, offsetOf(page, perPage));
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), meta: metaFor(page, perPage, total) };
}

// ── the batches (the periodic jobs call this) ───────────────────────────────

/** The outbox kind of a campaign's mails: its hourly limit and the log's link to the outbox are per campaign. */
const kindOf = (campanaId: number) => `boletin-${campanaId}`;

/**
 * One batch of the oldest campaign being sent: the next confirmed subscribers after its cursor get
 * their log row and their outbox row in one transaction, under the campaign's row lock (another
 * process skips it), so nobody gets a campaign twice; SMTP delivery runs after the commit. A
 * campaign with nobody left is marked sent. Returns how many were sent, or null with nothing to do.
 */
async function enviarUnLote(ctx: BoletinContext, now: Date): Promise<number | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const campana = await repo.lockNextSending(tx);
    if (!campana) return null;
    const destinatarios = await repo.nextConfirmados(tx, campana.cursor, LOTE_BOLETIN);
    if (destinatarios.length === 0) {
      await repo.finishSending(tx, campana.id, now);
      return { sent: 0, deliveries: [] };
    }
    const mail = campanaMail(campana, await tarjetas(tx, ctx.publicUrl, campana.productos));
    await repo.insertEnvios(tx, campana.id, destinatarios);
    const deliveries: ((db: Db) => Promise<void>)[] = [];
    for (const d of destinatarios) {
      const links = { preferencias: enlacePreferencias(ctx, d.id, d.email), baja: enlacePreferencias(ctx, d.id, d.email, true) };
      const copy = {
        to: d.email,
        ...paraDestinatario(mail, links),
        kind: kindOf(campana.id),
        headers: cabecerasDeBaja(ctx, d.id, d.email),
      };
      deliveries.push(await ctx.mailer.queue(tx, copy));
    }
    await repo.linkCorreos(tx, campana.id, kindOf(campana.id));
    await repo.advanceCursor(tx, campana.id, destinatarios[destinatarios.length - 1].id);
    return { sent: destinatarios.length, deliveries };
  });
  if (!result) return null;
  for (const deliver of result.deliveries) await deliver(ctx.db);
  return result.sent;
}

/** Sends batches until no campaign is being sent or the time budget is spent; returns how many mails left. */
export async function enviarLotesDeBoletin(ctx: BoletinContext, now = new Date(), presupuestoMs = PRESUPUESTO_MS): Promise<number> {
  const started = Date.now();
  let sent = 0;
  // At least one batch per run, however small the budget.
  do {
    const batch = await enviarUnLote(ctx, now);
    if (batch === null) break;
    sent += batch;
  } while (Date.now() - started < presupuestoMs);
  return sent;
}
