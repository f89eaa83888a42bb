// The one mailer: every message is kept in the `correos` outbox (readable by admins); with SMTP_URL
// it is also delivered through nodemailer by a job of the queue, queued in the same transaction as
// the outbox row: a failed try is recorded on the row (attempts, error) and retried with backoff.
// Links that open an account (sign-up, password reset, verification) travel only in the delivered
// mail: the outbox keeps them hidden, unless the outbox is the only delivery of a development or
// test install.
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { correos } from '#server/modules/correo/correo.schema.ts';
import { type CompanyFooter, withCompanyFooter } from '#server/modules/correo/plantillas.ts';

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: string;
  /** Extra headers, kept on the outbox row and delivered with it (a campaign's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** The same mail with its secret link hidden: what the outbox keeps when it is not the delivery. */
  outbox?: { html: string; text: string };
};

/** What delivers a mail: nodemailer's SMTP transport, or a fake that keeps them (tests). */
export type MailTransport = {
  sendMail: (message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    headers?: Record<string, string>;
  }) => Promise<unknown>;
};

/** The bodies that are delivered when the outbox keeps a copy with its secret link hidden. */
export type RealBodies = { html: string; text: string };

/** Where deliveries wait: the queue's job `correo-entrega` (buildApp connects it). */
export type MailQueue = {
  /** Queues the delivery of outbox row `id` within the caller's transaction. */
  enqueue: (tx: Db, delivery: { id: number; real?: RealBodies }) => Promise<void>;
  /** After the commit: this process's delivery worker takes it now instead of at its next poll. */
  wake: () => void;
};

export type Mailer = {
  /** Keeps the mail in the outbox and queues its delivery (when there is SMTP) in one transaction. */
  send: (db: Db, mail: Mail) => Promise<void>;
  /**
   * Keeps the mail in the outbox within the caller's transaction (it must be one), and queues its
   * delivery in it, so both exist exactly when what it announces was committed. The returned
   * function, called after the commit, wakes the delivery worker.
   */
  queue: (tx: Db, mail: Mail) => Promise<(db: Db) => Promise<void>>;
  /** Whether mails are delivered at all (SMTP or a test's transport), so a worker must run. */
  delivers: boolean;
  /**
   * One try at delivering outbox row `id` (the queue's job calls it): records the attempt on the
   * row and throws when SMTP failed, so the job is retried. A row already sent is not sent again.
   */
  deliver: (db: Db, id: number, real?: RealBodies) => Promise<void>;
  /** Connects the queue the deliveries go through (buildApp, before any mail is written). */
  connectQueue: (queue: MailQueue) => void;
};

/** Notices to staff addresses an admin chose (new orders, reported payments). */
function isStaffNotice(kind: string): boolean {
  return kind.startsWith('personal-');
}

/**
 * At most this many mails of one kind to one address per hour; more are skipped with a warning. Anyone
 * may type any address at sign-up, password reset or guest checkout, so the store must not become
 * a way to flood a stranger's mailbox. Staff notices go to addresses an admin chose.
 */
export function hourlyLimit(kind: string): number {
  if (isStaffNotice(kind)) return 200;
  if (kind.startsWith('orden-')) return 20;
  return 5;
}

export type MailerOptions = {
  from: string;
  smtpUrl?: string;
  /** Delivers instead of SMTP (tests keep the mails in memory). */
  transport?: MailTransport;
  nodeEnv: Env['NODE_ENV'];
  /** Failures (a delivery attempt that failed and will be retried): error level. */
  log?: (msg: string, err?: unknown) => void;
  /**
   * What is expected and needs no one woken up: a mail skipped by the hourly limit (anyone can cause
   * one by typing an address), or no SMTP in production. Warning level.
   */
  warn?: (msg: string) => void;
  /** The company's legal data for the foot of every mail, read with the caller's transaction. */
  companyFooter?: (tx: Db) => Promise<CompanyFooter | null>;
};

const noDelivery = async () => {};

export function createMailer(options: MailerOptions): Mailer {
  const transport: MailTransport | null = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  // Without any delivery, a development or test install reads its links in the outbox (docs/configuracion.md §Correo de la tienda).
  const outboxIsDelivery = !transport && options.nodeEnv !== 'production';
  if (!transport && options.nodeEnv === 'production') {
    options.warn?.('Sin SMTP_URL: los correos quedan solo en la bandeja, con los enlaces de registro y de contraseña ocultos');
  }

  let mailQueue: MailQueue | null = null;

  async function queue(tx: Db, original: Mail): Promise<(db: Db) => Promise<void>> {
    const company = options.companyFooter ? await options.companyFooter(tx) : null;
    const mail = withCompanyFooter(original, company);
    if (mail.outbox) mail.outbox = withCompanyFooter(mail.outbox, company);
    const kept = outboxIsDelivery || !mail.outbox ? mail : { ...mail, ...mail.outbox };
    const id = await insertUnderLimit(tx, kept);
    if (id === undefined) {
      options.warn?.(`correo omitido: ya se enviaron ${hourlyLimit(mail.kind)} de tipo ${mail.kind} a ${mail.to} en la última hora`);
      return noDelivery;
    }
    if (!transport) return noDelivery;
    if (!mailQueue) throw new Error('El correo se entrega por la cola de tareas y no hay ninguna conectada (connectQueue)');
    const queueOfThisMail = mailQueue;
    await queueOfThisMail.enqueue(tx, { id, real: kept === mail ? undefined : { html: mail.html, text: mail.text } });
    return async () => queueOfThisMail.wake();
  }

  async function deliver(db: Db, id: number, real?: RealBodies): Promise<void> {
    if (!transport) return;
    const [row] = await db.select().from(correos).where(eq(correos.id, id)).limit(1);
    // Sent already: a retry of a try that delivered but died before its job was marked done.
    if (!row || row.sentAt) return;
    const bodies = real ?? { html: row.html, text: row.text };
    try {
      await transport.sendMail({
        from: options.from,
        to: row.to,
        subject: row.subject,
        html: bodies.html,
        text: bodies.text,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 1000);
      await db
        .update(correos)
        .set({ attempts: sql`${correos.attempts} + 1`, lastAttemptAt: new Date(), error: message })
        .where(eq(correos.id, id));
      options.log?.(`no se pudo enviar el correo ${id} (intento ${row.attempts + 1}); se reintentará`, error);
      throw error;
    }
    const now = new Date();
    await db
      .update(correos)
      .set({ attempts: sql`${correos.attempts} + 1`, lastAttemptAt: now, sentAt: now, error: null })
      .where(eq(correos.id, id));
  }

  return {
    // The outbox row and the delivery job are written before answering; SMTP runs in the queue's
    // worker, so a slow mail server never holds up a checkout or a login (and timing does not tell
    // whether an e-mail exists).
    async send(db, mail) {
      const wake = await db.transaction((tx) => queue(tx, mail));
      await wake(db);
    },
    queue,
    delivers: transport !== null,
    deliver,
    connectQueue(q) {
      mailQueue = q;
    },
  };
}

/**
 * Writes the outbox row unless the hourly limit of its kind for its address is reached. Mails to
 * an address anyone may type take turns on a lock held until the transaction ends, so concurrent
 * senders cannot all count below the limit and all write. Staff notices skip the lock: their
 * addresses were chosen by an admin, an approximate cap is enough, and every order would otherwise
 * wait for the others' notices to the same few staff addresses.
 */
async function insertUnderLimit(tx: Db, mail: Omit<Mail, 'outbox'>): Promise<number | undefined> {
  const limit = hourlyLimit(mail.kind);
  if (!isStaffNotice(mail.kind)) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`correo|${mail.to}`}))`);
  // The count stops at the limit, so its cost does not grow with the outbox.
  const result = (await tx.execute(sql`
    INSERT INTO ${correos} ("to", subject, html, text, kind, headers)
    SELECT ${mail.to}, ${mail.subject}, ${mail.html}, ${mail.text}, ${mail.kind}, ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb
     WHERE (SELECT count(*) FROM (SELECT 1 FROM ${correos}
             WHERE "to" = ${mail.to} AND kind = ${mail.kind} AND created_at > now() - interval '1 hour' LIMIT ${limit}) AS recientes) < ${limit}
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}
