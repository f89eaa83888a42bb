// /dashboard/configurar/footer (admin): the store's footer — about text (paragraphs separated by
// «|»), address, phones, WhatsApp, e-mail, social links, copyright and logo. The form goes straight
// to POST /api/footer-content as multipart; the server strips tags and checks every field.
import { Alert, Button, Card, FileInput, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { footerContent, guardarFooter } from '#domain/contracts/general.ts';
import { CampoTelefono } from '#web/components/campo-identidad.tsx';
import { unwrap } from '#web/lib/api.ts';
import { useGuardarAMano } from '#web/lib/guardar-a-mano.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/footer';

const ROLES = ['admin'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  return { footer: unwrap(await context.api.call(footerContent, {})) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Pie de página');
}

const REDES = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['twitter', 'X (Twitter)'],
  ['youtube', 'YouTube'],
] as const;

export default function FooterEditor({ loaderData }: Route.ComponentProps) {
  const { footer } = loaderData;
  const { busy, saved, answer, error, send } = useGuardarAMano();
  const [version, setVersion] = useState(0);
  // Mantine's FileInput empties its own <input> after a choice: the file is kept here and sent by hand.
  const [logo, setLogo] = useState<File | null>(null);

  async function guardar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    body.delete('logo');
    if (logo) body.set('logo', logo);
    // Saved: the form is drawn again with the stored values.
    await send(`/api${guardarFooter.path}`, body, () => {
      setVersion((v) => v + 1);
      setLogo(null);
    });
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Pie de página</Title>
      <Text size="sm" c="dimmed">
        Lo que ven los clientes al final de cada página de la tienda.
      </Text>
      {saved && (
        <Alert color="green" role="status" data-testid="pie-guardado">
          Pie de página guardado. La tienda ya lo muestra.
        </Alert>
      )}
      {answer?.message && (
        <Alert color="red" role="alert">
          {answer.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={guardar} data-testid="form-footer" key={version}>
          <Stack gap="sm">
            <Textarea
              label="Sobre nosotros"
              description="Separe los párrafos con «|»."
              name="about_text"
              autosize
              minRows={3}
              defaultValue={footer.about_text.join(' | ')}
              error={error('about_text')}
              data-testid="sobre-nosotros"
            />
            <TextInput label="Dirección" name="address" defaultValue={footer.address} error={error('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CampoTelefono label="Teléfono principal" name="phone1" defaultValue={footer.phone1} error={error('phone1')} />
              <CampoTelefono label="Otro teléfono" name="phone2" defaultValue={footer.phone2} error={error('phone2')} />
              <CampoTelefono
                label="WhatsApp"
                description="El número al que escriben los clientes (ejemplo: +58 414-555-0101)."
                name="whatsapp"
                defaultValue={footer.whatsapp}
                error={error('whatsapp')}
              />
              <TextInput label="Correo" name="email" type="email" defaultValue={footer.email} error={error('email')} />
              {REDES.map(([name, label]) => (
                <TextInput
                  key={name}
                  label={label}
                  name={name}
                  type="url"
                  placeholder="https://…"
                  defaultValue={footer.social_links[name] ?? ''}
                  error={error(name)}
                />
              ))}
            </SimpleGrid>
            <TextInput
              label="Texto de derechos"
              name="copyright_text"
              defaultValue={footer.copyright_text}
              error={error('copyright_text')}
            />
            <FileInput
              label="Logo del pie"
              description="El pie es oscuro: use un logo con letras claras o fondo propio. JPEG, PNG o WebP de hasta 8 MB. Déjelo vacío para conservar el actual."
              value={logo}
              onChange={setLogo}
              accept="image/jpeg,image/png,image/webp"
              clearable
              placeholder="Elegir una imagen"
              error={error('logo')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="guardar-footer">
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
