// The buyer's copy of the sale document an order became (its factura, or its nota de entrega on
// credit): a signed link to its PDF, on the order page, the checkout's confirmation and «Mis compras».
import { Alert, Anchor } from '@mantine/core';
import type { OrderDocument } from '#domain/contracts/orden-compra.ts';
import { SALE_KIND_LABELS } from '#domain/ventas.ts';

export function DocumentoOrden({ document }: { document: OrderDocument }) {
  if (!document) return null;
  const label = SALE_KIND_LABELS[document.kind];
  return (
    <Alert color="teal" title={`${label} ${document.number}`} data-testid="documento-orden">
      Su pago está confirmado y su {label.toLowerCase()} emitida.{' '}
      <Anchor href={document.pdf} target="_blank" rel="noopener" fw={600} data-testid="documento-orden-pdf">
        Descargar la {label.toLowerCase()} en PDF
      </Anchor>
    </Alert>
  );
}
