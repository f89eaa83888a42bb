// A mailer that delivers into memory, as SMTP would deliver to a mailbox: the outbox keeps what a
// production install keeps (secret links hidden) and the test reads the real mail here.
import { createMailer } from '#server/modules/correo/mailer.ts';

export type SentMail = { to: string; subject: string; text: string; html: string };

export function memoryMailer() {
  const sent: SentMail[] = [];
  const mailer = createMailer({
    from: 'Vitrina <pruebas@vitrina.test>',
    nodeEnv: 'production',
    transport: {
      sendMail: async (message) => {
        sent.push(message);
      },
    },
  });
  /** The first link in the last mail to `to` whose subject contains `subject`. */
  const linkIn = (to: string, subject: string): string => {
    const mail = sent.findLast((m) => m.to === to && m.subject.includes(subject));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`sin correo «${subject}» con enlace para ${to}`);
    return link;
  };
  return { mailer, sent, linkIn };
}
