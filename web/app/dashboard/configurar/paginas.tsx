// /dashboard/configurar/paginas (admin): the store's content pages (privacy policy, terms,
// franchise and any other): edit title and text, add a page, delete one the footer does not link.
// Every change goes through this route's action, so the screen works without JavaScript.
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import {
  actualizarPagina,
  borrarPagina,
  crearPagina,
  isPaginaFija,
  type Pagina,
  paginaRoute,
  paginas as paginasRoute,
  paginaUrl,
} from '#domain/contracts/general.ts';
import { formatDate } from '#domain/dates.ts';
import { ownValue } from '#domain/tabla.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/paginas';

const ROLES = ['admin'] as const;
const PAGE = '/dashboard/configurar/paginas';
const FORMAT_HELP = 'Deje una línea en blanco entre párrafos; una línea que empieza con «## » es un subtítulo.';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, ROLES);
  const params = new URL(request.url).searchParams;
  const slug = params.get('pagina') ?? '';
  const [list, selected] = await Promise.all([
    context.api.call(paginasRoute, {}),
    /^[a-z0-9-]{1,60}$/.test(slug) ? context.api.call(paginaRoute, { slug }) : Promise.resolve(null),
  ]);
  return {
    paginas: unwrap(list),
    selected: selected?.body.success ? selected.body.data : null,
    nueva: params.get('nueva') === '1',
    hecho: params.get('hecho'),
  };
}

type ActionResult = FormErrors & { intent?: string; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, ROLES);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = Object.fromEntries(['slug', 'title', 'content'].map((f) => [f, String(form.get(f) ?? '')]));
  const response =
    intent === 'crear'
      ? await context.api.call(crearPagina, formInput(crearPagina, values))
      : intent === 'borrar'
        ? await context.api.call(borrarPagina, { slug: values.slug })
        : await context.api.call(actualizarPagina, { slug: values.slug, title: values.title, content: values.content });
  if (!response.body.success) return data<ActionResult>({ ...formErrors(response), intent, values }, { status: response.status });
  if (intent === 'borrar') return redirect(`${PAGE}?hecho=borrada`);
  return redirect(`${PAGE}?pagina=${values.slug}&hecho=${intent === 'crear' ? 'creada' : 'guardada'}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Páginas legales y de contenido');
}

const HECHO: Record<string, string> = {
  creada: 'Página creada. Ya se puede leer en la tienda.',
  guardada: 'Cambios guardados. La tienda ya muestra el texto nuevo.',
  borrada: 'Página borrada.',
};

function Editor({ pagina, result }: { pagina: Pagina; result: ActionResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent === 'guardar' ? result : undefined;
  const fijo = isPaginaFija(pagina.slug);
  return (
    <Card withBorder padding="lg" data-testid="editar-pagina">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Editar «{pagina.title}»
        </Title>
        <Anchor href={paginaUrl(pagina.slug)} target="_blank" rel="noopener" size="sm">
          Ver en la tienda
        </Anchor>
      </Group>
      <Form method="post">
        <input type="hidden" name="slug" value={pagina.slug} />
        <Stack gap="sm">
          <TextInput
            label="Título"
            name="title"
            required
            defaultValue={mine?.values?.title ?? pagina.title}
            error={fieldError(mine, 'title')}
          />
          <Textarea
            label="Texto"
            description={FORMAT_HELP}
            name="content"
            required
            autosize
            minRows={10}
            maxRows={30}
            defaultValue={mine?.values?.content ?? pagina.content}
            error={fieldError(mine, 'content')}
          />
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              Actualizada el {formatDate(pagina.updatedAt)}
            </Text>
            <Group gap="xs">
              {!fijo && (
                <Button type="submit" name="intent" value="borrar" color="red" variant="light" formNoValidate data-testid="borrar-pagina">
                  Borrar
                </Button>
              )}
              <Button type="submit" name="intent" value="guardar" loading={busy} data-testid="guardar-pagina">
                Guardar
              </Button>
            </Group>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

function Nueva({ result }: { result: ActionResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const mine = result?.intent === 'crear' ? result : undefined;
  return (
    <Card withBorder padding="lg" data-testid="nueva-pagina">
      <Title order={2} size="h4" mb="sm">
        Nueva página
      </Title>
      <Form method="post">
        <Stack gap="sm">
          <TextInput
            label="Dirección"
            description="Minúsculas, números y guiones: la página se leerá en /pagina/su-direccion"
            name="slug"
            required
            placeholder="politica-de-cambios"
            defaultValue={mine?.values?.slug}
            error={fieldError(mine, 'slug')}
          />
          <TextInput label="Título" name="title" required defaultValue={mine?.values?.title} error={fieldError(mine, 'title')} />
          <Textarea
            label="Texto"
            description={FORMAT_HELP}
            name="content"
            required
            autosize
            minRows={8}
            defaultValue={mine?.values?.content}
            error={fieldError(mine, 'content')}
          />
          <Group justify="flex-end">
            <Button type="submit" name="intent" value="crear" loading={busy} data-testid="crear-pagina">
              Crear página
            </Button>
          </Group>
        </Stack>
      </Form>
    </Card>
  );
}

export default function Paginas({ loaderData, actionData }: Route.ComponentProps) {
  const { paginas, selected, nueva, hecho } = loaderData;
  const result = actionData as ActionResult | undefined;
  const notice = hecho ? ownValue(HECHO, hecho) : undefined;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1}>Páginas legales y de contenido</Title>
          <Text size="sm" c="dimmed">
            Política de privacidad, términos y condiciones, franquicias y cualquier otra página de texto de la tienda.
          </Text>
        </div>
        <Button component={Link} to={`${PAGE}?nueva=1`} variant="light" data-testid="ir-a-nueva">
          Nueva página
        </Button>
      </Group>
      {notice && (
        <Alert color="green" role="status" data-testid="pagina-hecho">
          {notice}
        </Alert>
      )}
      {result?.message && !result.errors && (
        <Alert color="red" role="alert" data-testid="pagina-error">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" data-testid="lista-paginas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Página</Table.Th>
                <Table.Th visibleFrom="sm">Dirección</Table.Th>
                <Table.Th visibleFrom="sm">Actualizada</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paginas.map((p) => (
                <Table.Tr key={p.slug} bg={selected?.slug === p.slug ? 'gray.1' : undefined}>
                  <Table.Td>
                    <Anchor component={Link} to={`${PAGE}?pagina=${p.slug}`} fw={600}>
                      {p.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" c="dimmed">
                      {paginaUrl(p.slug)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{formatDate(p.updatedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {(nueva || result?.intent === 'crear') && <Nueva result={result} />}
      {selected && <Editor key={`${selected.slug}-${selected.updatedAt}`} pagina={selected} result={result} />}
    </Stack>
  );
}
