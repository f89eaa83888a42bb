// /dashboard/configurar/pagina-web (admin): the store's name, logo, banner, offer, facilities and
// size guide. The form goes straight to POST /api/general/info-pagina as multipart (the pictures
// are checked and re-encoded there); the page then reloads what was stored.
import { Alert, Button, Card, FileInput, Group, Image, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { guardarInfoPagina, infoPaginaRoute } from '#domain/contracts/general.ts';
import { unwrap } from '#web/lib/api.ts';
import { useGuardarAMano } from '#web/lib/guardar-a-mano.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/pagina-web';

const ROLES = ['admin'] as const;
const ACCEPT = 'image/jpeg,image/png,image/webp';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  return { info: unwrap(await context.api.call(infoPaginaRoute, {})) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Página web');
}

export default function PaginaWeb({ loaderData }: Route.ComponentProps) {
  const { info } = loaderData;
  const { busy, saved, answer, error, send } = useGuardarAMano();
  const [version, setVersion] = useState(0);
  // Mantine's FileInput empties its own <input> after a choice: the files are kept here and sent by hand.
  const [files, setFiles] = useState<Partial<Record<'logo' | 'banner', File | null>>>({});

  async function guardar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = new FormData(event.currentTarget);
    for (const field of ['logo', 'banner'] as const) {
      body.delete(field);
      const file = files[field];
      if (file) body.set(field, file);
    }
    // Saved: the form is drawn again with the stored values.
    await send(`/api${guardarInfoPagina.path}`, body, () => {
      setVersion((v) => v + 1);
      setFiles({});
    });
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Página web</Title>
      <Text size="sm" c="dimmed">
        El logo, el banner y los textos que ven los clientes en la tienda. Las imágenes deben ser JPEG, PNG o WebP de hasta 8 MB.
      </Text>
      {saved && (
        <Alert color="green" role="status" data-testid="pagina-guardada">
          Ajustes de la página guardados. La tienda ya los muestra.
        </Alert>
      )}
      {answer?.message && (
        <Alert color="red" role="alert">
          {answer.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <form onSubmit={guardar} data-testid="form-pagina-web" key={version}>
          <Stack gap="sm">
            <TextInput label="Nombre de la tienda" name="storeName" defaultValue={info.storeName} error={error('storeName')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={6}>
                <FileInput
                  label="Logo"
                  accept={ACCEPT}
                  value={files.logo ?? null}
                  onChange={(file) => setFiles((f) => ({ ...f, logo: file }))}
                  clearable
                  placeholder="Elegir una imagen"
                  error={error('logo')}
                />
                <Image src={info.logo || '/imagenes/logo.svg'} alt="Logo actual" h={48} w="auto" fit="contain" maw="100%" />
              </Stack>
              <Stack gap={6}>
                <FileInput
                  label="Banner de la página de inicio"
                  value={files.banner ?? null}
                  onChange={(file) => setFiles((f) => ({ ...f, banner: file }))}
                  accept={ACCEPT}
                  clearable
                  placeholder="Elegir una imagen"
                  error={error('banner')}
                  data-testid="banner-archivo"
                />
                <Image
                  src={info.banner || '/imagenes/banner.webp'}
                  alt="Banner actual"
                  radius="sm"
                  maw="100%"
                  data-testid="banner-actual"
                />
              </Stack>
            </SimpleGrid>
            <TextInput label="Oferta" name="offer" defaultValue={info.offer} error={error('offer')} data-testid="oferta" />
            <Textarea
              label="Facilidades (envíos, pagos, retiro)"
              name="facility"
              autosize
              minRows={2}
              defaultValue={info.facility}
              error={error('facility')}
            />
            <Textarea
              label="Guía de tallas"
              description="Una fila por línea y las columnas separadas por «|» (ejemplo: Talla|Busto (cm)|Cintura (cm))."
              name="sizeGuide"
              autosize
              minRows={4}
              defaultValue={info.sizeGuide}
              error={error('sizeGuide')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={busy} data-testid="guardar-pagina-web">
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
