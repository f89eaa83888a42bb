// The order summary beside every step: the articles, their discounts, the coupon, the payment
// method's discount, subtotal, IVA, shipping, commission and total in USD and bolívares, as the server
// priced the cart for the chosen method plus the rate of the chosen agency and state (the order
// charges the same).
import { amountToPay, type draftShipping } from '#domain/checkout.ts';
import type { CartView } from '#domain/contracts/carrito.ts';
import { shippingEstimate } from '#domain/envios.ts';
import { formatRatePerUsd, formatUsd, formatVes, moneyInBoth, toCents, vesOfRows } from '#domain/money.ts';
import type { PaymentMethodId } from '#domain/store-constants.ts';
import { useRootData } from '#web/root.tsx';
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
/** `priced`: the shipping's amount as the other rows show theirs, when the rate charges it. */
function FilaEnvio({ shipping, priced }: { shipping: ReturnType<typeof draftShipping>; priced: string }) {
  const quote = shipping?.quote;
  const value =
    !quote || quote.kind === 'sin-tarifa'
      ? 'Por calcular'
      : quote.kind === 'retiro'
        ? 'Sin costo'
        : quote.kind === 'por-cobrar'
          ? 'Por cobrar en destino'
          : priced;
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
  // One display rule (domain/money.ts): the shopper's currency, at the rate the cart was priced with.
  const { currency } = useRootData();
  const total = moneyInBoth(totalCents, currency, t.rate);
  // The articles at their promotion price, before discounts: the subtotal plus what was taken off.
  const articles = toCents(t.subtotal) + toCents(t.lineDiscount) + toCents(t.coupon);
  // The rows as they are added going down; in Bs. each is its change of the running total (vesOfRows),
  // so the bolívares add up row by row like the dollars.
  const addends = [
    articles,
    -toCents(t.lineDiscount),
    -toCents(t.coupon),
    -toCents(due.paymentDiscount),
    toCents(due.iva),
    shipping?.cents ?? 0,
    toCents(due.commission),
    toCents(due.igtf),
  ];
  const ves = vesOfRows(addends, t.rate);
  const figure = (i: number) => (currency === 'VES' ? formatVes(Math.abs(ves.rows[i])) : formatUsd(Math.abs(addends[i])));
  const subtotal = currency === 'VES' ? formatVes(ves.running[3]) : formatUsd(toCents(due.subtotal));
  return (
    <aside className={`tarjeta ${classes.resumen}`} aria-label="Resumen del pedido">
      <div className={`pila ${classes.filas}`}>
        <p className="texto negrita">Resumen del pedido</p>
        <Fila label={`${units} ${units === 1 ? 'artículo' : 'artículos'}`} value={figure(0)} testId="resumen-articulos" />
        {toCents(t.lineDiscount) > 0 && <Fila label="Descuentos de los artículos" value={figure(1)} off testId="resumen-descuento" />}
        {cart.coupon?.applies && toCents(t.coupon) > 0 && (
          <Fila label={`Cupón ${cart.coupon.code}`} value={figure(2)} off testId="resumen-cupon" />
        )}
        {toCents(due.paymentDiscount) > 0 && (
          <Fila
            label={`Descuento por el pago${due.paymentDiscountName ? ` (${due.paymentDiscountName})` : ''}`}
            value={figure(3)}
            off
            testId="resumen-descuento-pago"
          />
        )}
        <Fila label="Subtotal" value={subtotal} testId="resumen-subtotal" />
        <Fila label="IVA (16 %)" value={figure(4)} />
        <FilaEnvio shipping={shipping} priced={figure(5)} />
        {toCents(due.commission) > 0 && <Fila label="Comisión del método de pago" value={figure(6)} />}
        {toCents(due.igtf) > 0 && (
          <Fila label={`IGTF (${due.igtfPercent.toLocaleString('es-VE')} %, pago en divisas)`} value={figure(7)} testId="resumen-igtf" />
        )}
        <hr className={classes.raya} />
        <Fila label="Total" value={total.main} strong testId={currency === 'VES' ? 'total-ves' : 'total-usd'} />
        <Fila
          label={total.otherCurrency === 'VES' ? 'Total en bolívares' : 'Total en dólares'}
          value={total.other}
          testId={total.otherCurrency === 'VES' ? 'total-ves' : 'total-usd'}
        />
        <p className="texto texto-xs tenue">
          Tasa del día: {formatRatePerUsd(cart.totals.rate)}. Su pedido guarda la tasa con la que se hace.
        </p>
      </div>
    </aside>
  );
}
