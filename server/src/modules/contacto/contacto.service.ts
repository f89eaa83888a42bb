// Contact use cases: a visitor's message (stored as plain text), the staff's inbox, marking read
// and replying by e-mail through the one mailer (the reply and its outbox row commit together).
import { ASUNTO_FRANQUICIA, type Informe } from '#domain/contracts/contacto.ts';
import type { ListMeta } from '#domain/contracts/contract.ts';
import { metaFor, offsetOf } from '#domain/paginator.ts';
import type { Db } from '#server/db/client.ts';
import { NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import { plainText } from '#server/html.ts';
import type { Mailer } from '#server/modules/correo/mailer.ts';
import { contactReplyMail } from '#server/modules/correo/plantillas.ts';
import { registrarInteresado } from '#server/modules/prospecto/prospecto.service.ts';
import * as repo from './contacto.repo.ts';

export type InformeInput = {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  origen?: 'contacto' | 'franquicia';
};

type Reply = Awaited<ReturnType<typeof repo.repliesOf>>[number];

function toView(row: repo.InformeRow, replies: Reply[]): Informe {
  return {
    id: row.id,
    type: 'informe',
    attributes: {
      name: row.name,
      email: row.email,
      phone: row.phone,
      subject: row.subject,
      message: row.message,
      readed: row.readed,
      readed_at: row.readedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      replies: replies.map((r) => ({ id: r.id, message: r.message, user: r.user, created_at: r.createdAt.toISOString() })),
    },
  };
}

const NOTE_MAX = 500;

/** The prospect's note: where it came from and the start of the message (the inbox keeps all of it). */
function noteOf(message: string): string {
  const note = `${ASUNTO_FRANQUICIA} desde /franchise: ${message}`;
  return note.length <= NOTE_MAX ? note : `${note.slice(0, NOTE_MAX - 1)}…`;
}

/**
 * Stores a visitor's message; tags are removed, and a message left empty by that is refused. One
 * sent from /franchise is also a prospect request for the sales staff, written in the same transaction.
 */
export async function informar(db: Db, input: InformeInput): Promise<void> {
  const franquicia = input.origen === 'franquicia';
  const values = {
    name: plainText(input.name),
    email: input.email,
    phone: input.phone ?? '',
    subject: franquicia ? ASUNTO_FRANQUICIA : plainText(input.subject),
    message: plainText(input.message),
  };
  if (values.name.length < 2 || values.subject.length < 3 || values.message.length < 10) {
    throw new ReglaNegocio('El mensaje quedó vacío al quitarle el código HTML: escríbalo como texto.');
  }
  await db.transaction(async (tx) => {
    await repo.insertInforme(tx, values);
    if (franquicia) await registrarInteresado(tx, { ...values, note: noteOf(values.message) });
  });
}

export async function listar(
  db: Db,
  input: { page: number; perPage: number; filter?: 'no-leidos' | 'leidos'; search?: string },
): Promise<{ items: Informe[]; meta: ListMeta }> {
  const readed = input.filter === undefined ? undefined : input.filter === 'leidos';
  const { rows, total } = await repo.listInformes(db, { readed, search: input.search }, input.perPage, offsetOf(input.page, input.perPage));
  const replies = await repo.repliesOf(
    db,
    rows.map((r) => r.id),
  );
  const items = rows.map((r) =>
    toView(
      r,
      replies.filter((x) => x.informeId === r.id),
    ),
  );
  return { items, meta: metaFor(input.page, input.perPage, total) };
}

export function sinLeer(db: Db): Promise<number> {
  return repo.countUnread(db);
}

export async function ver(db: Db, id: number): Promise<Informe> {
  const row = await repo.findInforme(db, id);
  if (!row) throw new NoEncontrado('El mensaje no existe.');
  return toView(row, await repo.repliesOf(db, [id]));
}

export async function marcarLeido(db: Db, id: number, readed: boolean, userId: number): Promise<Informe> {
  if (!(await repo.setReaded(db, id, readed, userId))) throw new NoEncontrado('El mensaje no existe.');
  return ver(db, id);
}

export async function responder(db: Db, mailer: Mailer, id: number, message: string, userId: number): Promise<Informe> {
  const text = plainText(message);
  if (text.length < 2) throw new ReglaNegocio('La respuesta quedó vacía al quitarle el código HTML: escríbala como texto.');
  const deliver = await db.transaction(async (tx) => {
    const row = await repo.findInforme(tx, id);
    if (!row) throw new NoEncontrado('El mensaje no existe.');
    await repo.insertReply(tx, id, text, userId);
    if (!row.readed) await repo.setReaded(tx, id, true, userId);
    const mail = contactReplyMail(row.name, row.subject, text, row.message);
    return mailer.queue(tx, { to: row.email, subject: mail.subject, html: mail.html, text: mail.text, kind: 'contacto-respuesta' });
  });
  await deliver(db);
  return ver(db, id);
}

/** The home's card: unread messages and since when the oldest waits. */
export function contactoPendientes(db: Db) {
  return repo.pendientesSinLeer(db);
}
