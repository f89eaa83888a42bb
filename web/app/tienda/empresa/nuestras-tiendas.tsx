// /nuestras-tiendas: the active stores a shopper may visit, with address, phone, hours and a map link
// (GET /api/almacen/nuestras-tiendas; warehouses and inactive stores are left out).
import { Anchor, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { nuestrasTiendas } from '#domain/contracts/almacen.ts';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/nuestras-tiendas';

export async function loader({ context }: Route.LoaderArgs) {
  return { tiendas: unwrap(await context.api.call(nuestrasTiendas, {})) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Nuestras tiendas', {
    path: '/nuestras-tiendas',
    description: 'Direcciones, teléfonos y horarios de nuestras tiendas en Venezuela.',
  });
}

export default function NuestrasTiendas({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="lg">
        Nuestras tiendas
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {loaderData.tiendas.map((tienda) => (
          <Card key={tienda.id} withBorder padding="lg" data-testid="tienda">
            <Stack gap={4}>
              <Title order={2} size="h4">
                {tienda.name}
              </Title>
              <Text fw={600} c="pink.8">
                {tienda.city}, {tienda.state}
              </Text>
              <Text size="sm">{tienda.address}</Text>
              <Group gap="md" wrap="wrap">
                {tienda.phone && (
                  <Anchor href={`tel:${tienda.phone.replace(/\D/g, '')}`} size="sm">
                    {tienda.phone}
                  </Anchor>
                )}
                {tienda.mapUrl && (
                  <Anchor href={tienda.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="tienda-mapa">
                    Ver en el mapa
                  </Anchor>
                )}
              </Group>
              {tienda.hours && (
                <Text size="sm" c="dimmed">
                  {tienda.hours}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {tienda.ships ? 'Despacha pedidos en línea y entrega en tienda.' : 'Entrega en tienda.'}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
