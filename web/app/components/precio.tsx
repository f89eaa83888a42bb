// Every price on a page renders through here: USD or VES at the tasa del día, es-VE format.
// <Precio> shows what a shopper pays for one unit, IVA included (PVP); the cart and the documents
// format their base, IVA and total with usePrecio.
import { formatMoney, toCents } from '#domain/money.ts';
import { precioAlPublico } from '#domain/precio-al-publico.ts';
import { useRootData } from '#web/root.tsx';
import classes from './precio.module.css';

export function usePrecio() {
  const { currency, rate } = useRootData();
  return (usd: string) => formatMoney(toCents(usd), currency, rate.amount);
}

function useFormatCents() {
  const { currency, rate } = useRootData();
  return (cents: number) => formatMoney(cents, currency, rate.amount);
}

/** `discount`: the automatic discount per unit (descuento module), taken off after the promotion. */
export function Precio({
  price,
  promotion = '0',
  discount = '0',
  single = false,
  size = 'md',
}: {
  price: string;
  promotion?: string;
  discount?: string;
  /** One price only, without the struck-out one before the reduction (the catalogue's cards). */
  single?: boolean;
  size?: 'sm' | 'md' | 'xl';
}) {
  const format = useFormatCents();
  const { pvpCents, beforeCents } = precioAlPublico({ price, promotion, discount });
  const precio = `texto ${classes.precio} ${classes[size]}`;
  // A card says one price, the pictured colour's (its badge says the reduction); the article page
  // strikes out the price before it.
  if (beforeCents === null || single) {
    return (
      <p className={beforeCents === null ? precio : `${precio} ${classes.rebajado}`} data-testid="precio">
        {format(pvpCents)}
      </p>
    );
  }
  return (
    <div className={`fila ${classes.rebaja}`}>
      <p className={`${precio} ${classes.rebajado}`} data-testid="precio">
        {format(pvpCents)}
      </p>
      <p className={`texto ${classes.antes}`}>
        <span className="visually-hidden">Antes: </span>
        {format(beforeCents)}
      </p>
    </div>
  );
}

/** The «−30 %» badge text of a reduced price, or null. */
export function descuentoVisible(p: { price: string; promotion?: string; discount?: string }): string | null {
  const { percentOff } = precioAlPublico(p);
  return percentOff > 0 ? `−${percentOff} %` : null;
}
