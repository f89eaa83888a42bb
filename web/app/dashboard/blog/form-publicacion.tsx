// The form of a post, shared by «Nueva publicación» and «Editar publicación»: title, slug, category,
// state (borrador, publicado or programado with its date and time), picture and content.
import { Alert, Button, Card, Group, Input, NativeSelect, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { POST_STATUS_LABELS, POST_STATUSES, type PostStatus } from '#domain/blog.ts';
import type { BlogCategory, BlogPost } from '#domain/contracts/blog.ts';
import { caracasParts } from '#domain/dates.ts';
import { fieldError } from '#web/components/campo-error.ts';
import type { FormErrors } from '#web/lib/session.ts';
import { EditorTexto } from './editor-texto.tsx';
import { ImagenPublicacion } from './imagen-publicacion.tsx';

export const POST_FIELDS = ['title', 'slug', 'content', 'status', 'schedule_post', 'category_id', 'images'] as const;

export type PostFormResult = FormErrors & { values?: Record<string, string> };

/** The fields of the form as the API takes them (the API validates them and answers per field). */
export function postValues(form: FormData): Record<string, string> {
  return Object.fromEntries(POST_FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local field shows it, in Caracas time. */
function localValue(iso: string | null): string {
  if (!iso) return '';
  const p = caracasParts(iso);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

export function FormPublicacion({
  post,
  categories,
  result,
  submitLabel,
}: {
  post: BlogPost | null;
  categories: BlogCategory[];
  result: PostFormResult | undefined;
  submitLabel: string;
}) {
  const busy = useNavigation().state === 'submitting';
  const sent = result?.values;
  const [status, setStatus] = useState<PostStatus>((sent?.status as PostStatus) || post?.status || 'borrador');
  const error = (field: string) => fieldError(result, field);
  const image = sent ? sent.images || null : (post?.images?.split('/').pop() ?? null);
  return (
    <Form method="post" data-testid="form-publicacion">
      <Stack gap="md">
        {result?.message && (
          <Alert color="red" role="alert">
            {result.errors ? 'Revise los campos marcados.' : result.message}
          </Alert>
        )}
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput
              label="Título"
              name="title"
              required
              maxLength={160}
              defaultValue={sent?.title ?? post?.title ?? ''}
              error={error('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Slug (dirección)"
                name="slug"
                description="Vacío: se forma del título"
                placeholder="moda-de-verano"
                defaultValue={sent?.slug ?? post?.slug ?? ''}
                error={error('slug')}
              />
              <NativeSelect
                label="Categoría"
                name="category_id"
                required
                defaultValue={sent?.category_id ?? String(post?.category_id ?? '')}
                error={error('category_id')}
                data={[{ value: '', label: 'Elija una categoría' }, ...categories.map((c) => ({ value: String(c.id), label: c.category }))]}
              />
            </SimpleGrid>
            <Input.Wrapper label="Estado" error={error('status')}>
              <input type="hidden" name="status" value={status} />
              <SegmentedControl
                display="flex"
                mt={4}
                value={status}
                onChange={(v) => setStatus(v as PostStatus)}
                data={POST_STATUSES.map((s) => ({ value: s, label: POST_STATUS_LABELS[s] }))}
                aria-label="Estado de la publicación"
              />
            </Input.Wrapper>
            {status === 'programado' && (
              <TextInput
                type="datetime-local"
                label="Publicar el (hora de Caracas)"
                name="schedule_post"
                required
                defaultValue={sent?.schedule_post ?? localValue(post?.schedule_post ?? null)}
                error={error('schedule_post')}
                data-testid="fecha-programada"
              />
            )}
            <ImagenPublicacion initial={image} initialUrl={image ? `/uploads/${image}` : null} error={error('images')} />
          </Stack>
        </Card>
        <EditorTexto name="content" initial={sent?.content ?? post?.content ?? ''} error={error('content')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="guardar-publicacion">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
