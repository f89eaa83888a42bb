// /dashboard/blog/categoria (admin): the blog's categories, with how many visible posts each has, and a new one.
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { data, Form, useNavigation } from 'react-router';
import { addCategory, BLOG_LIMITS, BLOG_ROLES, getAllCategories } from '#domain/contracts/blog.ts';
import { fieldError } from '#web/components/campo-error.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/categoria';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  return { categories: unwrap(await context.api.call(getAllCategories, {})) };
}

type ActionResult = FormErrors & { saved?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  const form = await request.formData();
  const response = await context.api.call(addCategory, formInput(addCategory, { category: String(form.get('category') ?? '') }));
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return { saved: `Categoría «${response.body.data.category}» creada.` } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Categorías del blog');
}

export default function Categorias({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting';
  const result = actionData as ActionResult | undefined;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Categorías del blog</Title>
      {result?.saved && (
        <Alert color="green" role="status">
          {result.saved}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Form method="post" key={result?.saved ?? 'nueva'}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Nueva categoría"
              name="category"
              required
              maxLength={BLOG_LIMITS.category}
              error={fieldError(result, 'category') ?? (result?.errors ? undefined : result?.message)}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={busy} mt={25}>
              Agregar
            </Button>
          </Group>
        </Form>
      </Card>
      {loaderData.categories.length === 0 ? (
        <Text c="dimmed">Aún no hay categorías: cree la primera para poder escribir publicaciones.</Text>
      ) : (
        <Table striped data-testid="tabla-categorias">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Categoría</Table.Th>
              <Table.Th ta="right">Publicaciones visibles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.categories.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.category}</Table.Td>
                <Table.Td ta="right">{c.posts}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
