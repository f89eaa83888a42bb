// On the article page: how many units, the stores they come from (pre-filled: nearest to the
// shopper, then most stock; «Elegir tiendas» opens the per-store choice of spec §3), and the bar
// with the price and «Agregar al carrito», fixed at the bottom of a phone's screen.
import { Alert, Anchor, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { StoreStock } from '#domain/contracts/catalogo.ts';
import { formatMoney } from '#domain/money.ts';
import { repartirUnidades } from '#domain/tiendas-cercanas.ts';
import { whatsappDigits } from '#domain/whatsapp.ts';
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

  // Another size starts again from one unit and the suggested stores.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the article changes
  useEffect(() => {
    setQuantity(1);
    setChoosing(false);
    setPerStore({});
  }, [size?.article]);

  const chosen = choosing ? perStore : splitOf(stores, Math.min(quantity, available));
  const units = Object.values(chosen).reduce((n, q) => n + q, 0);
  const canAdd = size !== null && available > 0 && units > 0;
  const hint =
    size === null ? 'Elija una talla' : available === 0 ? 'Agotada en esta talla' : units === 0 ? 'Elija al menos una unidad' : null;

  return (
    <fetcher.Form method="post" aria-label="Agregar al carrito">
      {size && <input type="hidden" name="articleCode" value={size.article} />}
      {Object.entries(chosen)
        .filter(([, q]) => q > 0)
        .map(([id, q]) => (
          <input key={id} type="hidden" name={`tienda-${id}`} value={q} />
        ))}
      <Stack gap="sm">
        {size && available > 0 && !choosing && (
          <Group gap="md" align="center" wrap="wrap">
            <Text fw={600} component="span" id="cantidad-etiqueta">
              Cantidad
            </Text>
            <Cantidad value={Math.min(quantity, available)} onChange={setQuantity} max={available} label="Cantidad" testId="cantidad" />
          </Group>
        )}
        {size && available > 0 && (
          <Stack gap={4} data-testid="existencia">
            {!choosing && (
              <Text size="sm" data-testid="tiendas-sugeridas">
                Sale de:{' '}
                {Object.entries(chosen)
                  .map(([id, q]) => `${stores.find((s) => s.id === Number(id))?.name ?? ''} (${q})`)
                  .join(', ')}
              </Text>
            )}
            <UnstyledButton
              onClick={() => {
                if (!choosing) setPerStore(chosen);
                setChoosing(!choosing);
              }}
              aria-expanded={choosing}
              aria-controls="elegir-tiendas"
              data-testid="elegir-tiendas"
              style={{ minHeight: 44, fontWeight: 600, textDecoration: 'underline' }}
              c="pink.9"
            >
              {choosing ? 'Usar las tiendas sugeridas' : 'Elegir tiendas'}
            </UnstyledButton>
            <TiendasDeLaTalla
              id="elegir-tiendas"
              size={size}
              choosing={choosing}
              perStore={perStore}
              onChange={(id, q) => setPerStore({ ...perStore, [id]: q })}
            />
          </Stack>
        )}
        {size && available === 0 && (
          <Text size="sm" c="red.9" data-testid="existencia">
            Agotado en todas las tiendas.
          </Text>
        )}
        {fetcher.data?.message && (
          <Alert color="red" role="alert">
            {fetcher.data.message}
          </Alert>
        )}
        {fetcher.data?.added && fetcher.state === 'idle' && (
          <Alert color="green" role="status" data-testid="agregado">
            Agregado al carrito.{' '}
            <Anchor component={Link} to="/carrito" fw={600}>
              Ver el carrito
            </Anchor>
          </Alert>
        )}
        {whatsapp && (
          <Button
            type="submit"
            name="intent"
            value="whatsapp"
            variant="outline"
            color="green"
            h={48}
            disabled={!canAdd}
            data-testid="pedir-whatsapp"
          >
            Pedir por WhatsApp
          </Button>
        )}
        <div className={classes.barra} data-testid="barra-agregar">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" data-testid="barra-precio">
                {formatMoney(pvpCents * Math.max(1, units), currency, rate.amount)}
              </Text>
              <Text size="xs" c={hint ? 'red.9' : 'gray.7'} data-testid="barra-aviso">
                {hint ?? (units > 1 ? `${units} unidades con IVA` : 'IVA incluido')}
              </Text>
            </Stack>
            <Button
              type="submit"
              h={48}
              px="md"
              style={{ flex: 'none' }}
              disabled={!canAdd}
              loading={fetcher.state !== 'idle'}
              data-testid="agregar-carrito"
            >
              Agregar al carrito
            </Button>
          </Group>
        </div>
        <div className={classes.espacio} />
      </Stack>
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
              <Text size="xs" c="gray.7">
                {store.city}
              </Text>
            </td>
            <td style={{ textAlign: 'right', color: store.quantity === 0 ? 'var(--mantine-color-red-9)' : undefined }}>
              {store.quantity === 0 ? 'Agotado' : store.quantity}
            </td>
            {choosing && (
              <td>
                {store.quantity > 0 && (
                  <Group justify="flex-end">
                    <Cantidad
                      value={perStore[store.id] ?? 0}
                      min={0}
                      max={Math.min(store.quantity, MAX_UNITS)}
                      onChange={(q) => onChange(store.id, q)}
                      label={`Unidades de ${store.name}`}
                      testId={`llevar-${store.id}`}
                    />
                  </Group>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
