// On the article page: how many units, the stores they come from (pre-filled: nearest to the
// shopper, then most stock; «Elegir tiendas» opens the per-store choice, docs/dominio.md §Carrito y tiendas de despacho), and the bar
// with the price and «Agregar al carrito», fixed at the bottom of a phone's screen.
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { StoreStock } from '#domain/contracts/catalogo.ts';
import { formatMoney } from '#domain/money.ts';
import { repartirUnidades } from '#domain/tiendas-cercanas.ts';
import { whatsappDigits } from '#domain/whatsapp-numero.ts';
import { useRootData } from '#web/root.tsx';
import classes from './articulo.module.css';
import { Cantidad } from './cantidad.tsx';

export type AddResult = { added?: boolean; message?: string };

type Size = { code: string; label: string; article: string; stock: number; stores: StoreStock[] };

const MAX_UNITS = 99;

/** Units per store, from the pre-filled split, for the per-store choice to start from. */
function splitOf(stores: StoreStock[], quantity: number): Record<number, number> {
  const split: Record<number, number> = {};
  for (const part of repartirUnidades(stores, quantity)) split[part.tiendaId] = part.quantity;
  return split;
}

export function AgregarAlCarrito({ size, pvpCents }: { size: Size | null; pvpCents: number }) {
  const fetcher = useFetcher<AddResult>();
  const { currency, rate, footer } = useRootData();
  // «Pedir por WhatsApp» adds the units and goes to its short form (decision 0033); only with a number to write to.
  const whatsapp = whatsappDigits(footer.whatsapp) !== '';
  const [quantity, setQuantity] = useState(1);
  const [choosing, setChoosing] = useState(false);
  const [perStore, setPerStore] = useState<Record<number, number>>({});
  const stores = size?.stores ?? [];
  const available = Math.min(MAX_UNITS, size?.stock ?? 0);

  // What the last tap said belongs to the size it was for: another size starts without it.
  const [sentFor, setSentFor] = useState<string | null>(null);

  // Another size starts again from one unit and the suggested stores.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the article changes
  useEffect(() => {
    setQuantity(1);
    setChoosing(false);
    setPerStore({});
    setSentFor(null);
  }, [size?.article]);

  // On a phone the bar is fixed over the end of the page: the page's foot leaves its height free
  // (articulo.module.css), which grows while it says what the last tap did.
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--alto-barra-agregar', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty('--alto-barra-agregar');
    };
  }, []);

  const chosen = choosing ? perStore : splitOf(stores, Math.min(quantity, available));
  const units = Object.values(chosen).reduce((n, q) => n + q, 0);
  const canAdd = size !== null && available > 0 && units > 0;
  const busy = fetcher.state !== 'idle';
  const changeStore = (id: number, q: number) => setPerStore({ ...perStore, [id]: q });
  const answer = fetcher.state === 'idle' && sentFor === size?.article ? fetcher.data : undefined;
  const hint =
    size === null ? 'Elija una talla' : available === 0 ? 'Agotada en esta talla' : units === 0 ? 'Elija al menos una unidad' : null;

  return (
    <fetcher.Form method="post" aria-label="Agregar al carrito" onSubmit={() => setSentFor(size?.article ?? null)}>
      {size && <input type="hidden" name="articleCode" value={size.article} />}
      {Object.entries(chosen)
        .filter(([, q]) => q > 0)
        .map(([id, q]) => (
          <input key={id} type="hidden" name={`tienda-${id}`} value={q} />
        ))}
      <div className="pila gap-sm">
        {size && available > 0 && !choosing && (
          <div className="fila">
            <span className="semi" id="cantidad-etiqueta">
              Cantidad
            </span>
            <Cantidad value={Math.min(quantity, available)} onChange={setQuantity} max={available} label="Cantidad" testId="cantidad" />
          </div>
        )}
        {size && available > 0 && (
          <div className="pila" style={{ gap: 4 }} data-testid="existencia">
            {!choosing && (
              <p className="texto texto-sm" data-testid="tiendas-sugeridas">
                Sale de:{' '}
                {Object.entries(chosen)
                  .map(([id, q]) => `${stores.find((s) => s.id === Number(id))?.name ?? ''} (${q})`)
                  .join(', ')}
              </p>
            )}
            <button
              type="button"
              onClick={() => {
                if (!choosing) setPerStore(chosen);
                setChoosing(!choosing);
              }}
              aria-expanded={choosing}
              aria-controls="elegir-tiendas"
              data-testid="elegir-tiendas"
              className={classes.elegir}
            >
              {choosing ? 'Usar las tiendas sugeridas' : 'Elegir tiendas'}
            </button>
            {/* Choosing puts the units per store right here; otherwise the stock per store is
                information, and goes under the buttons. */}
            {choosing && <TiendasDeLaTalla id="elegir-tiendas" size={size} choosing perStore={perStore} onChange={changeStore} />}
          </div>
        )}
        {size && available === 0 && (
          <p className={`texto texto-sm ${classes.rojo}`} data-testid="existencia">
            Agotado en todas las tiendas.
          </p>
        )}
        {/* On a phone the bar is fixed at the bottom of the screen, and what the tap did shows in it. */}
        <div className={classes.barra} data-testid="barra-agregar" ref={bar}>
          {answer?.message && (
            <div className={`aviso c-red ${classes.barraAviso}`} role="alert">
              {answer.message}
            </div>
          )}
          {/* Mounted empty beforehand, so screen readers announce what comes into it. */}
          <div role="status" className={classes.barraEstado}>
            {answer?.added && (
              <div className={`aviso c-green ${classes.barraAviso}`} data-testid="agregado">
                Agregado al carrito.{' '}
                <Link to="/carrito" className={`enlace ${classes.verCarrito}`}>
                  Ver el carrito
                </Link>
              </div>
            )}
          </div>
          <div className={classes.barraFila}>
            <div style={{ minWidth: 0 }}>
              <p className="texto texto-lg negrita" data-testid="barra-precio">
                {formatMoney(pvpCents * Math.max(1, units), currency, rate.amount)}
              </p>
              <p className={`texto texto-xs ${hint ? classes.rojo : classes.gris}`} data-testid="barra-aviso">
                {hint ?? (units > 1 ? `${units} unidades con IVA` : 'IVA incluido')}
              </p>
            </div>
            <button
              type="submit"
              className={`boton ${classes.alto} ${classes.agregar}`}
              disabled={!canAdd || busy}
              aria-busy={busy || undefined}
              data-cargando={busy || undefined}
              data-testid="agregar-carrito"
            >
              Agregar al carrito
            </button>
          </div>
        </div>
        {whatsapp && (
          <button
            type="submit"
            name="intent"
            value="whatsapp"
            className={`boton boton-borde c-green ${classes.alto}`}
            disabled={!canAdd}
            data-testid="pedir-whatsapp"
          >
            Pedir por WhatsApp
          </button>
        )}
        {size && available > 0 && !choosing && (
          <TiendasDeLaTalla id="elegir-tiendas" size={size} choosing={false} perStore={perStore} onChange={changeStore} />
        )}
      </div>
    </fetcher.Form>
  );
}

/** Stock per store of the size; while choosing, how many units to take from each. */
function TiendasDeLaTalla({
  id,
  size,
  choosing,
  perStore,
  onChange,
}: {
  id: string;
  size: Size;
  choosing: boolean;
  perStore: Record<number, number>;
  onChange: (storeId: number, quantity: number) => void;
}) {
  return (
    <table id={id} className="tabla tabla-compacta" data-testid="tabla-tiendas">
      <caption>Existencia por tienda, talla {size.label}</caption>
      <thead>
        <tr>
          <th>Tienda</th>
          <th style={{ textAlign: 'right' }}>Hay</th>
          {choosing && <th style={{ textAlign: 'right' }}>Llevar</th>}
        </tr>
      </thead>
      <tbody>
        {size.stores.map((store) => (
          <tr key={store.id}>
            <td>
              {store.name}
              <p className={`texto texto-xs ${classes.gris}`}>{store.city}</p>
            </td>
            <td style={{ textAlign: 'right', color: store.quantity === 0 ? 'var(--mantine-color-red-9)' : undefined }}>
              {store.quantity === 0 ? 'Agotado' : store.quantity}
            </td>
            {choosing && (
              <td>
                {store.quantity > 0 && (
                  <div className="fila" style={{ justifyContent: 'flex-end' }}>
                    <Cantidad
                      value={perStore[store.id] ?? 0}
                      min={0}
                      max={Math.min(store.quantity, MAX_UNITS)}
                      onChange={(q) => onChange(store.id, q)}
                      label={`Unidades de ${store.name}`}
                      testId={`llevar-${store.id}`}
                    />
                  </div>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
