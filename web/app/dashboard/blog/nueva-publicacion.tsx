// /dashboard/blog/nueva-publicacion (admin): writes a post; saved, it goes back to the list.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { data, Link, redirect } from 'react-router';
import { addPost, BLOG_ROLES, getAllCategories } from '#domain/contracts/blog.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/nueva-publicacion';
import { FormPublicacion, type PostFormResult, postValues } from './form-publicacion.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  return { categories: unwrap(await context.api.call(getAllCategories, {})) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  const values = postValues(await request.formData());
  const response = await context.api.call(addPost, formInput(addPost, values));
  if (!response.body.success) return data<PostFormResult>({ ...formErrors(response), values }, { status: response.status });
  return redirect(`/dashboard/blog/publicaciones?guardada=${encodeURIComponent(response.body.data.slug)}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Nueva publicación');
}

export default function NuevaPublicacion({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Nueva publicación</Title>
        <Anchor component={Link} to="/dashboard/blog/publicaciones">
          ← Publicaciones
        </Anchor>
      </Group>
      <FormPublicacion
        post={null}
        categories={loaderData.categories}
        result={actionData as PostFormResult | undefined}
        submitLabel="Guardar publicación"
      />
    </Stack>
  );
}
