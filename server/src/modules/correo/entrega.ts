// Mail delivery through the job queue: each outbox row to deliver gets one job of `correo-entrega`,
// queued in the transaction that wrote the row; this process's worker tries SMTP and the job is
// retried with backoff while it fails. A mail whose outbox copy hides a secret link carries its real
// bodies in the job sealed (AES-256-GCM with a key from the session secret): the job table never
// holds a readable sign-up or password link.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { COLAS, type Cola } from '#server/jobs/cola.ts';
import type { Mailer, MailQueue, RealBodies } from './mailer.ts';

type DeliveryJob = { id: number; sealed?: string };

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`correo-entrega|${secret}`).digest();
}

export function seal(secret: string, bodies: RealBodies): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(bodies), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64');
}

/** Throws when the seal was made with another secret (every process must share SESSION_SECRET). */
export function unseal(secret: string, sealed: string): RealBodies {
  const raw = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as RealBodies;
}

/** The mailer's queue: jobs of `correo-entrega`, the first retry after `retrySeconds`, doubling up to an hour. */
export function mailQueue(cola: Cola, secret: string, retrySeconds: number): MailQueue {
  return {
    async enqueue(tx, { id, real }) {
      const data: DeliveryJob = real ? { id, sealed: seal(secret, real) } : { id };
      await cola.sendInTx(tx, COLAS.correo.name, data, { retryDelay: retrySeconds });
    },
    wake: () => cola.wake(COLAS.correo.name),
  };
}

/** Starts this process's delivery worker: one try per job; a throw (SMTP failed) retries the job later. */
export async function startMailWorker(cola: Cola, mailer: Mailer, db: Db, secret: string): Promise<void> {
  await cola.start();
  await cola.work<DeliveryJob>(COLAS.correo.name, async (job) => {
    const real = job.data.sealed ? unseal(secret, job.data.sealed) : undefined;
    await mailer.deliver(db, job.data.id, real);
  });
}
