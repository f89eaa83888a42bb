// /dashboard/blog/editar-publicacion?id=N (admin): changes a post, its state and its scheduled time.
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { data, Link, redirect } from 'react-router';
import { BLOG_ROLES, getAllCategories, panelPost, updatePost } from '#domain/contracts/blog.ts';
import { formInput, unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { formErrors, requireRole } from '#web/lib/session.ts';
import type { Route } from './+types/editar-publicacion';
import { FormPublicacion, type PostFormResult, postValues } from './form-publicacion.tsx';

function idOf(request: Request): string {
  const id = new URL(request.url).searchParams.get('id') ?? '';
  if (!/^[1-9]\d{0,8}$/.test(id)) throw data({ message: 'La publicación no existe.' }, { status: 404 });
  return id;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  const id = idOf(request);
  const [post, categories] = await Promise.all([context.api.call(panelPost, { id }), context.api.call(getAllCategories, {})]);
  return { post: unwrap(post), categories: unwrap(categories) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, BLOG_ROLES);
  const id = Number(idOf(request));
  const values = postValues(await request.formData());
  const response = await context.api.call(updatePost, formInput(updatePost, { ...values, id }));
  if (!response.body.success) return data<PostFormResult>({ ...formErrors(response), values }, { status: response.status });
  return redirect(`/dashboard/blog/publicaciones?guardada=${encodeURIComponent(response.body.data.slug)}`);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Editar publicación');
}

export default function EditarPublicacion({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories } = loaderData;
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Editar publicación</Title>
        <Anchor component={Link} to="/dashboard/blog/publicaciones">
          ← Publicaciones
        </Anchor>
      </Group>
      <FormPublicacion
        key={post.updated_at}
        post={post}
        categories={categories}
        result={actionData as PostFormResult | undefined}
        submitLabel="Guardar cambios"
      />
    </Stack>
  );
}
