// Uploads a model's photos with a progress bar: the form posts straight to the API; with JavaScript
// it goes through XMLHttpRequest (the only browser API that reports upload progress) and the page
// reloads its data when done; without it, the API sends the browser back to the product's page.
import { Alert, Button, Group, Input, List, Progress, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useRevalidator } from 'react-router';
import { FOTO_LIMITS } from '#domain/contracts/configuracion.ts';

type Estado = { progress: number | null; ok: string | null; errors: string[] };

export function SubirFotos({ code }: { code: string }) {
  const [estado, setEstado] = useState<Estado>({ progress: null, ok: null, errors: [] });
  const revalidator = useRevalidator();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    const count = body.getAll('fotos').filter((f) => f instanceof File && f.size > 0).length;
    if (count === 0) {
      setEstado({ progress: null, ok: null, errors: ['Elija al menos una foto.'] });
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setEstado((s) => ({ ...s, progress: Math.round((e.loaded / e.total) * 100) }));
    };
    xhr.onload = () => {
      let answer: { success?: boolean; message?: string; errors?: { fotos?: string[] } } = {};
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        answer = {};
      }
      if (xhr.status === 201) {
        const n = count;
        form.reset();
        setEstado({ progress: null, ok: n === 1 ? 'Se subió 1 foto.' : `Se subieron ${n} fotos.`, errors: [] });
        void revalidator.revalidate();
      } else {
        const errors = answer.errors?.fotos ?? [answer.message ?? 'No se pudieron subir las fotos. Intente de nuevo.'];
        setEstado({ progress: null, ok: null, errors });
      }
    };
    xhr.onerror = () => setEstado({ progress: null, ok: null, errors: ['Se perdió la conexión al subir las fotos. Intente de nuevo.'] });
    setEstado({ progress: 0, ok: null, errors: [] });
    xhr.send(body);
  }

  const uploading = estado.progress !== null;
  return (
    <form
      method="post"
      action={`/api/configuracion/productos/${encodeURIComponent(code)}/fotos`}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      data-testid="subir-fotos"
    >
      <Stack gap="xs">
        <Input.Wrapper
          label="Agregar fotos"
          description={`JPEG, PNG o WebP, de al menos ${FOTO_LIMITS.minWidth} × ${FOTO_LIMITS.minHeight} px y hasta ${FOTO_LIMITS.maxBytes / (1024 * 1024)} MB cada una (hasta ${FOTO_LIMITS.maxFilesPerUpload} a la vez). Se recortan a 4:5.`}
        >
          <input
            type="file"
            name="fotos"
            multiple
            accept="image/jpeg,image/png,image/webp"
            disabled={uploading}
            data-testid="archivo-fotos"
            style={{ display: 'block', maxWidth: '100%', marginTop: 6 }}
          />
        </Input.Wrapper>
        <Group>
          <Button type="submit" loading={uploading} data-testid="boton-subir">
            Subir fotos
          </Button>
        </Group>
        {uploading && (
          <Stack gap={2}>
            <Progress value={estado.progress ?? 0} animated aria-label="Progreso de la subida" data-testid="progreso-fotos" />
            <Text size="xs" c="dimmed">
              {estado.progress === 100 ? 'Convirtiendo las fotos…' : `Subiendo… ${estado.progress} %`}
            </Text>
          </Stack>
        )}
        {estado.ok && (
          <Alert color="green" role="status" data-testid="fotos-subidas">
            {estado.ok}
          </Alert>
        )}
        {estado.errors.length > 0 && (
          <Alert color="red" data-testid="error-fotos">
            <List size="sm">
              {estado.errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
