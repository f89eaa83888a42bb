// Step 1: the cart's articles with their units per store, editable.
import { type ReactNode, useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import type { CartView } from '#domain/contracts/carrito.ts';
import { fromCents } from '#domain/money.ts';
import { lineaConIva } from '#domain/precio-al-publico.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { usePrecio } from '#web/components/precio.tsx';
import classes from './paso-carrito.module.css';

export function PasoCarrito({ cart }: { cart: CartView }) {
  const format = usePrecio();
  return (
    <div className="pila">
      {cart.items.map((item) => {
        // The article's price, IVA included, as its page said (docs/dominio.md §Precio al público en el carrito).
        const line = lineaConIva(item);
        const units = `${item.quantity} ${item.quantity === 1 ? 'unidad' : 'unidades'}`;
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
              <p className="texto texto-sm" data-testid={`precio-linea-${item.articleCode}`}>
                <span data-testid={`precio-unidad-${item.articleCode}`}>{format(fromCents(line.unitCents))}</span> c/u · {units} ·{' '}
                <strong>{format(fromCents(line.lineCents))}</strong> IVA incluido
              </p>
              {(line.discountCents > 0 || line.couponCents > 0) && (
                <div data-testid={`descuentos-${item.articleCode}`}>
                  {line.discountCents > 0 && (
                    <p className={`texto texto-sm ${classes.rebaja}`}>
                      Con el descuento{item.discountName ? ` «${item.discountName}»` : ''}: −{format(fromCents(line.discountCents))}{' '}
                      <s className="tenue">{format(fromCents(line.beforeCents))}</s>
                    </p>
                  )}
                  {line.couponCents > 0 && (
                    <>
                      <p className={`texto texto-sm ${classes.rebaja}`}>
                        Cupón {cart.coupon?.code ?? ''}: −{format(fromCents(line.couponCents))}
                      </p>
                      <p className="texto texto-sm">
                        Queda en <strong>{format(fromCents(line.netCents))}</strong> IVA incluido
                      </p>
                    </>
                  )}
                </div>
              )}
              <FormCantidades name={item.name}>
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
                  {/* Without JavaScript the units apply with this button; with it, as they change. */}
                  <button type="submit" name="intent" value="editar" className={`boton boton-claro boton-xs ${classes.soloSinJs}`}>
                    Actualizar cantidades
                  </button>
                  <button type="submit" name="intent" value="eliminar" className="boton boton-sutil boton-xs c-red" formNoValidate>
                    Quitar
                  </button>
                </div>
              </FormCantidades>
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

/**
 * The units of one article per store. A changed field (typed and left, or its arrows) sends the form
 * as «Actualizar cantidades» does: the browser's own `change` event, not every keystroke, so «12» is
 * not sent as «1» first. Without JavaScript the button is there and does the same.
 */
function FormCantidades({ name, children }: { name: string; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const apply = (event: Event) => {
      if (!(event.target instanceof HTMLInputElement) || !event.target.name.startsWith('tienda-')) return;
      if (!event.target.checkValidity()) {
        event.target.reportValidity();
        return;
      }
      element.requestSubmit(element.querySelector<HTMLButtonElement>('button[value="editar"]'));
    };
    element.addEventListener('change', apply);
    return () => element.removeEventListener('change', apply);
  }, []);
  return (
    <Form ref={form} method="post" aria-label={`Cantidades de ${name}`} className={`pila ${classes.datos}`}>
      {children}
    </Form>
  );
}
