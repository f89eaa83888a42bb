// The post's picture: chosen here, sent at once to /api/blog/upload-image (checked and re-encoded
// there); the stored name goes with the form in the hidden field «images».
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { uploadImage } from '#domain/contracts/blog.ts';
import { IMAGE_DEFAULT } from '#web/components/imagen.tsx';

export function ImagenPublicacion({ initial, initialUrl, error }: { initial: string | null; initialUrl: string | null; error?: string }) {
  const [name, setName] = useState(initial ?? '');
  const [url, setUrl] = useState(initialUrl);
  const [problem, setProblem] = useState<string | undefined>(error);
  const [busy, setBusy] = useState(false);

  async function subir(file: File | null) {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    try {
      const body = new FormData();
      body.append('imagen', file);
      const response = await fetch(`/api${uploadImage.path}`, { method: 'POST', body, credentials: 'same-origin' });
      const answer = (await response.json().catch(() => null)) as {
        success?: boolean;
        message?: string;
        data?: { images: string; url: string };
      } | null;
      if (!response.ok || !answer?.data) {
        setProblem(answer?.message ?? 'La imagen no se pudo subir. Intente de nuevo.');
        return;
      }
      setName(answer.data.images);
      setUrl(answer.data.url);
    } catch {
      setProblem('La imagen no se pudo subir: revise su conexión e intente de nuevo.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Input.Wrapper label="Imagen" description="JPEG, PNG o WebP de hasta 8 MB. Sin imagen se muestra la de respaldo." error={problem}>
      <input type="hidden" name="images" value={name} />
      <Stack gap="xs" mt={4}>
        <Image src={url ?? IMAGE_DEFAULT} alt="Imagen de la publicación" maw={360} radius="sm" data-testid="vista-imagen" />
        <Group gap="xs" wrap="wrap">
          <FileButton onChange={subir} accept="image/jpeg,image/png,image/webp">
            {(props) => (
              <Button {...props} variant="light" loading={busy} data-testid="elegir-imagen">
                {name ? 'Cambiar imagen' : 'Elegir imagen'}
              </Button>
            )}
          </FileButton>
          {name && (
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                setName('');
                setUrl(null);
              }}
            >
              Quitar imagen
            </Button>
          )}
        </Group>
        {busy && <Text size="sm">Subiendo la imagen…</Text>}
      </Stack>
    </Input.Wrapper>
  );
}
