// /dashboard/catalogo (admin, inventario): the catalogue PDF's state (last build, building), «Generar
// ahora», uploading our own PDF with a progress bar (XMLHttpRequest reports an upload's progress)
// and removing it, and the public download link.
import { Alert, Anchor, Badge, Button, Card, FileInput, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { data, Form, useNavigation, useRevalidator } from 'react-router';
import {
  CATALOGO_ARCHIVO_MAX_BYTES,
  CATALOGO_ARCHIVO_ROLES,
  CATALOGO_PDF_URL,
  estado,
  generar,
  quitarSubido,
  subir,
} from '#domain/contracts/catalogo-archivo.ts';
import { formatDateTime } from '#domain/dates.ts';
import { formatAmount } from '#domain/money.ts';
import { unwrap } from '#web/lib/api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { type FormErrors, formErrors, requireRole } from '#web/lib/session.ts';
import { postWithProgress } from '#web/lib/subir-con-progreso.ts';
import type { Route } from './+types/catalogo';

const MB = 1024 * 1024;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context.api, CATALOGO_ARCHIVO_ROLES);
  return unwrap(await context.api.call(estado, {}));
}

/** «820 KB», «12,50 MB». */
function tamano(bytes: number): string {
  return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${formatAmount(Math.round((bytes / MB) * 100))} MB`;
}

type ActionResult = FormErrors & { hecho?: string };

export async function action({ request, context }: Route.ActionArgs) {
  await requireRole(request, context.api, CATALOGO_ARCHIVO_ROLES);
  const form = await request.formData();
  const quitar = form.get('intent') === 'quitar';
  const response = await context.api.call(quitar ? quitarSubido : generar, {});
  if (!response.body.success) return data<ActionResult>(formErrors(response), { status: response.status });
  return {
    hecho: quitar ? 'Se quitó el catálogo subido: el enlace público sirve el generado.' : 'Catálogo generado.',
  } satisfies ActionResult;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, 'Catálogo PDF');
}

type Answer = { success?: boolean; message?: string };

function send(file: File, onProgress: (percent: number) => void) {
  const body = new FormData();
  body.append('archivo', file);
  return postWithProgress<Answer>(`/api${subir.path}`, body, onProgress);
}

function Subida() {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function enviar() {
    if (!file) {
      setMessage({ ok: false, text: 'Elija el archivo PDF del catálogo.' });
      return;
    }
    if (file.size > CATALOGO_ARCHIVO_MAX_BYTES) {
      setMessage({ ok: false, text: `El archivo pesa más de ${CATALOGO_ARCHIVO_MAX_BYTES / MB} MB.` });
      return;
    }
    setMessage(null);
    setProgress(0);
    const { status, body } = await send(file, setProgress);
    setProgress(null);
    if (status === 201) {
      setFile(null);
      setMessage({ ok: true, text: 'Catálogo subido: el enlace público lo sirve desde ahora.' });
      revalidator.revalidate();
      return;
    }
    setMessage({
      ok: false,
      text: body?.message ?? (status === 0 ? 'No hay conexión con la tienda: intente de nuevo.' : 'El catálogo no se pudo subir.'),
    });
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Subir un catálogo propio
        </Title>
        <Text size="sm" c="dimmed">
          Un PDF de hasta {CATALOGO_ARCHIVO_MAX_BYTES / MB} MB. Mientras exista, el enlace público lo sirve en lugar del generado.
        </Text>
        {message && (
          <Alert color={message.ok ? 'green' : 'red'} role={message.ok ? 'status' : 'alert'} data-testid="mensaje-subida">
            {message.text}
          </Alert>
        )}
        <FileInput
          label="Archivo PDF"
          placeholder="Elegir el PDF"
          clearable
          accept="application/pdf,.pdf"
          value={file}
          onChange={setFile}
          data-testid="archivo-catalogo"
        />
        {progress !== null && (
          <Stack gap={4}>
            <Progress value={progress} animated aria-label="Progreso de la subida" data-testid="progreso" />
            <Text size="xs" c="dimmed">
              {progress < 100 ? `Subiendo… ${progress} %` : 'Revisando el archivo…'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button onClick={enviar} loading={progress !== null} data-testid="subir-catalogo">
            Subir
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function CatalogoPanel({ loaderData, actionData }: Route.ComponentProps) {
  const state = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent');
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Catálogo PDF</Title>
      {result?.hecho && (
        <Alert color="green" role="status" data-testid="resultado">
          {result.hecho}
        </Alert>
      )}
      {result?.message && (
        <Alert color="red" role="alert">
          {result.message}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              Catálogo generado
            </Title>
            {state.en_construccion ? <Badge color="orange">En construcción</Badge> : <Badge color="green">Listo</Badge>}
          </Group>
          <Text size="sm" data-testid="ultima-generacion">
            Última generación: {state.generado_en ? formatDateTime(state.generado_en) : 'todavía no se ha generado'}
          </Text>
          <Text size="sm" c="dimmed">
            Por línea y sub-línea, con una foto por modelo, sus tallas con existencia, el color y el precio con IVA en US$ y en Bs. a la
            tasa del día. Se vuelve a generar solo cuando cambian los precios, la existencia o la tasa; mientras tanto se descarga el
            último.
          </Text>
          <Group gap="sm" wrap="wrap">
            <Form method="post">
              <input type="hidden" name="intent" value="generar" />
              <Button type="submit" loading={busy === 'generar'} data-testid="generar-ahora">
                Generar ahora
              </Button>
            </Form>
            <Button component="a" href={CATALOGO_PDF_URL} variant="light" data-testid="descargar-catalogo">
              Descargar el catálogo
            </Button>
          </Group>
          <Text size="sm">
            Enlace público:{' '}
            <Anchor href={CATALOGO_PDF_URL} style={{ overflowWrap: 'anywhere' }}>
              {CATALOGO_PDF_URL}
            </Anchor>{' '}
            ({state.sirve === 'subido' ? 'sirve el subido' : 'sirve el generado'})
          </Text>
        </Stack>
      </Card>
      {state.subido && (
        <Card withBorder padding="lg" data-testid="catalogo-subido">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Catálogo subido
            </Title>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {state.subido.nombre} · {tamano(state.subido.bytes)} · subido el {formatDateTime(state.subido.subido_en)}
            </Text>
            <Form method="post">
              <input type="hidden" name="intent" value="quitar" />
              <Button type="submit" color="red" variant="light" loading={busy === 'quitar'} data-testid="quitar-subido">
                Quitar el catálogo subido
              </Button>
            </Form>
          </Stack>
        </Card>
      )}
      <Subida />
    </Stack>
  );
}
