// The IVA a customer retains (docs/dominio.md §Libros fiscales, «Retenciones de IVA»): mark a customer
// contribuyente especial with its share, and record the comprobante against one of its documents
// once (the document's row locked, the unique retention per document), lowering its balance.
import type { RetencionIva } from '#domain/contracts/libros-fiscales.ts';
import { caracasIsoDate } from '#domain/dates.ts';
import { fromCents, toCents, usdToVesCents } from '#domain/money.ts';
import { type RetencionClienteBasisPoints, registrarRetencion } from '#domain/retencion-iva.ts';
import type { Db } from '#server/db/client.ts';
import { Conflicto, NoEncontrado, ReglaNegocio } from '#server/errors.ts';
import type { SessionUser } from '#server/http/access.ts';
import * as repo from './ventas.retencion.repo.ts';

export async function fijarRetencionCliente(db: Db, clienteId: number, basisPoints: RetencionClienteBasisPoints | null) {
  const row = await repo.setRetencionCliente(db, clienteId, basisPoints);
  if (!row) throw new NoEncontrado('El cliente no existe.');
  return { clienteId: row.id, basisPoints: row.basisPoints };
}

export async function registrarRetencionIva(
  db: Db,
  input: { number: string; comprobante: string; fecha: string; amount: string; archivo?: string | null },
  user: SessionUser,
  now = new Date(),
): Promise<RetencionIva> {
  if (input.fecha > caracasIsoDate(now)) throw new ReglaNegocio('La fecha del comprobante no puede ser posterior a hoy.');
  return db.transaction(async (tx) => {
    const venta = await repo.lockVentaPorNumero(tx, input.number);
    if (!venta) throw new NoEncontrado(`No hay un documento de venta con el número ${input.number}.`);
    if (venta.voidedAt) throw new ReglaNegocio(`El documento ${venta.number} está anulado.`);
    if (input.fecha < caracasIsoDate(venta.createdAt))
      throw new ReglaNegocio('El comprobante no puede ser anterior a la fecha del documento.');
    const cliente = await repo.findCliente(tx, venta.clienteId);
    if (!cliente?.basisPoints) {
      throw new ReglaNegocio(
        `El cliente ${cliente?.name ?? ''} no es contribuyente especial: márquelo con su porcentaje de retención primero.`,
      );
    }
    const outcome = registrarRetencion(
      {
        totalCents: toCents(venta.total),
        discountCents: toCents(venta.discount),
        balancePaidCents: toCents(venta.balancePaid),
        ivaRetenidoCents: toCents(venta.ivaRetenido),
        creditInFavorCents: toCents(venta.creditInFavor),
      },
      toCents(venta.iva),
      cliente.basisPoints,
      toCents(input.amount),
    );
    if (!outcome.ok) {
      if (outcome.yaRegistrada) throw new Conflicto(outcome.motivo);
      throw new ReglaNegocio(outcome.motivo);
    }
    const row = await repo.insertRetencion(tx, {
      ventaId: venta.id,
      comprobante: input.comprobante.toUpperCase(),
      fecha: input.fecha,
      amount: fromCents(outcome.saldo.ivaRetenidoCents),
      basisPoints: cliente.basisPoints,
      archivo: input.archivo ?? null,
      userId: user.id,
    });
    if (!row) throw new Conflicto('El documento ya tiene su comprobante de retención registrado.');
    const s = outcome.saldo;
    await repo.setSaldo(tx, venta.id, {
      balancePaid: fromCents(s.balancePaidCents),
      ivaRetenido: fromCents(s.ivaRetenidoCents),
      creditInFavor: fromCents(s.creditInFavorCents),
      outstandingBalance: fromCents(s.outstandingBalanceCents),
      paymentStatus: s.paymentStatus,
    });
    return {
      id: row.id,
      ventaId: venta.id,
      number: venta.number,
      comprobante: row.comprobante,
      fecha: row.fecha,
      amount: row.amount,
      amountVes: fromCents(usdToVesCents(toCents(row.amount), venta.rate)),
      basisPoints: row.basisPoints,
      hasArchivo: row.archivo !== null,
      outstandingBalance: fromCents(s.outstandingBalanceCents),
      creditInFavor: fromCents(s.creditInFavorCents),
      createdAt: row.createdAt.toISOString(),
    };
  });
}
