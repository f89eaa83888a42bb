// The order summary beside every step: the articles, their discounts, the coupon, the payment
// method's discount, subtotal, IVA, shipping, commission and total in USD and bolívares, as the server
// priced the cart for the chosen method plus the rate of the chosen agency and state (the order
// charges the same).
import { Card, Divider, Group, Stack, Text } from '@mantine/core';
import { amountToPay, type draftShipping } from '#domain/checkout.ts';
import type { CartView } from '#domain/contracts/carrito.ts';
import { shippingEstimate } from '#domain/envios.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import type { PaymentMethodId } from '#domain/store-constants.ts';

function Fila({ label, value, strong, testId, off }: { label: string; value: string; strong?: boolean; testId?: string; off?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined} c={off ? 'pink.8' : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} c={off ? 'pink.8' : undefined} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {off ? `−${value}` : value}
      </Text>
    </Group>
  );
}

/** The shipping row: its amount, «Sin costo», «Por cobrar en destino», or a hint until the agency and state are chosen. */
function FilaEnvio({ shipping }: { shipping: ReturnType<typeof draftShipping> }) {
  const quote = shipping?.quote;
  const value =
    !quote || quote.kind === 'sin-tarifa'
      ? 'Por calcular'
      : quote.kind === 'retiro'
        ? 'Sin costo'
        : quote.kind === 'por-cobrar'
          ? 'Por cobrar en destino'
          : formatUsd(toCents(quote.costUsd));
  return (
    <div>
      <Fila label={quote?.kind === 'retiro' ? 'Retiro en tienda' : 'Envío'} value={value} testId="resumen-envio" />
      {quote && (quote.kind === 'pagado' || quote.kind === 'por-cobrar') && (
        <Text size="xs" c="dimmed">
          {shippingEstimate(quote.daysMin, quote.daysMax)}
        </Text>
      )}
    </div>
  );
}

export function ResumenPedido({
  cart,
  method,
  shipping = null,
}: {
  cart: CartView;
  method: PaymentMethodId | '';
  shipping?: ReturnType<typeof draftShipping>;
}) {
  const units = cart.items.reduce((n, i) => n + i.quantity, 0);
  const due = amountToPay(cart, method, shipping?.cents ?? 0);
  const totalCents = toCents(due.total);
  const t = cart.totals;
  // The articles at their promotion price, before discounts: the subtotal plus what was taken off.
  const articles = toCents(t.subtotal) + toCents(t.lineDiscount) + toCents(t.coupon);
  return (
    <Card withBorder padding="md" pos="sticky" top={90} component="aside" aria-label="Resumen del pedido">
      <Stack gap={8}>
        <Text fw={700}>Resumen del pedido</Text>
        <Fila label={`${units} ${units === 1 ? 'artículo' : 'artículos'}`} value={formatUsd(articles)} testId="resumen-articulos" />
        {toCents(t.lineDiscount) > 0 && (
          <Fila label="Descuentos de los artículos" value={formatUsd(toCents(t.lineDiscount))} off testId="resumen-descuento" />
        )}
        {cart.coupon?.applies && toCents(t.coupon) > 0 && (
          <Fila label={`Cupón ${cart.coupon.code}`} value={formatUsd(toCents(t.coupon))} off testId="resumen-cupon" />
        )}
        {toCents(due.paymentDiscount) > 0 && (
          <Fila
            label={`Descuento por el pago${due.paymentDiscountName ? ` (${due.paymentDiscountName})` : ''}`}
            value={formatUsd(toCents(due.paymentDiscount))}
            off
            testId="resumen-descuento-pago"
          />
        )}
        <Fila label="Subtotal" value={formatUsd(toCents(due.subtotal))} testId="resumen-subtotal" />
        <Fila label="IVA (16 %)" value={formatUsd(toCents(due.iva))} />
        <FilaEnvio shipping={shipping} />
        {toCents(due.commission) > 0 && <Fila label="Comisión del método de pago" value={formatUsd(toCents(due.commission))} />}
        <Divider />
        <Fila label="Total" value={formatUsd(totalCents)} strong testId="total-usd" />
        <Fila label="Total en bolívares" value={formatVes(usdToVesCents(totalCents, cart.totals.rate))} testId="total-ves" />
        <Text size="xs" c="dimmed">
          Tasa del día: {formatVes(toCents(cart.totals.rate))} por dólar. Su pedido guarda la tasa con la que se hace.
        </Text>
      </Stack>
    </Card>
  );
}
