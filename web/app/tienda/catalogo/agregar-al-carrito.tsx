// On the article page: how many units to take from each store, and the button that adds them to the cart.
import { Alert, Anchor, Button, Group, NumberInput, Stack, Table, Text } from '@mantine/core';
import { Link, useFetcher } from 'react-router';

type Store = { id: number; name: string; city: string; quantity: number };
export type AddResult = { added?: boolean; message?: string };

export function AgregarAlCarrito({ articleCode, sizeLabel, stores }: { articleCode: string; sizeLabel: string; stores: Store[] }) {
  const fetcher = useFetcher<AddResult>();
  const firstInStock = stores.find((s) => s.quantity > 0)?.id;
  return (
    <fetcher.Form method="post" aria-label="Agregar al carrito">
      <input type="hidden" name="articleCode" value={articleCode} />
      <Stack gap={6} data-testid="existencia">
        <Text fw={600}>Existencia por tienda, talla {sizeLabel}</Text>
        {stores.length === 0 || firstInStock === undefined ? (
          <Text size="sm" c="red.8">
            Agotado en todas las tiendas.
          </Text>
        ) : (
          <>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Tienda</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Llevar</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stores.map((store) => (
                  <Table.Tr key={store.id}>
                    <Table.Td>
                      {store.name}
                      <Text size="xs" c="dimmed">
                        {store.city}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" c={store.quantity === 0 ? 'red.8' : undefined}>
                      {store.quantity === 0 ? 'Agotado' : store.quantity}
                    </Table.Td>
                    <Table.Td ta="right">
                      {store.quantity > 0 && (
                        <NumberInput
                          key={`${articleCode}-${store.id}`}
                          name={`tienda-${store.id}`}
                          aria-label={`Unidades de la tienda ${store.name}`}
                          defaultValue={store.id === firstInStock ? 1 : 0}
                          min={0}
                          max={Math.min(store.quantity, 99)}
                          allowDecimal={false}
                          w={80}
                          size="xs"
                          ml="auto"
                          data-testid={`llevar-${store.id}`}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button type="submit" loading={fetcher.state !== 'idle'} data-testid="agregar-carrito">
                Agregar al carrito
              </Button>
            </Group>
          </>
        )}
        {fetcher.data?.message && (
          <Alert color="red" role="alert">
            {fetcher.data.message}
          </Alert>
        )}
        {fetcher.data?.added && fetcher.state === 'idle' && (
          <Alert color="green" role="status" data-testid="agregado">
            Agregado al carrito.{' '}
            <Anchor component={Link} to="/carrito">
              Ver el carrito
            </Anchor>
          </Alert>
        )}
      </Stack>
    </fetcher.Form>
  );
}
