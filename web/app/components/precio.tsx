// Every price on a page renders through here: USD or VES at the tasa del día, es-VE format.
import { Group, Text } from '@mantine/core';
import { formatMoney, fromCents, toCents } from '#domain/money.ts';
import { useRootData } from '#web/root.tsx';

export function usePrecio() {
  const { currency, rate } = useRootData();
  return (usd: string) => formatMoney(toCents(usd), currency, rate.amount);
}

/** `discount`: the automatic discount per unit (descuento module), taken off after the promotion. */
export function Precio({
  price,
  promotion = '0',
  discount = '0',
  size = 'md',
}: {
  price: string;
  promotion?: string;
  discount?: string;
  size?: 'sm' | 'md' | 'xl';
}) {
  const format = usePrecio();
  const promo = toCents(promotion) + toCents(discount);
  const final = toCents(price) - promo;
  const fz = size === 'xl' ? 28 : size === 'sm' ? 'sm' : 'lg';
  if (promo <= 0) {
    return (
      <Text fw={700} fz={fz} data-testid="precio">
        {format(price)}
      </Text>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fw={700} fz={fz} c="pink.8" data-testid="precio">
        {format(fromCents(final))}
      </Text>
      <Text td="line-through" c="dimmed" fz="sm">
        <span className="visually-hidden">Antes: </span>
        {format(price)}
      </Text>
    </Group>
  );
}
