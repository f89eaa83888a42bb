// Facturas through the imprenta digital (docs/dominio.md §Documentos fiscales e imprenta digital).
// The sale's transaction stores the document «por emitir» with its data and an idempotency key and
// queues one job (cola `imprenta-emision`); the job sends it to the printer and stores the answer.
// A failure leaves it «por emitir» and the job is retried with the same key, so a lost answer or a
// process killed between the call and the commit still ends with the one number the printer gave.
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { COLAS, type Cola } from '#server/jobs/cola.ts';
import * as repo from './imprenta.repo.ts';
import { type DocumentoParaImprenta, type ImprentaDigital, ImprentaRechazo } from './imprenta.ts';

/** What the sale's transaction is given when a printer is configured (null: internal control numbers). */
export type EmisionFiscal = {
  /** Stores the document «por emitir» and queues its job, both inside `tx`. */
  solicitar: (tx: Db, documento: { ventaId: number; datos: DocumentoParaImprenta }) => Promise<void>;
};

type EmisionJob = { id: number };

export function emisionFiscal(cola: Cola, retrySeconds: number): EmisionFiscal {
  return {
    async solicitar(tx, { ventaId, datos }) {
      const row = await repo.insertPorEmitir(tx, { ventaId, numero: datos.numero, clave: `vitrina-${randomUUID()}`, datos });
      const job: EmisionJob = { id: row.id };
      await cola.sendInTx(tx, COLAS.imprenta.name, job, { retryDelay: retrySeconds });
    },
  };
}

/**
 * Runs inside the transaction that stores the number, once per document: returns the work to do
 * after the commit (deliver the buyer's mail), if any.
 */
export type AlEmitir = (tx: Db, ventaId: number) => Promise<(() => Promise<void>) | undefined>;

export type ResultadoEmision = 'emitido' | 'ya-emitido' | 'no-existe';

/** One try: asks the printer with the document's key and stores its answer (a throw retries the job). */
export async function emitirDocumento(db: Db, imprenta: ImprentaDigital, id: number, alEmitir?: AlEmitir): Promise<ResultadoEmision> {
  const row = await repo.findById(db, id);
  if (!row) return 'no-existe';
  if (row.estado === 'emitido') return 'ya-emitido';
  let asignacion: Awaited<ReturnType<ImprentaDigital['emitir']>>;
  try {
    asignacion = await imprenta.emitir({ clave: row.clave, documento: row.datos });
  } catch (error) {
    await repo.anotarFallo(db, id, (error as Error).message);
    throw error;
  }
  let after: (() => Promise<void>) | undefined;
  const stored = await db.transaction(async (tx) => {
    if (!(await repo.marcarEmitido(tx, id, asignacion))) return false;
    after = await alEmitir?.(tx, row.ventaId);
    return true;
  });
  if (!stored) return 'ya-emitido';
  await after?.();
  return 'emitido';
}

/**
 * A document's job: first every older document still «por emitir», oldest first, then this one, so
 * that when the printer comes back the control numbers follow the order the facturas were made in
 * (whichever job's retry comes first). A printer still down stops the pass; an older document the
 * printer refuses (its data) does not hold the others back.
 */
export async function emitirEnOrden(db: Db, imprenta: ImprentaDigital, id: number, alEmitir?: AlEmitir): Promise<ResultadoEmision> {
  for (const older of await repo.porEmitirHasta(db, id)) {
    if (older === id) break;
    try {
      await emitirDocumento(db, imprenta, older, alEmitir);
    } catch (error) {
      if (!(error instanceof ImprentaRechazo)) throw error;
    }
  }
  return emitirDocumento(db, imprenta, id, alEmitir);
}

/**
 * Starts this process's worker: one document at a time; a failed try is retried by the queue. On
 * start it also queues one job for the newest document still «por emitir» (which, with
 * emitirEnOrden, tries every older one too): the job a killed process left active, or one that ran
 * out of retries, does not have to wait for pg-boss to expire it. A duplicate job is harmless.
 */
export async function startImprentaWorker(
  cola: Cola,
  db: Db,
  imprenta: ImprentaDigital,
  options: { retrySeconds: number; alEmitir?: AlEmitir },
): Promise<void> {
  await cola.start();
  await cola.work<EmisionJob>(COLAS.imprenta.name, (job) => emitirEnOrden(db, imprenta, job.data.id, options.alEmitir));
  const newest = await repo.ultimoPorEmitir(db);
  if (newest !== undefined) {
    const job: EmisionJob = { id: newest };
    await cola.send(COLAS.imprenta.name, job, { retryDelay: options.retrySeconds });
    cola.wake(COLAS.imprenta.name);
  }
}

/** The facturas still waiting for their control number: how many, and the oldest first. */
export async function porEmitir(db: Db, limit = 50) {
  return repo.porEmitir(db, limit);
}

export type EstadoFiscal =
  | { estado: 'por-emitir'; intentos: number; ultimoError: string }
  | {
      estado: 'emitido';
      numeroControl: string;
      asignadoEn: Date;
      imprenta: { razonSocial: string; rif: string; providencia: string };
    };

/** The sale's document at the printer; null when it was numbered by the store (internal control number). */
export async function documentoFiscalDe(db: Db, ventaId: number): Promise<EstadoFiscal | null> {
  const row = await repo.findByVenta(db, ventaId);
  if (!row) return null;
  if (row.estado === 'emitido' && row.numeroControl && row.asignadoEn) {
    return {
      estado: 'emitido',
      numeroControl: row.numeroControl,
      asignadoEn: row.asignadoEn,
      imprenta: { razonSocial: row.imprentaRazonSocial ?? '', rif: row.imprentaRif ?? '', providencia: row.imprentaProvidencia ?? '' },
    };
  }
  return { estado: 'por-emitir', intentos: row.intentos, ultimoError: row.ultimoError };
}

/** What the home counts: facturas waiting for their control number, and since when. */
export function pendientesPorEmitir(db: Db) {
  return repo.pendientesPorEmitir(db);
}
