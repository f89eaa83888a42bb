import { Anchor, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/contacto';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Contacto', { path: '/contact', description: 'Teléfonos, WhatsApp, correo y dirección de la tienda.' });
}

export default function Contacto() {
  const { footer } = useRootData();
  return (
    <PaginaSimple title="Contacto" intro="Escríbanos o llámenos: le atendemos de lunes a sábado de 8:00 a 18:00.">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Stack gap={6}>
            <Text fw={700}>Teléfonos</Text>
            {[footer.phone1, footer.phone2].filter(Boolean).map((phone) => (
              <Anchor key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                {phone}
              </Anchor>
            ))}
            {footer.whatsapp && (
              <Anchor href={`https://wa.me/${footer.whatsapp.replace(/\D/g, '')}`} rel="noopener">
                WhatsApp {footer.whatsapp}
              </Anchor>
            )}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap={6}>
            <Text fw={700}>Correo y oficina</Text>
            {footer.email && <Anchor href={`mailto:${footer.email}`}>{footer.email}</Anchor>}
            <Text size="sm">{footer.address}</Text>
          </Stack>
        </Card>
      </SimpleGrid>
    </PaginaSimple>
  );
}
