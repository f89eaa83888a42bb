// Step 1: the cart's articles with their units per store, editable.
import { Anchor, Badge, Button, Card, Group, NumberInput, Stack, Text } from '@mantine/core';
import { Form, Link } from 'react-router';
import type { CartView } from '#domain/contracts/carrito.ts';
import { fromCents, multiplyCents, toCents } from '#domain/money.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';
import { usePrecio } from '#web/components/precio.tsx';

export function PasoCarrito({ cart }: { cart: CartView }) {
  const format = usePrecio();
  return (
    <Stack gap="md">
      {cart.items.map((item) => {
        const unit = fromCents(toCents(item.price) - toCents(item.promotion));
        return (
          <Card key={item.articleCode} withBorder padding="md" data-testid={`linea-${item.articleCode}`}>
            <Group align="start" wrap="nowrap" gap="md">
              <img
                src={item.image || IMAGE_DEFAULT}
                alt=""
                width={96}
                height={120}
                style={{ borderRadius: 6, background: '#f1f1f1', flexShrink: 0 }}
                {...imageFallback}
              />
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Anchor component={Link} to={item.path} fw={600} c="dark">
                  {item.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  Color {item.colorName} · Talla {item.sizeLabel} · {item.articleCode}
                </Text>
                <Text size="sm">
                  {format(unit)} c/u · {item.quantity} {item.quantity === 1 ? 'unidad' : 'unidades'} ·{' '}
                  <strong>{format(fromCents(multiplyCents(toCents(unit), item.quantity)))}</strong> sin IVA
                </Text>
                {(toCents(item.discount) > 0 || toCents(item.couponDiscount) > 0) && (
                  <Stack gap={0} data-testid={`descuentos-${item.articleCode}`}>
                    {toCents(item.discount) > 0 && (
                      <Text size="sm" c="pink.8">
                        Descuento{item.discountName ? ` «${item.discountName}»` : ''}: −{format(item.discount)}
                      </Text>
                    )}
                    {toCents(item.couponDiscount) > 0 && (
                      <Text size="sm" c="pink.8">
                        Cupón {cart.coupon?.code ?? ''}: −{format(item.couponDiscount)}
                      </Text>
                    )}
                    <Text size="sm">
                      Queda en <strong>{format(item.net)}</strong> sin IVA
                    </Text>
                  </Stack>
                )}
                <Form method="post" aria-label={`Cantidades de ${item.name}`}>
                  <input type="hidden" name="articleCode" value={item.articleCode} />
                  <Stack gap={6}>
                    {item.stores.map((store) => (
                      <Group key={store.id} gap="sm" wrap="wrap" align="center">
                        <NumberInput
                          name={`tienda-${store.id}`}
                          label={`Tienda ${store.store}`}
                          defaultValue={store.quantity}
                          min={0}
                          max={Math.max(store.inventory, store.quantity)}
                          allowDecimal={false}
                          w={150}
                          size="xs"
                        />
                        {store.status === 'disponible' ? (
                          <Text size="xs" c="dimmed" mt={20}>
                            Disponibles: {store.inventory}
                          </Text>
                        ) : (
                          <Badge color="red" mt={20}>
                            Solo quedan {store.inventory}
                          </Badge>
                        )}
                      </Group>
                    ))}
                    <Group gap="xs">
                      <Button type="submit" name="intent" value="editar" size="xs" variant="light">
                        Actualizar cantidades
                      </Button>
                      <Button type="submit" name="intent" value="eliminar" size="xs" variant="subtle" color="red">
                        Quitar
                      </Button>
                    </Group>
                  </Stack>
                </Form>
              </Stack>
            </Group>
          </Card>
        );
      })}
      <Form method="post">
        <Button type="submit" name="intent" value="vaciar" variant="subtle" color="gray" size="xs">
          Vaciar el carrito
        </Button>
      </Form>
    </Stack>
  );
}
