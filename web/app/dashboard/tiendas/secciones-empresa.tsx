// The company sections on «Sobre nosotros» (misión, visión, valores, quiénes somos): one small form
// each, saved with PATCH /api/general/empresa through the page's action (intent «seccion»).
import { Alert, Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useFetcher } from 'react-router';
import type { EmpresaSeccion } from '#domain/contracts/general.ts';

type Result = { saved?: string | null; message?: string; errors?: Record<string, string[]> } | undefined;

function Seccion({ seccion }: { seccion: EmpresaSeccion }) {
  const fetcher = useFetcher<Result>();
  const result = fetcher.data;
  const error = (field: string) => result?.errors?.[field]?.[0];
  return (
    <fetcher.Form method="post" data-testid={`seccion-${seccion.section}`}>
      <input type="hidden" name="intent" value="seccion" />
      <input type="hidden" name="section" value={seccion.section} />
      <Stack gap="xs">
        <TextInput label="Título" name="title" defaultValue={seccion.title} error={error('title')} />
        <Textarea label="Texto" name="content" autosize minRows={3} defaultValue={seccion.content} error={error('content')} />
        {result?.message && !result.errors && (
          <Alert color="red" role="alert">
            {result.message}
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap">
          <span role="status">{result?.saved ?? ''}</span>
          <Button type="submit" variant="light" loading={fetcher.state !== 'idle'}>
            Guardar {seccion.title.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </fetcher.Form>
  );
}

export function SeccionesEmpresa({ secciones }: { secciones: EmpresaSeccion[] }) {
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="sm">
        Secciones de «Sobre nosotros»
      </Title>
      <Stack gap="lg">
        {secciones.map((s) => (
          <Seccion key={s.section} seccion={s} />
        ))}
      </Stack>
    </Card>
  );
}
