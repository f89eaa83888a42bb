// What the local fakes of the payment providers (paypal-falso.ts, stripe-falso.ts) share: reading a
// request's body, answering JSON, escaping text into their approval pages, random ids.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `length` random characters of `alphabet`. */
export function randomId(alphabet: string, length: number): string {
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}
