// Step 1: the cart's articles with their units per store, editable.
import { Form, Link } from 'react-router';
import type { CartView } from '#domain/contracts/carrito.ts';
import { fromCents, multiplyCents, toCents } from '#domain/money.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { usePrecio } from '#web/components/precio.tsx';
import classes from './paso-carrito.module.css';

export function PasoCarrito({ cart }: { cart: CartView }) {
  const format = usePrecio();
  return (
    <div className="pila">
      {cart.items.map((item) => {
        const unit = fromCents(toCents(item.price) - toCents(item.promotion));
        return (
          <div key={item.articleCode} className={`tarjeta ${classes.linea}`} data-testid={`linea-${item.articleCode}`}>
            <img src={item.image || IMAGE_DEFAULT} alt="" width={96} height={120} className={classes.foto} {...imageFallback} />
            <div className={`pila ${classes.datos}`}>
              <Link to={item.path} className={`semi ${classes.nombre}`}>
                {item.name}
              </Link>
              <p className="texto texto-sm tenue">
                Color {item.colorName} · Talla {item.sizeLabel} · {item.articleCode}
              </p>
              <p className="texto texto-sm">
                {format(unit)} c/u · {item.quantity} {item.quantity === 1 ? 'unidad' : 'unidades'} ·{' '}
                <strong>{format(fromCents(multiplyCents(toCents(unit), item.quantity)))}</strong> sin IVA
              </p>
              {(toCents(item.discount) > 0 || toCents(item.couponDiscount) > 0) && (
                <div data-testid={`descuentos-${item.articleCode}`}>
                  {toCents(item.discount) > 0 && (
                    <p className={`texto texto-sm ${classes.rebaja}`}>
                      Descuento{item.discountName ? ` «${item.discountName}»` : ''}: −{format(item.discount)}
                    </p>
                  )}
                  {toCents(item.couponDiscount) > 0 && (
                    <p className={`texto texto-sm ${classes.rebaja}`}>
                      Cupón {cart.coupon?.code ?? ''}: −{format(item.couponDiscount)}
                    </p>
                  )}
                  <p className="texto texto-sm">
                    Queda en <strong>{format(item.net)}</strong> sin IVA
                  </p>
                </div>
              )}
              <Form method="post" aria-label={`Cantidades de ${item.name}`} className={`pila ${classes.datos}`}>
                <input type="hidden" name="articleCode" value={item.articleCode} />
                {item.stores.map((store) => (
                  <div key={store.id} className={`fila gap-sm ${classes.tienda}`}>
                    <label className={`campo ${classes.cantidad}`}>
                      Tienda {store.store}
                      <input
                        type="number"
                        inputMode="numeric"
                        name={`tienda-${store.id}`}
                        defaultValue={store.quantity}
                        min={0}
                        max={Math.max(store.inventory, store.quantity)}
                        step={1}
                      />
                    </label>
                    {store.status === 'disponible' ? (
                      <span className="texto-xs tenue">Disponibles: {store.inventory}</span>
                    ) : (
                      <span className="insignia c-red">Solo quedan {store.inventory}</span>
                    )}
                  </div>
                ))}
                <div className="fila gap-xs">
                  <button type="submit" name="intent" value="editar" className="boton boton-claro boton-xs">
                    Actualizar cantidades
                  </button>
                  <button type="submit" name="intent" value="eliminar" className="boton boton-sutil boton-xs c-red" formNoValidate>
                    Quitar
                  </button>
                </div>
              </Form>
            </div>
          </div>
        );
      })}
      <Form method="post">
        <button type="submit" name="intent" value="vaciar" className="boton boton-sutil boton-xs c-gray">
          Vaciar el carrito
        </button>
      </Form>
    </div>
  );
}
