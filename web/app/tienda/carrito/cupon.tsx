// The coupon of the cart (checkout steps 1 and 5): type a code, or see the one applied and remove it.
// A real form: it works before the scripts load; the API says why a code cannot be used.
import { Button, Card, Group, Text, TextInput } from '@mantine/core';
import { Form, useNavigation } from 'react-router';
import type { CartView } from '#domain/contracts/carrito.ts';
import { describeRule } from '#domain/descuentos.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { usePrecio } from '#web/components/precio.tsx';
import type { FormErrors } from '#web/lib/session.ts';

export function CuponCarrito({ cart, result }: { cart: CartView; result: FormErrors | undefined }) {
  const format = usePrecio();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && ['cupon', 'quitar-cupon'].includes(String(navigation.formData?.get('intent')));
  const { coupon } = cart;
  if (coupon) {
    return (
      <Card withBorder padding="sm" data-testid="cupon-aplicado" data-aplica={coupon.applies ? 'si' : 'no'}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600} size="sm">
              Cupón {coupon.code}
              {coupon.name ? ` · ${coupon.name}` : ''}
              {coupon.applies ? ` (${describeRule(coupon.kind, coupon.value)})` : ''}
            </Text>
            {coupon.applies ? (
              <Text size="sm" c="pink.8" data-testid="cupon-descuento">
                Descuenta {format(coupon.discount)}
              </Text>
            ) : (
              <Text size="sm" c="red.8" data-testid="cupon-motivo">
                {coupon.message}
              </Text>
            )}
          </div>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="quitar-cupon"
              size="xs"
              variant="subtle"
              color="red"
              loading={busy}
              data-testid="cupon-quitar"
            >
              Quitar cupón
            </Button>
          </Form>
        </Group>
      </Card>
    );
  }
  const error = fieldError(result, 'code') ?? result?.message;
  return (
    <Card withBorder padding="sm">
      <Form method="post" aria-label="Cupón de descuento">
        <Group align="end" gap="sm" wrap="wrap">
          <TextInput
            name="code"
            label="¿Tiene un cupón?"
            placeholder="Código del cupón"
            maxLength={40}
            autoCapitalize="characters"
            autoComplete="off"
            error={error}
            style={{ flex: '1 1 180px' }}
            data-testid="cupon-codigo"
          />
          <Button type="submit" name="intent" value="cupon" variant="light" loading={busy} data-testid="cupon-aplicar">
            Aplicar
          </Button>
        </Group>
      </Form>
    </Card>
  );
}
