// The order summary beside every step: the articles, their discounts, the coupon, the payment
// method's discount, subtotal, IVA, shipping, commission and total in USD and bolívares, as the server
// priced the cart for the chosen method plus the rate of the chosen agency and state (the order
// charges the same).
import { amountToPay, type draftShipping } from '#domain/checkout.ts';
import type { CartView } from '#domain/contracts/carrito.ts';
import { shippingEstimate } from '#domain/envios.ts';
import { formatUsd, formatVes, toCents, usdToVesCents } from '#domain/money.ts';
import type { PaymentMethodId } from '#domain/store-constants.ts';
import classes from './resumen.module.css';

function Fila({ label, value, strong, testId, off }: { label: string; value: string; strong?: boolean; testId?: string; off?: boolean }) {
  return (
    <p className={`texto texto-sm ${classes.fila} ${strong ? 'negrita' : ''} ${off ? classes.rebaja : ''}`}>
      <span>{label}</span>
      <span className={classes.monto} data-testid={testId}>
        {off ? `−${value}` : value}
      </span>
    </p>
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
        <p className="texto texto-xs tenue">{shippingEstimate(quote.daysMin, quote.daysMax)}</p>
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
    <aside className={`tarjeta ${classes.resumen}`} aria-label="Resumen del pedido">
      <div className={`pila ${classes.filas}`}>
        <p className="texto negrita">Resumen del pedido</p>
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
        {toCents(due.igtf) > 0 && (
          <Fila
            label={`IGTF (${due.igtfPercent.toLocaleString('es-VE')} %, pago en divisas)`}
            value={formatUsd(toCents(due.igtf))}
            testId="resumen-igtf"
          />
        )}
        <hr className={classes.raya} />
        <Fila label="Total" value={formatUsd(totalCents)} strong testId="total-usd" />
        <Fila label="Total en bolívares" value={formatVes(usdToVesCents(totalCents, cart.totals.rate))} testId="total-ves" />
        <p className="texto texto-xs tenue">
          Tasa del día: {formatVes(toCents(cart.totals.rate))} por dólar. Su pedido guarda la tasa con la que se hace.
        </p>
      </div>
    </aside>
  );
}
