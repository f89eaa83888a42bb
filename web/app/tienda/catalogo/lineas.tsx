import { Anchor, Card, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { linePath, subLinePath } from '#domain/catalogo-urls.ts';
import { CATALOGO_PDF_URL } from '#domain/contracts/catalogo-archivo.ts';
import { imageFallback } from '#web/components/imagen.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/lineas';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Líneas', { path: '/linea', description: 'Todas las líneas de ropa y calzado de la tienda.' });
}

export default function Lineas() {
  const { lines } = useRootData();
  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs" mb="lg">
        <Title order={1}>Líneas</Title>
        <Anchor href={CATALOGO_PDF_URL} download fw={600} data-testid="catalogo-pdf">
          Descargar el catálogo (PDF)
        </Anchor>
      </Group>
      <Stack gap="xl">
        {lines.map((line) => (
          <Card key={line.code} withBorder padding="lg">
            <Group justify="space-between" mb="sm">
              <div>
                <Title order={2} size="h3">
                  <Anchor component={Link} to={linePath(line.code)} c="dark" fz="inherit" fw="inherit">
                    {line.name}
                  </Anchor>
                </Title>
                <Text c="gray.7" size="sm">
                  {line.description}
                </Text>
              </div>
              <Anchor component={Link} to={subLinePath(line.code)} fw={600}>
                Ver todos los artículos
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
              {line.sublineas.map((sub) => (
                <Card key={sub.code} component={Link} to={subLinePath(line.code, sub.code)} padding="xs" withBorder>
                  {sub.image && (
                    <Card.Section>
                      <Image
                        src={sub.image.replace('-640.', '-320.')}
                        {...imageFallback}
                        alt=""
                        w="100%"
                        h="auto"
                        width={320}
                        height={400}
                        loading="lazy"
                        style={{ aspectRatio: '4 / 5' }}
                      />
                    </Card.Section>
                  )}
                  <Text fw={600} size="sm" mt={6}>
                    {sub.name}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {sub.models} modelos
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
