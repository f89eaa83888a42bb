// /dashboard/aliados-comerciales (admin): the commercial partners shown on the home page and
// /franchise. Adding and editing send the form as multipart straight to /api/aliados (the logo is
// checked and re-encoded there); moving and removing go through this route's action.
import { ActionIcon, Alert, Anchor, Button, Card, FileInput, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { data, Form, useNavigation } from 'react-router';
import {
  ALIADOS_MAX,
  ALIADOS_ROLES,
  type Aliado,
  borrarAliado,
  crearAliado,
  listarAliados,
  moverAliado,
} from '#domain/contracts/aliados.ts';
import { imageFallback } from '#web/components/imagen.tsx';
import { unwrap } from '#web/lib/api.ts';
import { useGuardarAMano } from '#web/lib/guardar-a-mano.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/aliados';

const ACCEPT = 'image/jpeg,image/png,image/webp';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ALIADOS_ROLES);
  return { aliados: unwrap(await context.api.call(listarAliados, {})) };
}

type ActionResult = FormErrors & { done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ALIADOS_ROLES);
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const intent = String(form.get('intent') ?? '');
  if (intent !== 'quitar' && intent !== 'arriba' && intent !== 'abajo') {
    return data<ActionResult>({ message: 'No se reconoce la acción pedida.' }, { status: 400 });
  }
  const response =
    intent === 'quitar' ? await context.api.call(borrarAliado, { id }) : await context.api.call(moverAliado, { id, hacia: intent });
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return { done: intent === 'quitar' ? 'Aliado quitado.' : 'Orden guardado.' } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Aliados comerciales');
}

/** The add or edit form: name, link and logo, sent as multipart by hand (Mantine's FileInput keeps its file in state). */
function AliadoForm({ aliado, onSaved }: { aliado?: Aliado; onSaved: (message: string) => void }) {
  // The notice is the page's (an edited partner's form closes once saved): `saved` is not used.
  const { busy, answer, error, send } = useGuardarAMano();
  const [logo, setLogo] = useState<File | null>(null);
  const testId = aliado ? `form-aliado-${aliado.id}` : 'form-aliado-nuevo';

  async function guardar(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    body.delete('logo');
    if (logo) body.set('logo', logo);
    const url = aliado ? `/api/aliados/${aliado.id}` : `/api${crearAliado.path}`;
    await send(url, body, () => {
      if (!aliado) form.reset();
      setLogo(null);
      onSaved(aliado ? 'Aliado actualizado.' : 'Aliado agregado. Ya aparece en la tienda.');
    });
  }

  return (
    <form onSubmit={guardar} data-testid={testId} noValidate>
      <Stack gap="sm">
        {answer?.message && !answer.errors && (
          <Alert color="red" role="alert">
            {answer.message}
          </Alert>
        )}
        <TextInput label="Nombre" name="name" required maxLength={80} defaultValue={aliado?.name} error={error('name')} />
        <TextInput
          label="Enlace (opcional)"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={300}
          defaultValue={aliado?.url}
          error={error('url')}
        />
        <FileInput
          label={aliado ? 'Logo nuevo (opcional)' : 'Logo'}
          description="JPEG, PNG o WebP de hasta 8 MB"
          accept={ACCEPT}
          value={logo}
          onChange={setLogo}
          clearable
          placeholder="Elegir una imagen"
          required={!aliado}
          error={error('logo')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid={aliado ? 'guardar-aliado' : 'agregar-aliado'}>
            {aliado ? 'Guardar cambios' : 'Agregar aliado'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Fila({ aliado, first, last, onSaved }: { aliado: Aliado; first: boolean; last: boolean; onSaved: (m: string) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="aliado">
      <Group wrap="nowrap" gap="sm" align="center">
        <Image src={aliado.logo} alt={`Logo de ${aliado.name}`} w={96} h={48} fit="contain" {...imageFallback} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate data-testid="nombre-aliado">
            {aliado.name}
          </Text>
          {aliado.url ? (
            <Anchor href={aliado.url} size="xs" target="_blank" rel="noopener noreferrer" truncate>
              {aliado.url}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed">
              Sin enlace
            </Text>
          )}
        </Stack>
        <Form method="post">
          <input type="hidden" name="id" value={aliado.id} />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              type="submit"
              name="intent"
              value="arriba"
              variant="default"
              size="lg"
              disabled={first}
              aria-label={`Subir ${aliado.name}`}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              type="submit"
              name="intent"
              value="abajo"
              variant="default"
              size="lg"
              disabled={last}
              aria-label={`Bajar ${aliado.name}`}
            >
              ↓
            </ActionIcon>
          </Group>
        </Form>
      </Group>
      <Group gap="xs" mt="xs" justify="flex-end">
        <Button size="compact-sm" variant="default" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
          {editing ? 'Cerrar' : 'Editar'}
        </Button>
        <Form method="post">
          <input type="hidden" name="id" value={aliado.id} />
          <Button
            type="submit"
            name="intent"
            value="quitar"
            size="compact-sm"
            color="red"
            variant="light"
            aria-label={`Quitar ${aliado.name}`}
          >
            Quitar
          </Button>
        </Form>
      </Group>
      {editing && (
        <Card.Section withBorder inheritPadding py="sm" mt="sm">
          <AliadoForm
            aliado={aliado}
            onSaved={(m) => {
              setEditing(false);
              onSaved(m);
            }}
          />
        </Card.Section>
      )}
    </Card>
  );
}

export default function Aliados({ loaderData, actionData }: Route.ComponentProps) {
  const { aliados } = loaderData;
  const result = actionData as ActionResult | undefined;
  const [saved, setSaved] = useState<string | null>(null);
  // The latest of the two notices: a move or removal (action) after a save (fetch) replaces it.
  useEffect(() => {
    if (actionData) setSaved(null);
  }, [actionData]);
  // React Router hands over an action's answer before the loaders finish reloading: the notice waits
  // for the list, so «Orden guardado.» never sits above the old order.
  const settled = useNavigation().state === 'idle';
  const notice = saved ?? (settled ? result?.done : undefined);
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>Aliados comerciales</Title>
        <Text size="sm" c="dimmed">
          Las marcas y empresas aliadas que se muestran, en este orden, en la página de inicio y en Franquicias (hasta {ALIADOS_MAX}).
        </Text>
      </div>
      {notice && (
        <Alert color="green" role="status" data-testid="aliado-hecho">
          {notice}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      {aliados.length === 0 ? (
        <Text c="dimmed" data-testid="sin-aliados">
          Todavía no hay aliados. Agregue el primero abajo.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="aliados">
          {aliados.map((a, i) => (
            <Fila key={a.id} aliado={a} first={i === 0} last={i === aliados.length - 1} onSaved={setSaved} />
          ))}
        </Stack>
      )}
      {aliados.length < ALIADOS_MAX && (
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Agregar un aliado
          </Title>
          <AliadoForm onSaved={setSaved} />
        </Card>
      )}
    </Stack>
  );
}
