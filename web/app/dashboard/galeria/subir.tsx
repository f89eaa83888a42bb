// /dashboard/galeria/UploadImage (admin, inventario): uploads photos to the gallery with a progress
// bar. XMLHttpRequest is the one browser API that reports an upload's progress.
import { Alert, Button, Card, FileInput, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GALERIA_LIMITS, GALERIA_ROLES, upload } from '#domain/contracts/galeria.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { requireRole } from '#web/lib/session.ts';
import { postWithProgress } from '#web/lib/subir-con-progreso.ts';
import type { Route } from './+types/subir';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, GALERIA_ROLES);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Subir fotos a la galería');
}

type Answer = { success?: boolean; message?: string; errors?: { fotos?: string[] }; data?: unknown[] };

function send(files: File[], title: string, onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append('title', title);
  for (const file of files) body.append('fotos', file);
  return postWithProgress<Answer>(`/api${upload.path}`, body, onProgress);
}

export default function SubirFotos() {
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  async function subir() {
    if (files.length === 0) {
      setProblems(['Elija al menos una foto.']);
      return;
    }
    setProblems([]);
    setProgress(0);
    const { status, body } = await send(files, title, setProgress);
    if (status === 201 && body?.data) {
      navigate(`/dashboard/galeria?subidas=${body.data.length}`);
      return;
    }
    setProgress(null);
    setProblems(
      body?.errors?.fotos ?? [
        body?.message ?? (status === 0 ? 'No hay conexión con la tienda: intente de nuevo.' : 'Las fotos no se pudieron subir.'),
      ],
    );
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Subir fotos a la galería</Title>
      <Text size="sm" c="dimmed">
        Hasta {GALERIA_LIMITS.filesPerUpload} fotos JPEG, PNG o WebP de 8 MB cada una. Se guardan en tres tamaños, sin los datos de la
        cámara.
      </Text>
      {problems.length > 0 && (
        <Alert color="red" role="alert" data-testid="errores-subida">
          <Stack gap={2}>
            {problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <FileInput
            label="Fotos"
            placeholder="Elegir fotos"
            multiple
            clearable
            accept="image/jpeg,image/png,image/webp"
            value={files}
            onChange={setFiles}
            data-testid="archivos"
          />
          <TextInput
            label="Título (opcional)"
            maxLength={GALERIA_LIMITS.title}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          {progress !== null && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label="Progreso de la subida" data-testid="progreso" />
              <Text size="xs" c="dimmed">
                {progress < 100 ? `Subiendo… ${progress} %` : 'Procesando las fotos…'}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button onClick={subir} loading={progress !== null} data-testid="subir-fotos">
              Subir
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
