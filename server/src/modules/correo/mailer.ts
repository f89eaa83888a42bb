// The one mailer: every message is kept in the `correos` outbox (readable by admins and tests);
// with SMTP_URL it is also delivered through nodemailer, and the outcome is recorded.
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { correos } from '../../db/schema.ts';

export type Mail = { to: string; subject: string; html: string; text: string; kind: string };

export type Mailer = {
  /** Keeps the mail in the outbox now and delivers it through SMTP (when there is one) in the background. */
  send: (db: Db, mail: Mail) => Promise<void>;
  /**
   * Keeps the mail in the outbox within the caller's transaction, so it exists exactly when what
   * it announces was committed. The returned function, called after the commit (with the pool,
   * not the finished transaction), delivers it through SMTP when there is one and records how it went.
   */
  queue: (tx: Db, mail: Mail) => Promise<(db: Db) => Promise<void>>;
};

export function createMailer(options: { smtpUrl?: string; from: string; log?: (msg: string, err?: unknown) => void }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  async function queue(tx: Db, mail: Mail): Promise<(db: Db) => Promise<void>> {
    const [row] = await tx.insert(correos).values(mail).returning({ id: correos.id });
    return async (db) => {
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
        await db.update(correos).set({ sentAt: new Date() }).where(eq(correos.id, row.id));
      } catch (error) {
        options.log?.('no se pudo enviar el correo', error);
        await db
          .update(correos)
          .set({ error: String((error as Error).message ?? error) })
          .where(eq(correos.id, row.id));
      }
    };
  }
  return {
    // The outbox row is written before answering; SMTP runs in the background, so a slow mail
    // server never holds up a checkout or a login (and timing does not tell whether an e-mail exists).
    async send(db, mail) {
      const deliver = await queue(db, mail);
      void deliver(db).catch((error) => options.log?.('no se pudo registrar el envío del correo', error));
    },
    queue,
  };
}
