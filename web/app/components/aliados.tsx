// The commercial partners' logos (home page, /franchise), in the admin's order; nothing when there are none.
import { Anchor, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Aliado } from '#domain/contracts/aliados.ts';
import { imageFallback } from '#web/components/imagen.tsx';

const LOGO = { width: 160, height: 80 } as const;

export function AliadosComerciales({ aliados }: { aliados: readonly Aliado[] }) {
  if (aliados.length === 0) return null;
  return (
    <Stack component="section" gap="md" aria-labelledby="aliados-titulo" data-testid="aliados-comerciales">
      <Title order={2} id="aliados-titulo" fz={{ base: 24, sm: 32 }}>
        Nuestros aliados
      </Title>
      <SimpleGrid cols={{ base: 3, sm: 4, md: 6 }} spacing="md">
        {aliados.map((a) => {
          const logo = (
            <img
              key="logo"
              src={a.logo}
              alt={a.name}
              width={LOGO.width}
              height={LOGO.height}
              loading="lazy"
              style={{ display: 'block', width: '100%', height: 'auto', objectFit: 'contain' }}
              {...imageFallback}
            />
          );
          return a.url ? (
            <Anchor key={a.id} href={a.url} target="_blank" rel="noopener noreferrer" aria-label={`${a.name} (se abre en otra pestaña)`}>
              {logo}
            </Anchor>
          ) : (
            <div key={a.id}>{logo}</div>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
