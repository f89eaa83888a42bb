// A stand-in for the mail server at the SMTP boundary: the journeys' server delivers to it through
// SMTP_URL as it would to a real one (so its outbox hides links, as in production), and each
// message lands as a file that the journeys read like a mailbox.
import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

/** Accepts every message (plain SMTP, no TLS, no login) and saves it in `dir` as JSON. */
export function startFakeSmtp(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 correo-falso ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          void writeFile(path.join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify({ to: recipients, raw })).then(() =>
            reply('250 guardado'),
          );
          recipients = [];
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 correo-falso');
        else if (verb === 'RCPT') {
          recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 Termine con <CRLF>.<CRLF>');
        } else if (verb === 'QUIT') {
          reply('221 adiós');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
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

/** The plain text of the last message delivered to `to` whose text contains `contains`, waiting for it a while. */
export async function deliveredText(dir: string, to: string, contains: string): Promise<string> {
  return (await deliveredMessage(dir, to, contains)).text;
}

/** The headers (unfolded) and plain text of the last message to `to` whose text contains `contains`, waiting for it a while. */
export async function deliveredMessage(
  dir: string,
  to: string,
  contains: string,
): Promise<{ text: string; header: (name: string) => string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(dir)).sort().reverse();
    for (const file of files) {
      const message = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as { to: string[]; raw: string };
      if (!message.to.includes(to.toLowerCase())) continue;
      const text = plainText(message.raw);
      if (text.includes(contains)) return { text, header: (name) => header(split(message.raw).headers, name) };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no llegó a ${to} un correo con «${contains}»`);
}
