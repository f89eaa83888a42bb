// The totals of a placed order with every discount it was priced with (the lines' discounts, the
// coupon, the payment method's) and its shipping, in dollars and in bolívares at the order's frozen
// rate, added up going down (domain/totales-orden.ts). The confirmation, the public order page and
// the customer's purchase show the same rows.
import { Group, Stack, Text } from '@mantine/core';
import { shippingRow } from '#domain/envios.ts';
import { formatVes, fromCents, toCents } from '#domain/money.ts';
import { SHIPPING_AGENCY_LABELS, type ShippingAgencyId } from '#domain/store-constants.ts';
import { discountRows, type OrderTotalsInput, rowsBeforeShipping, rowsInVes } from '#domain/totales-orden.ts';
import { montoOrden } from './monto-orden.tsx';

export type OrderTotals = OrderTotalsInput & { rate: string };

export { discountRows };

function Fila({
  label,
  usd,
  rate,
  strong,
  negative,
  testId,
  ves,
}: {
  label: string;
  usd: string;
  rate: string;
  strong?: boolean;
  negative?: boolean;
  testId?: string;
  /** Its Bs. as the column adds up (rowsInVes); without it, its own conversion. */
  ves?: number;
}) {
  const monto = { ...montoOrden(usd, rate), ...(ves === undefined ? {} : { ves: formatVes(ves) }) };
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" data-testid={testId}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={strong ? 700 : 400} style={{ whiteSpace: 'nowrap' }} c={negative ? 'pink.8' : undefined}>
          {negative ? `−${monto.usd}` : monto.usd}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {negative ? `−${monto.ves}` : monto.ves}
        </Text>
      </Stack>
    </Group>
  );
}

/** How an order travels, as its pages have it: the delivery's kind, agency, who pays and the estimate. */
export type OrderDelivery = { shipping: string; agency: string; payShipping: string; daysMin?: number | null; daysMax?: number | null };

/** The delivery of the public order status (its estimate as shippingDays). */
export function deliveryOfStatus(order: {
  shipping: string;
  agency: string;
  payShipping: string;
  shippingDays: { min: number; max: number } | null;
}): OrderDelivery {
  return {
    shipping: order.shipping,
    agency: order.agency,
    payShipping: order.payShipping,
    daysMin: order.shippingDays?.min ?? null,
    daysMax: order.shippingDays?.max ?? null,
  };
}

/** The shipping row of an order: label, amount (or «Sin costo» / «Por cobrar en destino») and estimate. */
export function envioDeOrden(delivery: OrderDelivery) {
  return shippingRow({ ...delivery, agencyLabel: SHIPPING_AGENCY_LABELS[delivery.agency as ShippingAgencyId] ?? delivery.agency });
}

/** The shipping line: its amount in $ and Bs., or what it is instead, with the estimate below. */
export function FilaEnvio({ order, delivery, ves }: { order: OrderTotals; delivery: OrderDelivery; ves?: number }) {
  const row = envioDeOrden(delivery);
  if (row.instead === null) {
    return (
      <div>
        <Fila label={row.label} usd={order.shippingCost} rate={order.rate} testId="envio-orden" ves={ves} />
        {row.estimate && (
          <Text size="xs" c="dimmed">
            {row.estimate}
          </Text>
        )}
      </div>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" data-testid="envio-orden">
      <div>
        <Text size="sm">{row.label}</Text>
        {row.estimate && (
          <Text size="xs" c="dimmed">
            {row.estimate}
          </Text>
        )}
      </div>
      <Text size="sm" ta="right">
        {row.instead}
      </Text>
    </Group>
  );
}

export function TotalesOrden({ order, delivery }: { order: OrderTotals; delivery?: OrderDelivery }) {
  const ves = rowsInVes(order, order.rate);
  return (
    <Stack gap={6} data-testid="totales-con-descuentos">
      {rowsBeforeShipping(order).map((row, i) => (
        <Fila
          key={row.testId}
          label={row.label}
          usd={fromCents(row.usd)}
          rate={order.rate}
          negative={row.negative}
          testId={row.testId}
          ves={ves.before[i]}
        />
      ))}
      {delivery ? (
        <FilaEnvio order={order} delivery={delivery} ves={ves.shipping} />
      ) : (
        toCents(order.shippingCost) > 0 && (
          <Fila label="Envío" usd={order.shippingCost} rate={order.rate} testId="envio-orden" ves={ves.shipping} />
        )
      )}
      {toCents(order.commission) > 0 && (
        <Fila label="Comisión del método de pago" usd={order.commission} rate={order.rate} ves={ves.commission} />
      )}
      {toCents(order.igtf ?? '0') > 0 && (
        <Fila
          label={`IGTF (${((order.igtfBasisPoints ?? 0) / 100).toLocaleString('es-VE')} %, pago en divisas)`}
          usd={order.igtf ?? '0'}
          rate={order.rate}
          testId="igtf-orden"
          ves={ves.igtf}
        />
      )}
      <Fila label="Total" usd={order.total} rate={order.rate} strong testId="total-orden-publica" />
    </Stack>
  );
}
