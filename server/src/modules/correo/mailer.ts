// The one mailer: every message is kept in the `correos` outbox (readable by admins and tests);
// with SMTP_URL it is also delivered through nodemailer, and the outcome is recorded.
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { correos } from '../../db/schema.ts';

export type Mail = { to: string; subject: string; html: string; text: string; kind: string };

export type Mailer = { send: (db: Db, mail: Mail) => Promise<void> };

export function createMailer(options: { smtpUrl?: string; from: string; log?: (msg: string, err?: unknown) => void }): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(db, mail) {
      const [row] = await db.insert(correos).values(mail).returning({ id: correos.id });
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
    },
  };
}
