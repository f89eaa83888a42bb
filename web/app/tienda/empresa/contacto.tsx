// /contact: the store's phones and address, and the contact form.
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { numeroWhatsapp } from '#domain/identidad.ts';
import { type ContactoResult, enviarMensaje, FormularioContacto } from '#web/components/formulario-contacto.tsx';
import { PaginaSimple } from '#web/components/pagina-simple.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useRootData } from '#web/root.tsx';
import type { Route } from './+types/contacto';

export async function action({ request, context }: Route.ActionArgs) {
  return enviarMensaje(request, context, 'contacto');
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Contacto', {
    path: '/contact',
    description: 'Escríbanos: teléfonos, WhatsApp, correo, dirección y un formulario de contacto.',
  });
}

export default function Contacto({ actionData }: Route.ComponentProps) {
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
              <Anchor href={`https://wa.me/${numeroWhatsapp(footer.whatsapp)}`} rel="noopener">
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
      <Card withBorder padding="lg" style={{ position: 'relative' }}>
        <Title order={2} size="h3" mb="sm">
          Envíenos un mensaje
        </Title>
        <FormularioContacto result={actionData as ContactoResult | undefined} />
      </Card>
    </PaginaSimple>
  );
}
