import { Card, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { empresa } from '#domain/contracts/general.ts';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/sobre-nosotros';

export async function loader({ context }: Route.LoaderArgs) {
  return { secciones: unwrap(await context.api.call(empresa, {})) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Sobre nosotros', { path: '/sobre-nosotros', description: 'Quiénes somos, nuestra misión, visión y valores.' });
}

export default function SobreNosotros({ loaderData }: Route.ComponentProps) {
  const quienes = loaderData.secciones.find((s) => s.section === 'quienes_somos');
  const otras = loaderData.secciones.filter((s) => s.section !== 'quienes_somos');
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Sobre nosotros
      </Title>
      {quienes && (
        <Card withBorder padding="xl" mb="xl">
          <Title order={2} size="h3" mb="sm">
            {quienes.title}
          </Title>
          <Text>{quienes.content || 'Pronto contaremos nuestra historia aquí.'}</Text>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {otras.map((s) => (
          <Card key={s.section} withBorder padding="lg">
            <Title order={2} size="h4" mb="xs" c="pink.8">
              {s.title}
            </Title>
            <Text size="sm">{s.content || 'Contenido en preparación.'}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
