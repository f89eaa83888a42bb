// /galeria: the store's photos, newest first, twelve per page; a photo opens in the lightbox.
import { Container, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { fotos as fotosRoute } from '#domain/contracts/galeria.ts';
import { Paginacion } from '#web/components/paginacion.tsx';
import { unwrapList } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import type { Route } from './+types/galeria';
import { Visor } from './visor.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('page') ?? '';
  const page = /^[1-9]\d{0,8}$/.test(asked) ? asked : undefined;
  const { items, meta } = unwrapList(await context.api.call(fotosRoute, { page }));
  return { fotos: items, meta };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const page = data && data.meta.current_page > 1 ? `?page=${data.meta.current_page}` : '';
  return pageMeta(matches, 'Galería', { path: `/galeria${page}`, description: 'Fotos de nuestras colecciones y tiendas.' });
}

export default function Galeria({ loaderData }: Route.ComponentProps) {
  const { fotos, meta } = loaderData;
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>Galería</Title>
        <Text c="dimmed">Fotos de nuestras colecciones y tiendas.</Text>
        {fotos.length === 0 ? (
          <Text c="dimmed" data-testid="galeria-vacia">
            La galería aún no tiene fotos.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm" data-testid="galeria">
            {fotos.map((foto, i) => (
              <UnstyledButton
                key={foto.id}
                component="a"
                href={foto.large}
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(i);
                }}
                aria-label={`Ver ${foto.title || `foto ${i + 1}`} en grande`}
                data-testid="miniatura"
              >
                <Image
                  src={foto.thumb}
                  alt={foto.title || `Foto ${i + 1} de la galería`}
                  loading={i < 4 ? 'eager' : 'lazy'}
                  radius="sm"
                  style={{ aspectRatio: '4 / 3', objectFit: 'cover' }}
                />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        <Paginacion meta={meta} label="fotos" />
      </Stack>
      <Visor fotos={fotos} index={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </Container>
  );
}
