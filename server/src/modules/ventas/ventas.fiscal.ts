// A factura made while an imprenta digital is configured goes to it
// (docs/dominio.md §Documentos fiscales e imprenta digital): its fiscal data, frozen here in the sale's transaction, is handed to
// the imprenta module, which stores it «por emitir» and queues the job that asks for its number.
import { fromCents, usdToVesCents } from '#domain/money.ts';
import { IVA_BASIS_POINTS } from '#domain/vat.ts';
import type { Db } from '#server/db/client.ts';
import { datosEmpresa } from '#server/modules/general/general.service.ts';
import type { EmisionFiscal } from '#server/modules/imprenta/imprenta.service.ts';
import type { DocumentoParaImprenta, Monto } from '#server/modules/imprenta/imprenta.ts';
import type { DocumentRow, NewDocument } from './ventas.documentos.repo.ts';
import { findCliente } from './ventas.pdf.repo.ts';

/** The document's data as the printer receives it: every figure in US$ and in Bs. at the sale's rate. */
export async function datosParaImprenta(tx: Db, venta: DocumentRow, doc: NewDocument): Promise<DocumentoParaImprenta> {
  const [empresa, cliente] = await Promise.all([datosEmpresa(tx), findCliente(tx, { id: doc.clienteId })]);
  if (!cliente) throw new Error(`El cliente ${doc.clienteId} de ${venta.number} no existe`);
  const monto = (cents: number): Monto => ({ usd: fromCents(cents), ves: fromCents(usdToVesCents(cents, venta.rate)) });
  const t = doc.totals;
  const phones = [empresa.phone1, empresa.phone2].filter(Boolean).join(' / ');
  return {
    tipo: 'factura',
    numero: venta.number,
    fechaEmision: venta.createdAt.toISOString(),
    emisor: { rif: empresa.rif, razonSocial: empresa.razonSocial, direccion: empresa.address, telefono: phones },
    receptor: {
      identificacion: cliente.dni,
      nombre: cliente.name,
      direccion: [cliente.address, cliente.city, cliente.state].filter(Boolean).join(', '),
      telefono: cliente.phone,
      correo: cliente.email,
    },
    tasa: venta.rate,
    renglones: doc.lines.map((l) => ({
      codigo: l.articleCode,
      descripcion: l.name,
      cantidad: l.quantity,
      precioUnitario: monto(l.priceCents - l.promotionCents),
      descuento: monto(l.discountCents),
      monto: monto(l.netCents),
    })),
    totales: {
      subtotal: monto(t.subtotalCents),
      descuento: monto(t.descuentoCents),
      baseImponible: monto(t.baseImponibleCents),
      alicuotaIva: IVA_BASIS_POINTS,
      iva: monto(t.ivaCents),
      igtf: monto(t.igtfCents),
      otrosCargos: monto(t.comisionCents + t.envioCents),
      total: monto(t.totalCents),
    },
    pagos: doc.payments.map((p) => ({ metodo: p.method, moneda: p.currency, monto: p.amount })),
  };
}

/** After insertDocument, in its transaction: a factura goes to the printer when one is configured. */
export async function solicitarNumeroDeControl(tx: Db, fiscal: EmisionFiscal | null | undefined, venta: DocumentRow, doc: NewDocument) {
  if (!fiscal || venta.kind !== 'factura') return;
  await fiscal.solicitar(tx, { ventaId: venta.id, datos: await datosParaImprenta(tx, venta, doc) });
}
