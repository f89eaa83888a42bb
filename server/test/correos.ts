// A mailer that delivers into memory, as SMTP would deliver to a mailbox: the outbox keeps what a
// production install keeps (secret links hidden) and the test reads the real mail here.
import { createMailer, type MailTransport } from '#server/modules/correo/mailer.ts';

export type SentMail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

/**
 * A mail server in memory. `failFirst`: it is down for that many tries (each refused, as an
 * unreachable SMTP server would), then accepts everything. `tries` counts every try. One server may
 * serve the mailers of several apps (processes), as one SMTP server serves them all.
 */
export function fakeSmtp(failFirst = 0) {
  const sent: SentMail[] = [];
  const server = { tries: 0, downFor: failFirst, sent };
  const transport: MailTransport = {
    sendMail: async (message) => {
      server.tries++;
      if (server.downFor > 0) {
        server.downFor--;
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      }
      sent.push(message);
    },
  };
  return { server, transport };
}

/** A mailer of one app that delivers to `smtp` (a new in-memory server by default). */
export function memoryMailer(smtp = fakeSmtp()) {
  const { sent } = smtp.server;
  const mailer = createMailer({ from: 'Vitrina <pruebas@vitrina.test>', nodeEnv: 'production', transport: smtp.transport });
  /** The first link in the last mail to `to` whose subject contains `subject`. */
  const linkIn = (to: string, subject: string): string => {
    const mail = sent.findLast((m) => m.to === to && m.subject.includes(subject));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`sin correo «${subject}» con enlace para ${to}`);
    return link;
  };
  return { mailer, sent, linkIn, server: smtp.server };
}
