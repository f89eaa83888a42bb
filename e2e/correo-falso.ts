// A stand-in for the mail server at the SMTP boundary (smtp-server): the journeys' store delivers to
// it through SMTP_URL as it would to a real one (so its outbox hides links, as in production), and
// each message is kept in memory, in the worker that started the store, for the journeys to read.
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

type Message = { to: string[]; raw: string };

/** What one fake mail server received, newest last. */
export type Mailbox = { messages: Message[] };

/** Accepts every message (plain SMTP, no TLS, no login) and keeps it in the returned mailbox. */
export async function startFakeSmtp(): Promise<{ port: number; mailbox: Mailbox; close: () => Promise<void> }> {
  const mailbox: Mailbox = { messages: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'correo-falso',
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mailbox.messages.push({ to, raw: Buffer.concat(chunks).toString('latin1') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, mailbox, close: () => new Promise((done) => server.close(() => done())) };
}

type Part = { headers: string; body: string };

function split(raw: string): Part {
  const at = raw.indexOf('\r\n\r\n');
  return at < 0 ? { headers: raw, body: '' } : { headers: raw.slice(0, at).replace(/\r\n[ \t]+/g, ' '), body: raw.slice(at + 4) };
}

const header = (headers: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';

function decode(part: Part): string {
  const encoding = header(part.headers, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = part.body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(part.body, 'latin1').toString('utf8');
}

/** The text/plain content of a MIME message (nodemailer's multipart/alternative included). */
function plainText(raw: string): string {
  const part = split(raw);
  const type = header(part.headers, 'Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    return part.body
      .split(`--${boundary}`)
      .slice(1)
      .map((p) => p.replace(/^\r\n/, ''))
      .filter((p) => !p.startsWith('--'))
      .map(plainText)
      .join('\n');
  }
  return type === '' || type.toLowerCase().startsWith('text/plain') ? decode(part) : '';
}

type Delivered = { text: string; header: (name: string) => string };

function lastMatching(mailbox: Mailbox, to: string, contains: string): Delivered | undefined {
  for (const message of [...mailbox.messages].reverse()) {
    if (!message.to.includes(to.toLowerCase())) continue;
    const text = plainText(message.raw);
    if (text.includes(contains)) return { text, header: (name) => header(split(message.raw).headers, name) };
  }
  return undefined;
}

/** The plain text of the last message delivered to `to` whose text contains `contains`, once it arrives. */
export async function deliveredText(mailbox: Mailbox, to: string, contains: string): Promise<string> {
  return (await deliveredMessage(mailbox, to, contains)).text;
}

/** The headers (unfolded) and plain text of the last message to `to` whose text contains `contains`, once it arrives. */
export async function deliveredMessage(mailbox: Mailbox, to: string, contains: string): Promise<Delivered> {
  await expect
    .poll(() => lastMatching(mailbox, to, contains) !== undefined, {
      message: `llega a ${to} un correo con «${contains}»`,
      timeout: 15_000,
    })
    .toBe(true);
  return lastMatching(mailbox, to, contains) as Delivered;
}
