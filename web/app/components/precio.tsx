// Every price on a page renders through here: USD or VES at the tasa del día, es-VE format.
// <Precio> shows what a shopper pays for one unit, IVA included (PVP); the cart and the documents
// format their base, IVA and total with usePrecio.
import { Group, Text } from '@mantine/core';
import { formatMoney, toCents } from '#domain/money.ts';
import { precioAlPublico } from '#domain/precio-al-publico.ts';
import { useRootData } from '#web/root.tsx';

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
  size = 'md',
}: {
  price: string;
  promotion?: string;
  discount?: string;
  size?: 'sm' | 'md' | 'xl';
}) {
  const format = useFormatCents();
  const { pvpCents, beforeCents } = precioAlPublico({ price, promotion, discount });
  const fz = size === 'xl' ? 28 : size === 'sm' ? 'sm' : 'lg';
  if (beforeCents === null) {
    return (
      <Text fw={700} fz={fz} data-testid="precio">
        {format(pvpCents)}
      </Text>
    );
  }
  return (
    <Group gap={8} align="baseline" wrap="wrap">
      <Text fw={700} fz={fz} c="pink.9" data-testid="precio">
        {format(pvpCents)}
      </Text>
      <Text td="line-through" c="gray.7" fz="sm">
        <span className="visually-hidden">Antes: </span>
        {format(beforeCents)}
      </Text>
    </Group>
  );
}

/** The «−30 %» badge text of a reduced price, or null. */
export function descuentoVisible(p: { price: string; promotion?: string; discount?: string }): string | null {
  const { percentOff } = precioAlPublico(p);
  return percentOff > 0 ? `−${percentOff} %` : null;
}
