// The articles of an order as a shopper reads them: picture, name, colour and size, store, units and
// what the line costs; one card per line, so nothing is cut on a 360 px phone.
import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderStatus } from '#domain/contracts/orden-compra.ts';
import { formatUsd, toCents } from '#domain/money.ts';
import { IMAGE_DEFAULT, imageFallback } from '#web/components/imagen.tsx';

type Item = OrderStatus['items'][number];

export function ArticulosOrden({ items, below }: { items: Item[]; below?: (item: Item) => ReactNode }) {
  return (
    <Stack gap="xs" data-testid="articulos-orden">
      {items.map((item) => (
        <Card key={`${item.articleCode}-${item.store}`} withBorder padding="sm" data-testid={`articulo-orden-${item.articleCode}`}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <img
              src={item.image ?? IMAGE_DEFAULT}
              alt={item.name}
              width={64}
              height={64}
              loading="lazy"
              style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }}
              {...imageFallback}
            />
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Text>
              <Text size="xs">
                {[item.color, item.size ? `talla ${item.size}` : null].filter(Boolean).join(' · ')}
                {item.color || item.size ? ' · ' : ''}
                {item.quantity} {item.quantity === 1 ? 'unidad' : 'unidades'} · {item.store}
              </Text>
              {below?.(item)}
            </Stack>
            <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatUsd(toCents(item.net))}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
